/// The MiniPlayer's state and the plain rules that change it: the release thresholds, how far each view
/// follows the drag, and the progress it shows. Numbers are points, y down.
public enum MiniPlayer {
    /// The piece's own state (`@State isExpanded`, `@GestureState dragOffset`). Whether it is open belongs to the
    /// piece, not to the app: the app cannot open or close it.
    public struct State: Sendable, Equatable {
        public var isExpanded = false
        /// The drag's vertical translation while a drag is under way; back to 0 when it ends or is cancelled.
        public var dragOffset = 0.0

        public init(isExpanded: Bool = false, dragOffset: Double = 0) {
            self.isExpanded = isExpanded
            self.dragOffset = dragOffset
        }
    }

    /// A touch becomes the drag once the finger is this far (or further) from where it went down; until then it
    /// may still be a tap on a button.
    public static let minimumDragDistance = 12.0
    /// Closed, a release opens when the drag went further up than this...
    public static let openingDistance = -40.0
    /// ...or when it would coast further up than this.
    public static let openingPrediction = -160.0
    /// Open, a release closes when the drag went further down than this...
    public static let closingDistance = 120.0
    /// ...or when it would coast further down than this.
    public static let closingPrediction = 320.0
    /// Closed, the bar rises by this share of an upward drag.
    public static let barLiftShare = 0.25

    /// What a released drag does: the new `isExpanded`, or nil to stay as it is. `translation` and `predicted`
    /// are the drag's vertical translation and predicted end translation. Every comparison is strict, so a drag
    /// of exactly −40 stays closed and one of exactly 120 stays open.
    public static func release(isExpanded: Bool, translation: Double, predicted: Double) -> Bool? {
        if isExpanded {
            return translation > closingDistance || predicted > closingPrediction ? false : nil
        }
        return translation < openingDistance || predicted < openingPrediction ? true : nil
    }

    /// How far the bar moves for a drag: up by a quarter of an upward drag, never down.
    public static func barOffset(dragOffset: Double) -> Double { min(dragOffset, 0) * barLiftShare }

    /// How far the full player moves for a drag: down one for one, never up.
    public static func playerOffset(dragOffset: Double) -> Double { max(dragOffset, 0) }

    /// The progress shown: held within 0…1, and 0 when it is not a number (a live stream's time over a duration
    /// of 0, or 0 over 0).
    public static func safeProgress(_ progress: Double) -> Double {
        progress.isFinite ? min(max(progress, 0), 1) : 0
    }

    /// The progress the app passes from a player: its reported time over the track's duration.
    public static func progress(time: Double, duration: Double) -> Double { safeProgress(time / duration) }

    /// The copy VoiceOver reads; `messages` replaces any of it.
    public struct Messages: Sendable, Equatable {
        public var openPlayer = "Open player"
        public var closePlayer = "Close player"
        public var play = "Play"
        public var pause = "Pause"
        public var position = "Playback position"
        public var previous = "Previous"
        public var next = "Next"

        public init() {}

        public static let standard = Messages()
    }
}
