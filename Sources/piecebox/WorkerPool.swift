import Foundation
import LuaHost
import PieceKit

/// Runs scenario files in worker processes, up to `jobs` at once, and kills a worker that outlives its
/// wall-time limit. That is the hard bound on time: it holds even inside a long C call (a pathological
/// pattern match) where no Lua hook fires.
struct WorkerPool {
    let executable: String
    let jobs: Int
    let options: RunOptions
    let logPaths: [String: String]

    /// Grace after the file's own time limit, so the hook's clearer message normally wins.
    static let killGrace = 2.0

    func run(_ files: [String], each: @escaping @Sendable (Int, FileReport) -> Void) {
        let gate = DispatchSemaphore(value: jobs)
        let group = DispatchGroup()
        for (index, file) in files.enumerated() {
            gate.wait()
            group.enter()
            let job = self
            DispatchQueue.global().async {
                let report = job.runOne(file)
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
        if options.listOnly { args.append("--list") }
        for d in options.libraryFolders { args += ["--lib", d] }
        for d in options.pluginFolders { args += ["--plugins", d] }
        if let log = logPaths[file] { args += ["--log", log] }
        return args + [file]
    }

    func runOne(_ file: String) -> FileReport {
        var options = self.options
        options.limits = ScenarioHeader.read(file: file).limits(from: options.limits)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments(for: file, options: options)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.standardError
        do { try process.run() } catch {
            return FileReport(path: file, tests: [TestResult(name: "(file)", status: .failed,
                                                             message: "\(file): could not start a worker: \(error)")])
        }
        let killed = KillFlag()
        if options.limits.seconds > 0 {
            let pid = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + options.limits.seconds + Self.killGrace) {
                if process.isRunning {
                    killed.set()
                    kill(pid, SIGKILL)
                }
            }
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let report = Self.decode(data, file: file, killed: killed.value, limits: options.limits,
                           exitStatus: process.terminationStatus, reason: process.terminationReason)
        if let log = logPaths[file] { Self.rescueLog(log, report: report) }
        return report
    }

    /// A worker stopped mid-file leaves its log as `path.tmp`: end it with the error line and move it into
    /// place, so the log still shows every frame up to the failure.
    static func rescueLog(_ path: String, report: FileReport) {
        let tmp = path + ".tmp"
        guard FileManager.default.fileExists(atPath: tmp), let handle = FileHandle(forWritingAtPath: tmp) else { return }
        let message = report.tests.last(where: { $0.status == .failed })?.message ?? "the worker stopped"
        var o = JSONObject()
        o.append("error", message)
        handle.seekToEndOfFile()
        handle.write(Data((o.json + "\n").utf8))
        try? handle.close()
        _ = rename(tmp, path)
    }

    /// Rebuilds the report from the worker's lines; a worker that died mid-test fails that test.
    static func decode(_ data: Data, file: String, killed: Bool, limits: SandboxLimits,
                       exitStatus: Int32, reason: Process.TerminationReason) -> FileReport {
        var report = FileReport(path: file)
        var running: String?
        var finished: [TestResult] = []
        var done: [TestResult]?
        for line in data.split(separator: UInt8(ascii: "\n")) {
            guard let obj = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                  let event = obj["event"] as? String else { continue }
            switch event {
            case "start": running = obj["name"] as? String
            case "result":
                finished.append(result(obj))
                running = nil
            case "done":
                report.output = obj["output"] as? [String] ?? []
                done = (obj["tests"] as? [[String: Any]] ?? []).map(result)
            default: break
            }
        }
        if let done {
            report.tests = done
            return report
        }
        report.tests = finished
        let what = running.map { "test \"\($0)\"" } ?? "the file's top level"
        let message: String
        if killed {
            message = "\(file): time limit of \(SandboxLimits.secondsText(limits.seconds)) exceeded in \(what), inside a library call no hook reaches (a long pattern match?); the worker was stopped"
        } else if reason == .uncaughtSignal {
            message = "\(file): the worker crashed (signal \(exitStatus)) in \(what)"
        } else {
            message = "\(file): the worker ended (status \(exitStatus)) without a report in \(what)"
        }
        report.tests.append(TestResult(name: running ?? "(file)", status: .failed, message: message))
        return report
    }

    static func result(_ obj: [String: Any]) -> TestResult {
        TestResult(name: obj["name"] as? String ?? "?",
                   status: TestResult.Status(rawValue: obj["status"] as? String ?? "") ?? .failed,
                   message: obj["message"] as? String ?? "",
                   traceback: obj["traceback"] as? String ?? "",
                   output: obj["output"] as? [String] ?? [])
    }
}

final class KillFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    func set() { lock.lock(); flag = true; lock.unlock() }
    var value: Bool { lock.lock(); defer { lock.unlock() }; return flag }
}
