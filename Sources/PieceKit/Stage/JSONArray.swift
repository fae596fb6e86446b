/// A JSON array built by appending, the companion of `JSONObject` for mixed or nested elements
/// (`[Double]`, `[String]` and the like can be appended to an object directly).
public struct JSONArray: JSONWritable, Sendable {
    public let format: JSONNumberFormat
    /// Everything after the opening bracket so far.
    private var body = ""
    public private(set) var count = 0

    public init(format: JSONNumberFormat = .standard) {
        self.format = format
    }

    /// Appends one element.
    public mutating func append<Value: JSONWritable>(_ value: Value) {
        appendSeparator()
        value.writeJSON(into: &body, format: format)
    }

    /// Appends `null`.
    public mutating func appendNull() {
        appendSeparator()
        body += "null"
    }

    /// Appends a nested object built in place, with this array's format.
    public mutating func append(object build: (inout JSONObject) -> Void) {
        var child = JSONObject(format: format)
        build(&child)
        append(child)
    }

    /// The array as JSON text.
    public var json: String { "[" + body + "]" }

    public func writeJSON(into out: inout String, format: JSONNumberFormat) {
        out += "["
        out += body
        out += "]"
    }

    private mutating func appendSeparator() {
        if count > 0 { body += "," }
        count += 1
    }
}
