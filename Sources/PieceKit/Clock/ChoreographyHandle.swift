/// A running choreography: cancel it, or ask whether it has finished.
///
/// Only the next step is ever on the scheduler, so cancelling removes exactly one piece of work and is
/// final at once: steps already run stay run, no later step runs, even when a step cancels its own
/// choreography (the step in progress completes; nothing after it starts).
/// It holds its scheduler weakly: scheduled work owns the handle, not the other way round.
public final class ChoreographyHandle {
    public let name: String
    private let steps: [Choreography.Step]
    private weak var scheduler: Scheduler?
    private var pending: ScheduledID?
    private var nextIndex = 0

    /// True once cancelled (by `cancel()` or by a newer choreography of the same name).
    public private(set) var isCancelled = false

    init(name: String, steps: [Choreography.Step], scheduler: Scheduler) {
        self.name = name
        self.steps = steps
        self.scheduler = scheduler
    }

    /// How many steps have run.
    public var stepsRun: Int { nextIndex }

    /// True when every step has run. A cancelled choreography with steps left is not finished.
    public var isFinished: Bool { nextIndex >= steps.count }

    /// True while steps remain and it has not been cancelled.
    public var isActive: Bool { !isFinished && !isCancelled }

    /// Stops the remaining steps. Safe to call any number of times, from anywhere, including a step.
    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        if let pending, let scheduler { scheduler.cancel(pending) }
        pending = nil
    }

    func begin(at time: Double) {
        scheduleStep(at: time)
    }

    /// Puts step `nextIndex` on the scheduler, `time` being when the previous step was due (or the start).
    private func scheduleStep(at time: Double) {
        guard !isCancelled, nextIndex < steps.count, let scheduler else { return }
        let step = steps[nextIndex]
        let due = time + step.delay
        let label = "\(name): " + (step.label ?? "step \(nextIndex + 1) of \(steps.count)")
        pending = scheduler.schedule(at: due, label: label) { [self] in
            pending = nil
            runSteps(dueAt: due)
        }
    }

    /// Runs the due step and any zero-delay steps after it in the same turn, then schedules the next one.
    private func runSteps(dueAt time: Double) {
        repeat {
            guard !isCancelled, nextIndex < steps.count else { return }
            let step = steps[nextIndex]
            nextIndex += 1
            step.action()
        } while nextIndex < steps.count && steps[nextIndex].delay == 0
        scheduleStep(at: time)
    }
}
