/// The host's limits as the stage sees them: the question asked between frames and batches of work
/// (`interruption`), the one asked before work inside a frame makes something large (`allocationCheck`), and a
/// refusal such work met but could not throw (`hostStop`). A room of its own because these are the host's rule,
/// carried: the stage only asks, and stops where the host said so.
struct StageLimits {
    /// Asked before every frame is rendered and before each time's scheduled work runs: a reason stops the loop
    /// with `StageError.interrupted`. The Lua host uses it so a script's wall-time and memory limits also stop
    /// `advance(1e9)` or a month-long `jump`, which run no Lua for the hook to see.
    var interruption: (() -> String?)?
    /// Asked by work inside a frame that a script can make large (`PieceContext.hostLimit(holding:)`) with the
    /// bytes it holds and is about to make: nil to go on, or why not (the host's memory cap, or its time limit).
    /// Without it, such work asks `interruption` for time alone.
    var allocationCheck: ((Int) -> String?)?
    /// A limit a piece's work ran into, which the stage stops with at its next step (work cannot throw).
    var hostStop: String?

    /// Throws `interrupted` when the host says to stop now.
    func checkInterruption() throws(StageError) {
        if let reason = interruption?() { throw .interrupted(reason) }
    }

    /// Throws the refusal work met inside a step (once: it is let go as it is thrown).
    mutating func throwHostStop() throws(StageError) {
        if let reason = hostStop { hostStop = nil; throw .interrupted(reason) }
    }

    /// The memory check for `bytes` (when there are any), else the time check: nil to go on, or why not. Asked on
    /// a copy, so the host's closures may read the stage while they answer.
    func reason(holding bytes: Int) -> String? {
        (bytes > 0 ? allocationCheck?(bytes) : nil) ?? interruption?()
    }
}
