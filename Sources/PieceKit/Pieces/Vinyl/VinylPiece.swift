/// Vinyl on a stage: album art set in a record that turns while music plays and slows to rest on a pause,
/// drawn from a closed form of time (`VinylSpin`) at the updates of a `StageTimeline`.
///
/// Its state follows the view's: `spin`, `isEasing`, and the parameters `isPlaying` and `rpm`. A change of
/// `isPlaying` (or Reduce Motion turning off) sets the speed for the new state, as the view's
/// `.task(id: [isPlaying, reduceMotion])` does; a pause keeps the timeline drawing for the ramp plus
/// `Vinyl.easingTail` (ordinary work, so a settle waits for the stop), then pauses it. A change of rpm
/// re-targets only while playing and not under Reduce Motion. Under Reduce Motion the disc is drawn upright and no
/// speed is changed. The spin itself is background motion: a playing disc never keeps a settle waiting.
///
/// Bound to a player (any `MediaPlayer`: the mock, or one a script wrote) it follows the player's `isPlaying` from its reports, as an app passes its player's
/// state to the view.
public final class VinylPiece: InteractivePiece, MemoisedPiece {
    public let name: String
    public let accessibilityName: String
    /// Where the piece is laid out on the stage; nil: `VinylGeometry.defaultFrame(in:)` of the stage's size.
    public private(set) var frame: Rect?
    public private(set) var isPlaying: Bool
    public private(set) var rpm: Double
    public private(set) var spin: VinylSpin
    /// True from a pause until the ramp and its tail have run: the timeline keeps drawing the slowing disc.
    public private(set) var isEasing = false
    public let timeline: StageTimeline
    public let player: (any MediaPlayer)?
    private weak var context: (any PieceContext)?
    private var easingWork: ScheduledID?
    /// The Reduce Motion the piece last reacted to; a different one in the environment starts the task again.
    private var seenReduceMotion: Bool
    private var reactionWork: ScheduledID?

    /// A disc for `stage` (add it with `try stage.add(piece)`). With a `player` it follows the player's
    /// `isPlaying` and `isPlaying` is ignored. The task of appearing runs at once (see
    /// `Vinyl.appearingPlayingRampsUpFromRest`).
    public init(context: any PieceContext, name: String = "vinyl", isPlaying: Bool = false, player: (any MediaPlayer)? = nil,
                rpm: Double = Vinyl.defaultRPM, ramp: Double = Vinyl.defaultRamp,
                frame: Rect? = nil, accessibilityName: String = Vinyl.defaultAccessibilityName) {
        self.name = name
        self.context = context
        self.player = player
        self.isPlaying = player?.isPlaying ?? isPlaying
        self.rpm = rpm
        self.frame = frame
        self.accessibilityName = accessibilityName
        spin = VinylSpin(ramp: ramp)
        seenReduceMotion = context.environment.reduceMotion
        timeline = StageTimeline(context: context, minimumInterval: Vinyl.minimumInterval, paused: true,
                                 label: "\(name): timeline")
        runTask()
        player?.observe { [weak self] report in self?.setPlaying(report.isPlaying) }
    }

    // MARK: Reading

    var now: Double { context?.workTime ?? 0 }
    var reduceMotion: Bool { context?.environment.reduceMotion ?? false }

    /// Degrees per second the current rpm asks for.
    public var degreesPerSecond: Double { Vinyl.degreesPerSecond(rpm: rpm) }

    /// The rotation the disc is drawn with now: the latest timeline drawing, 0 under Reduce Motion.
    public var angle: Double { reduceMotion ? 0 : spin.angle(at: timeline.drawnTime) }

    /// Degrees per second at the stage's current time (0 under Reduce Motion, where the disc is still).
    public var speed: Double { reduceMotion ? 0 : spin.speed(at: now) }

    // MARK: Changing

    /// The app passes a new `isPlaying`.
    public func setPlaying(_ playing: Bool) {
        guard playing != isPlaying else { return }
        change {
            isPlaying = playing
            runTask()
        }
    }

    /// The app passes a new `rpm`: while playing (and not under Reduce Motion) the disc heads for it over the ramp.
    public func setRPM(_ newRPM: Double) {
        let before = degreesPerSecond
        change {
            rpm = newRPM
            guard degreesPerSecond != before, isPlaying, !reduceMotion else { return }
            spin.setSpeed(degreesPerSecond, at: now)
        }
    }

