import CWorkerShim
import Foundation
import LuaHost
import PieceKit

/// Runs scenario files in long-lived worker processes: one per job slot, each running many files one after
/// another, every file in a fresh sandbox with its own options (see ARCHITECTURE.md, "Long-lived workers").
/// A worker is replaced by a new process after a file that did not end with its "done" line (a crash), after a
/// kill at the hard wall-time bound, and after a file that a sandbox limit stopped. The kill is the hard bound on
/// time: it holds even inside a long C call (a pathological pattern match) where no Lua hook fires. Workers die
/// with the runner (see `RunnerBond`); Ctrl-C or SIGTERM stops them all (see `LiveWorkers`). Each file's
/// standard error is kept apart and shown with its own file.
struct WorkerPool {
    let executable: String
    let jobs: Int
    let options: RunOptions
    let logPaths: [String: String]
    /// The files' headers, as the run read them when it found the files.
    var headers = ScenarioHeaders()
    /// Workers the run started before finding its files; the slots take these first.
    var early: EarlyWorkers?
    /// What one job's options add to the run's (by its index): its failure database, a share of `--jobs`.
    var adjust: @Sendable (Int, inout RunOptions) -> Void = { _, _ in }

    /// Grace after the file's own time limit, so the hook's clearer message normally wins: as long as the limit
    /// itself, at most 2 s. A short limit (a refusal scenario's fraction of a second) thus ends its worker soon
    /// after, instead of leaving the run waiting seconds longer than the file was allowed.
    static func killGrace(after limit: Double) -> Double { min(limit, 2.0) }

    /// Runs `files`; once `stop` is set (by --fail-fast) the files not yet started are handed to `skipped` instead.
    func run(_ files: [String], stop: KillFlag = KillFlag(), each: @escaping @Sendable (Int, FileReport) -> Void,
             skipped: @escaping @Sendable (Int) -> Void = { _ in }) {
        LiveWorkers.shared.stopOnInterrupt()
        let queue = FileQueue(order: runOrder(files))
        let launch = early?.launch ?? WorkerProcess.Launch(executable: executable)
        let group = DispatchGroup()
        let job = self
        let slots = max(1, min(jobs, files.count))
        early?.trim(to: files.isEmpty ? 0 : slots)
        for _ in 0..<slots {
            group.enter()
            // A thread of its own, not a pooled one: the worker it starts lives only as long as this thread.
            let slot = Thread {
                job.runSlot(files, queue: queue, launch: launch, stop: stop, each: each, skipped: skipped)
                group.leave()
            }
            slot.stackSize = 1 << 20
            slot.start()
        }
        group.wait()
        early?.endAll()
    }

    /// How many files a slot keeps queued in its worker's input behind the one it runs. The worker starts the
    /// next file as soon as it has written a file's "done" line, instead of waiting idle for the runner's thread to
    /// get a core, read that line and write the next request (on two busy cores, a sixth of the 500 one-test files'
    /// time). One, not more: two measured no faster, and a file queued behind a long one waits for it while the
    /// other slots may run out of files.
    static let queuedAhead = 1

    /// A file a slot has taken: its index, when it started (or was taken), and its options once its request is
    /// with the slot's worker (nil: not sent yet, or sent to a worker that has since ended).
    private struct Taken {
        let index: Int
        var started: ContinuousClock.Instant
        var sent: RunOptions?
    }

