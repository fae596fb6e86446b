/// Work that waits for parts to stop moving: the one rule for taking a part out of the frame once its removal
/// transition is over (the glass group's shapes, the mini player's branches).
///
/// A transition's nominal end is not always its real one: a spring that took over a part still moving settles
/// later than its own length. So the work runs at `time` only if none of the parts moves then, and otherwise is
/// looked at again one frame later, until they have come to rest.
extension PieceContext {
    /// Runs `work` at `time`, or at the first frame after it at which none of `elements()` of `piece` is
    /// animating. `track` is handed the id of every check scheduled (the first and each later one), so the caller
    /// always holds the one to cancel.
    public func scheduleOnceStill(piece: String, elements: @escaping () -> [String], at time: Double, label: String,
                                  track: @escaping (ScheduledID) -> Void, _ work: @escaping () -> Void) {
        func check(at time: Double) {
            track(schedule(at: time, label: label) { [weak self] in
                guard let self else { return }
                let now = self.workTime
                if elements().contains(where: { self.isAnimating(piece, element: $0, at: now) }) {
                    check(at: self.clock.time(ofFrame: self.clock.firstFrame(atOrAfter: now) + 1))
                    return
                }
                work()
            })
        }
        check(at: time)
    }
}
