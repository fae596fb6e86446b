import PieceKit

/// What happened to one test.
public struct TestResult: Equatable, Sendable {
    /// `notRun`: selected, but cut off before it ran (a limit or a crash earlier in the file, or --fail-fast). It
    /// fails the run: a test that never ran has not passed.
    public enum Status: String, Sendable { case passed, failed, skipped, notRun }
    /// The full name, "group > inner group > test".
    public var name: String
    public var status: Status
    /// The failure, with file:line first; empty when it passed.
    public var message: String = ""
    public var traceback: String = ""
    /// What the test printed, in order.
    public var output: [String] = []
    /// The groups it is in, "outer > inner" (empty at the file's top level), so reports can show the name apart.
    public var group: String = ""
    /// Its tags and its groups' tags.
    public var tags: [String] = []
    /// Wall-clock seconds it took, hooks included (0 when it did not run). Only machine-read reports show it.
    public var duration: Double = 0
    /// Who wrote the failure; see `Source`.
    public var source: Source = .scenario
    /// A failing exploration's minimal scenario, a test file of its own (written by `piecebox explore --save`).
    public var scenario: String?
    /// What the test's exploration found and counted (`ExploreOutcome`'s JSON text): the counts a pass reports,
    /// the failures a share of `--jobs` hands on, the records its database keeps. Nil for any other test.
    public var exploration: String?

    /// Who wrote a failure. `--! expect-error` may match only what the scenario and its sandbox said: a failure the
    /// runner writes about the worker (a crash, a kill) must never let a file declare itself a pass. Of a worker killed
    /// at its time limit, only the limit's own words (`limit`) count.
    public enum Source: Equatable, Sendable {
        case scenario
        case runner(limit: String?)
    }

    public init(name: String, status: Status, message: String = "", traceback: String = "", output: [String] = [],
                group: String = "", tags: [String] = [], duration: Double = 0, source: Source = .scenario) {
        self.name = name; self.status = status; self.message = message; self.traceback = traceback; self.output = output
        self.group = group; self.tags = tags; self.duration = duration; self.source = source
    }

    /// Equal results say the same things; how long they took is a measurement, not part of the result, so two runs
    /// of one file give equal reports.
    public static func == (a: TestResult, b: TestResult) -> Bool {
        a.name == b.name && a.status == b.status && a.message == b.message && a.traceback == b.traceback
            && a.output == b.output && a.group == b.group && a.tags == b.tags && a.source == b.source
            && a.scenario == b.scenario && a.exploration == b.exploration
    }

    /// The test's own name, without its groups.
    public var shortName: String {
        guard !group.isEmpty, name.hasPrefix(group + " > ") else { return name }
        return String(name.dropFirst(group.count + 3))
    }

    /// The text `--! expect-error` may match: everything the scenario said, or of the runner's words only a limit.
    public var expectableText: String? {
        switch source {
        case .scenario: return message
        case .runner(let limit): return limit
        }
    }

    /// The longest name a report keeps, in UTF-8 bytes. Names and messages come from the script and are copied into
    /// the report, the worker's events and the runner's pipe, so each copy is bounded, not the script's to size.
    public static let nameLimit = ReportLimits.nameBytes
    /// The longest message or traceback a report keeps, in UTF-8 bytes.
    public static let messageLimit = ReportLimits.messageBytes

    /// `text` cut to at most `limit` UTF-8 bytes, saying how much was left out (`ReportText.clip`).
    public static func clip(_ text: String, limit: Int) -> String { ReportText.clip(text, limit: limit) }

    /// This result with its name, message and traceback cut to the report's limits.
    public func clipped() -> TestResult {
        var out = TestResult(name: Self.clip(name, limit: Self.nameLimit), status: status,
                             message: Self.clip(message, limit: Self.messageLimit),
                             traceback: Self.clip(traceback, limit: Self.messageLimit), output: output,
                             group: Self.clip(group, limit: Self.nameLimit), tags: tags, duration: duration, source: source)
        // A scenario is kept whole or not at all: a cut one would not run.
        out.scenario = scenario.flatMap { $0.utf8.count <= Self.messageLimit ? $0 : nil }
        out.exploration = exploration
        return out
    }

    /// About how many bytes this result holds, to count a file's report against its memory cap.
    var estimatedBytes: Int {
        96 + name.utf8.count + message.utf8.count + traceback.utf8.count + (scenario?.utf8.count ?? 0) + (exploration?.utf8.count ?? 0) + output.reduce(0) { $0 + 32 + $1.utf8.count }
    }
}

/// What happened to one scenario file. A file-level error (syntax, an error outside any test, a limit)
/// counts as one failed test named after the file, so it can never pass silently.
public struct FileReport: Equatable, Sendable {
    public var path: String
    public var tests: [TestResult] = []
    /// What the file printed outside any test.
    public var output: [String] = []

    /// Whether the file used `test.only`/`it.only`/`describe.only`, so the summary can warn that only some ran.
    public var usedOnly = false
    /// Wall-clock seconds the file took, worker start to end (what `--shard-timings` balances by).
    public var duration: Double = 0
    /// Whether a sandbox limit (instructions, memory, time) stopped the file. Not part of what the report says:
    /// a long-lived worker retires after such a file, so the next file never shares a process with it.
    public var stoppedAtLimit = false

    public init(path: String, tests: [TestResult] = [], output: [String] = [], usedOnly: Bool = false) {
        self.path = path; self.tests = tests; self.output = output; self.usedOnly = usedOnly
    }

    /// Equal reports say the same things (durations left out, as for `TestResult`).
    public static func == (a: FileReport, b: FileReport) -> Bool {
        a.path == b.path && a.tests == b.tests && a.output == b.output && a.usedOnly == b.usedOnly
    }

    public var passed: Int { tests.filter { $0.status == .passed }.count }
    public var failed: Int { tests.filter { $0.status == .failed }.count }
    public var skipped: Int { tests.filter { $0.status == .skipped }.count }
    public var notRun: Int { tests.filter { $0.status == .notRun }.count }
}

extension FileReport {
    /// This report with one more failure: the file's own (it did not run, or stopped outside any test).
    func failingFile(_ message: String, traceback: String = "") -> FileReport {
        var report = self
        report.tests.append(TestResult(name: "(file)", status: .failed, message: message, traceback: traceback))
        return report
    }
}
