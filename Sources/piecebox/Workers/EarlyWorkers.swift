import Foundation

/// Workers started before the run looks for its files, so their start (the Swift runtime and Foundation loading,
/// the host's Lua chunks compiled) overlaps with the runner reading the files' headers instead of following it.
/// A job slot takes one when it needs a worker (`WorkerPool.runSlot`) and starts its own when none is left; the
/// run ends the ones no slot took. They are started from the runner's main thread, which outlives every slot, so
/// the kernel's tie (`RunnerBond`) holds them to the runner's life as it holds a slot's own worker.
final class EarlyWorkers: @unchecked Sendable {
    /// The launch every worker of this run shares (its standard-error marker above all).
    let launch: WorkerProcess.Launch
    private let lock = NSLock()
    private var ready: [WorkerProcess] = []

    /// Starts `count` workers; one that cannot start is left to the slot, which reports why for its file.
    init(executable: String, count: Int) {
        launch = WorkerProcess.Launch(executable: executable)
        LiveWorkers.shared.stopOnInterrupt()
        for _ in 0..<max(0, count) {
            if case .success(let worker) = WorkerProcess.start(launch) { ready.append(worker) }
        }
    }

    /// How many the run starts ahead: one per slot, at most one per core (more would only wait for a core).
    static func count(jobs: Int) -> Int { max(1, min(jobs, ProcessInfo.processInfo.activeProcessorCount)) }

    /// A started worker not yet taken, if any.
    func take() -> WorkerProcess? {
        lock.lock(); defer { lock.unlock() }
        return ready.popLast()
    }

    /// Ends all but `count` of the workers not yet taken: once the files are known, a run with fewer files than
    /// slots keeps no idle process (which a Ctrl-C would count among the workers it killed).
    func trim(to count: Int) {
        lock.lock()
        let extra = ready.count > count ? Array(ready[count...]) : []
        ready.removeLast(extra.count)
        lock.unlock()
        Self.discard(extra)
    }

    /// Ends the workers no slot took (fewer files than slots, or a run that stopped before running any).
    func endAll() { trim(to: 0) }

    /// A spare has run no file, so it is killed rather than asked to finish (it may still be compiling ahead).
    private static func discard(_ workers: [WorkerProcess]) {
        for worker in workers {
            kill(worker.pid, SIGKILL)
            _ = worker.end()
        }
    }
}
