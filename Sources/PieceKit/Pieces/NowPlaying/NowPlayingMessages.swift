extension NowPlaying {
    /// The piece's copy and VoiceOver strings, English defaults as the seed's String Catalog keys read. Replace any
    /// line: `Messages(untitled: "Nothing queued")`.
    public struct Messages: Sendable, Equatable {
        /// First words of the collapsed bar's VoiceOver label.
        public var nowPlaying: String
        /// Play's label while paused, and pause's while playing.
        public var play: String
        public var pause: String
        /// The bar's VoiceOver value while playing, and while paused.
        public var playing: String
        public var paused: String
        /// The track bubbles.
        public var previous: String
        public var next: String
        /// The seconds bubbles, read before how far they jump.
        public var skipBack: String
        public var skipForward: String
        /// The action that opens the card, and the grabber (which closes it).
        public var openPlayer: String
        public var closePlayer: String
        /// The scrubber's label.
        public var position: String
        /// In place of the times on a live stream.
        public var live: String
        /// In place of an empty title.
        public var untitled: String

        public init(nowPlaying: String = "Now playing", play: String = "Play", pause: String = "Pause",
                    playing: String = "Playing", paused: String = "Paused", previous: String = "Previous track",
                    next: String = "Next track", skipBack: String = "Skip back", skipForward: String = "Skip forward",
                    openPlayer: String = "Open player", closePlayer: String = "Close player",
                    position: String = "Playback position", live: String = "Live", untitled: String = "Not playing") {
            self.nowPlaying = nowPlaying
            self.play = play
            self.pause = pause
            self.playing = playing
            self.paused = paused
            self.previous = previous
            self.next = next
            self.skipBack = skipBack
            self.skipForward = skipForward
            self.openPlayer = openPlayer
            self.closePlayer = closePlayer
            self.position = position
            self.live = live
            self.untitled = untitled
        }

        public static let standard = Messages()
    }
}
