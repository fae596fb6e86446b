/// Timed work on the virtual clock, run in (time, order of scheduling) order.
///
/// A class, not a value: work is a closure that typically captures the scheduler to schedule more work
/// (a choreography chaining its next step, a mock player's next tick), and only a shared reference can be
/// captured that way. It is meant for one thread (the stage's); it is deliberately not `Sendable`.
///
/// Times compare with `VirtualClock.timeTolerance` of slack, so a step at `0.1 + 0.2` runs on the frame at
/// `0.3` rather than one frame late. A NaN time is treated as `.infinity` ("never"; only `runDue(upTo: .infinity)`
/// reaches it): the work stays pending and shows up in `pendingLabels`, so a settle that gives up names it.
public final class Scheduler {
    private struct Entry {
        let time: Double
        let id: ScheduledID
        let label: String
        let work: () -> Void

        /// Strict (time, id) order; ids are unique, so this is a total order.
        func runsBefore(_ other: Entry) -> Bool {
            time != other.time ? time < other.time : id < other.id
        }
    }

    /// Pending work, sorted so that the next to run is *last* (cheap to pop).
    private var entries: [Entry] = []
    private var nextID: UInt64 = 0
    private var isRunning = false

    /// The time of the work being run; between runs, the latest `upTo` reached. Lets work schedule
    /// relative to "now" without being handed the clock.
    public private(set) var currentTime: Double = 0

    /// Most pieces of work one `runDue` will run. Work that keeps rescheduling itself at the same time would
    /// otherwise never return; past the limit the rest stays pending and `lastRunWasCutShort` is set.
    public var workLimitPerRun = 100_000

    /// True when the latest `runDue` stopped at `workLimitPerRun` with due work left.
    public private(set) var lastRunWasCutShort = false

    public init() {}

    /// Adds `work` to run at `time`. Work at equal times runs in the order it was scheduled.
    @discardableResult
    public func schedule(at time: Double, label: String, _ work: @escaping () -> Void) -> ScheduledID {
        nextID += 1
        let entry = Entry(time: time.isNaN ? .infinity : time, id: ScheduledID(rawValue: nextID),
                          label: label, work: work)
        // Binary search for the slot that keeps `entries` in descending run order.
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].runsBefore(entry) { high = mid } else { low = mid + 1 }
        }
        entries.insert(entry, at: low)
        return entry.id
    }

    /// Removes pending work. Returns false when it already ran, was already cancelled, or never existed.
    @discardableResult
    public func cancel(_ id: ScheduledID) -> Bool {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return false }
        entries.remove(at: index)
        return true
    }

    /// Runs all work whose time is at or before `time`, earliest first and in scheduling order among equals,
    /// including work that this work schedules, as long as it too is due by `time`. Returns how many ran.
    ///
    /// A call made from inside running work returns 0 at once: the outer call is already draining the queue
    /// and will pick up anything due by its own limit.
    @discardableResult
    public func runDue(upTo time: Double) -> Int {
        guard !isRunning else { return 0 }
        isRunning = true
        defer { isRunning = false }
        lastRunWasCutShort = false
        let limit = time + VirtualClock.timeTolerance
        var ran = 0
        while let next = entries.last, next.time <= limit {
            guard ran < workLimitPerRun else {
                lastRunWasCutShort = true
                break
            }
            entries.removeLast()
            currentTime = max(currentTime, next.time)
            next.work()
            ran += 1
        }
        if !time.isNaN { currentTime = max(currentTime, time) }
        return ran
    }

    /// The time of the next pending work, or nil when nothing is pending (`.infinity` for "never").
    public var nextTime: Double? { entries.last?.time }

    /// True when nothing is pending.
    public var isEmpty: Bool { entries.isEmpty }

    /// How many pieces of work are pending.
    public var count: Int { entries.count }

    /// Labels of pending work in the order it would run, for messages like "settle gave up; still scheduled: …".
    public var pendingLabels: [String] { entries.reversed().map(\.label) }
}
