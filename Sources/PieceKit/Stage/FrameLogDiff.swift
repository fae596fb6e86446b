/// Compares two frame logs (JSON Lines) the way a golden file should be compared: line by line, and inside a
/// line that differs, key by key, so the report names the first frame and the `piece.element.property` that
/// moved, with both values.
///
/// Numbers within `tolerance` of each other are equal (the default, half of the log's last printed decimal, lets
/// a golden made on one platform pass on another whose floating point rounds the other way at the last digit).
/// Header lines are compared without their `scenario` key, which holds the path the run was given.
public struct FrameLogDiff: Sendable {
    public struct Difference: Sendable, Equatable, CustomStringConvertible {
        /// 1-based line number in both logs.
        public let line: Int
        /// The frame index and time of the line, when it is a frame line.
        public let frame: Int?
        public let time: Double?
        /// `pieces.nowPlaying.surface.h`, `events`, or "" for a whole line.
        public let path: String
        public let actual: String
        public let expected: String

        public var description: String {
            var place = "line \(line)"
            if let frame {
                place += " (frame \(frame)" + (time.map { ", t = " + JSONNumberFormat(decimals: 6).format($0) } ?? "") + ")"
            }
            // The path and the values are the scenario's words: through the one escaping, so a name cannot print a
            // control sequence or a line of its own.
            let shown = ReportText.escaped
            return "\(place): \(path.isEmpty ? "the line" : shown(path)) is \(shown(actual)), expected \(shown(expected))"
        }
    }

    public let tolerance: Double
    /// Seconds one comparison may take before it stops and fails (nil: no limit). Lets a runner bound the golden
    /// comparison by the run's time limit without passing a deadline to every call.
    public let timeLimit: Double?

    public init(tolerance: Double = 0.0005, timeLimit: Double? = nil) {
        self.tolerance = tolerance.isNaN ? 0 : max(tolerance, 0)
        // Durations past a year are no limit at all (and a huge Double would not make a Duration).
        self.timeLimit = timeLimit.flatMap { $0.isFinite && $0 > 0 && $0 < 31_536_000 ? $0 : nil }
    }

    /// Up to `limit` differences between `actual` and `expected` (the golden), in line order.
    ///
    /// Linear in the size of the logs (keys are matched through a table, not by searching), so a hostile golden
    /// cannot make it slow. Past `deadline` (by default `timeLimit` from now) it stops and reports the line it
    /// reached as not compared, which fails the comparison: a runner bounds the time a golden may take this way.
    public func differences(actual: String, expected: String, limit: Int = 10,
                            deadline: ContinuousClock.Instant? = nil) -> [Difference] {
        let deadline = deadline ?? timeLimit.map { ContinuousClock.now + .seconds($0) }
        let a = Self.lines(actual), e = Self.lines(expected)
        var found: [Difference] = []
        for index in 0..<max(a.count, e.count) where found.count < limit {
            let lineNumber = index + 1
            if let deadline, ContinuousClock.now > deadline {
                found.append(Difference(line: lineNumber, frame: nil, time: nil, path: "",
                                        actual: "not compared (the comparison ran out of time)",
                                        expected: "the rest of the golden"))
                break
            }
            guard index < a.count else {
                found.append(Difference(line: lineNumber, frame: nil, time: nil, path: "",
                                        actual: "missing (the log ends)", expected: Self.clip(e[index])))
                continue
            }
            guard index < e.count else {
                found.append(Difference(line: lineNumber, frame: nil, time: nil, path: "",
                                        actual: Self.clip(a[index]), expected: "missing (the golden ends)"))
                continue
            }
            if a[index] == e[index] { continue }
            let left = Self.parse(a[index]), right = Self.parse(e[index])
            guard let left, let right else {
                found.append(Difference(line: lineNumber, frame: nil, time: nil, path: "",
                                        actual: Self.clip(a[index]), expected: Self.clip(e[index])))
                continue
            }
            // A hand-edited log may hold any number here (1e400 reads as inf), and Int(_:) traps on those.
            let frame = left["frame"]?.number.flatMap { Int(exactly: $0) }
            let time = left["t"]?.number
            var paths: [(String, String, String)] = []
            compare(left, right, path: "", header: left["frame"] == nil, room: limit - found.count, into: &paths)
            for (path, x, y) in paths.prefix(limit - found.count) {
                found.append(Difference(line: lineNumber, frame: frame, time: time, path: path, actual: x, expected: y))
            }
        }
        return found
    }

    // MARK: Structure

    /// Collects differing paths into `out`, at most `room` of them (the caller keeps no more).
    private func compare(_ a: JSONValue?, _ e: JSONValue?, path: String, header: Bool, room: Int,
                         into out: inout [(String, String, String)]) {
        guard out.count < room else { return }
        switch (a, e) {
        case (.object(let x)?, .object(let y)?):
            // Keys in the golden's order, then any the log has that the golden lacks; a repeated key reads its
            // first value, as `JSONValue[key]` does.
            let xFirst = Self.firstIndices(x), yFirst = Self.firstIndices(y)
            let keys = y.map(\.key) + x.map(\.key).filter { yFirst[$0] == nil }
            for key in keys where !(header && path.isEmpty && key == "scenario") {
                guard out.count < room else { return }
                compare(xFirst[key].map { x[$0].value }, yFirst[key].map { y[$0].value },
                        path: path.isEmpty ? key : path + "." + key, header: header, room: room, into: &out)
            }
        case (.array(let x)?, .array(let y)?):
            guard x.count == y.count else {
                out.append((path, "\(x.count) entries", "\(y.count) entries"))
                return
            }
            for (i, pair) in zip(x, y).enumerated() {
                guard out.count < room else { return }
                compare(pair.0, pair.1, path: "\(path)[\(i + 1)]", header: header, room: room, into: &out)
            }
        case (.number(let x)?, .number(let y)?):
            if abs(x - y) > tolerance { out.append((path, Self.text(a), Self.text(e))) }
        default:
            if a != e { out.append((path, Self.text(a), Self.text(e))) }
        }
    }

    /// Where each key first appears in an object's fields.
    private static func firstIndices(_ fields: [(key: String, value: JSONValue)]) -> [String: Int] {
        var first: [String: Int] = [:]
        first.reserveCapacity(fields.count)
        for (i, field) in fields.enumerated() where first[field.key] == nil { first[field.key] = i }
        return first
    }

    // MARK: Helpers

    private static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    private static func parse(_ line: String) -> JSONValue? {
        let value = JSONValue.parse(line)
        if case .object? = value { return value }
        return nil
    }

    private static func text(_ value: JSONValue?) -> String {
        switch value {
        case nil: return "absent"
        case .null?: return "null"
        case .bool(let b)?: return b ? "true" : "false"
        case .number(let x)?: return JSONNumberFormat(decimals: 6).format(x)
        case .string(let s)?: return "\"\(s)\""
        case .array(let items)?: return "\(items.count) entries"
        case .object(let fields)?: return "{" + fields.map(\.key).joined(separator: ", ") + "}"
        }
    }

    private static func clip(_ line: String) -> String {
        line.count > 120 ? String(line.prefix(117)) + "..." : line
    }
}
