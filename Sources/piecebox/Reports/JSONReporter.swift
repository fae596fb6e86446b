import LuaHost
import PieceKit

/// One JSON document for machines: the run (version, seed, shard), each file with its duration (what
/// `--shard-timings` reads back), one object per test (file, group, name, status, message, the failure's file and
/// line, duration, tags, what it printed) and the totals.
final class JSONReporter: RunReporter {
    let sink: ReportSink
    private var info = RunInfo()
    private var runs: [FileRun] = []

    init(sink: ReportSink) { self.sink = sink }

    func begin(_ info: RunInfo) { self.info = info }

    func file(_ run: FileRun) {
        guard !run.notStarted else { return }
        runs.append(run)
    }

    func end(_ totals: RunTotals) {
        var o = JSONObject(format: JSONNumberFormat(decimals: 6))  // durations to the microsecond
        o.append("format", "piecebox.report")
        o.append("version", 1)
        o.append("piecebox", PieceboxVersion.number)
        o.append("seed", info.seed.map { String($0) })
        o.append("shard", info.shard?.description)
        o.append("files", array: { list in
            for run in runs {
                list.append(object: { f in
                    f.append("path", run.report.path)
                    if run.repetitions > 1 { f.append("repetition", run.repetition) }
                    f.append("duration", run.report.duration)
                    f.append("passed", run.report.passed)
                    f.append("failed", run.report.failed)
                    f.append("skipped", run.report.skipped)
                    f.append("notRun", run.report.notRun)
                    f.append("output", run.report.output)
                })
            }
        })
        o.append("tests", array: { list in
            for run in runs {
                for t in run.report.tests {
                    list.append(object: { j in
                        j.append("file", run.report.path)
                        if run.repetitions > 1 { j.append("repetition", run.repetition) }
                        j.append("group", t.group)
                        j.append("name", t.shortName)
                        j.append("fullName", t.name)
                        j.append("status", t.status.rawValue)
                        j.append("message", t.message)
                        let at = t.status == .failed ? FailureLocation.parse(t.message) : nil
                        j.append("failureFile", at?.file)
                        j.append("line", at?.line)
                        j.append("duration", t.duration)
                        j.append("tags", t.tags)
                        j.append("output", t.output)
                        if !t.traceback.isEmpty { j.append("traceback", t.traceback) }
                    })
                }
            }
        })
        o.append("summary", object: { s in
            s.append("passed", totals.passed)
            s.append("failed", totals.failed)
            s.append("skipped", totals.skipped)
            s.append("notRun", totals.notRun)
            s.append("nothingSelected", totals.nothingSelected)
            s.append("onlyUsedIn", totals.filesUsingOnly)
        })
        sink.line(o.json)
    }
}
