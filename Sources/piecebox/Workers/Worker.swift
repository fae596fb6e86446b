import CWorkerShim
import Foundation
import LuaHost
import PieceKit

/// The worker side: runs files in this process and streams what happens as JSON lines on stdout, so the parent
/// knows which test was running if it has to stop this process. `serve` runs many files, one request line each,
/// every file in a fresh sandbox; `run` runs one file given on the command line.
enum Worker {
    /// Runs the files the runner hands over on standard input, one JSON line each (`{"args":[...]}`, the arguments
    /// of a one-file worker), until the input ends. After each file: the end marker on standard error (so the
    /// runner can tell which file wrote what there), then the "done" line. A file that a sandbox limit stopped is
    /// this worker's last: its "done" says `"retire":true` and the worker ends, so the next file gets a new process.
    /// Every file runs on the same large-stack thread, each in a fresh sandbox.
    static func serve() -> Int32 {
        RunnerBond.tie()
        let out = LineOut()
        announceLogs(to: out)
        let marker = Array((LaunchEnvironment.values[WorkerProtocol.markerKey] ?? "").utf8)
        ScenarioRunner.onRunnerThread {
            // Before the first request: the runner is still finding its files (see `EarlyWorkers`).
            HostChunks.compileAhead()
            var input = LineReader(descriptor: 0)
            var requests = ParsedRequests()
            while let line = input.next() {
                let report = serveOne(line, requests: &requests, out: out)
                if !marker.isEmpty { writeAll(2, marker) }
                writeDone(report, retire: report.stoppedAtLimit, out: out)
                if report.stoppedAtLimit { return }
            }
        }
        return 0
    }

    /// Runs the file one request line names, or reports why the request could not be read (the worker then ends).
    private static func serveOne(_ line: ArraySlice<UInt8>, requests: inout ParsedRequests, out: LineOut) -> FileReport {
        var report: FileReport
        if case .array(let items)? = JSONValue.parse(String(decoding: line, as: UTF8.self))?["args"] {
            let args = items.compactMap(\.string)
            switch requests.parse(args) {
            case .success(let (file, options)):
                return ScenarioRunner.runOnRunnerThread(file: file, options: options, events: events(to: out))
            case .failure(let problem):
                report = FileReport(path: args.last ?? "?", tests: [TestResult(
                    name: "(file)", status: .failed, message: "piecebox worker: \(problem)", source: .runner(limit: nil))])
            }
        } else {
            report = FileReport(path: "?", tests: [TestResult(
                name: "(file)", status: .failed, message: "piecebox worker: a request it could not read",
                source: .runner(limit: nil))])
        }
        report.stoppedAtLimit = true
        return report
    }

    /// The file and options of a one-file worker's arguments.
    static func parse(_ args: [String]) -> Result<(String, RunOptions), UsageError> {
        let cmd: RunCommand
        do { cmd = try RunCommand.parse(args) } catch { return .failure(error) }
        guard cmd.paths.count == 1, let file = cmd.paths.first else { return .failure(UsageError("worker takes one file")) }
        var options = cmd.options
        options.logPath = cmd.logPath
        return .success((file, options))
    }

    /// Runs one file in this process (`piecebox worker [options] FILE`).
    static func run(file: String, options: RunOptions) -> Int32 {
        RunnerBond.tie()
        let out = LineOut()
        announceLogs(to: out)
        let report = runFile(file, options: options, out: out)
        writeDone(report, retire: true, out: out)
        return 0
    }

    /// The log's temporary file has an unguessable name; the runner needs it to finish the log if it has to stop
    /// this worker, so it is the first thing said about the log. Set once per process: whichever file is running
    /// says it, on the lines that belong to that file.
    static func announceLogs(to out: LineOut) {
        JSONLogFile.announceTemporaryFiles { path in
            var o = JSONObject()
            o.append("event", "log")
            o.append("temporary", path)
            out.write(o.json)
        }
    }

    /// Runs `file` in a fresh sandbox, streaming its plan, each test's start and each result.
    static func runFile(_ file: String, options: RunOptions, out: LineOut) -> FileReport {
        ScenarioRunner.run(file: file, options: options, events: events(to: out))
    }

    /// The lines that say what a file is doing. What must be known if the worker is stopped (the plan, which test
    /// started) is written before any test's Lua runs; a result waits for the next of those, except the last
    /// test's: host code that can still be stopped (the log's finish, closing the state) runs between it and the
    /// "done" line, and a stop there must not cost the test its result. A one-test file costs three writes.
    static func events(to out: LineOut) -> @Sendable (ScenarioRunner.Event) -> Void {
        { event in
            var o = JSONObject(format: JSONNumberFormat(decimals: 6))  // durations to the microsecond
            switch event {
            case .planned(let names):
                o.append("event", "plan")
                o.append("tests", names)
                out.holdPlan(o.json, tests: names.count)
            case .testStarted(let name):
                o.append("event", "start")
                o.append("name", name)
                out.write(o.json)
            case .testFinished(let r):
                o.append("event", "result")
                encode(r, into: &o)
                out.result(o.json)
            }
        }
    }

