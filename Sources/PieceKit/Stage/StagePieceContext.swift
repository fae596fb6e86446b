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
}
