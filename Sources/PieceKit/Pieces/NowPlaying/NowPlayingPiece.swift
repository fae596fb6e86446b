/// The NowPlaying piece on a stage: the mini player that grows into the full player, bound to a `MockPlayer` the
/// way the SwiftUI view is bound to an app's player.
///
/// Its parameters (`title`, `artist`, `isPlaying`, `time`, `duration`) come from the player's reports, so the
/// piece sees the time only when the player tells it, and eases in between. Its callbacks (`onPlayPause`, `onSkip`,
/// `onSeek`) go to the player and are logged as `.callback` events. Its `@State` is `state` and `buds`; its
/// handlers are in `NowPlayingHandlers.swift`, what it draws in `NowPlayingElements.swift`, its liquid merges in
/// `NowPlayingMerges.swift`.
///
/// Placement: the piece sits in the bottom safe area inset of the stage's screen with the usage example's 12 pt
/// padding either side (`NowPlayingLayout.barFrame(in:)`), so the card has the room between the bar and the top
/// safe area. Everything it publishes is in stage (screen) coordinates.
public final class NowPlayingPiece: InteractivePiece {
    public let name: String
    public let player: any MediaPlayer
    /// Held weakly: the stage owns the piece (and the player's scheduled work), not the other way round.
    public private(set) weak var context: (any PieceContext)?

    /// What the skip bubbles do. Changing it moves the bubbles in step (they melt home or bud out).
    public var skipping: NowPlaying.Skipping {
        didSet { if !applyingParameters { inputsChanged { $0.skipping = skipping } } }
    }
    public var messages: NowPlaying.Messages {
        didSet { if !applyingParameters { inputsChanged { $0.messages = messages } } }
    }
    /// Whether the app passes `onSkip` and `onSeek`. Without them the bubbles and the scrubber give way.
    public var hasOnSkip: Bool {
        didSet { if !applyingParameters { inputsChanged { $0.hasOnSkip = hasOnSkip } } }
    }
    public var hasOnSeek: Bool {
        didSet { if !applyingParameters { inputsChanged { $0.hasOnSeek = hasOnSeek } } }
    }

    /// The `expanded` binding. Setting it from outside opens or closes the piece on its own choreography, as a
    /// change of the app's binding would; the piece sets it too when people open or close it.
    public var expanded: Bool {
        didSet { if oldValue != expanded { present(expanded) } }
    }

    /// The piece's `@State`.
    public internal(set) var state: NowPlaying.State
    /// Settable from outside only because `BudHost` (the shared bloom and gather) needs it; scripts only read it.
    public var buds = NowPlaying.Buds()
    /// The title's and artist's widths and letters, measured once per text rather than once per layout.
    let lineCache = LineCache()
    /// The title's and the artist's letter elements made last (`LetterMemo`).
    let letterMemo = LetterMemo()
    /// The parameters as the app last passed them (`isEnabled` comes from the stage's environment).
    public private(set) var inputs: NowPlaying.Inputs

    /// The hairline's and the scrubber's `.animation(creep, value: time)`, decided when the time last changed.
    var creep: Animation?
    /// True while that creep is playback's steady linear ease, motion that follows the player's background updates.
    var creepIsSteady = false
    /// A release's finger speed, carried into the next presentation.
    var releaseVelocity: Double?
    /// Where VoiceOver's focus is (the title, once the card has landed).
    public internal(set) var focusedElement: String?
    /// The touch in progress and what it landed on.
    var touchTarget: TouchTarget?
    /// The button (play or a bubble) under a finger, sunk by the press.
    var pressedButton: String?
    var pendingSeekWork: ScheduledID?
    /// A report that arrives while the piece's own handler runs is folded into that handler's update, as SwiftUI
    /// folds an app's state change made in a callback into the same update.
    var handlingDepth = 0
    /// True while `setParameters` assigns its values: their observers wait for the one update at the end.
    private var applyingParameters = false
    /// Where the glass shapes' numbers sit in the piece's frames, for the merge check.
    let glassPlans = NowPlayingGlassPlans()
    /// The liquid merges of the surface, play and the bubbles, checked each frame while the piece moves.
    lazy var merges = LiquidMergeWatch(piece: name, pairsOnlyRead: true,
                                       pairs: { [glassPlans] frame, _ in glassPlans.mergedPairs(in: frame) },
                                       emit: { [weak self] details in self?.emit(.merge, details) })

    /// What a touch began on.
    enum TouchTarget: Equatable {
        case surface(startedOnGrabber: Bool)
        case scrubber(Rect)
        case button(String)
    }

    /// The opacity of the whole piece while disabled.
    public static let disabledOpacity = 0.45
    /// A bloom sends its bubbles out this long after adding them home (the seed's 24 ms wait).
    public static let bloomLead = NowPlaying.Beats.bloomLead

