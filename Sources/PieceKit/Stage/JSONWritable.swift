/// Anything that can write itself as one JSON value straight into a line being built: no intermediate
/// value tree, so a frame with hundreds of numbers costs one growing string.
/// Stage types (a rect, an event) conform to log themselves in a fixed key order.
public protocol JSONWritable {
    func writeJSON(into out: inout String, format: JSONNumberFormat)
}

extension Double: JSONWritable {
    public func writeJSON(into out: inout String, format: JSONNumberFormat) {
        format.write(self, into: &out)
    }
}

extension Int: JSONWritable {
    /// Integers are exact; no precision applies.
    public func writeJSON(into out: inout String, format: JSONNumberFormat) {
        out += String(self)
    }
}

extension String: JSONWritable {
    public func writeJSON(into out: inout String, format: JSONNumberFormat) {
        JSONString.write(self, into: &out)
    }
}

extension Bool: JSONWritable {
    public func writeJSON(into out: inout String, format: JSONNumberFormat) {
        out += self ? "true" : "false"
    }
}

extension Optional: JSONWritable where Wrapped: JSONWritable {
    /// `nil` writes `null`.
    public func writeJSON(into out: inout String, format: JSONNumberFormat) {
        switch self {
        case .some(let value): value.writeJSON(into: &out, format: format)
        case .none: out += "null"
        }
    }
}

extension Array: JSONWritable where Element: JSONWritable {
    public func writeJSON(into out: inout String, format: JSONNumberFormat) {
        out += "["
        for index in indices {
            if index > 0 { out += "," }
            self[index].writeJSON(into: &out, format: format)
        }
        out += "]"
    }
}
