import Foundation

/// The worker processes running now, so an interrupt can stop them all. Ctrl-C reaches only the runner's own
/// process group and SIGTERM only the runner, so without this the workers would go on running unsupervised
/// (the parent-death signal of `RunnerBond` would still end them; this also says so and sets the exit status).
final class LiveWorkers: @unchecked Sendable {
    static let shared = LiveWorkers()

    private let lock = NSLock()
    private var running: Set<pid_t> = []
    private var stopping = false
    /// True while `--watch` waits for saves between runs: stopped then, no run is cut short.
    private var idle = false
    private var sources: [DispatchSourceSignal] = []

    /// Records a worker just started; one started while the run is being stopped is killed at once.
    func started(_ pid: pid_t) {
        lock.lock(); defer { lock.unlock() }
        if stopping { kill(pid, SIGKILL); return }
        running.insert(pid)
    }

    /// Says whether `--watch` is waiting between runs (so a stop then cuts nothing short).
    func waiting(_ isIdle: Bool) {
        lock.lock(); defer { lock.unlock() }
        idle = isIdle
    }

    /// Forgets a worker that has ended and been waited for.
    func ended(_ pid: pid_t) {
        lock.lock(); defer { lock.unlock() }
        running.remove(pid)
    }

    /// From now on SIGINT and SIGTERM kill every worker, print one line saying so and exit with 128 + the
    /// signal's number, as a shell reports a command a signal ended. Installing twice changes nothing.
    func stopOnInterrupt() {
        lock.lock(); defer { lock.unlock() }
        guard sources.isEmpty else { return }
        for signalNumber in [SIGINT, SIGTERM] {
            // Taken over from the default action (dying at once) so the workers are stopped first.
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [self] in stopAll(because: signalNumber) }
            source.resume()
            sources.append(source)
        }
    }

    private func stopAll(because signalNumber: Int32) -> Never {
        lock.lock()
        stopping = true
        let pids = running
        let betweenRuns = idle && pids.isEmpty
        lock.unlock()
        for pid in pids { kill(pid, SIGKILL) }
        // The watcher's keys changed the terminal's mode: it is given back before anything else is said.
        TerminalMode.restore()
        let name = signalNumber == SIGINT ? "SIGINT (Ctrl-C)" : "SIGTERM"
        let count = pids.count == 1 ? "1 running worker" : "\(pids.count) running workers"
        // Stopped while --watch waited for saves, nothing was cut short: it says only that it stopped.
        if betweenRuns {
            writeErr("piecebox: stopped by \(name) while watching for saves")
        } else {
            writeErr("piecebox: stopped by \(name); killed \(count); the run is incomplete")
        }
        // Reports are written unbuffered, so there is nothing left to flush; other threads may still be busy.
        _exit(128 + signalNumber)
    }
}
