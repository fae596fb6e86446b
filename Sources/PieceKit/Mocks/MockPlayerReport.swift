extension MockPlayer {
    public typealias ReportReason = PlayerReport.Reason
    public typealias Report = PlayerReport

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