    /// One job slot: takes the next file while there is one, in its worker, starting a new worker when there is
    /// none (the first file, or the last one was retired), and waits for its last worker to end before returning.
    /// Behind the running file, `queuedAhead` more are already in the worker's input (not under --fail-fast,
    /// which takes the next file only once a report is in, so a failure stops what it did). A queued file's hard
    /// bound starts when the file before it ends ("done"): from then on the worker runs it. A worker that ends
    /// (a crash, a kill, a retirement) never started the files queued to it: they go to the next worker, in order.
    private func runSlot(_ files: [String], queue: FileQueue, launch: WorkerProcess.Launch, stop: KillFlag,
                         each: @Sendable (Int, FileReport) -> Void, skipped: @Sendable (Int) -> Void) {
        pbw_block_broken_pipe()
        var worker: WorkerProcess?
        let bound = HardBound()
        let ahead = options.failFast ? 0 : Self.queuedAhead
        // The files behind the running one, in the order the worker takes them.
        var queued: [Taken] = []
        while true {
            if queued.isEmpty {
                guard let next = queue.next() else { break }
                if stop.value {
                    skipped(next)
                    continue
                }
                queued.append(Taken(index: next, started: ContinuousClock.now, sent: nil))
            }
            var head = queued.removeFirst()
            let file = files[head.index]
            if worker == nil, let ready = early?.take() { worker = ready }
            if worker == nil {
                switch WorkerProcess.start(launch) {
                case .success(let w): worker = w
                case .failure(let error):
                    var report = Self.couldNotStart(file, error)
                    report.duration = ScenarioRunner.seconds(since: head.started)
                    each(head.index, report)
                    continue
                }
            }
            guard let current = worker else { continue }
            if head.sent == nil { head.sent = send(file, index: head.index, to: current, bound: bound) }
            // Fills the worker's input behind the running file: those sent to an ended worker first, in order.
            func topUp() {
                for n in queued.indices where queued[n].sent == nil {
                    queued[n].sent = send(files[queued[n].index], index: queued[n].index, to: current, bound: nil)
                }
                while queued.count < ahead, !stop.value, let next = queue.next() {
                    queued.append(Taken(index: next, started: ContinuousClock.now,
                                        sent: send(files[next], index: next, to: current, bound: nil)))
                }
            }
            topUp()
            // The worker carries on: the first queued file is running from now, under its own bound.
            let handOver: () -> Void = {
                if let first = queued.first, let sent = first.sent {
                    bound.arm(pid: current.pid, seconds: sent.limits.seconds)
                    queued[0].started = ContinuousClock.now
                }
                topUp()
            }
            var (report, keep) = runFile(file, index: head.index, in: current, bound: bound, sent: head.sent,
                                         handOver: handOver)
            if !keep {
                // Disarmed first: a bound armed for a queued file must never outlive the process it would kill.
                _ = bound.finish()
                current.end()
                worker = nil
                for n in queued.indices { queued[n].sent = nil }
            }
            report.duration = ScenarioRunner.seconds(since: head.started)
            each(head.index, report)
        }
        worker?.end()
    }

    /// The order the slots take the files in (reports still come out in the files' order). Refusal scenarios
    /// (`--! expect-error`) run until a limit stops them, the longest files of most suites, so they go first:
    /// started last, one of them could keep a slot busy long after the other has finished everything else. Those
    /// that wait out a time limit (`--! max-seconds`) before the others. A shuffled run keeps its shuffled order,
    /// and --fail-fast the files' own, so which files a failure stops stays what the user expects.
    func runOrder(_ files: [String]) -> [Int] {
        guard options.shuffleSeed == nil, !options.failFast else { return Array(files.indices) }
        func rank(_ index: Int) -> Int {
            let header = headers.header(for: files[index])
            guard header.expectError != nil else { return 0 }
            return header.maxSeconds != nil ? 2 : 1
        }
        let ranks = files.indices.map(rank)
        return files.indices.sorted { ranks[$0] != ranks[$1] ? ranks[$0] > ranks[$1] : $0 < $1 }
    }

    static func couldNotStart(_ file: String, _ error: any Error) -> FileReport {
        FileReport(path: file, tests: [TestResult(name: "(file)", status: .failed,
                                                  message: "\(file): could not start a worker: \(error)",
                                                  source: .runner(limit: nil))])
    }

    func arguments(for file: String, options: RunOptions) -> [String] {
        var args = ["worker",
                    "--max-instructions", String(options.limits.instructions),
                    "--max-memory", String(Double(options.limits.memoryBytes) / 1_048_576),
                    "--max-seconds", String(options.limits.seconds)]
        if let f = options.filter { args += ["--filter", f] }
        for t in options.tags { args += ["--tag", t] }
        for t in options.excludeTags { args += ["--exclude-tag", t] }
        if let seed = options.shuffleSeed { args += ["--seed", String(seed)] }
        if options.failFast { args.append("--fail-fast") }
        if options.listOnly { args.append("--list") }
        for d in options.libraryFolders { args += ["--lib", d] }
        for d in options.pluginFolders { args += ["--plugins", d] }
        if let t = options.tokenSet { args += ["--tokens", t] }
        if let log = logPaths[file] { args += ["--log", log] }
        args += options.goldens.workerArguments
        args += options.exploration.workerArguments
        return args + [file]
    }

