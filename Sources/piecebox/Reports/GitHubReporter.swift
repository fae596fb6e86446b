import LuaHost
import PieceKit

/// GitHub Actions annotations: an `::error` workflow command per failed or not-run test, placed at the failure's
/// file and line, so the failure shows on the pull request's diff. On by default when `GITHUB_ACTIONS=true`.
/// Values are escaped as the workflow commands require, so a message can never end the command or start another.
final class GitHubReporter: RunReporter {
    let sink: ReportSink

    init(sink: ReportSink) { self.sink = sink }

    func begin(_ info: RunInfo) {}

    func file(_ run: FileRun) {
        guard !run.notStarted else { return }
        for t in run.report.tests where t.status == .failed || t.status == .notRun {
            let at = FailureLocation.parse(t.message)
            var properties = ["file=" + Self.property(at?.file ?? run.report.path)]
            if let at { properties.append("line=\(at.line)") }
            properties.append("title=" + Self.property("\(run.label) > \(t.name)"))
            var message = t.message
            if !t.output.isEmpty { message += "\nprinted:\n" + t.output.prefix(20).joined(separator: "\n") }
            sink.command("::error " + properties.joined(separator: ",") + "::" + Self.data(message))
        }
    }

    func end(_ totals: RunTotals) {
        if !totals.filesUsingOnly.isEmpty {
            sink.command("::warning title=piecebox::" + Self.data("only the tests marked .only ran in " + totals.filesUsingOnly.joined(separator: ", ")))
        }
        if let why = totals.nothingSelected { sink.command("::error title=piecebox::" + Self.data("no test selected: " + why)) }
    }

    /// A command's message: `%`, CR and LF escaped as the workflow commands require (so the message keeps its lines
    /// and cannot end the command), every other character the reports escape shown by its code as they show it.
    static func data(_ s: String) -> String {
        ReportText.escapedFor(s) { scalar in
            switch scalar {
            case "%": return "%25"
            case "\r": return "%0D"
            case "\n": return "%0A"
            default: return nil
            }
        }
    }

    /// A property value: one line, also `:` and `,` escaped, which end a property.
    static func property(_ s: String) -> String {
        ReportText.escaped(s).replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
