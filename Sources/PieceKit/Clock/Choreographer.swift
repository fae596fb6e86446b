/// Starts choreographies by name for one piece, the way a SwiftUI piece keeps one `Task` per animation:
/// starting "open" again cancels the remaining steps of the earlier "open" before the new one is scheduled.
/// One per piece, so two pieces' "open"s never cancel each other.
public final class Choreographer {
    public let scheduler: Scheduler
    private var running: [String: ChoreographyHandle] = [:]

    public init(scheduler: Scheduler) {
        self.scheduler = scheduler
    }

    /// Cancels any earlier choreography with the same name, then starts this one at `time`.
    @discardableResult
    public func start(_ choreography: Choreography, at time: Double) -> ChoreographyHandle {
        running[choreography.name]?.cancel()
        let handle = choreography.start(on: scheduler, at: time)
        running[choreography.name] = handle
        return handle
    }

    /// Cancels the choreography with this name, if one is active. Returns whether one was.
    @discardableResult
    public func cancel(_ name: String) -> Bool {
        guard let handle = running.removeValue(forKey: name) else { return false }
        let wasActive = handle.isActive
        handle.cancel()
        return wasActive
    }

    /// Cancels every choreography (a piece going away).
    public func cancelAll() {
        for name in running.keys.sorted() { running[name]?.cancel() }
        running.removeAll()
    }

    /// The latest choreography started under `name`, active or not.
    public func handle(named name: String) -> ChoreographyHandle? { running[name] }

    /// Names of choreographies that still have steps to run, sorted (dictionary order is not stable).
    public var activeNames: [String] {
        running.filter { $0.value.isActive }.keys.sorted()
    }
}
