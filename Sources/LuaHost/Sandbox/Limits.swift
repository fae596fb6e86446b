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
    package static func bytesText(_ n: Int) -> String {
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

/// Reading a limit as a person typed it, in a header or on the command line. Every value is checked whole: a
/// fraction that would round to 0 (which means "no limit") or a number too big to convert is refused with a
/// reason, never rounded into something looser and never left to trap.
extension SandboxLimits {
    /// The most instructions a limit may name: far past any real run, and well inside Int64.
    public static let largestInstructions: Int64 = 1_000_000_000_000_000_000
    /// The smallest memory cap, 1 KiB: anything smaller is a typo, and a fraction of a byte would round to "none".
    public static let smallestMemoryMiB = 1.0 / 1024
    /// 1 TiB.
    public static let largestMemoryMiB = 1_048_576.0
    /// About eleven and a half days: far past any real run, and small enough to add to a clock in nanoseconds.
    public static let largestSeconds = 1_000_000.0

    /// Instructions from text: a whole number from 1 (or 0 for none, when `allowsNone`).
    public static func instructions(from text: String, allowsNone: Bool) -> Result<Int64, LimitValueError> {
        let lowest = allowsNone ? "0 (no limit)" : "1"
        let wanted = "a whole number of instructions from \(lowest) to \(largestInstructions)"
        guard let n = Double(text), n.isFinite else { return .failure(LimitValueError(wanted: wanted, got: text)) }
        guard n == n.rounded() else { return .failure(LimitValueError(wanted: wanted, got: text, why: "not a whole number")) }
        guard n >= (allowsNone ? 0 : 1), n <= Double(largestInstructions) else {
            return .failure(LimitValueError(wanted: wanted, got: text, why: "out of range"))
        }
        return .success(Int64(n))
    }

    /// A memory cap from text in MiB (fractions allowed), as whole bytes rounded down so a cap only gets tighter.
    public static func memoryBytes(fromMiB text: String, allowsNone: Bool) -> Result<Int, LimitValueError> {
        let lowest = allowsNone ? "0 (no cap) or from 1 KiB (\(smallestMemoryMiB))" : "from 1 KiB (\(smallestMemoryMiB))"
        let wanted = "a number of MiB, \(lowest) to \(Int(largestMemoryMiB)) (1 TiB)"
        guard let n = Double(text), n.isFinite else { return .failure(LimitValueError(wanted: wanted, got: text)) }
        if allowsNone, n == 0 { return .success(0) }
        guard n >= smallestMemoryMiB, n <= largestMemoryMiB else {
            return .failure(LimitValueError(wanted: wanted, got: text, why: "out of range"))
        }
        return .success(Int((n * 1_048_576).rounded(.down)))
    }

    /// Wall-clock seconds from text: more than 0 (or 0 for none, when `allowsNone`), fractions allowed.
    public static func seconds(from text: String, allowsNone: Bool) -> Result<Double, LimitValueError> {
        let lowest = allowsNone ? "0 (no limit) or more" : "more than 0"
        let wanted = "a number of seconds, \(lowest), at most \(Int(largestSeconds))"
        guard let n = Double(text), n.isFinite else { return .failure(LimitValueError(wanted: wanted, got: text)) }
        guard allowsNone ? n >= 0 : n > 0, n <= largestSeconds else {
            return .failure(LimitValueError(wanted: wanted, got: text, why: "out of range"))
        }
        return .success(n)
    }
}

/// A limit value that was refused: what was wanted and what was written.
public struct LimitValueError: Error, Equatable, Sendable, CustomStringConvertible {
    public let wanted: String
    public let got: String
    public var why: String?

    public init(wanted: String, got: String, why: String? = nil) {
        self.wanted = wanted; self.got = got; self.why = why
    }

    public var description: String {
        let shown = got.count > 40 ? String(got.prefix(37)) + "..." : got
        return "needs \(wanted), got \"\(shown)\"" + (why.map { " (\($0))" } ?? "")
    }
}
