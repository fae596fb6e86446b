/// Compares a log with its golden test by test, stage by stage and frame by frame (frames are matched by their
/// index, never by line), so a change in one test is reported in that test only, with a summary a reviewer can act
/// on: the frames that differ, the largest difference of each property, and how moving properties now settle and
/// overshoot against how they did.
///
/// It is the one comparison of two frame logs: goldens (`--golden`, `toMatchGolden`), `piecebox diff` and its
/// `--html` page print its summaries, and `piecebox diff --lines` its findings one by one at their lines
/// (`lineDifferences`), so the views cannot disagree on what differs.
public struct GoldenComparison: Sendable {
    /// How far apart two numbers may be and still be equal, for a property path (`nowPlaying.surface.h`; header
    /// keys by their path in the header). Tolerances are never negative.
    public struct Tolerance: Sendable {
        public var standard: Double
        /// By whole path or by property name (`h`); the whole path wins.
        public var byProperty: [String: Double]

        public init(_ standard: Double = 0.0005, byProperty: [String: Double] = [:]) {
            self.standard = standard.isNaN ? 0 : max(standard, 0)
            self.byProperty = byProperty.mapValues { $0.isNaN ? 0 : max($0, 0) }
        }

        public func of(_ path: String) -> Double {
            if let whole = byProperty[path] { return whole }
            if let dot = path.lastIndex(of: "."), let named = byProperty[String(path[path.index(after: dot)...])] {
                return named
            }
            return standard
        }
    }

    /// One property's largest difference over a test.
    public struct PropertyDifference: Sendable, Equatable {
        /// `nowPlaying.surface.h`, `events`, …
        public let path: String
        /// For numbers: the largest |now − golden|; nil for other values (text, a property that appeared).
        public let largest: Double?
        public let stage: Int
        public let frame: Int
        public let time: Double
        public let actual: String
        public let expected: String
        /// Frames in which this property differs.
        public let frames: Int
    }

    /// How a moving property's motion changed: the golden's movements against the log's, paired in order.
    public struct MotionChange: Sendable, Equatable {
        public let path: String
        public let stage: Int
        public let before: [Movement]
        public let after: [Movement]
    }

    /// What differs in one test (empty when it matches).
    public struct TestDifference: Sendable, Equatable {
        public let test: TestKey
        /// Things that are not a frame's values: a missing test, a stage more or less, a header key, missing frames,
        /// error lines.
        public var problems: [String] = []
        /// (stage, frame, time) of each frame whose values differ.
        public var frames: [FrameMark] = []
        /// Frames compared, over all stages.
        public var framesCompared = 0
        public var properties: [PropertyDifference] = []
        public var motion: [MotionChange] = []
        /// The same findings one by one at the lines they are on, for `piecebox diff --lines`: kept only when the
        /// comparison is asked for them (the first `lines` of each test), so a golden check makes none.
        public var lines: [LineDifference] = []
        /// The header keys that differ, stage by stage (each is in `problems` too, in its words): a run with a token
        /// set differs from its goldens only here, so a golden check says them once per file and fails on them only
        /// when asked (`--golden-strict`).
        public var header: [HeaderDifference] = []
        /// The test's error lines differ (one of `problems` says how).
        public var errorLinesDiffer = false

        public var isEmpty: Bool { problems.isEmpty && frames.isEmpty }
        /// Something besides a header key differs: a frame, a stage, a test, an error line.
        public var beyondHeader: Bool { !frames.isEmpty || problems.count > header.count }
        /// Its error lines are all that differs (its header keys too, unless they count, `strictHeaders`): a test
        /// that failed on its own has said this already.
        public func onlyErrorLines(strictHeaders: Bool) -> Bool {
            errorLinesDiffer && frames.isEmpty && problems.count == header.count + 1 && (!strictHeaders || header.isEmpty)
        }
    }

    /// One header key that differs in one stage.
    public struct HeaderDifference: Sendable, Equatable, Hashable {
        public let stage: Int
        public let path: String
        public let actual: String
        public let expected: String
        /// As `problems` words it.
        public var text: String { "stage \(stage) header: \(path) is \(actual), golden \(expected)" }
    }

