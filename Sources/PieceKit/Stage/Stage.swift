/// The world the pieces live in: their elements, the virtual clock, scheduled work, events and the frames.
///
/// One frame (`renderFrame`) follows ARCHITECTURE.md ("One frame's journey"): the clock moves to the next frame time; scheduled work due by
/// then runs in (time, order) order; every numeric property is sampled at the frame time; a `Frame` is kept.
///
/// **When a change begins.** An animation begins on the first frame at or after the change that started it,
/// among the frames not yet rendered:
/// - a change made by a script between frames (after frame k was rendered at t_k) begins at frame k+1: its
///   elapsed time is 0 there, so frame k+1 still shows the start value and frame k+2 shows it moving;
/// - a change made by scheduled work due at t_s begins at the first frame time ≥ t_s that is not yet rendered
///   (work at 0.503 s at 120 fps begins at frame 61, t = 0.508333…).
/// So every change has a frame time as its zero, and nothing depends on how the work was grouped into frames.
///
/// **When the stage asks pieces for their elements** (reconciles): at the end of every `transact`/`update`, after
/// each batch of scheduled work due at one time, when a piece is added, and when the environment or the token
/// overrides change. Changes found outside a transaction snap. Frames that follow no change only sample. A piece
/// whose elements are a function of one input (`MemoisedPiece`) hands back its last list while that input is equal.
///
/// Single-threaded, like SwiftUI's main actor: not `Sendable`, and every call happens on the caller's thread.
public final class Stage {
    /// Read on every `now`, by every piece, many times a frame; written only by the frame loop (`advance`, `jump`),
    /// never while a read of it is under way (the stage is single-threaded and hands no reference to it out), so
    /// the run-time check of exclusive access is left out.
    @exclusivity(unchecked) public internal(set) var clock: VirtualClock
    /// Timed work. Schedule through `schedule(at:label:background:_:)` to mark work as background.
    public let scheduler: Scheduler

    /// What every piece reads. Setting it re-lays every piece out; outside a transaction the change snaps,
    /// inside one (`transact(.smooth) { stage.environment.size = … }`) it animates with it.
    public var environment: PieceEnvironment {
        didSet {
            if environment.reduceMotion != oldValue.reduceMotion {
                // A change made now shows from the next frame.
                let from = presentedFrame < Int.max ? presentedFrame + 1 : Int.max
                reduceMotionNotes.note(environment.reduceMotion, from: from)
            }
            tokens = MotionTokens(reduceMotion: environment.reduceMotion, overrides: overrides)
            reconcileUnlessInTransaction()
        }
    }

    /// Motion token overrides (a scenario's "what if reveal had bounce 0.3"). Setting them re-lays out, like
    /// `environment`.
    public var overrides: MotionOverrides {
        didSet {
            tokens = MotionTokens(reduceMotion: environment.reduceMotion, overrides: overrides)
            reconcileUnlessInTransaction()
        }
    }

    /// The tokens pieces are laid out with: the environment's Reduce Motion and the overrides.
    public private(set) var tokens: MotionTokens
    /// Whether a piece whose elements are a function of one input (`MemoisedPiece`) gets its last list again while
    /// the input is unchanged. Off, every ask makes the list afresh: the frames must not change by a byte, which a
    /// test checks over every example. A host sets it from `PIECEBOX_MEMO` (`Stage.memoisesByDefault`).
    public var memoises = Stage.memoisesByDefault

    /// The kept frames, which of them and how many bytes they may hold (their own room: `KeptFrames`).
    var kept = KeptFrames()
    /// The kept frames, oldest first (every rendered frame unless `retention` narrows it). Indices grow by one
    /// per kept frame; frame indices (`Frame.index`) skip the frames a `jump` passed over.
    public var history: FrameHistory { kept.history }
    /// About how many bytes `history` holds (each frame's numbers and events, each shared layout once), so a
    /// host can count kept frames against a memory cap without walking them every frame.
    public var historyBytes: Int { kept.history.bytes }
    /// Which frames the stage keeps; narrowing it lets the older ones go at once.
    public var retention: FrameRetention {
        get { kept.retention }
        set { kept.retention = newValue; kept.applyRetention() }
    }
    /// The most bytes the kept frames may hold (a host's memory cap), nil for no limit: a frame that takes them
    /// past it is still kept, and the operation that rendered it throws `StageError.historyOverLimit`.
    public var historyByteLimit: Int? {
        get { kept.byteLimit }
        set { kept.byteLimit = newValue }
    }
    /// The layout the latest frame used, reused while no piece's shape changes.
    var frameLayout: FrameLayout?

