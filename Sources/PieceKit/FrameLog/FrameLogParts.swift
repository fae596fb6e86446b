/// A frame log cut into what each test wrote, so goldens can be compared and recorded test by test instead of line
/// by line (one test's extra frame would otherwise shift every later line of the file).
///
/// A log is a run of blocks: a header line starts a stage (its `test` key names the test that made it), the frame
/// lines after it are that stage's, and an error line (`{"error":…,"test":…}`) belongs to the test it names. A test
/// may make several stages; the file's top level (no test) is a part of its own, named nil.
public struct FrameLogParts: Sendable, Equatable {
    /// One stage of a test: its header and the lines after it.
    public struct Stage: Sendable, Equatable {
        public var header: String
        /// Frame lines by index, in log order.
        public var frames: [Frame]
        /// Lines that are neither headers nor frames nor errors (a hand-edited golden may have any).
        public var other: [String]
        /// Where the stage starts in the log (its header's line, 1-based), and where each of `other` is: a line
        /// view of a comparison names these.
        public var lineNumber = 0
        public var otherLineNumbers: [Int] = []
    }

    public struct Frame: Sendable, Equatable {
        public var index: Int
        public var time: Double
        public var line: String
        /// Where the line is in the log, 1-based.
        public var lineNumber = 0
    }

    /// What one test wrote.
    public struct Part: Sendable, Equatable {
        /// nil for the file's top level.
        public var test: String?
        public var stages: [Stage] = []
        /// Error lines, in order.
        public var errors: [String] = []
        /// The part's lines as they appeared in the log, for writing it back unchanged.
        public var lines: [String] = []
        /// Where the part's first line and each error line are in the log, 1-based.
        public var lineNumber = 0
        public var errorLineNumbers: [Int] = []
    }

    /// In the order each test first appears.
    public private(set) var parts: [Part] = [] {
        didSet { index = Self.index(parts) }
    }
    /// Where each test's part is, so looking a test up costs the same however many tests a log has.
    private var index: [TestKey: Int] = [:]

    private static func index(_ parts: [Part]) -> [TestKey: Int] {
        var out: [TestKey: Int] = [:]
        for (i, p) in parts.enumerated() where out[TestKey(p.test)] == nil { out[TestKey(p.test)] = i }
        return out
    }

    /// Cuts a log into parts. Never fails: a line that is not JSON stays with the part it follows.
    public init(text: String) {
        var work = HostWork()
        // A `HostWork` without a host refuses nothing.
        self = (try? FrameLogParts(text: text, work: &work)) ?? FrameLogParts(parts: [])
    }

    /// What one line costs the parts beyond its text: its place in a part's lines, and its frame's record.
    static let bytesPerLine = 96