    static func writeDone(_ report: FileReport, retire: Bool, out: LineOut) {
        var done = JSONObject(format: JSONNumberFormat(decimals: 6))
        done.append("event", "done")
        done.append("output", report.output)
        done.append("usedOnly", report.usedOnly)
        done.append("tests", array: { list in
            for r in report.tests {
                list.append(object: { encode(r, into: &$0) })
            }
        })
        if retire { done.append("retire", true) }
        out.write(done.json)
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
        if let scenario = r.scenario { o.append("scenario", scenario) }
        if let exploration = r.exploration { o.append("exploration", exploration) }
    }
}

/// A worker lives only as long as the runner that started it: whatever ends the runner (Ctrl-C, SIGTERM,
/// SIGKILL, a crash), the kernel then kills the worker, so the runner's hard time bound can never be left behind.
/// The kernel watches the runner's thread that started the worker: a job slot's own thread, which waits for its
/// worker to end before it ends itself (`WorkerPool.runSlot`), so the two lifetimes are the same; or, for the
/// workers started before the files were found (`EarlyWorkers`), the main thread, which lives as long as the run.
enum RunnerBond {
    /// Where the runner puts its process id for its workers.
    static let environmentKey = "PIECEBOX_RUNNER_PID"

    /// Asks for SIGKILL when the runner goes, then checks it has not gone already: a runner that died between
    /// starting this process and the request would otherwise never be noticed (this process would have been
    /// handed to another parent by then).
    static func tie() {
        _ = pbw_set_parent_death_signal(SIGKILL)
        guard let text = LaunchEnvironment.values[environmentKey], let runner = Int32(text) else { return }
        if getppid() != runner {
            writeErr("piecebox worker: the runner (process \(runner)) has gone; stopping")
            _exit(3)
        }
    }
}

/// Writes whole lines to stdout. `write` sends the line with every line held before it, so a killed worker has
/// already handed over everything up to its last `write`; `hold` keeps a line for the next `write`.
final class LineOut: @unchecked Sendable {
    private let lock = NSLock()
    private var held: [UInt8] = []
    /// Results still to come in the running file's plan: the last one is written at once (see `events(to:)`).
    private var resultsLeft = 0
    /// Standard output, or a pipe in tests.
    private let descriptor: Int32

    init(descriptor: Int32 = 1) {
        self.descriptor = descriptor
    }

    func write(_ line: String) {
        lock.lock(); defer { lock.unlock() }
        held += line.utf8
        held.append(UInt8(ascii: "\n"))
        writeAll(descriptor, held)
        held.removeAll(keepingCapacity: true)
    }

    func hold(_ line: String) {
        lock.lock(); defer { lock.unlock() }
        held += line.utf8
        held.append(UInt8(ascii: "\n"))
    }

    /// Holds a file's plan of `tests` tests.
    func holdPlan(_ line: String, tests: Int) {
        lock.lock()
        resultsLeft = tests
        lock.unlock()
        hold(line)
    }

    /// A test's result: held, unless it is the plan's last.
    func result(_ line: String) {
        lock.lock()
        resultsLeft -= 1
        let last = resultsLeft <= 0
        lock.unlock()
        if last { write(line) } else { hold(line) }
    }
}

/// Writes all of `bytes` to `descriptor` (a short write or an interruption is retried; an error drops the rest:
/// the runner is gone, and the worker with it).
func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
    bytes.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
            let n = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return }
            offset += n
        }
    }
}

/// The options of the last request, kept by the flags before its file: every request of a run carries the same
/// flags, and reading them again was a sixteenth of what a one-test file cost. A request is read afresh unless
/// its flags are the same and its last word is a file (not a flag), which the flags before it cannot have taken
/// as their value: the first reading of those flags took that place as the file.
struct ParsedRequests {
    private var flags: [String] = []
    private var options: RunOptions?

    mutating func parse(_ args: [String]) -> Result<(String, RunOptions), UsageError> {
        guard let file = args.last, !file.hasPrefix("-") else { return Worker.parse(args) }
        let before = Array(args.dropLast())
        if let options, before == flags { return .success((file, options)) }
        let parsed = Worker.parse(args)
        if case .success(let (path, read)) = parsed, path == file {
            flags = before
            options = read
        } else {
            options = nil
        }
        return parsed
    }
}
