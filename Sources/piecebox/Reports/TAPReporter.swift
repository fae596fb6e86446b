import LuaHost
import PieceKit

/// TAP: one test point per test, numbered across the whole run, the plan at the end. A failure carries
/// a YAML block (message, file and line, traceback); what a test printed goes in its block too, so it stays with
/// its test. Descriptions are escaped (`#` as `\#`, controls as in `ReportText`) so a name cannot start a
/// directive or a line of its own.
///
/// The stream uses nothing TAP 14 added (no subtests, no pragmas), so it says version 13 unless asked for 14
/// (`--tap-version 14`): the most installed consumer, Perl's `prove`, refuses a version past 13.
final class TAPReporter: RunReporter {
    let sink: ReportSink
    let version: TAPVersion
    private var number = 0

    init(sink: ReportSink, version: TAPVersion = .standard) {
        self.sink = sink
        self.version = version
    }

    func begin(_ info: RunInfo) {
        sink.line("TAP version \(version.rawValue)")
        var header = "# \(info.version)"
        if let shard = info.shard { header += ", shard \(shard)" }
        if let seed = info.seed { header += ", shuffled with --seed \(seed)" }
        sink.line(header)
    }

    func file(_ run: FileRun) {
        guard !run.notStarted else { return }
        for t in run.report.tests {
            number += 1
            let description = Self.description("\(run.label) > \(t.name)")
            var block: [(String, String)] = []
            switch t.status {
            case .passed:
                sink.line("ok \(number) - \(description)")
            case .skipped:
                sink.line("ok \(number) - \(description) # SKIP" + (t.message.isEmpty ? "" : " " + Self.description(t.message)))
            case .failed, .notRun:
                sink.line("not ok \(number) - \(description)" + (t.status == .notRun ? " (not run)" : ""))
                block.append(("message", Self.quoted(t.message)))
                block.append(("severity", Self.quoted(t.status == .notRun ? "not run" : "fail")))
                if let at = FailureLocation.parse(t.message) {
                    block.append(("at", "{ file: \(Self.quoted(at.file)), line: \(at.line) }"))
                }
                if !t.traceback.isEmpty { block.append(("traceback", Self.quoted(t.traceback))) }
            }
            if !t.output.isEmpty {
                block.append(("output", "[" + t.output.map(Self.quoted).joined(separator: ", ") + "]"))
            }
            if !block.isEmpty {
                sink.line("  ---")
                for (key, value) in block { sink.line("  \(key): \(value)") }
                sink.line("  ...")
            }
        }
        if !run.report.output.isEmpty {
            for l in run.report.output { sink.line("# " + ReportText.escaped(l)) }
        }
    }

    func end(_ totals: RunTotals) {
        sink.line("1..\(number)")
        if let why = totals.nothingSelected { sink.line("# no test selected: \(ReportText.escaped(why))") }
        if !totals.filesUsingOnly.isEmpty {
            sink.line("# warning: only the tests marked .only ran in " + totals.filesUsingOnly.map(ReportText.escaped).joined(separator: ", "))
        }
        sink.line("# " + totals.summaryLine)
    }

    /// A test point's description: one line, no `#` that would start a directive.
    static func description(_ text: String) -> String {
        ReportText.escaped(text).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "#", with: "\\#")
    }

    /// A YAML double-quoted scalar: JSON's string syntax is one, once DEL and the C1 controls (which YAML does not
    /// allow raw) are escaped too.
    static func quoted(_ text: String) -> String {
        let json = JSONString.quoted(text)
        guard json.unicodeScalars.contains(where: { (0x7F...0x9F).contains($0.value) }) else { return json }
        var out = ""
        for scalar in json.unicodeScalars {
            if (0x7F...0x9F).contains(scalar.value) {
                out += "\\u00" + String(scalar.value, radix: 16, uppercase: true)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// The version line a TAP report carries: 13 by default, 14 only when `--tap-version 14` asks (the lines are the same).
enum TAPVersion: Int, CaseIterable {
    case v13 = 13, v14 = 14
    static let standard = TAPVersion.v13
}
