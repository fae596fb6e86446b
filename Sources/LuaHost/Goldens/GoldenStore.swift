import Foundation
import PieceKit

/// Golden files in one folder: read (never through a link out of the folder), compared test by test, recorded by
/// the record mode, written atomically. A failing comparison leaves the log it got beside the golden, as
/// `<name>.actual.jsonl`, for `piecebox diff` or `piecebox film`; a passing one removes a stale one.
///
/// The command line (`--golden`), a script's `toMatchGolden` and Swift tests all go through here.
public struct GoldenStore: Sendable {
    public let folder: String
    public let record: GoldenRecordMode
    public let comparison: GoldenComparison
    /// What summaries call the part written outside any test: a script's golden has only that part, its stage.
    public let topLevel: String
    /// Whether a header key that differs (a token set, the environment) fails a test whose frames match
    /// (`--golden-strict`). Either way the keys are said once per golden, not once per test.
    public let strictHeaders: Bool
    /// Goldens recorded earlier in the same test and not yet written (by path): a check inside a test records
    /// nothing on disk until the test has passed (`HeldGoldens`), so it reads its own earlier recordings here.
    public var held: [String: String] = [:]
    /// Whether a recording is held (handed back in `Outcome.held`) instead of written.
    public var holdsRecordings = false

    public init(folder: String, record: GoldenRecordMode, comparison: GoldenComparison = GoldenComparison(),
                topLevel: String = "the file's top level", strictHeaders: Bool = false) {
        self.folder = folder
        self.record = record
        self.comparison = comparison
        self.topLevel = topLevel
        self.strictHeaders = strictHeaders
    }

    /// Which of the log's tests ran in this run, so a filtered run compares and records only those.
    public struct Selection: Sendable {
        /// Tests that ran (passed or failed). The file's top level always runs.
        public var ran: Set<TestKey>
        /// Tests the file declares but did not run (skipped or filtered out): their golden parts are kept.
        public var notRun: Set<TestKey>
        /// False when some tests may not have been declared or run (the file stopped early, or a filter hid
        /// tests from the report): golden parts of unknown tests are then kept rather than dropped.
        public var complete: Bool
        /// Tests that failed on their own (an assertion, an error): never recorded, whatever the mode, so a golden
        /// holds only frames of tests that passed; and an error line is all that differs, the test's own failure
        /// has said it.
        public var failed: Set<TestKey>
        /// When set, the only tests whose parts may be recorded (the watcher's `u` accepts the tests that failed
        /// their comparison, and no other); `failed` still wins over it.
        public var accepted: Set<TestKey>?

        public init(ran: Set<TestKey>, notRun: Set<TestKey> = [], complete: Bool = true, failed: Set<TestKey> = []) {
            self.ran = ran.union([TestKey(nil)])
            self.notRun = notRun
            self.complete = complete
            self.failed = failed
        }

        /// Every test in the log ran: a whole single-stage golden (`toMatchGolden`) or a Swift test's log.
        public static func everything(in parts: FrameLogParts) -> Selection {
            Selection(ran: Set(parts.tests.map(TestKey.init)))
        }

        func compared(_ key: TestKey) -> Bool { ran.contains(key) }

        /// A golden part for a test that is neither run nor known: a test the file no longer has.
        func stale(_ key: TestKey) -> Bool { complete && !ran.contains(key) && !notRun.contains(key) }
    }

    /// What a check found and did.
    public struct Outcome: Sendable {
        public enum Status: Sendable, Equatable { case matched, recorded, failed }
        public let status: Status
        /// A line or more for the report: what was recorded, or each differing test's summary.
        public let message: String
        /// The tests whose parts differ (before any recording).
        public let differing: [TestKey]
        /// Each failing test's summary, in order, so a runner can show it with that test.
        public var summaries: [(test: TestKey, text: String)] = []
        /// A failure's first line and its closing lines (notes, where to look), around the summaries.
        var opening = ""
        var closing: [String] = []
        /// The header keys that differ, said once for the golden (empty when none do): `headerLine` in one line
        /// for a report that passes, `headerLines` whole.
        public var headerLine = ""
        public var headerLines: [String] = []
        /// In a golden that matched: the tests left unrecorded because they failed, and why (nil when none were).
        public var notRecorded: String?
        /// With `holdsRecordings`: the golden's path and the text the check would have written, nil when it
        /// recorded nothing.
        public var held: (path: String, text: String)?