    /// Problems with what pieces published (a name used twice), each reported once; the first
    /// `StageWarnings.limit` (their own room).
    var warnings = StageWarnings()
    public var layoutWarnings: [String] { warnings.messages }

    var slots: [PieceSlot] = []
    /// The latest frame rendered or jumped to. Changes begin after it.
    public internal(set) var presentedFrame = 0
    var pendingEvents: [StageEvent] = []
    /// Set when something published or emitted is not yet in a rendered frame.
    var owesFrame = false
    /// The finger each piece follows, by the piece: the first one down on it, until it lifts (see `Finger`).
    var touchHolders: [ObjectIdentifier: ObjectIdentifier] = [:]
    /// Whether something changed (a state, the environment, an event) since the latest frame was rendered: that
    /// frame still shows the stage from before the change.
    public var hasUnrenderedChange: Bool { owesFrame }
    /// Transactions whose bodies are running, innermost last.
    var transactionStack: [Transaction] = []
    /// Which pending work is background, and the checks run in the current batch (their own room: `BackgroundWork`).
    var backgroundWork = BackgroundWork()
    private var choreographers: [String: Choreographer] = [:]
    /// Set while the stage runs its own work (scheduled steps, piece layouts): moving the clock from in there
    /// would re-enter the frame loop, so `renderFrame` and `jump` refuse instead.
    var insideOwnWork = 0
    /// The host's calls out into code of its own (a script's handlers), shared by all its stages: while one runs,
    /// the clock stays where it is (`clockMoveRefusal`). nil for a host that makes none.
    public var callouts: StageCallouts?
    /// The host's limits: what the stage asks between frames and before large work (their own room: `StageLimits`).
    var limits = StageLimits()
    /// The host's question between frames and batches of work (`StageLimits.interruption`).
    public var interruption: (() -> String?)? {
        get { limits.interruption }
        set { limits.interruption = newValue }
    }
    /// The host's question before work inside a frame makes something large (`StageLimits.allocationCheck`).
    public var allocationCheck: ((Int) -> String?)? {
        get { limits.allocationCheck }
        set { limits.allocationCheck = newValue }
    }
    /// The frame log: its sink, number format, line buffer and a failed flush (their own room: `StageLog`).
    var log = StageLog()

    /// A stage at frame 0 (t = 0) with no pieces. Fails only for an fps outside 1...`VirtualClock.maximumFPS`.
    public init(environment: PieceEnvironment = PieceEnvironment(), fps: Int = 120,
                overrides: MotionOverrides? = nil) throws(StageError) {
        do { clock = try VirtualClock(fps: fps) } catch { throw .clock(error) }
        scheduler = Scheduler()
        self.environment = environment
        self.overrides = overrides ?? MotionOverrides()
        tokens = MotionTokens(reduceMotion: environment.reduceMotion, overrides: overrides)
    }

    public var fps: Int { clock.fps }

    /// About how many bytes the stage holds that a script can make grow: itself (4 KiB, its clock, scheduler and
    /// tables), each piece's slot (1 KiB), name and the texts a script made it keep (`StagePiece.heldTextBytes`),
    /// its kept frames, its pending work (an entry and a closure each, 128 bytes, and each label's text), the
    /// events waiting for the next frame and what a host copied for its pieces (`keptBytes`). Rough sizes on the
    /// safe side, texts counted as `FrameSize` counts them; a host counts this against a memory cap.
    public var heldBytes: Int {
        memory.heldBytes(pieces: slots.count, historyBytes: historyBytes, scheduler: scheduler,
                         reduceMotionChanges: reduceMotionNotes.changes.count)
    }

    /// The decay a touch's `predictedEndTranslation` coasts by: `GesturePhysics.predictionDecelerationRate` (a
    /// guess) unless a scenario asks what its pieces would decide under another.
    public var gesturePrediction = GesturePhysics.predictionDecelerationRate

    /// Where Reduce Motion was switched (its own room: `ReduceMotionNotes`).
    var reduceMotionNotes = ReduceMotionNotes()

    /// Whether frame `index` was drawn with Reduce Motion on, so the motion rules know which frames were drawn
    /// under it (`toBeContinuous` holds only without it).
    public func reduceMotion(atFrame index: Int) -> Bool {
        reduceMotionNotes.isOn(atFrame: index, current: environment.reduceMotion)
    }
    /// The memory counters `heldBytes` adds up (its own room: `StageMemory`).
    var memory = StageMemory()
    /// Bytes a host copied for the stage's pieces out of what its script gave them (names, texts, shape and
    /// section lists), counted in `heldBytes` and let go with the stage.
    public var keptBytes: Int {
        get { memory.keptBytes }
        set { memory.keptBytes = newValue }
    }

