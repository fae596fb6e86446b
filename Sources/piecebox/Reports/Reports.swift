import Foundation
import LuaHost

/// The reports of one run: what `--reporter` asked for (human on standard output when nothing else goes there,
/// github too when `GITHUB_ACTIONS=true`), each told the same things in the same order.
final class Reports: @unchecked Sendable {
    private var reporters: [RunReporter] = []
    private var sinks: [ReportSink] = []
    private let terminal: TerminalOutput
    private let listOnly: Bool

    init(_ choices: [ReporterChoice], cmd: RunCommand, style: TerminalStyle) {
        listOnly = cmd.options.listOnly
        let humanOnScreen = choices.contains { $0.format == .human && $0.path == nil }
        terminal = TerminalOutput(showsProgress: style.progress && humanOnScreen && !cmd.options.listOnly)
        for choice in choices {
            let format: WorkflowCommands.Format = choice.format == .json ? .json : choice.format == .junit ? .xml : .text
            let sink = ReportSink(path: choice.path, terminal: choice.path == nil ? terminal : nil, format: format)
            sinks.append(sink)
            switch choice.format {
            case .human:
                let human = HumanReporter(sink: sink, verbose: cmd.verbose, quiet: cmd.ci.quiet,
                                          listOnly: cmd.options.listOnly, style: choice.path == nil ? style : TerminalStyle())
                human.slowest = SlowestTests(count: cmd.ci.slowest)
                human.exploreNotes = cmd.exploring
                human.exploreStats = cmd.explore.stats
                reporters.append(human)
            case .tap: reporters.append(TAPReporter(sink: sink, version: cmd.ci.tapVersion ?? .standard))
            case .junit: reporters.append(JUnitReporter(sink: sink))
            case .json: reporters.append(JSONReporter(sink: sink))
            case .github: reporters.append(GitHubReporter(sink: sink))
            }
        }
    }

    /// The reports `cmd` asks for, with the defaults filled in.
    static func make(_ cmd: RunCommand, environment: [String: String] = LaunchEnvironment.values,
                     style: TerminalStyle = .current) -> Reports {
        Reports(choices(cmd, environment: environment), cmd: cmd, style: style)
    }

    static func choices(_ cmd: RunCommand, environment: [String: String]) -> [ReporterChoice] {
        var choices = cmd.ci.reporters
        if !choices.contains(where: { $0.path == nil && $0.format != .github }) {
            choices.insert(ReporterChoice(format: .human), at: 0)
        }
        let humanOnScreen = choices.contains { $0.format == .human && $0.path == nil }
        if environment["GITHUB_ACTIONS"] == "true", humanOnScreen, !choices.contains(where: { $0.format == .github }) {
            choices.append(ReporterChoice(format: .github))
        }
        return choices
    }

    func begin(_ info: RunInfo) { for r in reporters { r.begin(info) } }
    func file(_ run: FileRun) { for r in reporters { r.file(run) } }
    func progress(done: Int, total: Int, failed: Int) { terminal.progress(done: done, total: total, failed: failed) }

    /// Ends every report (files are written now) and gives the run's exit status.
    func end(_ totals: RunTotals) -> Int32 {
        terminal.finish()
        for r in reporters { r.end(totals) }
        var status = listOnly ? (totals.failed > 0 || totals.nothingSelected != nil ? 1 : 0) : totals.exitStatus
        for sink in sinks {
            if let problem = sink.close() {
                writeErr("piecebox: \(problem)")
                status = 2
            }
        }
        return status
    }
}