    public struct FrameMark: Sendable, Equatable {
        public let stage: Int
        public let frame: Int
        public let time: Double
    }

    public var tolerance: Tolerance
    /// Moving properties summarised per stage.
    static let motionLimit = 40

    public init(tolerance: Tolerance = Tolerance()) {
        self.tolerance = tolerance
    }

    /// Compares the parts of `actual` and `golden` for the given tests (both logs' tests when nil). A test in one
    /// and not the other is a difference. Returns one entry per test that differs, in the golden's order.
    public func compare(actual: FrameLogParts, golden: FrameLogParts, tests: [TestKey]? = nil) -> [TestDifference] {
        var work = HostWork()
        // A `HostWork` without a host refuses nothing.
        return (try? compare(actual: actual, golden: golden, tests: tests, work: &work)) ?? []
    }

    /// As `compare(actual:golden:tests:)`, asking `work` as the frames go and before the motion summary's tables
    /// of numbers are made. With `lines` above 0, each test also keeps its first `lines` findings one by one at
    /// their lines (`TestDifference.lines`), each counted with `work` before it is kept.
    public func compare(actual: FrameLogParts, golden: FrameLogParts, tests: [TestKey]? = nil, lines: Int = 0,
                        work: inout HostWork) throws(HostLimitReached) -> [TestDifference] {
        let keys = tests ?? Self.union(golden.tests.map(TestKey.init), actual.tests.map(TestKey.init))
        var out: [TestDifference] = []
        for key in keys {
            let a = actual.part(key.name), g = golden.part(key.name)
            var d = TestDifference(test: key)
            let found = Findings(room: lines)
            switch (a, g) {
            case (nil, nil): continue
            case (let a?, nil):
                try found.problem("the golden has no part for this test (record it with --record missing)",
                                  at: a.lineNumber, in: .actual, into: &d, work: &work)
            case (nil, let g?):
                try found.problem("the test wrote nothing to the log; the golden has \(g.stages.count) stage(s) for it",
                                  at: g.lineNumber, in: .golden, into: &d, work: &work)
            case (let a?, let g?): try compare(a, g, into: &d, found: found, work: &work)
            }
            if !d.isEmpty { out.append(d) }
        }
        return out
    }

    /// The line view of the comparison (`piecebox diff --lines`): the first `limit` findings, test by test, each at
    /// its line. Empty exactly when `compare` finds no difference.
    public func lineDifferences(actual: FrameLogParts, golden: FrameLogParts, limit: Int = 10) -> [LineDifference] {
        var work = HostWork()
        let room = max(limit, 1)
        let tests = (try? compare(actual: actual, golden: golden, lines: room, work: &work)) ?? []
        return Array(tests.flatMap(\.lines).prefix(room))
    }

    public static func union(_ a: [TestKey], _ b: [TestKey]) -> [TestKey] {
        var seen = Set(a)
        return a + b.filter { seen.insert($0).inserted }
    }

    /// Adds findings to a test's difference: each problem to its summary, and while there is room, each finding at
    /// its line. Nothing for the line view is made when there is no room, so a golden check does no more work.
    struct Findings {
        let room: Int

        init(room: Int) { self.room = max(room, 0) }

        func wanted(_ d: TestDifference) -> Bool { d.lines.count < room }

        func problem(_ text: String, at line: Int, in log: LineDifference.Log,
                     into d: inout TestDifference, work: inout HostWork) throws(HostLimitReached) {
            d.problems.append(text)
            if wanted(d) {
                try keep(LineDifference(test: d.test, line: line, log: log, problem: text), into: &d, work: &work)
            }
        }

        func keep(_ entry: LineDifference, into d: inout TestDifference,
                  work: inout HostWork) throws(HostLimitReached) {
            guard wanted(d) else { return }
            try work.reserve(LineDifference.bytes + HostBytes.string(entry.path.utf8.count)
                             + HostBytes.string(entry.actual.utf8.count) + HostBytes.string(entry.expected.utf8.count)
                             + HostBytes.string(entry.problem?.utf8.count ?? 0))
            d.lines.append(entry)
        }
    }

