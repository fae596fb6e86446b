/// What the stage knows of its scheduled work that the scheduler does not: which pending work is background (it
/// never holds up `settle`), and how many checks (background work that only reads) ran in the current batch of due
/// work. A room of its own because both answer one question, whether the stage must wait for or re-lay out after
/// the work it holds.
struct BackgroundWork {
    /// Pending background work, by id, with its label.
    private(set) var labels: [ScheduledID: String] = [:]
    /// Checks (`Stage.scheduleCheck`) run in the current batch of due work: when every piece of work in a batch was
    /// one, nothing changed and the stage skips asking the pieces for their elements.
    var checksRun = 0

    mutating func scheduled(_ id: ScheduledID, label: String) { labels[id] = label }

    /// Forgets work that ran or was cancelled.
    mutating func ended(_ id: ScheduledID) { labels.removeValue(forKey: id) }

    /// Whether `pending` scheduled entries hold any that is not background work.
    func leavesBlockingWork(pending: Int) -> Bool { pending > labels.count }

    /// The labels of `pending` (in the order it would run) less one for each background work of that label.
    func blockingLabels(among pending: [String]) -> [String] {
        var background: [String: Int] = [:]
        for label in labels.values { background[label, default: 0] += 1 }
        return pending.filter { label in
            guard let count = background[label], count > 0 else { return true }
            background[label] = count - 1
            return false
        }
    }
}
