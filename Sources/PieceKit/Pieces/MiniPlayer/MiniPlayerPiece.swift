/// The MiniPlayer on a stage: a mini bar over the app's content that grows into a full-screen player,
/// bound to a `MockPlayer` the way the SwiftUI view is bound to an app.
///
/// The app passes `title` and `subtitle` (the track and the artist), `isPlaying` (a binding the play button
/// toggles) and `progress` (the reported time over the duration), plus `onPrevious` and `onNext`; here they all
/// come from and go to the player. Whether the player is open is the piece's own state. Its touches are in
/// `MiniPlayerGestures.swift`, what it draws in `MiniPlayerElements.swift`, VoiceOver in
/// `MiniPlayerAccessibility.swift`.
public final class MiniPlayerPiece: InteractivePiece {
    public let name: String
    public let player: any MediaPlayer
    /// Held weakly: the stage owns the piece, not the other way round.
    public private(set) weak var context: (any PieceContext)?
    /// VoiceOver's copy. A change shows from the next update.
    public var messages: MiniPlayer.Messages

    /// The piece's `@State` and `@GestureState`.
    public internal(set) var state = MiniPlayer.State()
    /// The parameters as the app last passed them.
    public private(set) var inputs: Inputs

    /// The touch under way: what it landed on and whether it has become the drag.
    var touchState: TouchState?

    /// Where the full player's drag is measured, and against which of its offsets (see `MiniPlayer.DragSpace`).
    public let dragSpace: MiniPlayer.DragSpace
    public let dragGeometry: MiniPlayer.DragGeometry

    /// Which branches are in the hierarchy now (see `MiniPlayerPresence.swift`), and the removal waiting for a
    /// branch's fade to end.
    public internal(set) var presence = MiniPlayer.Presence()
    var removal: ScheduledID?
    var removalTurn = 0

    /// What the app passes the piece.
    public struct Inputs: Sendable, Equatable {
        public var title: String
        public var subtitle: String
        public var isPlaying: Bool
        /// As passed: the reported time over the duration, before the piece clamps it.
        public var progress: Double
    }

    /// A piece bound to `player`, to be added to `stage` (`try stage.add(piece)`). It starts closed.
    public init(context: any PieceContext, player: any MediaPlayer, name: String = "miniPlayer",
                messages: MiniPlayer.Messages = .standard,
                dragSpace: MiniPlayer.DragSpace = MiniPlayer.defaultDragSpace,
                dragGeometry: MiniPlayer.DragGeometry = MiniPlayer.defaultDragGeometry) {
        self.name = name
        self.dragSpace = dragSpace
        self.dragGeometry = dragGeometry
        self.player = player
        self.context = context
        self.messages = messages
        inputs = Self.inputs(from: player, time: player.reportedTime, isPlaying: player.isPlaying)
        player.observe { [weak self] report in self?.playerReported(report) }
    }

    private static func inputs(from player: any MediaPlayer, time: Double, isPlaying: Bool) -> Inputs {
        Inputs(title: player.title, subtitle: player.artist, isPlaying: isPlaying,
               progress: time / player.duration)
    }

    // MARK: Reading

    /// The progress on display: held within 0…1, 0 for a live stream.
    public var progress: Double { MiniPlayer.safeProgress(inputs.progress) }

    public var isExpanded: Bool { state.isExpanded }

    /// The layout made last, kept while what it is made from (`MiniPlayerLayout.Input`) is unchanged.
    private var layoutMemo = Memo<MiniPlayerLayout.Input, MiniPlayerLayout> { MiniPlayerLayout.make($0) }

    /// Where everything rests on the stage's screen, with no drag. Measured once per screen and text.
    public func layout(in environment: PieceEnvironment) -> MiniPlayerLayout {
        layoutMemo(MiniPlayerLayout.Input(environment: environment, title: inputs.title, subtitle: inputs.subtitle),
                   memoising: context?.memoises ?? MemoSwitch.on)
    }

    var reduceMotion: Bool { context?.environment.reduceMotion ?? false }

    // MARK: Changing state

    /// `setExpanded`: the open or close on the 0.5 s spring (none under Reduce Motion).
    public func setExpanded(_ open: Bool) {
        switchState(to: open, animation: MiniPlayer.morph(reduceMotion: reduceMotion))
    }

    /// The app's state changed: the parameters follow, with no animation (the app sets them outside any
    /// `withAnimation`).
    private func playerReported(_ report: PlayerReport) {
        let new = Self.inputs(from: player, time: report.time, isPlaying: report.isPlaying)
        guard new != inputs else { return }
        guard let context else { inputs = new; return }
        context.update { inputs = new }
    }

    // MARK: Actions

    /// The play button: the `isPlaying` binding toggled, which the app's player acts on.
    func togglePlay() {
        guard let context else { return }
        context.update {
            callback("isPlaying", NamedValue("value", .bool(!inputs.isPlaying)))
            player.onPlayPause()
        }
    }

    /// Previous and next only call the app; what the app does (here, the player skips) comes back as new inputs.
    func skip(_ direction: SkipDirection) {
        guard let context else { return }
        context.update {
            callback(direction == .previous ? "onPrevious" : "onNext")
            player.onSkip(direction)
        }
    }

    func callback(_ name: String, _ details: NamedValue...) {
        context?.emit(.callback, piece: self.name, details: [NamedValue("name", .text(name))] + details)
    }
}
