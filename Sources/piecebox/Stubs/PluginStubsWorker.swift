import Foundation
import LuaHost
import PieceKit

/// `piecebox stubs --plugins DIR` loads the plugins as a run does: in a worker process of its own, under the
/// sandbox's limits (`--max-seconds`, `--max-memory`, `--max-instructions`) and the run's hard bound, which kills
/// the worker `WorkerPool.killGrace` after its time limit even inside a long library call no hook reaches (a
/// backtracking pattern in a plugin). The worker (`piecebox worker --plugin-stubs FLAGS`) prints the stubs' added
/// text, or says on standard error why it could not and ends with status 1.
enum PluginStubsWorker {
    static let command = ["worker", "--plugin-stubs"]

    /// The worker's side: loads the plugins the flags name under their limits and prints what they add.
    static func serve(_ args: [String]) -> Int32 {
        RunnerBond.tie()
        var options = RunOptions()
        var rest = args[...]
        while let flag = rest.popFirst() {
            do {
                let known = try SandboxFlags.parse(flag, value: { (name: String) throws(UsageError) -> String in
                    guard let value = rest.popFirst() else { throw UsageError("\(name) needs a value") }
                    return value
                }, into: &options)
                guard known else { writeErr("piecebox worker: unknown argument \"\(ReportText.escaped(flag))\""); return 2 }
            } catch { writeErr("piecebox worker: \(error.message)"); return 2 }
        }
        let found = Found()
        let loading = options
        // On the runner's large-stack thread, as a scenario's plugins load.
        ScenarioRunner.onRunnerThread {
            switch PluginSurface.members(loading) {
            case .success(let members): found.outcome = PluginStubs.checkedText(members)
            case .failure(let failure): found.outcome = .failure(PluginStubs.Refusal(description: failure.description))
            }
        }
        switch found.outcome {
        case .success(let text):
            StandardStreams.out(text)
            return 0
        case .failure(let refusal):
            writeErr(refusal.description)
            return 1
        }
    }

    /// The runner's side: the text the plugins add, or why there is none (a load failure, a refused name, the
    /// hard bound's kill).
    static func text(flags: [String], limits: SandboxLimits) -> Result<String, PluginStubs.Refusal> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: SandboxFlags.executable)
        process.arguments = command + flags
        var environment = LaunchEnvironment.values
        environment[RunnerBond.environmentKey] = String(getpid())
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            return .failure(PluginStubs.Refusal(description: "cannot start a worker to load the plugins: \(error.localizedDescription)"))
        }
        let bound = HardBound()
        bound.arm(pid: process.processIdentifier, seconds: limits.seconds)
        // Standard error on a thread of its own, so neither pipe fills while the other is read.
        let errors = PipeText()
        let reader = Thread { errors.set(err.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let text = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let killed = bound.finish()
        let said = errors.wait()
        if killed {
            return .failure(PluginStubs.Refusal(description: "loading the plugins: time limit of \(SandboxLimits.secondsText(limits.seconds)) exceeded, inside a library call no hook reaches (a long pattern match?); the worker was stopped"))
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let reason = String(decoding: said, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return .failure(PluginStubs.Refusal(description: reason.isEmpty
                ? "the worker loading the plugins ended (status \(process.terminationStatus)) without its stubs" : reason))
        }
        return .success(String(decoding: text, as: UTF8.self))
    }
}

/// What the loading thread found, read once it has ended.
private final class Found: @unchecked Sendable {
    var outcome: Result<String, PluginStubs.Refusal> = .success("")
}

/// Bytes one thread reads and another waits for.
private final class PipeText: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()
    func set(_ bytes: Data) { data = bytes; done.signal() }
    func wait() -> Data { done.wait(); return data }
}