    /// As `init(text:)`, counting each line with `work` before it is kept and asking it as the lines go, so a log
    /// a script made huge is refused by the host's limits rather than copied whole. Each part is changed in place:
    /// the cost is linear in the log's lines.
    public init(text: String, work: inout HostWork) throws(HostLimitReached) {
        var parts: [Part] = []
        var position: [String?: Int] = [:]
        var current: String?? = .none
        var number = 0
        func at(_ test: String?) -> Int {
            if let found = position[test] { return found }
            parts.append(Part(test: test, lineNumber: number))
            position[test] = parts.count - 1
            return parts.count - 1
        }
        func stageOf(_ p: Int) -> Int {
            if parts[p].stages.isEmpty {
                parts[p].stages.append(Stage(header: "", frames: [], other: [], lineNumber: number))
            }
            return parts[p].stages.count - 1
        }
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            try work.step()
            number += 1
            if raw.isEmpty { continue }
            try work.reserve(HostBytes.string(raw.utf8.count) + Self.bytesPerLine)
            let line = String(raw)
            switch Self.classify(line) {
            case .header(let test):
                let p = at(test)
                parts[p].stages.append(Stage(header: line, frames: [], other: [], lineNumber: number))
                parts[p].lines.append(line)
                current = .some(test)
            case .error(let test):
                let p = at(test)
                parts[p].errors.append(line)
                parts[p].errorLineNumbers.append(number)
                parts[p].lines.append(line)
            case .frame(let index, let time):
                let p = at(current ?? nil)
                let s = stageOf(p)
                parts[p].stages[s].frames.append(Frame(index: index, time: time, line: line, lineNumber: number))
                parts[p].lines.append(line)
            case .other:
                let p = at(current ?? nil)
                let s = stageOf(p)
                parts[p].stages[s].other.append(line)
                parts[p].stages[s].otherLineNumbers.append(number)
                parts[p].lines.append(line)
            }
        }
        self.parts = parts
        index = Self.index(parts)
    }

    init(parts: [Part]) {
        self.parts = parts
        index = Self.index(parts)
    }

    public func part(_ test: String?) -> Part? { index[TestKey(test)].map { parts[$0] } }

    public var tests: [String?] { parts.map(\.test) }

    /// The log's text: every part's lines, part after part, each line ending in a newline.
    public var text: String {
        var work = HostWork()
        return (try? text(work: &work)) ?? ""
    }

    /// As `text`, its size counted with `work` before it is made.
    public func text(work: inout HostWork) throws(HostLimitReached) -> String {
        var size = 0
        for part in parts {
            try work.steps(part.lines.count)
            for line in part.lines { size += line.utf8.count + 1 }
        }
        try work.reserve(HostBytes.string(size))
        var out = ""
        out.reserveCapacity(size)
        for part in parts {
            try work.steps(part.lines.count)
            for line in part.lines { out += line; out += "\n" }
        }
        return out
    }

    /// This golden with the parts of `recorded` tests taken from `actual` (a recorded test that wrote nothing is
    /// dropped), every other part kept as it was. A test new to the golden goes after the test it follows in
    /// `actual`, so the golden keeps the file's order.
    public func replacing(_ recorded: Set<TestKey>, from actual: FrameLogParts) -> FrameLogParts {
        var kept: [Part] = []
        for part in parts {
            let key = TestKey(part.test)
            if recorded.contains(key) {
                if let fresh = actual.part(part.test) { kept.append(fresh) }
            } else {
                kept.append(part)
            }
        }
        // New tests go after the test before them in `actual` (itself perhaps new), or first when that test is
        // not in the result.
        var present = Set(kept.map { TestKey($0.test) })
        var fresh: [Part] = []
        for part in actual.parts where recorded.contains(TestKey(part.test)) && self.part(part.test) == nil {
            fresh.append(part)
            present.insert(TestKey(part.test))
        }
        var after: [TestKey?: [Part]] = [:]
        var previous: TestKey?
        var freshKeys = Set(fresh.map { TestKey($0.test) })
        for part in actual.parts {
            let key = TestKey(part.test)
            if freshKeys.remove(key) != nil {
                let anchor = previous.flatMap { present.contains($0) ? $0 : nil }
                after[anchor, default: []].append(part)
            }
            previous = key
        }
        var out: [Part] = []
        func emit(_ part: Part) {
            out.append(part)
            for next in after.removeValue(forKey: TestKey(part.test)) ?? [] { emit(next) }
        }
        for part in after.removeValue(forKey: nil) ?? [] { emit(part) }
        for part in kept { emit(part) }
        return FrameLogParts(parts: out)
    }

    // MARK: Reading lines

    enum Kind: Equatable {
        case header(String?)
        case frame(Int, Double)
        case error(String?)
        case other
    }

    /// What a line is, from its first keys: the log writes `format` first in a header, `frame` first in a frame
    /// line and `error` first in an error line, so only the line's start is read for those.
    static func classify(_ line: String) -> Kind {
        if line.hasPrefix("{\"frame\":") {
            guard let value = JSONValue.parse(line), let n = value["frame"]?.number,
                  let index = Int(exactly: n), let t = value["t"]?.number else { return .other }
            return .frame(index, t)
        }
        if line.hasPrefix("{\"format\":") || line.hasPrefix("{\"error\":") {
            guard let value = JSONValue.parse(line) else { return .other }
            var test: String?
            if case .string(let name)? = value["test"] { test = name }
            return value["format"] != nil ? .header(test) : .error(test)
        }
        return .other
    }
}

/// A test's name as a key (nil is the file's top level), usable in sets.
public struct TestKey: Hashable, Sendable, CustomStringConvertible {
    public let name: String?
    public init(_ name: String?) { self.name = name }
    /// As reports quote it: a name's line breaks and controls escaped, so it cannot start a line of its own.
    public var description: String { name.map { "\"\(ReportText.escaped($0))\"" } ?? "the file's top level" }
}
