/// An ordered JSON object built by appending: keys come out in insertion order, never hash order, so a
/// frame log line is the same bytes on every run. It is a writer, not a map: appending a key twice writes
/// it twice, so callers append each key once.
///
/// The text is rendered as values are appended, with this object's `format`. A nested object or array
/// appended to it keeps the text it already has (build nested ones with the `object:`/`array:` helpers to
/// share the parent's format).
public struct JSONObject: JSONWritable, Sendable {
    public let format: JSONNumberFormat
    /// Everything after the opening brace so far.
    private var body = ""
    public private(set) var count = 0

    public init(format: JSONNumberFormat = .standard) {
        self.format = format
    }

    /// Appends `"key":value`.
    public mutating func append<Value: JSONWritable>(_ key: String, _ value: Value) {
        appendKey(key)
        value.writeJSON(into: &body, format: format)
    }

    /// Appends `"key":null`.
    public mutating func appendNull(_ key: String) {
        appendKey(key)
        body += "null"
    }

    /// Appends a nested object built in place, with this object's format.
    public mutating func append(_ key: String, object build: (inout JSONObject) -> Void) {
        var child = JSONObject(format: format)
        build(&child)
        append(key, child)
    }

    /// Appends a nested array built in place, with this object's format.
    public mutating func append(_ key: String, array build: (inout JSONArray) -> Void) {
        var child = JSONArray(format: format)
        build(&child)
        append(key, child)
    }

    /// The object as JSON text, without a newline.
    public var json: String { "{" + body + "}" }

    /// Nested objects keep their own rendering; the parent's format does not re-render them.
    public func writeJSON(into out: inout String, format: JSONNumberFormat) {
        out += "{"
        out += body
        out += "}"
    }

    private mutating func appendKey(_ key: String) {
        if count > 0 { body += "," }
        count += 1
        JSONString.write(key, into: &body)
        body += ":"
    }
}
