import Foundation
import LuaHost

/// JUnit XML as Jenkins, GitLab and Bazel read it: one `testsuite` per scenario file (per run of it, with
/// `--repeat`), one `testcase` per test with its time; a failure carries its message and `file:line`, a test that
/// did not run is an `error`, a skipped one `skipped`, and what a test printed is in its own `system-out`.
final class JUnitReporter: RunReporter {
    let sink: ReportSink
    private var info = RunInfo()
    private var suites: [String] = []
    private var counts = (tests: 0, failures: 0, errors: 0, skipped: 0)
    private var time = 0.0

    init(sink: ReportSink) { self.sink = sink }

    func begin(_ info: RunInfo) { self.info = info }

    func file(_ run: FileRun) {
        guard !run.notStarted else { return }
        let r = run.report
        let duration = max(r.duration, r.tests.reduce(0) { $0 + $1.duration })
        counts.tests += r.tests.count
        counts.failures += r.failed
        counts.errors += r.notRun
        counts.skipped += r.skipped
        time += duration
        var x = "  <testsuite name=\(Self.attribute(run.label)) tests=\"\(r.tests.count)\" failures=\"\(r.failed)\""
            + " errors=\"\(r.notRun)\" skipped=\"\(r.skipped)\" time=\"\(Self.seconds(duration))\">\n"
        x += "    <properties>\n"
        x += "      <property name=\"piecebox.version\" value=\(Self.attribute(PieceboxVersion.number))/>\n"
        if let seed = info.seed { x += "      <property name=\"piecebox.seed\" value=\"\(seed)\"/>\n" }
        if let shard = info.shard { x += "      <property name=\"piecebox.shard\" value=\"\(shard)\"/>\n" }
        x += "    </properties>\n"
        for t in r.tests {
            x += "    <testcase name=\(Self.attribute(t.name)) classname=\(Self.attribute(r.path)) time=\"\(Self.seconds(t.duration))\""
            if let at = FailureLocation.parse(t.message), t.status == .failed { x += " file=\(Self.attribute(at.file)) line=\"\(at.line)\"" }
            let children: String
            switch t.status {
            case .passed: children = ""
            case .skipped:
                children = "      <skipped" + (t.message.isEmpty ? "" : " message=\(Self.attribute(t.message))") + "/>\n"
            case .notRun:
                children = "      <error type=\"not run\" message=\(Self.attribute(t.message))/>\n"
            case .failed:
                let firstLine = String(t.message.prefix { $0 != "\n" })
                let body = t.message + (t.traceback.isEmpty ? "" : "\ntraceback:\n" + t.traceback)
                children = "      <failure type=\"failure\" message=\(Self.attribute(firstLine))>\(Self.text(body))</failure>\n"
            }
            let out = t.output.isEmpty ? "" : "      <system-out>\(Self.text(t.output.joined(separator: "\n")))</system-out>\n"
            if children.isEmpty && out.isEmpty {
                x += "/>\n"
            } else {
                x += ">\n" + children + out + "    </testcase>\n"
            }
        }
        if !r.output.isEmpty { x += "    <system-out>\(Self.text(r.output.joined(separator: "\n")))</system-out>\n" }
        x += "  </testsuite>"
        suites.append(x)
    }

    func end(_ totals: RunTotals) {
        sink.line("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        sink.line("<testsuites name=\(Self.attribute(info.version)) tests=\"\(counts.tests)\" failures=\"\(counts.failures)\""
            + " errors=\"\(counts.errors)\" skipped=\"\(counts.skipped)\" time=\"\(Self.seconds(time))\">")
        for s in suites { sink.line(s) }
        sink.line("</testsuites>")
    }

    static func seconds(_ s: Double) -> String {
        guard s.isFinite, s >= 0 else { return "0.000" }
        return String(format: "%.3f", s)
    }

    /// Text content: markup characters escaped, and characters XML cannot hold at all shown as `\u{…}`.
    static func text(_ s: String) -> String { XMLEscape.escape(s, .reportText) }

    /// A quoted attribute value; line breaks kept as character references so a parser gives them back.
    static func attribute(_ s: String) -> String { "\"" + XMLEscape.escape(s, .reportAttribute) + "\"" }
}