    private func compare(_ a: FrameLogParts.Part, _ g: FrameLogParts.Part, into d: inout TestDifference,
                         found: Findings, work: inout HostWork) throws(HostLimitReached) {
        // The summary says these first; the line view, after the stages' findings, as their lines come later.
        var late: [(problem: String, line: Int, log: LineDifference.Log)] = []
        if a.stages.count != g.stages.count {
            // At the first stage only one of the logs has.
            let more = a.stages.count > g.stages.count
            let first = (more ? a : g).stages[min(a.stages.count, g.stages.count)].lineNumber
            d.problems.append("the test made \(a.stages.count) stage(s); the golden has \(g.stages.count)")
            late.append((d.problems[d.problems.count - 1], first, more ? .actual : .golden))
        }
        if a.errors != g.errors {
            d.errorLinesDiffer = true
            let now = a.errorLineNumbers.first, then = g.errorLineNumbers.first
            d.problems.append("its error lines differ: now \(Self.clip(a.errors.first ?? "none")), golden \(Self.clip(g.errors.first ?? "none"))")
            late.append((d.problems[d.problems.count - 1], now ?? then ?? a.lineNumber,
                         now != nil || then == nil ? .actual : .golden))
        }
        var largest = Largest()
        for s in 0..<min(a.stages.count, g.stages.count) {
            try compareStage(a.stages[s], g.stages[s], stage: s + 1, into: &d, found: found, largest: &largest,
                             work: &work)
        }
        for finding in late where found.wanted(d) {
            try found.keep(LineDifference(test: d.test, line: finding.line, log: finding.log, problem: finding.problem),
                           into: &d, work: &work)
        }
        // Largest numeric differences first, then the rest in the order they were found.
        d.properties = largest.order.compactMap { largest.byPath[$0] }.enumerated().sorted { l, r in
            let x = l.element.largest ?? -1, y = r.element.largest ?? -1
            return x != y ? x > y : l.offset < r.offset
        }.map(\.element)
        var rank: [String: Int] = [:]
        for (i, p) in d.properties.enumerated() where rank[p.path] == nil { rank[p.path] = i }
        d.motion.sort { a, b in
            let x = rank[a.path] ?? .max, y = rank[b.path] ?? .max
            return x != y ? x < y : a.stage < b.stage
        }
    }

    /// Each property's largest difference, in the order properties were first found to differ.
    private struct Largest {
        var byPath: [String: PropertyDifference] = [:]
        var order: [String] = []
    }

    /// One stage of a test: its header, its lines that are not frames, its frames matched by index, and how the
    /// properties that differ move.
    private func compareStage(_ sa: FrameLogParts.Stage, _ sg: FrameLogParts.Stage, stage: Int,
                              into d: inout TestDifference, found: Findings, largest: inout Largest,
                              work: inout HostWork) throws(HostLimitReached) {
        for (path, x, y, _) in differences(Self.leaves(sa.header, header: true), Self.leaves(sg.header, header: true)) {
            let key = HeaderDifference(stage: stage, path: path, actual: x, expected: y)
            d.header.append(key)
            d.problems.append(key.text)
            if found.wanted(d) {
                try found.keep(LineDifference(test: d.test, line: sa.lineNumber, path: path, actual: x, expected: y),
                               into: &d, work: &work)
            }
        }
        if sa.other != sg.other {
            d.problems.append("stage \(stage): lines that are not frames differ")
            if found.wanted(d) { try otherLines(sa, sg, stage: stage, into: &d, found: found, work: &work) }
        }
        let frames = try compareFrames(sa, sg, stage: stage, into: &d, found: found, largest: &largest, work: &work)
        let seen = frames.seen, extra = frames.extra
        let missing = sg.frames.map(\.index).filter { !seen.contains($0) }
        if !missing.isEmpty { d.problems.append("stage \(stage): \(Self.count(missing)) of the golden's frames are missing (\(Self.indices(missing)))") }
        if !missing.isEmpty && found.wanted(d) {
            for f in sg.frames where found.wanted(d) && !seen.contains(f.index) {
                try work.step()
                try found.keep(LineDifference(test: d.test, line: f.lineNumber, log: .golden, frame: f.index,
                                              time: f.time, actual: "absent", expected: Self.clip(f.line)),
                               into: &d, work: &work)
            }
        }
        if !extra.isEmpty { d.problems.append("stage \(stage): \(Self.count(extra)) frames the golden does not have (\(Self.indices(extra)))") }
        try compareMotion(frames.changedPaths, sa, sg, stage: stage, into: &d, work: &work)
    }

