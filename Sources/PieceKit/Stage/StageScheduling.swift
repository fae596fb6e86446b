/// Scheduling through the stage, which knows what is background work.
///
/// Background work is recurring work that is not part of anything "happening" (a media player's periodic time
/// update): `settle` does not wait for it. Cancel it with `Stage.cancel(_:)` rather than on the scheduler, so
/// the stage stops counting it.
extension Stage {
    /// Schedules `work` at `time` (see `Scheduler.schedule`). `background` work never blocks `settle`.
    @discardableResult
    public func schedule(at time: Double, label: String, background: Bool = false,
                         _ work: @escaping () -> Void) -> ScheduledID {
        guard background else { return scheduler.schedule(at: time, label: label, work) }
        let box = ScheduledIDBox()
        let id = scheduler.schedule(at: time, label: label) { [weak self] in
            if let self, let id = box.id { self.backgroundWork.removeValue(forKey: id) }
            work()
        }
        box.id = id
        backgroundWork[id] = label
        return id
    }

    /// Schedules background `work` that only reads (see `PieceContext.scheduleCheck`): a batch of due work made
    /// only of checks is not followed by a re-layout.
    @discardableResult
    public func scheduleCheck(at time: Double, label: String, _ work: @escaping () -> Void) -> ScheduledID {
        schedule(at: time, label: label, background: true) { [weak self] in
            self?.checksRun += 1
            work()
        }
    }

    /// Cancels scheduled work (background or not). Returns false when it already ran or never existed.
    @discardableResult
    public func cancel(_ id: ScheduledID) -> Bool {
        backgroundWork.removeValue(forKey: id)
        return scheduler.cancel(id)
    }

    /// True when work other than background work is pending.
    public var hasBlockingWork: Bool { scheduler.count > backgroundWork.count }

    /// Labels of pending work that blocks `settle`, in the order it would run.
    public var blockingLabels: [String] {
        var background: [String: Int] = [:]
        for label in backgroundWork.values { background[label, default: 0] += 1 }
        return scheduler.pendingLabels.filter { label in
            guard let count = background[label], count > 0 else { return true }
            background[label] = count - 1
            return false
        }
    }
}

/// Lets background work find its own id, which exists only once it has been scheduled.
private final class ScheduledIDBox {
    var id: ScheduledID?
}
