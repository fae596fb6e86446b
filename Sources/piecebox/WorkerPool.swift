import Foundation
import LuaHost
import PieceKit

/// Runs scenario files in worker processes, up to `jobs` at once, and kills a worker that outlives its
/// wall-time limit. That is the hard bound on time: it holds even inside a long C call (a pathological
/// pattern match) where no Lua hook fires. Workers die with the runner (see `RunnerBond`); Ctrl-C or SIGTERM
/// stops them all (see `LiveWorkers`). Each worker's standard error is kept apart and shown with its own file.
struct WorkerPool {
    let executable: String
    let jobs: Int
    let options: RunOptions
    let logPaths: [String: String]

    /// Grace after the file's own time limit, so the hook's clearer message normally wins: as long as the limit
    /// itself, at most 2 s. A short limit (a refusal scenario's fraction of a second) thus ends its worker soon
    /// after, instead of leaving the run waiting seconds longer than the file was allowed.
    static func killGrace(after limit: Double) -> Double { min(limit, 2.0) }

    /// Runs `files`; once `stop` is set (by --fail-fast) the files not yet started are handed to `skipped` instead.
    func run(_ files: [String], stop: KillFlag = KillFlag(), each: @escaping @Sendable (Int, FileReport) -> Void,
             skipped: @escaping @Sendable (Int) -> Void = { _ in }) {
        LiveWorkers.shared.stopOnInterrupt()
        let gate = DispatchSemaphore(value: jobs)
        let group = DispatchGroup()
        for (index, file) in files.enumerated() {
            gate.wait()
            if stop.value {
                gate.signal()
                skipped(index)
                continue
            }
            group.enter()
            let job = self
            DispatchQueue.global().async {
                let started = ContinuousClock.now
                var report = job.runOne(file)
                report.duration = ScenarioRunner.seconds(since: started)
                each(index, report)
                gate.signal()
                group.leave()
            }
        }
        group.wait()
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
        return args + [file]
    }

    func runOne(_ file: String) -> FileReport {
        var options = self.options
        options.limits = ScenarioHeader.read(file: file).limits(from: options.limits)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments(for: file, options: options)
        var environment = ProcessInfo.processInfo.environment
        environment[RunnerBond.environmentKey] = String(getpid())
        process.environment = environment
        let pipe = Pipe()
        let errors = Pipe()
        process.standardOutput = pipe
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            return FileReport(path: file, tests: [TestResult(name: "(file)", status: .failed,
                                                             message: "\(file): could not start a worker: \(error)",
                                                             source: .runner(limit: nil))])
        }
        let pid = process.processIdentifier
        LiveWorkers.shared.started(pid)
        // Standard error is read alongside standard output, so neither pipe can fill and stall the worker.
        let errorText = ErrorCapture()
        let errorsRead = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errorText.read(errors.fileHandleForReading)
            errorsRead.signal()
        }
        let killed = KillFlag()
        if options.limits.seconds > 0 {
            DispatchQueue.global().asyncAfter(deadline: .now() + options.limits.seconds + Self.killGrace(after: options.limits.seconds)) {
                if process.isRunning {
                    killed.set()
                    kill(pid, SIGKILL)
                }
            }
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        errorsRead.wait()
        LiveWorkers.shared.ended(pid)
        let outcome = Self.decode(data, file: file, killed: killed.value, limits: options.limits,
                                  exitStatus: process.terminationStatus, reason: process.terminationReason,
                                  errors: errorText.excerpt())
        if !outcome.complete, let log = logPaths[file], let temporary = outcome.temporaryLog {
            Self.rescueLog(temporary, as: log, report: outcome.report)
        }
        return outcome.report
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
        var report = FileReport(path: file)
        var running: String?
        var finished: [TestResult] = []
        var done: [TestResult]?
        var temporaryLog: String?
        var planned: [String] = []
        var started = 0
        for line in data.split(separator: UInt8(ascii: "\n")) {
            guard let obj = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                  let event = obj["event"] as? String else { continue }
            switch event {
            case "plan": planned = obj["tests"] as? [String] ?? []
            case "start":
                running = obj["name"] as? String
                started += 1
            case "result":
                finished.append(result(obj))
                running = nil
            case "done":
                report.output = obj["output"] as? [String] ?? []
                report.usedOnly = obj["usedOnly"] as? Bool ?? false
                done = (obj["tests"] as? [[String: Any]] ?? []).map(result)
            case "log": temporaryLog = obj["temporary"] as? String
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

    static func result(_ obj: [String: Any]) -> TestResult {
        TestResult(name: obj["name"] as? String ?? "?",
                   status: TestResult.Status(rawValue: obj["status"] as? String ?? "") ?? .failed,
                   message: obj["message"] as? String ?? "",
                   traceback: obj["traceback"] as? String ?? "",
                   output: obj["output"] as? [String] ?? [],
                   group: obj["group"] as? String ?? "",
                   tags: obj["tags"] as? [String] ?? [],
                   duration: (obj["duration"] as? NSNumber)?.doubleValue ?? 0)
    }
}

final class KillFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    func set() { lock.lock(); flag = true; lock.unlock() }
    var value: Bool { lock.lock(); defer { lock.unlock() }; return flag }
}