    /// A piece bound to `player`, to be added to `stage` (`try stage.add(piece)`). `expanded` is the binding's
    /// first value: the piece starts open or closed with no animation.
    public init(context: any PieceContext, player: any MediaPlayer, name: String = "nowPlaying", skipping: NowPlaying.Skipping = .tracks,
                messages: NowPlaying.Messages = .standard, hasOnSkip: Bool = true, hasOnSeek: Bool = true,
                expanded: Bool = false) {
        self.name = name
        self.player = player
        self.context = context
        self.skipping = skipping
        self.messages = messages
        self.hasOnSkip = hasOnSkip
        self.hasOnSeek = hasOnSeek
        self.expanded = expanded
        let time = player.reportedTime
        inputs = NowPlaying.Inputs(title: player.title, artist: player.artist, isPlaying: player.isPlaying,
                                   time: time, duration: player.duration, skipping: skipping, hasOnSkip: hasOnSkip,
                                   hasOnSeek: hasOnSeek, isEnabled: context.environment.isEnabled, messages: messages)
        state = NowPlaying.State(open: expanded, time: time)
        // onAppear: the bubbles of the first layout are simply there.
        buds.place(inputs.bubbles(open: expanded))
        player.observe { [weak self] report in self?.playerReported(report) }
    }

    // MARK: Reading

    /// The parameters with the stage's `isEnabled`.
    public func inputs(in environment: PieceEnvironment) -> NowPlaying.Inputs {
        var current = inputs
        current.isEnabled = environment.isEnabled
        return current
    }

    /// The layout for the stage's screen, in the bar's own coordinates.
    public func layout(in environment: PieceEnvironment) -> NowPlayingLayout {
        NowPlayingLayout.make(in: environment, live: inputs.live, forward: inputs.hasForward)
    }

    /// Where the bar's top left corner sits on the stage: the layout's coordinates plus this are stage coordinates.
    public func barOrigin(in environment: PieceEnvironment) -> Point {
        let frame = NowPlayingLayout.barFrame(in: environment, barHeight: layout(in: environment).barHeight)
        return Point(x: frame.minX, y: frame.minY)
    }

    /// A rect of the layout on the stage, at rest (no drop).
    public func onStage(_ rect: Rect, in environment: PieceEnvironment) -> Rect {
        let origin = barOrigin(in: environment)
        return rect.offsetBy(dx: origin.x, dy: origin.y)
    }

    /// The position on display: the finger, a pending seek, or the player's reported time.
    public var shownTime: Double { state.playhead.shownTime(inputs) }

    var now: Double { context?.workTime ?? 0 }
    var reduceMotion: Bool { context?.environment.reduceMotion ?? false }
    var tokens: MotionTokens { context?.tokens ?? MotionTokens() }

    // MARK: Changing state

    /// A change in a transaction. Inside a handler that is already updating, the change joins that update.
    func change(_ animation: Animation? = nil, _ body: () -> Void) {
        guard let context, handlingDepth == 0 || animation != nil else {
            body()
            return
        }
        context.transact(animation) { body() }
    }

    /// Runs a handler as one update: state changes in it (and player reports it causes) land together.
    func handling(_ body: () -> Void) {
        guard let context, handlingDepth == 0 else { return body() }
        handlingDepth += 1
        defer { handlingDepth -= 1 }
        context.update { body() }
    }

    /// The app passes new parameters in one update, as a SwiftUI parent re-renders the view with all of them at
    /// once: nil leaves one as it is. The bubbles then move once, for the net change (the seed's one
    /// `onChange(of: skipIDs)` per update), so `onSkip = false` with `skipping = .seconds` never gathers a forward
    /// bubble that the same update wants back.
    public func setParameters(skipping: NowPlaying.Skipping? = nil, messages: NowPlaying.Messages? = nil,
                              hasOnSkip: Bool? = nil, hasOnSeek: Bool? = nil) {
        applyingParameters = true
        if let skipping { self.skipping = skipping }
        if let messages { self.messages = messages }
        if let hasOnSkip { self.hasOnSkip = hasOnSkip }
        if let hasOnSeek { self.hasOnSeek = hasOnSeek }
        applyingParameters = false
        inputsChanged {
            $0.skipping = self.skipping
            $0.messages = self.messages
            $0.hasOnSkip = self.hasOnSkip
            $0.hasOnSeek = self.hasOnSeek
        }
    }

    /// The app changed a parameter that is not the player's (skipping, messages, callbacks).
    private func inputsChanged(_ edit: (inout NowPlaying.Inputs) -> Void) {
        let before = inputs
        change { edit(&inputs) }
        if before.skipBubbles != inputs.skipBubbles { skipsChanged() }
    }

    // MARK: Player reports

