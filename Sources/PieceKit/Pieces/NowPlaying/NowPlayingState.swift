extension NowPlaying {
    /// The piece's `@State`: which layout is on screen and what is in or out. It follows `expanded` on the
    /// piece's own choreography rather than at once, so each part can move on its own beat.
    public struct State: Sendable, Equatable {
        /// The card (true) or the bar.
        public var shown: Bool
        /// The grabber, scrubber and times: in after the glass has grown, out before it shrinks.
        public var controlsShown: Bool
        public var hairlineShown: Bool
        /// The artwork and the lines. Under Reduce Motion they fade out and back in at their new places.
        public var fliersShown = true
        /// The two lines blur out while they fly, so they never cross the growing artwork.
        public var linesShown = true
        /// The bar's upward pull, after the rubber band, and the card's downward drag.
        public var stretch: Double = 0
        public var drop: Double = 0
        public var drag = SurfaceDrag()
        public var playhead: Playhead
        /// Set by a track skip, so the next track change is announced.
        public var announcesTrack = false
        /// Content swaps at their start (`NowPlaying.Swap`), for the moment before the update that releases them.
        public var swap: Swap?

        public init(open: Bool, time: Double = 0) {
            shown = open
            controlsShown = open
            hairlineShown = !open
            playhead = Playhead(time: time)
        }
    }
}
