/// SwiftUI's `TimelineView(.animation(minimumInterval:paused:))` on the stage: a piece that moves with no state
/// change (a spinning disc, a travelling beam) is redrawn from a pure function of time, and this says when.
///
/// The piece reads `drawnTime` in its `elements(in:tokens:)`. Each update is background work on the stage (see
/// `Stage.schedule(at:label:background:_:)`) that moves `drawnTime` to its frame's time; the stage asks every piece
/// for its elements after that work, so what moved snaps to its new place in that frame. Nothing is drawn in
/// between: a frame that is not an update shows the previous drawing. Because the updates are background work, a
/// running timeline never keeps `Stage.settle` waiting.
///
/// **Which frames update.** Apple does not say which display frames a `minimumInterval` schedule lands on. The
/// rule here (`framesPerUpdate`) takes the interval literally, as a minimum gap: after an update at frame `n`, the
/// next is the first frame at least `minimumInterval` later, i.e. every `⌈minimumInterval · fps⌉` frames (at
/// least one). For the disc's 1/60 s: every 2nd frame at 120 fps (60 updates a second), every 2nd frame at 90 fps
/// (1/90 s is too soon, 2/90 s is not: 45 a second), every frame at 60 fps. An interval of 0 (`.animation` with no
/// minimum) updates on every frame.
///
/// **Starting and jumping.** An unpaused timeline updates first on the frame where a change made now would begin
/// (the next frame for a script's change), then on the rule. A `Stage.jump` draws only where it lands: the frames
/// it passes over are never shown, so the updates between are skipped and the rhythm restarts from the landing
/// frame (`jumpLandingRestartsTheRhythm`).
public final class StageTimeline {
    /// The seconds an update waits at least after the previous one (0: every frame).
    public let minimumInterval: Double
    /// The time the piece was last drawn at: the latest update's frame time (or the time it was made).
    public private(set) var drawnTime: Double
    /// How many updates have run (for tests and readings).
    public private(set) var updateCount = 0
    public private(set) var isPaused: Bool

    /// Named for the record: after a jump the updates follow on from the frame the jump landed on.
    public static let jumpLandingRestartsTheRhythm = true

    private weak var context: (any PieceContext)?
    private let label: String
    private var pending: ScheduledID?

    /// A timeline for a piece on `stage`, first drawn at the stage's current time. A `minimumInterval` that is not
    /// a finite number of at least 0 counts as 0 (bindings refuse such values before they get here).
    public init(context: any PieceContext, minimumInterval: Double, paused: Bool, label: String) {
        self.context = context
        self.minimumInterval = minimumInterval.isFinite ? max(minimumInterval, 0) : 0
        self.label = label
        self.isPaused = true
        self.drawnTime = context.workTime
        setPaused(paused)
    }

    /// Frames from one update to the next at `fps` for a `minimumInterval` (see the type's rule); `Int.max`
    /// ("never again") for an interval too long for the clock.
    public static func framesPerUpdate(minimumInterval: Double, fps: Int) -> Int {
        guard let clock = try? VirtualClock(fps: fps) else { return 1 }
        return max(1, clock.firstFrame(atOrAfter: minimumInterval))
    }

    /// `paused:` of the schedule. Unpausing updates on the frame the change begins; pausing keeps the last drawing.
    public func setPaused(_ paused: Bool) {
        guard paused != isPaused else { return }
        isPaused = paused
        if paused {
            if let pending { context?.cancel(pending) }
            pending = nil
            return
        }
        guard let context else { return }
        scheduleUpdate(atFrame: context.clock.firstFrame(atOrAfter: context.changeBeginTime))
    }

    /// Stops for good (the piece left the stage).
    public func stop() { setPaused(true) }

    private func scheduleUpdate(atFrame frame: Int) {
        guard let context, frame != Int.max else { return }
        pending = context.schedule(at: context.clock.time(ofFrame: frame), label: label, background: true) { [weak self] in
            self?.update()
        }
    }

    private func update() {
        pending = nil
        guard let context, !isPaused else { return }
        let clock = context.clock
        let dueFrame = clock.firstFrame(atOrAfter: context.workTime)
        // Inside a jump the clock already stands on the landing frame; nothing before it will be shown.
        let frame = max(dueFrame, clock.frame)
        drawnTime = clock.time(ofFrame: frame)
        updateCount += 1
        let step = Self.framesPerUpdate(minimumInterval: minimumInterval, fps: clock.fps)
        let (next, overflow) = frame.addingReportingOverflow(step)
        if !overflow { scheduleUpdate(atFrame: next) }
    }
}