    /// The request that hands `file` to a worker: the same arguments a one-file worker takes, as one JSON line.
    func request(for file: String, options: RunOptions) -> String {
        // Written straight into bytes: `{"args":[...]}` as a JSONObject writes it, without its generic steps, and
        // without String's appends, which cost more than the copying.
        let arguments = arguments(for: file, options: options).dropFirst()
        var out: [UInt8] = []
        out.reserveCapacity(arguments.reduce(16) { $0 + $1.utf8.count + 3 })
        out.append(contentsOf: #"{"args":["#.utf8)
        for (n, argument) in arguments.enumerated() {
            if n > 0 { out.append(UInt8(ascii: ",")) }
            // Most arguments (numbers, flags, plain paths) need no escape: copied as they are, as JSONString
            // would.
            if argument.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
                out.append(UInt8(ascii: "\""))
                out.append(contentsOf: argument.utf8)
                out.append(UInt8(ascii: "\""))
            } else {
                out.append(contentsOf: JSONString.quoted(argument).utf8)
            }
        }
        out.append(contentsOf: "]}".utf8)
        return String(decoding: out, as: UTF8.self)
    }

    /// Runs `file` in a worker of its own, which ends with it.
    func runOne(_ file: String) -> FileReport {
        let started = ContinuousClock.now
        switch WorkerProcess.start(WorkerProcess.Launch(executable: executable)) {
        case .failure(let error): return Self.couldNotStart(file, error)
        case .success(let worker):
            pbw_block_broken_pipe()
            var report = runFile(file, index: 0, in: worker, bound: HardBound()).report
            worker.end()
            report.duration = ScenarioRunner.seconds(since: started)
            return report
        }
    }

    /// Hands `file` to `worker` and reads its lines to the file's "done" (or to the worker's end), under the hard
    /// wall-time bound. Returns the report and whether the worker may take another file. `sent`: the file's request
    /// went out already (`send`), with these options. `handOver` runs once the "done" line says the worker carries
    /// on, before the report is read: it may send the worker its next file.
    func runFile(_ file: String, index: Int, in worker: WorkerProcess, bound: HardBound, sent: RunOptions? = nil,
                 handOver: (() -> Void)? = nil) -> (report: FileReport, keep: Bool) {
        let options = sent ?? send(file, index: index, to: worker, bound: bound)
        var lines: [[UInt8]] = []
        var done = false
        while let line = worker.nextLine() {
            lines.append(Array(line))
            if Self.isDone(line) {
                done = true
                break
            }
        }
        let killed = bound.finish()
        if done, !killed, let last = lines.last, !Self.retires(last[...]) { handOver?() }
        // A file that ended with its "done" is told by that line alone; the lines before it matter only when the
        // worker stopped mid-file (which test was running, the log's temporary file), so only then are they read.
        var events: [JSONValue] = []
        if done, let last = lines.last, let event = JSONValue.parse(String(decoding: last, as: UTF8.self)) {
            events = [event]
        } else {
            events = lines.compactMap { JSONValue.parse(String(decoding: $0, as: UTF8.self)) }
            if done, !events.contains(where: { $0["event"]?.string == "done" }) { done = false }
        }
        var ending: (signal: Bool, status: Int32) = (false, 0)
        var retire = true
        if done, case .bool(let r)? = events.last?["retire"] { retire = r } else if done { retire = false }
        if !done {
            ending = worker.end()
        }
        let errors = worker.errorsOfThisFile()
        let outcome = Self.decode(events: events, file: file, killed: killed, limits: options.limits,
                                  exitStatus: ending.status, reason: ending.signal ? .uncaughtSignal : .exit,
                                  errors: errors)
        if !outcome.complete, let log = logPaths[file], let temporary = outcome.temporaryLog {
            Self.rescueLog(temporary, as: log, report: outcome.report)
        }
        return (outcome.report, done && !retire && !killed)
    }

