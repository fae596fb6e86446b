/// Why a frame log could not be written. Each case names the file, so a CI failure points at it.
public enum JSONLogError: Error, Equatable, Sendable, CustomStringConvertible {
    case cannotCreate(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    case cannotRename(from: String, to: String, reason: String)
    /// The log was already closed or abandoned.
    case closed(path: String)
    /// A raw line with a line break would split into two JSON Lines records.
    case lineBreakInLine(path: String)

    public var description: String {
        switch self {
        case .cannotCreate(let path, let reason): return "cannot create log \(path): \(reason)"
        case .cannotWrite(let path, let reason): return "cannot write log \(path): \(reason)"
        case .cannotRename(let from, let to, let reason): return "cannot move log \(from) to \(to): \(reason)"
        case .closed(let path): return "log \(path) is already closed"
        case .lineBreakInLine(let path): return "a line for log \(path) contains a line break"
        }
    }
}
