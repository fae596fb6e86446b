/// The per-file limits of the sandbox. Each breach ends the file with an error that names the limit.
public struct SandboxLimits: Sendable, Equatable {
    /// Lua VM instructions a file may run, counted by the hook; 0 means no budget.
    public var instructions: Int64
    /// Bytes a file's Lua state may hold; 0 means no cap.
    public var memoryBytes: Int
    /// Wall-clock seconds a file may run; 0 means none. The runner also kills the worker process a little
    /// after this, which stops even a long C call (a pathological pattern match) that no hook reaches.
    public var seconds: Double

    public init(instructions: Int64 = 2_000_000_000, memoryBytes: Int = 512 << 20, seconds: Double = 120) {
        self.instructions = instructions; self.memoryBytes = memoryBytes; self.seconds = seconds
    }

    public static let `default` = SandboxLimits()

    /// "64 MiB", "1.5 GiB": how breach messages show a memory cap.
    static func bytesText(_ n: Int) -> String {
        if n >= 1 << 30, n % (1 << 30) == 0 { return "\(n >> 30) GiB" }
        if n >= 1 << 20, n % (1 << 20) == 0 { return "\(n >> 20) MiB" }
        if n >= 1 << 10, n % (1 << 10) == 0 { return "\(n >> 10) KiB" }
        return "\(n) bytes"
    }

    public static func secondsText(_ s: Double) -> String {
        s == s.rounded() ? "\(Int(s)) s" : "\(s) s"
    }
}

/// Which limit stopped a file, read from the shim's out-of-band flag rather than from the error text.
public enum LimitBreach: Equatable, Sendable {
    case instructions(Int64)
    case memory(Int)
    case time(Double)

    public var description: String {
        switch self {
        case .instructions(let n): return "instruction limit of \(n) exceeded"
        case .memory(let n): return "memory limit of \(SandboxLimits.bytesText(n)) exceeded"
        case .time(let s): return "time limit of \(SandboxLimits.secondsText(s)) exceeded"
        }
    }
}
