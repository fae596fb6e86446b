/// The app's player as a piece bound to it sees it: the parameters it reads (title, artist, duration, whether it
/// plays, the time it last reported) and the callbacks it calls (`onPlayPause`, `onSkip`, `onSeek`), as a SwiftUI
/// view sees its parameters and closures. NowPlaying and every other piece bound to a player depend on this, not on
/// `MockPlayer`, so a script can bind a piece to a player of its own (one that buffers, one that drops seeks).
public protocol MediaPlayer: AnyObject {
    /// The current track's title ("" with nothing queued).
    var title: String { get }
    var artist: String { get }
    /// Seconds; zero, negative or not finite for a live stream.
    var duration: Double { get }
    var isPlaying: Bool { get }
    /// The position the player told its observers last.
    var reportedTime: Double { get }

    /// Calls `handler` with every report from now on (a tick, a play, a pause, a confirmed seek, a skip).
    func observe(_ handler: @escaping (PlayerReport) -> Void)

    /// The piece's callbacks to the app.
    func onPlayPause()
    func onSkip(_ direction: SkipDirection)
    func onSeek(_ target: Double)
}

/// Which way a skip goes. Shared by the mock player and the pieces that call it, like SwiftUI pieces share an
/// app's skip enum.
public enum SkipDirection: String, Sendable, CaseIterable {
    case previous, next
}

/// What a player tells the pieces bound to it, as the view's parameters would be after the app's state changed.
public struct PlayerReport: Equatable, Sendable {
    /// Why the player told the piece something.
    public enum Reason: String, Sendable {
        /// A periodic update while playing.
        case tick
        case play, pause, seek, skip
        /// The track ran out (then stopped or advanced, per `MockPlayer.TrackEnd`).
        case trackEnd
        /// The queue was replaced.
        case queue
    }

    /// Virtual time of the report.
    public var at: Double
    public var reason: Reason
    public var time: Double
    public var isPlaying: Bool
    /// Index in the queue, nil when the queue is empty.
    public var trackIndex: Int?

    public init(at: Double, reason: Reason, time: Double, isPlaying: Bool, trackIndex: Int?) {
        self.at = at; self.reason = reason; self.time = time; self.isPlaying = isPlaying; self.trackIndex = trackIndex
    }
}
