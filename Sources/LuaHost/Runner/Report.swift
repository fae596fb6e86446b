/// What happened to one test.
public struct TestResult: Equatable, Sendable {
    public enum Status: String, Sendable { case passed, failed, skipped }
    public var name: String
    public var status: Status
    /// The failure, with file:line first; empty when it passed.
    public var message: String = ""
    public var traceback: String = ""
    /// What the test printed, in order.
    public var output: [String] = []

    public init(name: String, status: Status, message: String = "", traceback: String = "", output: [String] = []) {
        self.name = name; self.status = status; self.message = message; self.traceback = traceback; self.output = output
    }

    /// The longest name a report keeps, in UTF-8 bytes. Names and messages come from the script and are copied into
    /// the report, the worker's events and the runner's pipe, so each copy is bounded, not the script's to size.
    public static let nameLimit = 512
    /// The longest message or traceback a report keeps, in UTF-8 bytes.
    public static let messageLimit = 16 << 10

    /// `text` cut to at most `limit` UTF-8 bytes (at a character boundary), saying how much was left out.
    public static func clip(_ text: String, limit: Int) -> String {
        let count = text.utf8.count
        guard count > limit else { return text }
        let room = max(limit - 40, 0)
        var kept = String(decoding: Array(text.utf8.prefix(room)), as: UTF8.self)
        // A cut inside a character decodes as a replacement character: drop back to fit.
        while kept.utf8.count > room { kept.removeLast() }
        return kept + "... (\(count - kept.utf8.count) more bytes)"
    }

    /// This result with its name, message and traceback cut to the report's limits.
    public func clipped() -> TestResult {
        TestResult(name: Self.clip(name, limit: Self.nameLimit), status: status,
                   message: Self.clip(message, limit: Self.messageLimit),
                   traceback: Self.clip(traceback, limit: Self.messageLimit), output: output)
    }

    /// About how many bytes this result holds, to count a file's report against its memory cap.
    var estimatedBytes: Int {
        96 + name.utf8.count + message.utf8.count + traceback.utf8.count + output.reduce(0) { $0 + 32 + $1.utf8.count }
    }
}

/// What happened to one scenario file. A file-level error (syntax, an error outside any test, a limit)
/// counts as one failed test named after the file, so it can never pass silently.
public struct FileReport: Equatable, Sendable {
    public var path: String
    public var tests: [TestResult] = []
    /// What the file printed outside any test.
    public var output: [String] = []

    public init(path: String, tests: [TestResult] = [], output: [String] = []) {
        self.path = path; self.tests = tests; self.output = output
    }

    public var passed: Int { tests.filter { $0.status == .passed }.count }
    public var failed: Int { tests.filter { $0.status == .failed }.count }
    public var skipped: Int { tests.filter { $0.status == .skipped }.count }
}
