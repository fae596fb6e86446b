@testable import PieceKit

/// A context with no stage behind it: it runs transactions' bodies, keeps scheduled work on its own scheduler and
/// writes down everything a piece asks of it, so a test can check the conversation itself (which animation carried
/// which change, what was scheduled when, which events went out) without rendering a frame.
final class FakePieceContext: PieceContext {
    struct Recorded: Equatable {
        let time: Double
        let animation: Animation?
    }

    var environment = PieceEnvironment()
    var tokens = MotionTokens()
    private(set) var clock: VirtualClock
    let scheduler = Scheduler()
    private let choreographer: Choreographer
    private(set) var transactions: [Recorded] = []
    private(set) var events: [(time: Double, event: StageEvent)] = []
    private(set) var started: [String] = []

    init(fps: Int = 120) throws {
        clock = try VirtualClock(fps: fps)
        choreographer = Choreographer(scheduler: scheduler)
    }

    var workTime: Double { scheduler.currentTime }
    var changeBeginTime: Double { clock.time(ofFrame: clock.firstFrame(atOrAfter: workTime)) }

    func transact<Result, Failure: Error>(_ transaction: Transaction,
                                          _ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        transactions.append(Recorded(time: workTime, animation: transaction.animation))
        return try body()
    }

    func transact<Failure: Error>(decidedBy body: () throws(Failure) -> Transaction?) throws(Failure) {
        let decided = try body()
        transactions.append(Recorded(time: workTime, animation: decided?.animation))
    }

    func schedule(at time: Double, label: String, background: Bool, _ work: @escaping () -> Void) -> ScheduledID {
        scheduler.schedule(at: time, label: label, work)
    }

    func cancel(_ id: ScheduledID) -> Bool { scheduler.cancel(id) }

    func start(_ choreography: Choreography, for piece: String) -> ChoreographyHandle {
        started.append("\(piece).\(choreography.name)")
        return choreographer.start(choreography, at: workTime)
    }

    func emit(_ event: StageEvent) { events.append((workTime, event)) }

    var latestFrame: Frame? { nil }
    var presentedFrame: Int { clock.frame }
    func targets(of piece: String) -> [Element]? { nil }
    func presented(_ piece: String, at time: Double) -> PieceFrame? { nil }
    func isMoving(_ piece: String) -> Bool { false }
    func isAnimating(_ piece: String, element: String, at time: Double) -> Bool { false }

    /// Runs the work due by `time`, as a stage would between frames.
    func run(upTo time: Double) { scheduler.runDue(upTo: time) }

    /// The events of `kind` so far.
    func events(_ kind: StageEvent.Kind) -> [(time: Double, event: StageEvent)] {
        events.filter { $0.event.kind == kind }
    }
}