    /// Moves the piece (nil: back to the default frame).
    public func setFrame(_ rect: Rect?) {
        change { frame = rect }
    }

    private func change(_ body: () -> Void) {
        guard let context else { return body() }
        context.update { body() }
    }

    /// The view's task: set the speed for the current state; after a pause, ease for the ramp and its tail.
    private func runTask() {
        if let easingWork { context?.cancel(easingWork) }
        easingWork = nil
        guard !reduceMotion else {
            updateTimeline()
            return
        }
        spin.setSpeed(isPlaying ? degreesPerSecond : 0, at: now)
        isEasing = !isPlaying
        if !isPlaying, let context {
            let wait = (spin.ramp.isFinite ? max(spin.ramp, 0) : 0) + Vinyl.easingTail
            easingWork = context.schedule(after: wait, label: "\(name): easing to a stop") { [weak self] in
                guard let self else { return }
                self.easingWork = nil
                self.isEasing = false
                self.updateTimeline()
            }
        }
        updateTimeline()
    }

    /// `paused: reduceMotion || !(isPlaying || isEasing)`.
    private func updateTimeline() {
        timeline.setPaused(reduceMotion || !(isPlaying || isEasing))
    }

    /// Reduce Motion changed in the environment: the task starts again after this update, as `.task(id:)` does.
    private func reduceMotionChanged(to value: Bool) {
        seenReduceMotion = value
        guard reactionWork == nil, let context else { return }
        reactionWork = context.schedule(after: 0, label: "\(name): Reduce Motion changed") { [weak self] in
            guard let self else { return }
            self.reactionWork = nil
            self.runTask()
        }
    }

    // MARK: Elements

    public func geometry(in environment: PieceEnvironment) -> VinylGeometry {
        VinylGeometry(frame: frame ?? VinylGeometry.defaultFrame(in: environment.size))
    }

    /// Everything the disc's elements are made from: where it is laid out and the angle and speed it is drawn
    /// with (Reduce Motion is already in those: 0).
    public struct ElementsInput: Equatable, Sendable {
        /// The frame the disc is laid out in (`geometry(in:)`).
        let frame: Rect
        let angle: Double
        let speed: Double
    }

    public func elementsInput(in environment: PieceEnvironment, tokens: MotionTokens) -> ElementsInput {
        if environment.reduceMotion != seenReduceMotion { reduceMotionChanged(to: environment.reduceMotion) }
        let still = environment.reduceMotion
        // The disc turns only at the timeline's updates, so most asks find the same angle.
        return ElementsInput(frame: frame ?? VinylGeometry.defaultFrame(in: environment.size),
                             angle: still ? 0 : spin.angle(at: timeline.drawnTime),
                             speed: still ? 0 : spin.speed(at: timeline.drawnTime))
    }

    public static func elements(for input: ElementsInput) -> [Element] {
        let (g, angle, speed) = (VinylGeometry(frame: input.frame), input.angle, input.speed)
        var out = [Element("disc").rect(g.disc).number("angle", angle).number("speed", speed)
            .number("white", Vinyl.discWhite)]
        for (index, ring) in g.rings.enumerated() {
            out.append(Element("ring.\(index + 1)").rect(ring).number("stroke", Vinyl.ringStroke)
                .number("opacity", Vinyl.ringOpacity))
        }
        out.append(Element("art").rect(g.art).number("angle", angle))
        out.append(Element("spindle").rect(g.spindle).number("white", Vinyl.discWhite))
        out.append(Element("sheen").rect(g.disc)
            .text("gradient", "clear, white 0.22, clear, white 0.16, clear"))
        return out
    }

    // MARK: Interaction (none but VoiceOver's one element)

    /// The disc, the art, the spindle and the sheen; any other element (`ring`, numbered) by its name too.
    public var parts: [Part] { [Part("disc"), Part("art"), Part("spindle"), Part("sheen"), .anyElement] }
    public func handle(_ touch: Touch, on context: any PieceContext) {}
    public func handle(_ key: Key, on context: any PieceContext) -> Bool { false }

    /// One element named by `accessibilityName`, with no value, hint, traits or actions.
    public func accessibilityElements(on context: any PieceContext) -> [AccessibilityElement] {
        [AccessibilityElement(id: "disc", label: accessibilityName, frame: geometry(in: context.environment).disc)]
    }

    /// A bare action goes to the disc, which has none.
    public func defaultElement(on context: any PieceContext) -> String? { "disc" }
}