        public var failing: [TestKey: String] {
            Dictionary(summaries.map { ($0.test, $0.text) }, uniquingKeysWith: { a, _ in a })
        }

        /// The message with the summaries of `apart` left to their tests (a runner shows them there).
        public func message(apart: Set<TestKey>) -> String {
            // A failure before any comparison (no golden, a link out of the folder) has only its message.
            guard !opening.isEmpty else { return message }
            let elsewhere = summaries.filter { apart.contains($0.test) }.map { "  \($0.test) (its summary is with the test)" }
            let here = summaries.filter { !apart.contains($0.test) }.map(\.text)
            return ([opening] + elsewhere + here + closing).joined(separator: "\n")
        }
    }

    /// The golden `name` in the folder.
    public func path(_ name: String) -> String { (folder as NSString).appendingPathComponent(name) }

    /// The actual log written beside a failing golden: `a.jsonl` → `a.actual.jsonl`.
    public static func actualPath(for golden: String) -> String {
        (golden.hasSuffix(".jsonl") ? String(golden.dropLast(6)) : golden) + ".actual.jsonl"
    }

    /// Compares `actual` (a whole log) with the golden `name` and records by the mode. `what` names the golden in
    /// messages (the scenario, or the script's golden name).
    public func check(name: String, actual: String, selection: Selection, what: String) -> Outcome {
        var work = HostWork()
        do { return try check(name: name, actual: actual, selection: selection, what: what, work: &work) } catch {
            // A `HostWork` without a host refuses nothing; said all the same, should one ever.
            return Outcome(status: .failed, message: "\(what): \(error)", differing: [])
        }
    }