    /// The stage's frames, matched by index: each that differs marked, each property's largest difference noted.
    /// Returns the frame indices the log has, those the golden lacks, and the paths that differ in the order found.
    private func compareFrames(_ sa: FrameLogParts.Stage, _ sg: FrameLogParts.Stage, stage: Int,
                               into d: inout TestDifference, found: Findings, largest: inout Largest,
                               work: inout HostWork) throws(HostLimitReached)
        -> (seen: Set<Int>, extra: [Int], changedPaths: [String]) {
        try work.reserve((sg.frames.count + sa.frames.count) * Self.bytesPerIndexedFrame)
        var goldenFrames: [Int: FrameLogParts.Frame] = [:]
        for f in sg.frames where goldenFrames[f.index] == nil {
            try work.step()
            goldenFrames[f.index] = f
        }
        var seen = Set<Int>()
        var extra: [Int] = []
        var changedPaths: [String] = []
        var changedSet = Set<String>()
        for f in sa.frames {
            try work.step()
            guard seen.insert(f.index).inserted else { continue }
            guard let gf = goldenFrames[f.index] else {
                extra.append(f.index)
                if found.wanted(d) {
                    try found.keep(LineDifference(test: d.test, line: f.lineNumber, frame: f.index, time: f.time,
                                                  actual: Self.clip(f.line), expected: "absent"),
                                   into: &d, work: &work)
                }
                continue
            }
            d.framesCompared += 1
            if f.line == gf.line { continue }
            let differing = differences(Self.leaves(f.line), Self.leaves(gf.line)).filter { $0.0 != "frame" }
            guard !differing.isEmpty else { continue }
            d.frames.append(FrameMark(stage: stage, frame: f.index, time: f.time))
            for (path, x, y, delta) in differing {
                if found.wanted(d) {
                    try found.keep(LineDifference(test: d.test, line: f.lineNumber, frame: f.index, time: f.time,
                                                  path: path, actual: x, expected: y),
                                   into: &d, work: &work)
                }
                if changedSet.insert(path).inserted {
                    try work.reserve(3 * HostBytes.string(path.utf8.count) + Self.bytesPerIndexedFrame)
                    changedPaths.append(path)
                }
                Self.note(path, delta: delta, stage: stage, frame: f, actual: x, expected: y, in: &largest)
            }
        }
        return (seen, extra, changedPaths)
    }

    /// Keeps `delta` as the property's largest difference when it is larger than the one kept (or the first).
    private static func note(_ path: String, delta: Double?, stage: Int, frame f: FrameLogParts.Frame,
                             actual x: String, expected y: String, in largest: inout Largest) {
        let name = path.hasPrefix("pieces.") ? String(path.dropFirst(7)) : path
        if let old = largest.byPath[name] {
            let bigger = (delta ?? -1) > (old.largest ?? -1)
            largest.byPath[name] = PropertyDifference(
                path: name, largest: bigger ? delta : old.largest, stage: bigger ? stage : old.stage,
                frame: bigger ? f.index : old.frame, time: bigger ? f.time : old.time,
                actual: bigger ? x : old.actual, expected: bigger ? y : old.expected, frames: old.frames + 1)
        } else {
            largest.order.append(name)
            largest.byPath[name] = PropertyDifference(path: name, largest: delta, stage: stage, frame: f.index,
                                                      time: f.time, actual: x, expected: y, frames: 1)
        }
    }

