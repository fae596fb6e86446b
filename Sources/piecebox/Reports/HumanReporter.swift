import LuaHost
import PieceKit

/// The report a person reads: one line per test, failures in full, totals last. Every name, message and printed
/// line is escaped (`ReportText`), so the totals line is always the runner's own and always the last.
final class HumanReporter: RunReporter {
    let sink: ReportSink
    var verbose = false
    var quiet = false
    var listOnly = false
    var style = TerminalStyle()
    /// `--durations N`: the slowest tests, listed before the totals.
    var slowest = SlowestTests(count: 0)
    /// `piecebox explore`: a passing exploration's counts under its line (`ExploreNote`); `--stats` adds its
    /// actions and its speed.
    var exploreNotes = false
    var exploreStats = false

    init(sink: ReportSink, verbose: Bool = false, quiet: Bool = false, listOnly: Bool = false, style: TerminalStyle = TerminalStyle()) {
        self.sink = sink; self.verbose = verbose; self.quiet = quiet; self.listOnly = listOnly; self.style = style
    }

    func begin(_ info: RunInfo) {
        guard !quiet else { return }
        var header = info.version
        if let shard = info.shard { header += ", shard \(shard)" }
        if let seed = info.seed { header += ", shuffled with --seed \(seed)" }
        if info.repeatCount > 1 { header += ", every file \(info.repeatCount) times" }
        sink.line(header)
    }

    func file(_ run: FileRun) {
        for line in lines(run) { sink.line(line) }
        if !listOnly { slowest.add(run) }
    }

    /// The lines of one file's report; none for a file with no selected test (it ran nothing to call a pass).
    func lines(_ run: FileRun) -> [String] {
        let report = run.report
        guard !run.notStarted, !report.tests.isEmpty else { return [] }
        let label = ReportText.escaped(run.label)
        var lines: [String] = []
        if listOnly {
            lines.append(label)
            for t in report.tests {
                lines.append(t.status == .failed ? "  ✗ \(ReportText.escaped(t.name)): \(ReportText.escaped(t.message))"
                                                 : "  \(ReportText.escaped(t.name))")
            }
            return lines
        }
        let failing = report.failed > 0 || report.notRun > 0
        if quiet, !failing { return [] }
        lines.append((failing ? style.paint("FAIL", .red) : style.paint("PASS", .green)) + " " + label)
        for t in report.tests {
            let name = ReportText.escaped(t.name)
            switch t.status {
            case .passed:
                if !quiet { lines.append("  " + style.paint("✓", .green) + " \(name)") }
                if !quiet, exploreNotes, let note = ExploreNote(t) {
                    for l in note.lines(stats: exploreStats, seconds: t.duration) { lines.append("      " + ReportText.escaped(l)) }
                }
            case .skipped:
                if !quiet { lines.append("  - \(name) (skipped" + (t.message.isEmpty ? ")" : ": \(ReportText.escaped(t.message)))")) }
            case .notRun:
                lines.append("  " + style.paint("○", .yellow) + " \(name) (\(ReportText.escaped(t.message.isEmpty ? "not run" : t.message)))")
            case .failed:
                lines.append("  " + style.paint("✗", .red) + " \(name)")
                for l in ReportText.lines(t.message) { lines.append("      " + l) }
                if !t.traceback.isEmpty {
                    lines.append("      traceback:")
                    for l in t.traceback.split(separator: "\n") { lines.append("    " + ReportText.escaped(String(l))) }
                }
            }
            if (t.status == .failed || (verbose && !quiet)) && !t.output.isEmpty {
                lines.append("      printed:")
                for l in t.output { lines.append("        " + ReportText.printed(l)) }
            }
        }
        if (failing || verbose) && !report.output.isEmpty {
            lines.append("  printed at top level:")
            for l in report.output { lines.append("    " + ReportText.printed(l)) }
        }
        return lines
    }

    func end(_ totals: RunTotals) {
        if listOnly {
            if let why = totals.nothingSelected { sink.line("no test selected: \(why)") }
            sink.line("\(totals.listed) tests in \(totals.files) files")
            return
        }
        for line in notes(totals) { sink.line(line) }
        for line in slowest.lines() { sink.line(line) }
        sink.line(totals.summaryLine)
    }

    /// What the run has to say before its totals.
    func notes(_ totals: RunTotals) -> [String] {
        var out: [String] = []
        if let empty = totals.emptyShard { out.append(empty) }
        if let why = totals.nothingSelected { out.append("no test selected: \(why)") }
        if !totals.filesUsingOnly.isEmpty {
            let files = totals.filesUsingOnly.map(ReportText.escaped)
            out.append(style.paint("warning", .yellow) + ": only the tests marked .only ran in "
                + files.joined(separator: ", ") + "; the others there are counted as skipped")
        }
        if totals.filesNotStarted > 0 {
            out.append("--fail-fast: stopped after the first failure; \(totals.filesNotStarted) file\(totals.filesNotStarted == 1 ? "" : "s") did not start")
        }
        if let seed = totals.seed { out.append("shuffled with --seed \(seed) (give it again to replay this order)") }
        return out
    }
}
