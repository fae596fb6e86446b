import Foundation

/// A scenario that shows a refusal declares it in a header line, `--! expect-error: TEXT`. Such a file
/// passes only if it fails with a message containing TEXT, so a sandbox that stops refusing is caught.
public enum ExpectedError {
    /// The expected text declared in the first lines of `source`, if any.
    public static func declared(in source: String) -> String? {
        for line in source.split(separator: "\n", omittingEmptySubsequences: false).prefix(10) {
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.hasPrefix("--! expect-error:") {
                let text = t.dropFirst("--! expect-error:".count).trimmingCharacters(in: .whitespaces)
                return text.isEmpty ? nil : text
            }
        }
        return nil
    }

    /// Turns the report of a file that declared an expected error into one result: passed when some
    /// failure carries the text, failed otherwise (saying what happened instead).
    public static func apply(_ expected: String, to report: FileReport) -> FileReport {
        let failures = report.tests.filter { $0.status == .failed }
        var result: TestResult
        if let hit = failures.first(where: { $0.message.contains(expected) }) {
            result = TestResult(name: "refuses: \(expected)", status: .passed, output: hit.output)
            result.message = hit.message
        } else if let other = failures.first {
            result = TestResult(name: "refuses: \(expected)", status: .failed,
                                message: "expected an error containing \"\(expected)\", but it failed with: \(other.message)",
                                traceback: other.traceback)
        } else {
            result = TestResult(name: "refuses: \(expected)", status: .failed,
                                message: "\(report.path): expected an error containing \"\(expected)\", but nothing failed")
        }
        return FileReport(path: report.path, tests: [result], output: report.output)
    }
}
