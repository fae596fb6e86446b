/// A named, cancellable sequence of timed steps: the virtual-clock form of a SwiftUI piece's
///
///     Task { step1(); try await Task.sleep(for: .milliseconds(220)); step2() }
///
/// written as
///
///     Choreography(name: "open").then { step1() }.then(after: 0.22) { step2() }
///
/// It is only a description (a value); `start(on:at:)` runs it and returns the handle that cancels it.
/// Use a `Choreographer` to get SwiftUI's "a new open cancels the old one" by name.
public struct Choreography {
    /// One step: wait `delay` seconds after the previous step (or the start), then run `action`.
    public struct Step {
        public let delay: Double
        public let label: String?
        public let action: () -> Void
    }

    public let name: String
    public private(set) var steps: [Step] = []
    /// Waiting added by `wait(_:)` that the next step will absorb.
    private var pendingWait: Double = 0

    public init(name: String) {
        self.name = name
    }

    /// Adds a step `delay` seconds after the previous one (after the start, for the first).
    ///
    /// A step with no delay runs in the same turn as the step before it, like two statements with no `await`
    /// between them: nothing else scheduled can run in between. Negative delays count as 0; a NaN delay
    /// counts as infinite, so the step (and every later one) never comes due and stays visible as pending.
    public func then(after delay: Double = 0, label: String? = nil, _ action: @escaping () -> Void) -> Choreography {
        var copy = self
        let own = delay.isNaN ? Double.infinity : max(0, delay)
        copy.steps.append(Step(delay: pendingWait + own, label: label, action: action))
        copy.pendingWait = 0
        return copy
    }

    /// Adds `seconds` of waiting before the next step, so code reads like the Task it mirrors:
    /// `.then { a() }.wait(0.22).then { b() }`. A wait with no step after it has no effect.
    public func wait(_ seconds: Double) -> Choreography {
        var copy = self
        copy.pendingWait += seconds.isNaN ? Double.infinity : max(0, seconds)
        return copy
    }

    /// Schedules the first step at `time` plus its delay; each later step is scheduled when the one before it
    /// has run, at the previous step's *scheduled* time plus its delay (so step times do not depend on the
    /// frame rate). Nothing runs until the scheduler's `runDue` reaches the first step's time.
    @discardableResult
    public func start(on scheduler: Scheduler, at time: Double) -> ChoreographyHandle {
        let handle = ChoreographyHandle(name: name, steps: steps, scheduler: scheduler)
        handle.begin(at: time)
        return handle
    }
}
