/// Everything a piece may ask of the world it lives in, and nothing more.
///
/// A piece (NowPlaying, ScrollIsland, a mock scroll page, one written in Lua) is handed a context when it is made
/// and talks to the stage only through it: it reads the environment and the motion tokens, changes its state
/// inside transactions, schedules and cancels work on the virtual clock, runs choreographies, emits events and
/// reads the timeline (what the latest frame showed, where it is heading). Keeping this surface narrow is what
/// lets a Swift test drive a piece through a fake context, and lets the stage change its insides (how it keeps
/// frames, how it reconciles) without touching any piece. `Stage` is the real one.
///
/// Single-threaded like the stage: every call happens on the thread that drives the stage.
public protocol PieceContext: AnyObject {
    // MARK: What the piece reads

    /// Size, safe area, Reduce Motion, layout direction, Dynamic Type, colour scheme, enabled.
    var environment: PieceEnvironment { get }
    /// The motion tokens in force: Reduce Motion's substitutes and the scenario's overrides applied.
    var tokens: MotionTokens { get }
    /// The clock: its frame rate, its frame grid (`time(ofFrame:)`, `firstFrame(atOrAfter:)`), the current frame.
    var clock: VirtualClock { get }
    /// The due time of the scheduled work now running; the latest frame's time when no work runs. "Now" for a
    /// handler or a step: delays and new work count from here.
    var workTime: Double { get }
    /// The frame time at which a change made now begins: the first frame not yet rendered and at or after
    /// `workTime` (see `Stage`'s documentation for the rule).
    var changeBeginTime: Double { get }
    /// Whether the piece's memos keep their answers (`Memo`): the stage's `memoises`, off with `PIECEBOX_MEMO=off`,
    /// when every memo makes its answer afresh.
    var memoises: Bool { get }

    // MARK: Changing state

    /// Runs `body`, which changes the piece's state, then re-lays the pieces out and moves what changed with the
    /// transaction's animation (`withAnimation`). Nested transactions settle the outer one's changes first.
    @discardableResult
    func transact<Result, Failure: Error>(_ transaction: Transaction,
                                          _ body: () throws(Failure) -> Result) throws(Failure) -> Result

    /// Runs `body` and moves what it changed with the transaction `body` returns (nil: the enclosing one's), for a
    /// handler that chooses its animation only once it has run (a Lua handler's `return motion.roles.reveal`).
    func transact<Failure: Error>(decidedBy body: () throws(Failure) -> Transaction?) throws(Failure)

    // MARK: Work on the clock

    /// Runs `work` at `time` on the virtual clock. `background` work (a player's periodic tick, a spinning disc)
    /// never keeps `settle` waiting.
    @discardableResult
    func schedule(at time: Double, label: String, background: Bool, _ work: @escaping () -> Void) -> ScheduledID

    /// Runs background `work` at `time` that only reads (a piece checking its own presented shapes): it changes
    /// nothing a piece lays out from, so the stage does not ask the pieces for their elements after it. Work that
    /// does change state must use `schedule(at:label:background:_:)`, or its change shows late.
    @discardableResult
    func scheduleCheck(at time: Double, label: String, _ work: @escaping () -> Void) -> ScheduledID

    /// Cancels scheduled work. Returns false when it already ran or never existed.
    @discardableResult
    func cancel(_ id: ScheduledID) -> Bool

    /// Starts a choreography for the piece named `piece` at `workTime`, cancelling that piece's earlier one of the
    /// same name (one `Task` per animation, as a SwiftUI view keeps them).
    @discardableResult
    func start(_ choreography: Choreography, for piece: String) -> ChoreographyHandle

    // MARK: Events

    /// Records an event (a haptic, a callback to the app, an announcement, a focus move, a merge, or a kind of
    /// the piece's own) for the next rendered frame.
    func emit(_ event: StageEvent)

    // MARK: The timeline

    /// The latest rendered frame, nil before the first.
    var latestFrame: Frame? { get }
    /// The index of the latest frame rendered or jumped to: changes made now show from the frame after it.
    var presentedFrame: Int { get }
    /// The elements the piece named `piece` published last: where it is heading.
    func targets(of piece: String) -> [Element]?
    /// The piece named `piece` as it would be drawn at `time` (its numbers sampled), without rendering a frame.
    func presented(_ piece: String, at time: Double) -> PieceFrame?
    /// True while the piece named `piece` still moves, or a change it made is not yet in a rendered frame.
    func isMoving(_ piece: String) -> Bool
    /// True while a number of the element `element` of the piece named `piece` still moves at `time`.
    func isAnimating(_ piece: String, element: String, at time: Double) -> Bool

    // MARK: The host's limits

    /// Asks the host's limits from work a script can make long or large (see `HostWork`): `bytes` is what the
    /// work holds with what it is about to make (0 when it asks only for time). nil to go on; otherwise why it
    /// must stop, and the work gives up, leaving things as they were.
    func hostLimit(holding bytes: Int) -> String?
}

extension PieceContext {
    /// A context with no switch of its own (a test's fake) follows the process's (`MemoSwitch`).
    public var memoises: Bool { MemoSwitch.on }

    /// `withAnimation(animation) { … }`.
    @discardableResult
    public func transact<Result, Failure: Error>(_ animation: Animation?,
                                                 _ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try transact(Transaction(animation: animation), body)
    }

    /// A change with no animation (implicit animations whose watched value changed still apply): what it moves
    /// jumps by the change, and whatever animation still carries it plays on around the new value.
    @discardableResult
    public func update<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try transact(Transaction(), body)
    }

    /// A change with no animation that stops what it moves where it is set (`Transaction.holds`): a finger taking
    /// a view from where it is shown.
    @discardableResult
    public func hold<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try transact(Transaction(holds: true), body)
    }

    /// Runs `work` `delay` seconds after `workTime`; blocking unless `background`.
    @discardableResult
    public func schedule(after delay: Double, label: String, background: Bool = false,
                         _ work: @escaping () -> Void) -> ScheduledID {
        schedule(at: workTime + delay, label: label, background: background, work)
    }

    /// A context that cannot tell checks from other work runs them as background work.
    @discardableResult
    public func scheduleCheck(at time: Double, label: String, _ work: @escaping () -> Void) -> ScheduledID {
        schedule(at: time, label: label, background: true, work)
    }

    /// Runs blocking `work` at `time`.
    @discardableResult
    public func schedule(at time: Double, label: String, _ work: @escaping () -> Void) -> ScheduledID {
        schedule(at: time, label: label, background: false, work)
    }

    /// Records an event of `kind` from the piece named `piece`.
    public func emit(_ kind: StageEvent.Kind, piece: String, details: [NamedValue] = []) {
        emit(StageEvent(kind, piece: piece, details: details))
    }

    /// A context without a host (a Swift test's fake) sets no limits.
    public func hostLimit(holding bytes: Int) -> String? { nil }

    /// A fresh `HostWork` asking this context's host.
    public func hostWork() -> HostWork {
        HostWork { [weak self] bytes in self?.hostLimit(holding: bytes) }
    }

    /// The time of the current frame (while scheduled work runs, the frame being prepared; the work's own due
    /// time is `workTime`).
    public var now: Double { clock.now }
}
