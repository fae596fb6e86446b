import CWorkerShim
import Foundation
import LuaHost
import PieceKit

/// The worker side: runs one file in this process and streams what happens as JSON lines on stdout, so
/// the parent knows which test was running if it has to stop this process.
enum Worker {
    static func run(file: String, options: RunOptions) -> Int32 {
        RunnerBond.tie()
        let out = LineOut()
        // The log's temporary file has an unguessable name; the runner needs it to finish the log if it has to
        // stop this worker, so it is the first thing said about the log.
        JSONLogFile.announceTemporaryFiles { path in
            var o = JSONObject()
            o.append("event", "log")
            o.append("temporary", path)
            out.write(o.json)
        }
        let report = ScenarioRunner.run(file: file, options: options) { event in
            var o = JSONObject(format: JSONNumberFormat(decimals: 6))  // durations to the microsecond
            switch event {
            case .planned(let names):
                o.append("event", "plan")
                o.append("tests", names)
            case .testStarted(let name):
                o.append("event", "start")
                o.append("name", name)
            case .testFinished(let r):
                o.append("event", "result")
                encode(r, into: &o)
            }
            out.write(o.json)
        }
        var done = JSONObject(format: JSONNumberFormat(decimals: 6))
        done.append("event", "done")
        done.append("output", report.output)
        done.append("usedOnly", report.usedOnly)
        done.append("tests", array: { list in
            for r in report.tests {
                list.append(object: { encode(r, into: &$0) })
            }
        })
        out.write(done.json)
        return 0
    }

    static func encode(_ r: TestResult, into o: inout JSONObject) {
        o.append("name", r.name)
        o.append("status", r.status.rawValue)
        o.append("message", r.message)
        o.append("traceback", r.traceback)
        o.append("output", r.output)
        o.append("group", r.group)
        o.append("tags", r.tags)
        o.append("duration", r.duration)
    }
}

/// A worker lives only as long as the runner that started it: whatever ends the runner (Ctrl-C, SIGTERM,
/// SIGKILL, a crash), the kernel then kills the worker, so the runner's hard time bound can never be left behind.
/// The kernel watches the runner's thread that started the worker; that thread waits for the worker to end
/// (`WorkerPool.runOne`), so the two lifetimes are the same.
enum RunnerBond {
    /// Where the runner puts its process id for its workers.
    static let environmentKey = "PIECEBOX_RUNNER_PID"

    /// Asks for SIGKILL when the runner goes, then checks it has not gone already: a runner that died between
    /// starting this process and the request would otherwise never be noticed (this process would have been
    /// handed to another parent by then).
    static func tie() {
        _ = pbw_set_parent_death_signal(SIGKILL)
        guard let text = ProcessInfo.processInfo.environment[environmentKey], let runner = Int32(text) else { return }
        if getppid() != runner {
            FileHandle.standardError.write(Data("piecebox worker: the runner (process \(runner)) has gone; stopping\n".utf8))
            _exit(3)
        }
    }
}

/// Writes whole lines to stdout and flushes each, so a killed worker has already handed over its lines.
final class LineOut: @unchecked Sendable {
    private let lock = NSLock()
    func write(_ line: String) {
        lock.lock(); defer { lock.unlock() }
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