    /// The app's state changed: the piece's parameters follow, and its `onChange` handlers run.
    private func playerReported(_ report: PlayerReport) {
        let old = inputs
        var new = old
        new.title = player.title
        new.artist = player.artist
        new.isPlaying = report.isPlaying
        new.time = report.time
        new.duration = player.duration
        guard new != old else { return }
        startSwaps(from: old, to: new)
        change {
            state.swap = nil
            // The creep is decided by the body that first sees the new time, before onChange takes it in.
            if new.time != old.time {
                let eased = state.playhead.creep(to: new.time, new, motion: tokens)
                creep = eased
                creepIsSteady = eased != tokens.value
            }
            inputs = new
            if new.time != old.time {
                let hadPending = state.playhead.pendingSeek != nil
                state.playhead.timeChanged(to: new.time, at: now)
                if hadPending, state.playhead.pendingSeek == nil { cancelPendingSeekWork() }
            }
            if new.trackKey != old.trackKey { trackChanged() }
        }
        if new.skipBubbles != old.skipBubbles { skipsChanged() }
    }

    private func trackChanged() {
        state.playhead.trackChanged()
        cancelPendingSeekWork()
        if state.announcesTrack {
            state.announcesTrack = false
            emit(.announcement, [NamedValue("text", .text(NowPlaying.trackAnnouncement(inputs)))])
        }
    }

    // MARK: Actions

    /// The play bubble, Space, or VoiceOver: the light impact and `onPlayPause`.
    func playPause() {
        handling {
            haptic("play", .impact(weight: "light"))
            callback("onPlayPause")
            player.onPlayPause()
        }
    }

    /// A skip bubble: the selection tick, then `onSkip` (tracks) or a seek (seconds).
    func skip(_ bubble: NowPlaying.Bubble) {
        handling {
            haptic("skip", .selection)
            switch skipping {
            case .tracks:
                guard hasOnSkip else { return }
                state.announcesTrack = true
                let direction: SkipDirection = bubble.goesBack ? .previous : .next
                callback("onSkip", NamedValue("direction", .text(direction.rawValue)))
                player.onSkip(direction)
            case let .seconds(backSeconds, forwardSeconds):
                seek(to: shownTime + Double(bubble.goesBack ? -backSeconds : forwardSeconds))
            }
        }
    }

    /// Reports a seek once and shows it until the player catches up, or until the pending seek times out.
    func seek(to target: Double) {
        handling {
            guard let landed = state.playhead.seek(to: target, inputs(in: context?.environment ?? PieceEnvironment()),
                                                   at: now) else { return }
            schedulePendingSeekExpiry()
            callback("onSeek", NamedValue("time", .number(landed)))
            player.onSeek(landed)
        }
    }

    /// The timeout of `.task(id: pendingSeek)`: restarted whenever the pending value changes.
    private func schedulePendingSeekExpiry() {
        cancelPendingSeekWork()
        guard let context, let expiry = state.playhead.pendingSeekExpiry else { return }
        pendingSeekWork = context.schedule(at: expiry, label: "\(name): pending seek times out") { [weak self] in
            guard let self else { return }
            self.pendingSeekWork = nil
            self.change { self.state.playhead.expirePendingSeek(at: self.now) }
        }
    }

    private func cancelPendingSeekWork() {
        if let pendingSeekWork { context?.cancel(pendingSeekWork) }
        pendingSeekWork = nil
    }

    /// Opens or closes from a tap, a pull, a drag, a key or VoiceOver, carrying a release's finger speed.
    public func setExpanded(_ open: Bool, velocity: Double? = nil) {
        releaseVelocity = velocity
        if expanded == open {
            present(open)
        } else {
            expanded = open
        }
    }

    func run(_ action: NowPlaying.Action) {
        switch action {
        case .playPause: playPause()
        case .open: setExpanded(true)
        case .close: setExpanded(false)
        case .seek(let by): if inputs(in: context?.environment ?? PieceEnvironment()).canSeek { seek(to: shownTime + by) }
        case .skip(let bubble): skip(bubble)
        case .ignored: break
        }
    }

    // MARK: Events

    func emit(_ kind: StageEvent.Kind, _ details: [NamedValue]) {
        context?.emit(kind, piece: name, details: details)
    }

    /// The seed's four sensory feedbacks: play (light impact), skip and grab (selection), land (soft impact).
    /// Their details name SwiftUI's `SensoryFeedback` as ScrollIsland's do: `style` ("selection" or "impact"),
    /// then the impact's `weight` or `flexibility`, then which of the four it is (`name`).
    enum Feedback: Equatable {
        case selection
        case impact(weight: String)
        case impactFlexibility(String)

        var details: [NamedValue] {
            switch self {
            case .selection: [NamedValue("style", .text("selection"))]
            case .impact(let weight): [NamedValue("style", .text("impact")), NamedValue("weight", .text(weight))]
            case .impactFlexibility(let flexibility):
                [NamedValue("style", .text("impact")), NamedValue("flexibility", .text(flexibility))]
            }
        }
    }

    func haptic(_ name: String, _ feedback: Feedback) {
        emit(.haptic, feedback.details + [NamedValue("name", .text(name))])
    }

    func callback(_ name: String, _ details: NamedValue...) {
        emit(.callback, [NamedValue("name", .text(name))] + details)
    }
}