    /// As `check(name:actual:selection:what:)`, for a log a script made (`toMatchGolden`): every copy of the log,
    /// of the golden, of their parts and of the text written is counted with `work` before it is made, and the
    /// loops over their lines ask it, so the host's limits refuse a huge stage's golden as they refuse any other
    /// allocation. Throws the limit's refusal.
    func check(name: String, actual: String, selection: Selection, what: String,
               work: inout HostWork) throws(HostLimitReached) -> Outcome {
        // The scenario's path and the golden's are a scenario's words too: printed through the one escaping.
        let what = ReportText.escaped(what)
        if let problem = Self.nameProblem(name) { return Outcome(status: .failed, message: "\(what): \(problem)", differing: []) }
        let golden = path(name), goldenShown = ReportText.escaped(golden)
        let actualParts = try FrameLogParts(text: actual, work: &work)
        let existing: String?
        // Re-recording everything needs nothing from the old golden: a link out of the folder is replaced (the
        // rename replaces the link itself), never read.
        if record == .all, selection.complete, case .outside = FolderBoundary.resolve(golden, inside: folder) {
            existing = nil
        } else if let text = held[golden] {
            existing = text
        } else {
            switch try read(golden, work: &work) {
            case .failure(let problem): return Outcome(status: .failed, message: "\(what): \(problem)", differing: [])
            case .success(let text): existing = text
            }
        }
        guard let existing else {
            guard record.recordsMissing else {
                return Outcome(status: .failed, message: "\(what): no golden at \(goldenShown); record one with --record missing (the default when CI is not set)", differing: [])
            }
            return try recordNew(golden, actual: actualParts, selection: selection, what: what, work: &work)
        }
        let goldenParts = try FrameLogParts(text: existing, work: &work)
        let keys = GoldenComparison.union(goldenParts.tests.map(TestKey.init), actualParts.tests.map(TestKey.init))
        let compared = keys.filter(selection.compared)
        let stale = keys.filter { selection.stale($0) && goldenParts.part($0.name) != nil }
        var differences = try comparison.compare(actual: actualParts, golden: goldenParts, tests: compared, work: &work)
        let header = HeaderNote(differences, strict: strictHeaders)
        // A test whose frames match fails on its header only when asked: a token set changes every header.
        if !strictHeaders { differences.removeAll { !$0.beyondHeader } }
        // A test that failed on its own has said so: an error line that is all that differs says it again.
        differences.removeAll { selection.failed.contains($0.test) && $0.onlyErrorLines(strictHeaders: strictHeaders) }
        // A part new to the golden is recorded when missing parts are; the rest are failures to report.
        let newParts = Set(differences.filter { goldenParts.part($0.test.name) == nil }.map(\.test))
        var toRecord = Set<TestKey>()
        var recording: (path: String, text: String)?
        if record.recordsMissing { toRecord.formUnion(newParts) }
        if record.recordsFailed { toRecord.formUnion(differences.map(\.test)) }
        if record == .all { toRecord.formUnion(compared); toRecord.formUnion(stale) }
        if let accepted = selection.accepted { toRecord.formIntersection(accepted) }
        let unrecordable = toRecord.intersection(selection.failed)
        toRecord.subtract(selection.failed)
        // A failed test new to the golden would have been recorded had it passed: its own failure says it, and the
        // note below names it; the golden does not fail for it too.
        let failing = differences.filter { !toRecord.contains($0.test) && !(unrecordable.contains($0.test) && newParts.contains($0.test)) }
        // A failed test whose part exists and matches needs no recording: only one that would have been is named.
        var notes: [String] = [Self.notRecorded(unrecordable.filter { key in
            differences.contains { $0.test == key } || goldenParts.part(key.name) == nil
        })].compactMap { $0 }
        if !stale.isEmpty && record != .all {
            notes.append("the golden has parts for tests the file no longer has: " + stale.map(\.description).joined(separator: ", ")
                         + " (record with --record all to drop them)")
        }
        if !toRecord.isEmpty {
            let merged = goldenParts.replacing(toRecord, from: actualParts)
            // With every test recorded and nothing kept, the golden is the log as written (byte for byte).
            let text = try Set(keys).isSubset(of: toRecord) ? actualParts.text(work: &work) : merged.text(work: &work)
            if text != existing {
                if holdsRecordings {
                    recording = (golden, text)
                } else if let problem = try write(text, to: golden, work: &work) {
                    return Outcome(status: .failed, message: "\(what): \(problem)", differing: differences.map(\.test))
                }
            }
        }
        let recordedNote = toRecord.isEmpty ? nil
            : "recorded \(Self.tests(toRecord.count)) in \(goldenShown): " + toRecord.sorted { ($0.name ?? "") < ($1.name ?? "") }.map(\.description).joined(separator: ", ")
        if failing.isEmpty && (stale.isEmpty || record == .all) {
            removeActual(golden)
            differences.removeAll { !toRecord.contains($0.test) }
            let shown = differences.filter { !newParts.contains($0.test) }.map { $0.summary(topLevel: topLevel, headerApart: true) }
            var outcome = Outcome(status: toRecord.isEmpty ? .matched : .recorded,
                                  message: ([recordedNote].compactMap { $0 } + notes + shown + header.lines).joined(separator: "\n"),
                                  differing: differences.map(\.test))
            outcome.headerLine = header.line
            outcome.headerLines = header.lines
            outcome.notRecorded = notes.first { $0.hasPrefix("not recorded: ") }
            outcome.held = recording
            return outcome
        }
        return try differing(golden, what: what, actual: actualParts, failing: failing, differences: differences,
                             header: header, notes: notes, recordedNote: recordedNote, recording: recording, work: &work)
    }

