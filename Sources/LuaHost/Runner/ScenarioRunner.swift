import CLua
import CLuaShim
import Foundation
import PieceKit

/// Runs one scenario file in a fresh sandbox: its top level declares tests, then each test runs in turn.
/// Nothing here can stop other files: every failure becomes part of the report. The steps have rooms of their
/// own: reading the file and its header (`ScenarioSource`), the host table (`HostTable`), the plan (`PlanRun`).
public enum ScenarioRunner {
    /// Events as they happen, so a parent process knows which test was running if it must kill the worker.
    public enum Event: Sendable {
        /// The tests about to run, in order (skipped ones left out), before the first starts.
        case planned([String])
        case testStarted(String)
        case testFinished(TestResult)
    }

    /// Runs `path` on a thread of its own with a large stack (Lua → Swift → Lua nesting needs room).
    public static func run(file path: String, options: RunOptions,
                           events: @escaping @Sendable (Event) -> Void = { _ in }) -> FileReport {
        let box = ReportBox()
        onRunnerThread { box.report = runHere(file: path, options: options, events: events) }
        return box.report ?? FileReport(path: path, tests: [
            TestResult(name: "(file)", status: .failed, message: "\(path): the runner thread ended without a report",
                       source: .runner(limit: nil)),
        ])
    }

    /// The stack a file runs on: Lua → Swift → Lua nesting needs room.
    static let runnerStackSize = 16 << 20

    /// Runs `body` on a new thread with the runner's large stack and waits for it. A worker runs all its files
    /// on one such thread (`Worker.serve`): making a thread of 16 MiB per file cost more than some files.
    public static func onRunnerThread(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.stackSize = runnerStackSize
        thread.start()
        done.wait()
    }

    /// Runs `path` on the calling thread, which must be one `onRunnerThread` started (for its stack). Nothing of
    /// one file stays behind on the thread for the next: each gets its own state, context and report.
    public static func runOnRunnerThread(file path: String, options: RunOptions,
                                         events: (Event) -> Void) -> FileReport {
        runHere(file: path, options: options, events: events)
    }

    /// Runs `path` on the calling thread.
    static func runHere(file path: String, options: RunOptions, events: (Event) -> Void) -> FileReport {
        var stoppedAtLimit = false
        var report = runHere(file: path, options: options, events: events, stoppedAtLimit: &stoppedAtLimit)
        report.stoppedAtLimit = stoppedAtLimit
        return report
    }

    /// Runs `text` as if it were the file at `path` (its folder, its modules), on the calling thread, in a state of
    /// its own: an exploration replays the minimal scenario it wrote so, before it reports it.
    static func replay(text: String, asFile path: String, options: RunOptions) -> FileReport {
        var stoppedAtLimit = false
        return runHere(file: path, options: options, events: { _ in }, stoppedAtLimit: &stoppedAtLimit,
                       source: Data(text.utf8))
    }

    /// The steps in order: read the file (unless its text is given), make its state, read its header, install the
    /// host table and the bindings, run its top level (under the token set and plugins), then run its plan.
    private static func runHere(file path: String, options: RunOptions, events: (Event) -> Void,
                                stoppedAtLimit: inout Bool, source: Data? = nil) -> FileReport {
        var report = FileReport(path: path)
        let data: Data
        switch source.map({ .success($0) }) ?? readSource(path, options: options) {
        case .failure(let problem): return report.failingFile(problem.message)
        case .success(let read): data = read
        }
        let state: LuaState
        do { state = try LuaState(limits: options.limits) } catch {
            return report.failingFile("\(path): \(error)")
        }
        defer {
            stoppedAtLimit = state.breach != nil
            state.close()
        }
        let output = OutputCapture()
        state.printSink = { line in output.receive(line) }
        let context = BindingContext(state: state, path: path, options: options)
        let setup: ScenarioSetup
        switch prepare(path, data: data, options: options) {
        case .failure(let problem): return report.failingFile(problem.message)
        case .success(let found): setup = found
        }
        let goldens = HeldGoldens()
        // The host's set-up (`LuaState.settingUp`); the script's first line runs with the collector going again.
        let installed = state.settingUp {
            let made = installHost(state, context: context, path: path, options: options, modules: setup.modules,
                                   source: data, goldens: goldens)
            if case .success = made { Bindings.install(into: context, describe: .onFirstUse) }
            return made
        }
        let refs: HostRefs
        switch installed {
        case .failure(let problem): return report.failingFile(problem.message)
        case .success(let made): refs = made
        }
        let lifecycle = TestLifecycle(context, goldens: goldens)
        defer { context.finish() }
        state.startDeadline()
        // The run's token set first, under the plugins' overrides and the file's own.
        if let tokens = options.tokenSet, let failure = TokenSetLoader.load(tokens, into: context) {
            lifecycle.fileFailed(failure)
            return report.failingFile("\(path): \(failure)")
        }
        // Plugins load into this file's sandbox, under its limits, before its first line.
        if let failure = PluginLoader.load(setup.plugins, into: state) {
            lifecycle.fileFailed(failure)
            return report.failingFile("\(path): \(failure)")
        }
        let outcome = state.run(source: data, chunkName: "@" + path)
        report.output = output.fileLines
        switch outcome {
        case .ok: break
        case .error(let message, let traceback):
            lifecycle.fileFailed(message)
            return report.failingFile(message, traceback: traceback)
        case .breach(let breach, let location):
            let message = "\(location ?? path): \(breach.description)\(lifecycle.memoryNote(for: breach))"
            lifecycle.fileFailed(message)
            return report.failingFile(message)
        }
        let plan = PlanRun(state: state, lifecycle: lifecycle, output: output, refs: refs, path: path, options: options)
        return plan.run(report: report, events: events)
    }

    /// Seconds since `start`, on the monotonic clock (a test's or a file's duration).
    public static func seconds(since start: ContinuousClock.Instant) -> Double {
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    /// Ends a file whose report itself outgrew its memory cap (a great many tests): one more failure says so.
    static func overCap(report: inout FileReport, at index: Int, of count: Int, _ breach: LimitBreach?) -> FileReport {
        let remaining = count - index
        let what = breach?.description ?? "memory limit exceeded"
        let breach = "\(report.path): \(what) by the report itself (\(report.tests.count) results)"
        report.tests.append(TestResult(name: "(file)", status: .failed,
                                       message: breach + (remaining > 0 ? "; its remaining \(remaining) tests did not run" : "")))
        return report
    }
}

/// What a file prints: outside any test into the file's output, inside one into that test's.
final class OutputCapture {
    var inTest = false
    var testLines: [String] = []
    private(set) var fileLines: [String] = []

    func receive(_ line: String) {
        if inTest { testLines.append(line) } else { fileLines.append(line) }
    }
}

/// Why a file did not get to its tests, as its report says it.
struct FileProblem: Error {
    let message: String
}

/// Carries the report out of the runner thread.
private final class ReportBox: @unchecked Sendable {
    var report: FileReport?
}
