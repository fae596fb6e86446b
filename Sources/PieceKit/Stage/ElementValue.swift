/// A non-animated value a piece publishes (a title, a glyph name, a flag) or an event carries, and the value an
/// implicit animation watches. Three kinds are enough for anything a Lua script can hand over.
public enum ElementValue: Sendable, Equatable, CustomStringConvertible, JSONWritable {
    case number(Double)
    case text(String)
    case bool(Bool)

    /// NaN equals NaN here: "did the watched value change" must not say yes every update for a NaN.
    public static func == (a: ElementValue, b: ElementValue) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): return x == y || (x.isNaN && y.isNaN)
        case (.text(let x), .text(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .number(let x): return x.description
        case .text(let s): return s
        case .bool(let b): return b.description
        }
    }

    public func writeJSON(into out: inout String, format: JSONNumberFormat) {
        switch self {
        case .number(let x): format.write(x, into: &out)
        case .text(let s): JSONString.write(s, into: &out)
        case .bool(let b): out += b ? "true" : "false"
        }
    }
}

/// A name and a value, kept in a list so the order a piece or event gives them is the order they are logged.
public struct NamedValue: Sendable, Equatable {
    public let name: String
    public let value: ElementValue

    public init(_ name: String, _ value: ElementValue) {
        self.name = name
        self.value = value
    }
}