    /// A golden that differs: the log as it came out is written beside it, and the outcome says where, how to look
    /// and how to accept, with each failing test's summary.
    private func differing(_ golden: String, what: String, actual actualParts: FrameLogParts,
                           failing: [GoldenComparison.TestDifference], differences: [GoldenComparison.TestDifference],
                           header: HeaderNote, notes: [String], recordedNote: String?,
                           recording: (path: String, text: String)?,
                           work: inout HostWork) throws(HostLimitReached) -> Outcome {
        let goldenShown = ReportText.escaped(golden)
        // The log as it came out, beside the golden, for a closer look.
        _ = try write(try actualParts.text(work: &work), to: Self.actualPath(for: golden), work: &work)
        let first = "\(what): the frame log differs from \(goldenShown) in \(Self.tests(failing.count)) (the log is in \(ReportText.escaped(Self.actualPath(for: golden))))"
        var lines: [String] = []
        // A name a shell takes as it is between double quotes gets its own --test.
        let test = failing.first?.test.name.flatMap { name in
            name.contains(where: { "\"$`\\!\n".contains($0) }) ? nil : " --test \"\(name)\""
        } ?? ""
        let plot = failing.first?.properties.first { $0.largest != nil && $0.path.split(separator: ".").count >= 3 }
            .flatMap { p in p.path.contains(where: { " \"'$`\\!\n;&|<>()*?".contains($0) }) ? nil : " --plot \(p.path)" } ?? ""
        lines.append("to look: piecebox film \(goldenShown) \(ReportText.escaped(Self.actualPath(for: golden)))\(test)\(plot) --out review.html; to accept: --record failed")
        if let recordedNote { lines.append(recordedNote) }
        var outcome = Outcome(status: .failed, message: "", differing: differences.map(\.test))
        outcome.summaries = failing.map { (test: $0.test, text: $0.summary(topLevel: topLevel, headerApart: true)) }
        outcome.opening = first
        outcome.closing = header.lines + notes + lines
        var failed = Outcome(status: .failed, message: outcome.message(apart: []), differing: outcome.differing,
                             summaries: outcome.summaries, opening: first, closing: outcome.closing,
                             headerLine: header.line, headerLines: header.lines)
        failed.held = recording
        return failed
    }

    static func tests(_ n: Int) -> String { n == 1 ? "1 test" : "\(n) tests" }

    /// A golden that does not exist yet, recorded from the tests that ran and passed (a filtered run records their
    /// parts and nothing else); the tests left out for failing are named. A log with no part at all (a file that
    /// made no stage) is recorded empty, so a later stage shows.
    private func recordNew(_ golden: String, actual: FrameLogParts, selection: Selection, what: String,
                           work: inout HostWork) throws(HostLimitReached) -> Outcome {
        let shown = ReportText.escaped(golden)
        let ran = Set(actual.tests.map(TestKey.init)).filter(selection.compared)
        let keep = ran.intersection(selection.accepted ?? ran).subtracting(selection.failed)
        let left = Self.notRecorded(ran.intersection(selection.failed)).map { "; \($0)" } ?? ""
        guard !keep.isEmpty || left.isEmpty else {
            return Outcome(status: .recorded, message: "recorded no golden at \(shown)" + left, differing: [])
        }
        let recorded = try FrameLogParts(text: "").replacing(keep, from: actual).text(work: &work)
        var outcome = Outcome(status: .recorded, message: "recorded \(shown) (\(Self.tests(keep.count)))" + left, differing: [])
        if holdsRecordings {
            outcome.held = (golden, recorded)
            return outcome
        }
        if let problem = try write(recorded, to: golden, work: &work) {
            return Outcome(status: .failed, message: "\(what): \(problem)", differing: [])
        }
        removeActual(golden)
        return outcome
    }

    /// The tests a recording left out because they failed on their own, and why; nil when none were.
    static func notRecorded(_ keys: Set<TestKey>) -> String? {
        guard !keys.isEmpty else { return nil }
        let names = keys.sorted { ($0.name ?? "") < ($1.name ?? "") }.map(\.description).joined(separator: ", ")
        return "not recorded: \(names) (\(keys.count == 1 ? "it" : "they") failed; fix \(keys.count == 1 ? "it" : "them"), then record)"
    }

    // MARK: Files

    /// A golden's name is a path inside the folder: no part of it may be empty, `.` or `..` (`a/./b.jsonl` would be
    /// another scenario's golden, `a/../b.jsonl` one outside the folder).
    static func nameProblem(_ name: String) -> String? {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard name.hasPrefix("/") || parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else { return nil }
        return "the golden name \"\(name)\" has an empty, '.' or '..' part; a golden is a file inside its folder"
    }