    /// How the moving properties among `changedPaths` move now against the golden (settle time, overshoot).
    private func compareMotion(_ changedPaths: [String], _ sa: FrameLogParts.Stage, _ sg: FrameLogParts.Stage,
                               stage: Int, into d: inout TestDifference,
                               work: inout HostWork) throws(HostLimitReached) {
        // How moving properties among those that differ now move, against the golden.
        // The summary shows a few; a bound keeps a log with a great many properties linear.
        let moving = Array(changedPaths.filter { $0.hasPrefix("pieces.") }.prefix(Self.motionLimit))
        let heldBefore = work.held
        let goldenNumbers = moving.isEmpty ? [] : try Self.numbers(sg.frames, work: &work)
        let actualNumbers = moving.isEmpty ? [] : try Self.numbers(sa.frames, work: &work)
        for path in moving {
            // Each path's two series, made and let go one path at a time.
            let series = HostBytes.array(goldenNumbers.count + actualNumbers.count, of: (time: Double, value: Double).self)
            try work.reserve(series)
            try work.steps(goldenNumbers.count + actualNumbers.count)
            let before = MotionSummary.movements(Self.series(path, in: goldenNumbers))
            let after = MotionSummary.movements(Self.series(path, in: actualNumbers))
            work.release(series)
            if before.isEmpty && after.isEmpty { continue }
            d.motion.append(MotionChange(path: String(path.dropFirst(7)), stage: stage, before: before, after: after))
        }
        // The tables of numbers go with this stage.
        work.release(work.held - heldBefore)
    }

    /// The line view of a stage's lines that are not frames: pair by pair, the values that differ, at the log's
    /// line; a line only one log has, whole. When no value differs (two lines equal within the tolerance but not
    /// in their text), the first line that differs, with the summary's words.
    private func otherLines(_ sa: FrameLogParts.Stage, _ sg: FrameLogParts.Stage, stage: Int,
                            into d: inout TestDifference, found: Findings,
                            work: inout HostWork) throws(HostLimitReached) {
        func number(_ numbers: [Int], _ n: Int, or fallback: Int) -> Int { n < numbers.count ? numbers[n] : fallback }
        let before = d.lines.count
        var firstDiffering: Int?
        for n in 0..<max(sa.other.count, sg.other.count) where found.wanted(d) {
            try work.step()
            let now = number(sa.otherLineNumbers, n, or: sa.lineNumber)
            if n < sa.other.count, n < sg.other.count {
                if sa.other[n] == sg.other[n] { continue }
                if firstDiffering == nil { firstDiffering = now }
                for (path, x, y, _) in differences(Self.leaves(sa.other[n]), Self.leaves(sg.other[n])) where found.wanted(d) {
                    try found.keep(LineDifference(test: d.test, line: now, path: path, actual: x, expected: y),
                                   into: &d, work: &work)
                }
            } else if n < sa.other.count {
                try found.keep(LineDifference(test: d.test, line: now, actual: Self.clip(sa.other[n]), expected: "absent"),
                               into: &d, work: &work)
            } else {
                try found.keep(LineDifference(test: d.test, line: number(sg.otherLineNumbers, n, or: sg.lineNumber),
                                              log: .golden, actual: "absent", expected: Self.clip(sg.other[n])),
                               into: &d, work: &work)
            }
        }
        if d.lines.count == before {
            try found.keep(LineDifference(test: d.test, line: firstDiffering ?? sa.lineNumber, log: .actual,
                                          problem: "stage \(stage): lines that are not frames differ"),
                           into: &d, work: &work)
        }
    }

    // MARK: Values