    /// The start every "done" line has: the worker writes its event lines itself, with "event" as their first
    /// key, and nothing a scenario does reaches its standard output.
    private static let donePrefix = Array(#"{"event":"done""#.utf8)

    static func isDone(_ line: ArraySlice<UInt8>) -> Bool { line.starts(with: donePrefix) }

    /// How a "done" line ends when its worker retires after it (`Worker.writeDone` writes "retire" last).
    private static let retireSuffix = Array(#","retire":true}"#.utf8)

    /// Whether a "done" line says its worker ends after it, read from its bytes, before the line is parsed.
    static func retires(_ line: ArraySlice<UInt8>) -> Bool { line.reversed().starts(with: retireSuffix.reversed()) }

    /// Sends `file`'s request to `worker` and arms the hard bound of the file (none: a file queued behind the
    /// running one, armed when that one ends); gives the file's options.
    func send(_ file: String, index: Int, to worker: WorkerProcess, bound: HardBound?) -> RunOptions {
        var options = self.options
        options.limits = headers.header(for: file).limits(from: options.limits)
        adjust(index, &options)
        bound?.arm(pid: worker.pid, seconds: options.limits.seconds)
        // Read even when the request could not be sent: a worker that died early still said what it said.
        _ = worker.send(request(for: file, options: options))
        return options
    }

    /// A worker stopped mid-file leaves its log in the temporary file it announced: end it with the error line
    /// and move it into place, so the log still shows every frame up to the failure. Only a plain file beside
    /// the log, named as `JSONLogFile` names its temporary files, is touched, and never through a link.
    static func rescueLog(_ temporary: String, as path: String, report: FileReport) {
        let name = PathText.lastComponent(temporary)
        guard PathText.parent(temporary) == PathText.parent(path),
              name.hasPrefix("."), name.hasSuffix(".tmp"), !name.contains("/") else { return }
        guard case .success(let descriptor) = AtomicFile.openForAppending(temporary) else { return }
        let message = report.tests.last(where: { $0.status == .failed })?.message ?? "the worker stopped"
        var o = JSONObject()
        o.append("error", message)
        _ = AtomicFile.writeAll(Data((o.json + "\n").utf8), to: descriptor)
        _ = close(descriptor)
        _ = AtomicFile.publish(temporary, as: path)
    }

    /// What a worker's lines said: the report, whether the worker got to its end, and its log's temporary file.
    struct Outcome {
        var report: FileReport
        var complete: Bool
        var temporaryLog: String?
    }

    /// Rebuilds the report from the worker's lines; a worker that died mid-test fails that test, and its
    /// standard error (if any) is shown in that failure.
    static func decode(_ data: Data, file: String, killed: Bool, limits: SandboxLimits,
                       exitStatus: Int32, reason: Process.TerminationReason, errors: String? = nil) -> Outcome {
        let events = data.split(separator: UInt8(ascii: "\n")).compactMap { JSONValue.parse(String(decoding: $0, as: UTF8.self)) }
        return decode(events: events, file: file, killed: killed, limits: limits, exitStatus: exitStatus,
                      reason: reason, errors: errors)
    }

    /// `decode` of lines already parsed.
    static func decode(events: [JSONValue], file: String, killed: Bool, limits: SandboxLimits,
                       exitStatus: Int32, reason: Process.TerminationReason, errors: String? = nil) -> Outcome {
        var report = FileReport(path: file)
        var running: String?
        var finished: [TestResult] = []
        var done: [TestResult]?
        var temporaryLog: String?
        var planned: [String] = []
        var started = 0
        for obj in events {
            guard case .string(let event)? = obj["event"] else { continue }
            switch event {
            case "plan": planned = obj["tests"]?.strings ?? []
            case "start":
                running = obj["name"]?.string
                started += 1
            case "result":
                finished.append(result(obj))
                running = nil
            case "done":
                report.output = obj["output"]?.strings ?? []
                if case .bool(let used)? = obj["usedOnly"] { report.usedOnly = used }
                if case .array(let tests)? = obj["tests"] { done = tests.map(result) } else { done = [] }
            case "log": temporaryLog = obj["temporary"]?.string
            default: break
            }
        }
        if let done {
            report.tests = done
            // A worker that finished normally has nothing to say on standard error; if it did, keep it visible.
            if let errors { report.output += errors.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
            return Outcome(report: report, complete: true, temporaryLog: temporaryLog)
        }
        report.tests = finished
        let what = running.map { "test \"\($0)\"" } ?? "the file's top level"
        var message: String
        // Only a kill at the time limit is the scenario's own doing: of the runner's words, just the limit may
        // meet a `--! expect-error` (see `TestResult.Source`).
        var limit: String?
        if killed {
            limit = "time limit of \(SandboxLimits.secondsText(limits.seconds)) exceeded"
            message = "\(file): time limit of \(SandboxLimits.secondsText(limits.seconds)) exceeded in \(what), inside a library call no hook reaches (a long pattern match?); the worker was stopped"
        } else if reason == .uncaughtSignal {
            message = "\(file): the worker crashed (signal \(exitStatus)) in \(what)"
        } else {
            message = "\(file): the worker ended (status \(exitStatus)) without a report in \(what)"
        }
        if let errors { message += "\n" + errors }
        report.tests.append(TestResult(name: running ?? "(file)", status: .failed, message: message,
                                       source: .runner(limit: limit)))
        // The tests planned after the one that was cut off never ran: counted, so the run cannot look complete.
        for name in planned.dropFirst(started) {
            report.tests.append(TestResult(name: name, status: .notRun,
                                           message: "not run: the worker stopped in \(what)", source: .runner(limit: nil)))
        }
        return Outcome(report: report, complete: false, temporaryLog: temporaryLog)
    }

    static func result(_ obj: JSONValue) -> TestResult {
        var r = TestResult(name: obj["name"]?.string ?? "?",
                   status: TestResult.Status(rawValue: obj["status"]?.string ?? "") ?? .failed,
                   message: obj["message"]?.string ?? "",
                   traceback: obj["traceback"]?.string ?? "",
                   output: obj["output"]?.strings ?? [],
                   group: obj["group"]?.string ?? "",
                   tags: obj["tags"]?.strings ?? [],
                   duration: obj["duration"]?.number ?? 0)
        r.scenario = obj["scenario"]?.string
        r.exploration = obj["exploration"]?.string
        return r
    }
}

extension JSONValue {
    /// The text of a string value.
    var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The strings of an array value (other items left out).
    var strings: [String]? {
        guard case .array(let items) = self else { return nil }
        return items.compactMap(\.string)
    }
}

/// The files not yet handed out, in the run's order, for the job slots to take one at a time.
final class FileQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var position = 0
    private let order: [Int]

    /// `order` holds each file's index once.
    init(order: [Int]) { self.order = order }

    func next() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard position < order.count else { return nil }
        defer { position += 1 }
        return order[position]
    }
}

/// The hard wall-time bound of a job slot's files: while a file is armed, its worker is killed at the file's limit
/// plus `WorkerPool.killGrace` unless `finish` comes first. One watching thread per slot (`pbw_watch_*`, sleeping
/// on the monotonic clock): a timer made and cancelled per file woke the timer thread twice a file. Should that
/// thread not start, each file gets a timer of its own instead, so the bound never goes. A limit of 0 means none.
final class HardBound: @unchecked Sendable {
    private let watch: OpaquePointer?
    private var fallback: TimerBound?

