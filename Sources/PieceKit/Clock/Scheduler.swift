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
    /// Where a piece of work sits in the run order: plain numbers, so the heap moves them cheaply.
    private struct Key {
        let time: Double
        let id: UInt64

        /// Strict (time, id) order; ids are unique, so this is a total order.
        func runsBefore(_ other: Key) -> Bool {
            time != other.time ? time < other.time : id < other.id
        }
    }

    private struct Work {
        let label: String
        let body: () -> Void
    }

    /// Pending work's keys as a binary min-heap in run order: scheduling and running are O(log n) each, so a
    /// gesture that schedules a sample for every frame of a long stretch costs n log n, not n². A cancelled key
    /// stays behind until it reaches the top (or the heap is rebuilt); its work is gone from `work` at once.
    ///
    /// This and `work` are read and changed many times a frame, only from inside this class, and no access to them
    /// spans a call out (work runs after its entry is taken out), so the run-time check of exclusive access is
    /// left out.
    @exclusivity(unchecked) private var heap: [Key] = []
    /// The work still to run (not run, not cancelled), by id.
    @exclusivity(unchecked) private var work: [UInt64: Work] = [:]
    private var nextID: UInt64 = 0
    /// What the labels of pending work hold (as `FrameSize.textBytes` counts a text), so a host counts a label
    /// as long as the work waits, however long a script made it.
    public private(set) var labelBytes = 0
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
        push(Key(time: time.isNaN ? .infinity : time, id: nextID))
        self.work[nextID] = Work(label: label, body: work)
        labelBytes += FrameSize.textBytes(label)
        return ScheduledID(rawValue: nextID)
    }

    /// Removes pending work. Returns false when it already ran, was already cancelled, or never existed.
    @discardableResult
    public func cancel(_ id: ScheduledID) -> Bool {
        guard let removed = work.removeValue(forKey: id.rawValue) else { return false }
        labelBytes -= FrameSize.textBytes(removed.label)
        if heap.count > 64, heap.count > 2 * work.count {
            // Mostly cancelled work: rebuild from what is left (bottom-up, linear), so cancelling every sample of
            // a long gesture costs n in all and never grows the heap for good.
            heap.removeAll { work[$0.id] == nil }
            for parent in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(parent) }
        }
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
        while let next = liveTop(), next.time <= limit {
            guard ran < workLimitPerRun else {
                lastRunWasCutShort = true
                break
            }
            popTop()
            guard let due = work.removeValue(forKey: next.id) else { continue }
            labelBytes -= FrameSize.textBytes(due.label)
            currentTime = max(currentTime, next.time)
            due.body()
            ran += 1
        }
        if !time.isNaN { currentTime = max(currentTime, time) }
        return ran
    }

    /// The time of the next pending work, or nil when nothing is pending (`.infinity` for "never").
    public var nextTime: Double? { liveTop()?.time }

    /// True when nothing is pending.
    public var isEmpty: Bool { work.isEmpty }

    /// How many pieces of work are pending.
    public var count: Int { work.count }

    /// Labels of pending work in the order it would run, for messages like "settle gave up; still scheduled: …".
    public var pendingLabels: [String] {
        heap.filter { work[$0.id] != nil }.sorted { $0.runsBefore($1) }.compactMap { work[$0.id]?.label }
    }

    /// Entries held, cancelled ones not yet dropped included: what the scheduler costs, for hosts that count it.
    public var heldEntries: Int { heap.count }

    // MARK: Heap

    /// The earliest key whose work is still pending, dropping cancelled keys from the top on the way.
    private func liveTop() -> Key? {
        while let top = heap.first {
            if work[top.id] != nil { return top }
            popTop()
        }
        return nil
    }

    private func push(_ key: Key) {
        heap.append(key)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].runsBefore(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private func popTop() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(0)
    }

    private func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1, right = left + 1
            var first = parent
            if left < heap.count, heap[left].runsBefore(heap[first]) { first = left }
            if right < heap.count, heap[right].runsBefore(heap[first]) { first = right }
            guard first != parent else { return }
            heap.swapAt(parent, first)
            parent = first
        }
    }
}
