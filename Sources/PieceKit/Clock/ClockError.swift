/// Why the virtual clock refused a request. Thrown rather than trapped, because every one of these can come
/// straight from a scenario script.
public enum ClockError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The frame rate was zero, negative or above `VirtualClock.maximumFPS`.
    case invalidFPS(Int)
    /// Time only moves forward; a negative frame count or duration was asked for.
    case backwards(String)
    /// A duration was NaN or infinite.
    case notFinite(Double)
    /// The frame index would no longer fit in an `Int`.
    case overflow

    public var description: String {
        switch self {
        case .invalidFPS(let fps):
            return "fps must be between 1 and \(VirtualClock.maximumFPS), got \(fps)"
        case .backwards(let what):
            return "the clock only moves forward, got \(what)"
        case .notFinite(let value):
            return "a clock duration must be a finite number of seconds, got \(number: value)"
        case .overflow:
            return "the frame index no longer fits in an Int"
        }
    }
}