    init() { watch = pbw_watch_start() }

    deinit { pbw_watch_end(watch) }

    /// Starts the bound of one file run by `pid`.
    func arm(pid: pid_t, seconds: Double) {
        guard seconds > 0 else { return }
        let bound = seconds + WorkerPool.killGrace(after: seconds)
        if let watch { pbw_watch_arm(watch, pid, bound) } else { fallback = TimerBound(pid: pid, seconds: bound) }
    }

    /// Ends the bound of the file (it is over, one way or another); true when its worker was killed.
    func finish() -> Bool {
        if let fallback {
            self.fallback = nil
            return fallback.finish()
        }
        guard let watch else { return false }
        return pbw_watch_finish(watch) != 0
    }
}

/// A one-file bound on a timer of its own: `HardBound` when its thread could not be made.
private final class TimerBound: @unchecked Sendable {
    private let lock = NSLock()
    private var finished = false
    private var killed = false
    private let timer: DispatchSourceTimer

    init(pid: pid_t, seconds: Double) {
        timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + seconds, leeway: .milliseconds(10))
        timer.setEventHandler { [self] in
            lock.lock(); defer { lock.unlock() }
            guard !finished else { return }
            killed = true
            kill(pid, SIGKILL)
        }
        timer.resume()
    }

    func finish() -> Bool {
        lock.lock(); defer { lock.unlock() }
        finished = true
        timer.cancel()
        return killed
    }
}

final class KillFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    func set() { lock.lock(); flag = true; lock.unlock() }
    var value: Bool { lock.lock(); defer { lock.unlock() }; return flag }
}
