extension MockPlayer {
    /// Why the player told the piece something.
    public enum ReportReason: String, Sendable {
        /// A periodic update while playing.
        case tick
        case play, pause, seek, skip
        /// The track ran out (then stopped or advanced, per `TrackEnd`).
        case trackEnd
        /// The queue was replaced.
        case queue
    }

    /// What the piece is told, as the view's parameters would be after the app's state changed.
    public struct Report: Equatable, Sendable {
        /// Virtual time of the report.
        public var at: Double
        public var reason: ReportReason
        public var time: Double
        public var isPlaying: Bool
        /// Index in the queue, nil when the queue is empty.
        public var trackIndex: Int?
    }

    /// A call the piece made to the app, kept so a stage can turn it into a frame-log event.
    public struct Call: Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            case playPause
            case skip(SkipDirection)
            case seek(Double)
        }

        /// Virtual time of the call.
        public var at: Double
        public var kind: Kind

        /// The callback's name, as the piece's parameter is named: `onPlayPause`, `onSkip`, `onSeek`.
        public var name: String {
            switch kind {
            case .playPause: "onPlayPause"
            case .skip: "onSkip"
            case .seek: "onSeek"
            }
        }
    }
}
