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
            if let self, let id = box.id { self.backgroundWork.ended(id) }
            work()
        }
        box.id = id
        backgroundWork.scheduled(id, label: label)
        return id
    }

    /// Schedules background `work` that only reads (see `PieceContext.scheduleCheck`): a batch of due work made
    /// only of checks is not followed by a re-layout.
    @discardableResult
    public func scheduleCheck(at time: Double, label: String, _ work: @escaping () -> Void) -> ScheduledID {
        schedule(at: time, label: label, background: true) { [weak self] in
            self?.backgroundWork.checksRun += 1
            work()
        }
    }

    /// Cancels scheduled work (background or not). Returns false when it already ran or never existed.
    @discardableResult
    public func cancel(_ id: ScheduledID) -> Bool {
        backgroundWork.ended(id)
        return scheduler.cancel(id)
    }

    /// True when work other than background work is pending.
    public var hasBlockingWork: Bool { backgroundWork.leavesBlockingWork(pending: scheduler.count) }

    /// Labels of pending work that blocks `settle`, in the order it would run.
    public var blockingLabels: [String] { backgroundWork.blockingLabels(among: scheduler.pendingLabels) }
}

/// Lets background work find its own id, which exists only once it has been scheduled.
private final class ScheduledIDBox {
    var id: ScheduledID?
}
