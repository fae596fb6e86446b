extension MockPlayer {
    /// One item in the mock's queue.
    public struct Track: Equatable, Sendable {
        public var title: String
        public var artist: String
        /// Seconds. Zero, negative, NaN or infinite means a live stream, as the NowPlaying piece reads it.
        public var duration: Double

        public init(title: String, artist: String = "", duration: Double) {
            self.title = title
            self.artist = artist
            self.duration = duration
        }

        /// A stream has no end and no position to seek to.
        public var isLive: Bool { !(duration.isFinite && duration > 0) }
    }
}