    /// The current frame's index: 0 at start, the latest rendered or jumped-to frame afterwards.
    public var frameIndex: Int { clock.frame }

    // MARK: Pieces

    public var pieces: [any StagePiece] { slots.map(\.piece) }

    public func piece(named name: String) -> (any StagePiece)? {
        slots.first { $0.name == name }?.piece
    }

    /// Puts a piece on the stage. Its elements appear at their targets (no animation) from the next frame.
    public func add(_ piece: any StagePiece) throws(StageError) {
        guard !slots.contains(where: { $0.name == piece.name }) else { throw .duplicatePiece(piece.name) }
        let slot = PieceSlot(piece: piece)
        slots.append(slot)
        memory.added(piece, name: slot.name)
        reconcile(slot, transaction: Transaction(), begin: changeBeginTime)
    }

    /// Takes a piece off the stage: its elements are absent from the next frame and its choreographies stop.
    @discardableResult
    public func remove(named name: String) -> Bool {
        guard let index = slots.firstIndex(where: { $0.name == name }) else { return false }
        let removed = slots.remove(at: index).piece
        memory.removed(removed)
        choreographers.removeValue(forKey: name)?.cancelAll()
        owesFrame = true
        return true
    }

    /// The elements a piece published last: its targets, where it is heading.
    public func targets(of pieceName: String) -> [Element]? {
        slots.first { $0.name == pieceName }?.published
    }

    /// The piece's own choreographer, so its "open" never cancels another piece's "open".
    public func choreographer(for pieceName: String) -> Choreographer {
        if let existing = choreographers[pieceName] { return existing }
        let made = Choreographer(scheduler: scheduler)
        choreographers[pieceName] = made
        return made
    }

    /// Starts a piece's choreography now (at the running work's due time inside scheduled work, at the latest
    /// frame's time otherwise), cancelling the piece's earlier one of the same name. Its first step, if it has no
    /// delay, runs while the next frame is prepared, so its changes begin on that frame like a script's.
    @discardableResult
    public func start(_ choreography: Choreography, for pieceName: String) -> ChoreographyHandle {
        choreographer(for: pieceName).start(choreography, at: scheduler.currentTime)
    }

    // MARK: Transactions

    /// Runs `body` (which changes piece state), then re-lays every piece out and moves each number whose target
    /// moved with the effective animation: the property's implicit animation when its watched value changed in
    /// this update and the transaction allows implicit animations, otherwise the transaction's animation
    /// (nil snaps). The change begins by the rule in the type's documentation.
    ///
    /// Anything changed before (outside, or in the enclosing transaction's body so far) is settled first with the
    /// enclosing transaction, so each change gets the animation of the transaction it was made in, as in SwiftUI.
    /// Changes made before a throw are still applied.
    @discardableResult
    public func transact<Result, Failure: Error>(_ transaction: Transaction,
                                                 _ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        reconcileAll(transactionStack.last ?? Transaction())
        transactionStack.append(transaction)
        defer {
            reconcileAll(transaction)
            transactionStack.removeLast()
        }
        return try body()
    }

    /// The environment changed with a transaction: `setEnvironment(e, transaction: .init(animation: .smooth))`.
    public func setEnvironment(_ environment: PieceEnvironment, transaction: Transaction) {
        transact(transaction) { self.environment = environment }
    }

    // MARK: Events

    /// Records an event for the next rendered frame.
    public func emit(_ event: StageEvent) {
        pendingEvents.append(event)
        memory.pendingEventBytes += FrameSize.bytes(of: event)
        owesFrame = true
    }

    // MARK: Reconciling

    /// The frame time at which a change made now begins (see the type's documentation).
    public var changeBeginTime: Double {
        let nextUnrendered = presentedFrame < Int.max ? presentedFrame + 1 : Int.max
        let due = clock.firstFrame(atOrAfter: scheduler.currentTime)
        return clock.time(ofFrame: max(nextUnrendered, due))
    }

    func reconcileAll(_ transaction: Transaction) {
        let begin = changeBeginTime
        for slot in slots { reconcile(slot, transaction: transaction, begin: begin) }
    }

    private func reconcile(_ slot: PieceSlot, transaction: Transaction, begin: Double) {
        insideOwnWork += 1
        let elements = slot.memo.ask(environment, tokens, memoises)
        insideOwnWork -= 1
        if slot.reconcile(elements, transaction: transaction, begin: begin, warn: { warnings.add($0) }) {
            owesFrame = true
        }
    }

    private func reconcileUnlessInTransaction() {
        // Inside a transaction the change is picked up when its body ends, with its animation.
        if transactionStack.isEmpty { reconcileAll(Transaction()) }
    }
}