    /// Why nothing may be read from or written to the folder: it leads out of its project (a link put in place of
    /// `goldens`), as `OutputPlan.projectBoundary` draws it; nil when it stays inside.
    func folderProblem() -> String? {
        let boundary: (location: PathLocation, what: String)
        switch OutputPlan.projectBoundary(of: folder, isFolder: true) {
        case .success(let found): boundary = found
        case .failure(let problem): return problem.description
        }
        switch PathLocation.of(folder, followingLast: true) {
        case .failure(let problem): return problem.description
        case .success(let location):
            guard boundary.location.contains(location) else {
                return "the golden folder \(folder) leads out of \(boundary.what) (to \(location.real)); goldens stay inside the project"
            }
            return nil
        }
    }

    /// The golden's text; nil when there is none; a failure for a link out of the folder or an unreadable file.
    func read(_ golden: String) -> Result<String?, GoldenProblem> {
        var work = HostWork()
        return (try? read(golden, work: &work)) ?? .failure(GoldenProblem("cannot read the golden \(golden)"))
    }

    /// As `read(_:)`, the file's bytes and their text counted with `work` before they are read.
    func read(_ golden: String, work: inout HostWork) throws(HostLimitReached) -> Result<String?, GoldenProblem> {
        if let problem = folderProblem() { return .failure(GoldenProblem(problem)) }
        switch FolderBoundary.resolve(golden, inside: folder) {
        case .missing: return .success(nil)
        case .outside(let real):
            // Its lines would be printed as differences: a golden folder must not be a window onto other files.
            return .failure(GoldenProblem("the golden \(golden) is a link out of \(folder) (to \(real)); links out of the golden folder are refused"))
        case .inside(let real):
            let size = (try? FileManager.default.attributesOfItem(atPath: real))?[.size] as? Int ?? 0
            try work.reserve(2 * HostBytes.string(size))
            switch RegularFile.read(real) {
            case .success(let data): return .success(String(decoding: data, as: UTF8.self))
            case .failure(let problem): return .failure(GoldenProblem("cannot read the golden \(golden): \(problem.reason)"))
            }
        }
    }

    /// Writes through a fresh temporary file and one rename: never half written, never through a planted link.
    /// The folder (and a golden's own subfolder) must be inside the goldens' folder once links are resolved.
    func write(_ text: String, to file: String) -> String? {
        var work = HostWork()
        return (try? write(text, to: file, work: &work)) ?? "cannot write \(file)"
    }

    /// As `write(_:to:)`, the bytes' copy counted with `work` before it is made.
    func write(_ text: String, to file: String, work: inout HostWork) throws(HostLimitReached) -> String? {
        try work.reserve(HostBytes.string(text.utf8.count))
        if let problem = folderProblem() { return "cannot write \(file): \(problem)" }
        let parent = PathText.parent(file)
        // Checked before any folder is made: a script's golden subfolder that is a link out makes nothing there.
        if case .success(let root) = PathLocation.of(folder, followingLast: true),
           case .success(let place) = PathLocation.of(parent, followingLast: true), !root.contains(place) {
            return "cannot write \(file): its folder is a link out of \(folder) (to \(place.real))"
        }
        do { try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true) } catch {
            return "cannot make the folder \(parent): \(error.localizedDescription)"
        }
        if case .outside(let real) = FolderBoundary.resolve(parent, inside: folder) {
            return "cannot write \(file): its folder is a link out of \(folder) (to \(real))"
        }
        if case .failure(let problem) = AtomicFile.write(Data(text.utf8), to: file) {
            return "cannot write \(file): \(problem.reason)"
        }
        return nil
    }

    /// A stale actual log goes once its golden matches; only a plain file is removed.
    func removeActual(_ golden: String) {
        let actual = Self.actualPath(for: golden)
        guard case .inside = FolderBoundary.resolve(actual, inside: folder),
              (try? FileManager.default.attributesOfItem(atPath: actual)[.type] as? FileAttributeType) == .typeRegular
        else { return }
        try? FileManager.default.removeItem(atPath: actual)
    }
}

public struct GoldenProblem: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}
