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