    /// A line's values by path (`pieces.nowPlaying.surface.h`, `events[1].kind`, `t`), in the line's order. A
    /// header leaves out `scenario`, the path the run was given.
    static func leaves(_ line: String, header: Bool = false) -> [(String, JSONValue)] {
        guard let value = JSONValue.parse(line) else { return line.isEmpty ? [] : [("(line)", .string(line))] }
        var out: [(String, JSONValue)] = []
        func walk(_ v: JSONValue, _ path: String) {
            switch v {
            case .object(let fields):
                if fields.isEmpty { out.append((path, v)) }
                for (k, x) in fields where !(header && path.isEmpty && k == "scenario") {
                    walk(x, path.isEmpty ? k : path + "." + k)
                }
            case .array(let items):
                out.append((path.isEmpty ? "(entries)" : path + ".count", .number(Double(items.count))))
                for (i, x) in items.enumerated() { walk(x, "\(path)[\(i + 1)]") }
            default: out.append((path, v))
            }
        }
        walk(value, "")
        return out
    }

    /// (path, now, golden, |difference| for two numbers) for every value that differs.
    func differences(_ a: [(String, JSONValue)], _ g: [(String, JSONValue)]) -> [(String, String, String, Double?)] {
        var actual: [String: JSONValue] = [:]
        for (k, v) in a where actual[k] == nil { actual[k] = v }
        var out: [(String, String, String, Double?)] = []
        var goldenKeys = Set<String>()
        for (path, y) in g where goldenKeys.insert(path).inserted {
            let x = actual[path]
            if case .number(let p)? = x, case .number(let q) = y {
                if abs(p - q) > tolerance.of(path.hasPrefix("pieces.") ? String(path.dropFirst(7)) : path) {
                    out.append((path, Self.text(x), Self.text(y), abs(p - q)))
                }
            } else if x != y {
                out.append((path, Self.text(x), Self.text(y), nil))
            }
        }
        var extra = Set<String>()
        for (path, x) in a where !goldenKeys.contains(path) && extra.insert(path).inserted {
            out.append((path, Self.text(x), "absent", nil))
        }
        return out
    }

    /// What each frame costs the comparison: its entry in the golden's table by index, in the set of frames seen,
    /// and its mark when it differs (the line itself is shared, not copied).
    static let bytesPerIndexedFrame = 128
    /// What the motion summary's table of one frame's numbers costs, per byte of the frame's line: a number takes
    /// some ten bytes of its line (its key and digits) and some eighty in the table (its whole path and value).
    static let tableBytesPerLineByte = 8

    /// Each frame's numbers by path, for the motion summary; each frame's table counted with `work` before it is
    /// made.
    static func numbers(_ frames: [FrameLogParts.Frame],
                        work: inout HostWork) throws(HostLimitReached) -> [(time: Double, values: [String: Double])] {
        var out: [(time: Double, values: [String: Double])] = []
        try work.reserve(HostBytes.array(frames.count, of: (time: Double, values: [String: Double]).self))
        out.reserveCapacity(frames.count)
        for f in frames {
            try work.reserve(64 + tableBytesPerLineByte * f.line.utf8.count)
            var values: [String: Double] = [:]
            for (k, v) in leaves(f.line) { if case .number(let x) = v, values[k] == nil { values[k] = x } }
            out.append((f.time, values))
        }
        return out
    }

    static func series(_ path: String, in frames: [(time: Double, values: [String: Double])]) -> [(time: Double, value: Double)] {
        frames.compactMap { f in f.values[path].map { (f.time, $0) } }
    }

    static func text(_ value: JSONValue?) -> String {
        switch value {
        case nil: return "absent"
        case .null?: return "null"
        case .bool(let b)?: return b ? "true" : "false"
        case .number(let x)?: return JSONNumberFormat(decimals: 6).format(x)
        case .string(let s)?: return "\"\(clip(s))\""
        case .array(let items)?: return "\(items.count) entries"
        case .object(let fields)?: return "{" + fields.map(\.key).joined(separator: ", ") + "}"
        }
    }

    static func clip(_ s: String) -> String { s.count > 80 ? String(s.prefix(77)) + "..." : s }

    static func count(_ list: [Int]) -> String { "\(list.count)" }

    static func indices(_ list: [Int]) -> String {
        guard let first = list.first, let last = list.last else { return "" }
        return list.count == 1 ? "frame \(first)" : "frames \(first)…\(last)"
    }
}
