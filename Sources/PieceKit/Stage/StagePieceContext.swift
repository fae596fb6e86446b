/// The stage is the context every piece on it is given (see `PieceContext`). The requirements not written here
/// (environment, tokens, clock, transact, schedule, cancel, start, emit, latestFrame, targets) are the stage's own.
extension Stage: PieceContext {
    public var workTime: Double { scheduler.currentTime }

    public func presented(_ piece: String, at time: Double) -> PieceFrame? {
        slots.first { $0.name == piece }?.sample(at: time)
    }

    public func isMoving(_ piece: String) -> Bool {
        owesFrame || (slots.first { $0.name == piece }?.isAnimating(at: now) ?? false)
    }

    public func isAnimating(_ piece: String, element: String, at time: Double) -> Bool {
        guard let slot = slots.first(where: { $0.name == piece }),
              let state = slot.elements.first(where: { $0.name == element }) else { return false }
        return state.animators.contains { $0.isAnimating(at: time) }
    }

    /// The host's memory check (`allocationCheck`) for bytes, and its `interruption` for time. A refusal is kept,
    /// so the frame loop stops with it at its next step even though the work that asked cannot throw.
    public func hostLimit(holding bytes: Int) -> String? {
        let reason = limits.reason(holding: bytes)
        if let reason, limits.hostStop == nil { limits.hostStop = reason }
        return reason
    }
}
