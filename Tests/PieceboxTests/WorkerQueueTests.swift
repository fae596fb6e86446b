import Foundation
import Testing
@testable import piecebox
import LuaHost

/// A slot keeps the next file queued in its worker's input behind the running one: each file still starts once, in
/// order, under a hard time bound that starts when the worker starts it, and --fail-fast hands nothing ahead.
@Suite(.serialized) struct WorkerQueueTests {
    /// A stand-in worker that writes "pid file how" to a journal as it starts each request, where "how" says whether
    /// the next request came into its input within a second ("queued") or not ("alone"): the runner sends a queued
    /// file when the file before ends, so it comes at once unless this is the last file the worker is given. A
    /// file named "crash…" makes it die of SIGSEGV mid-test, "stuck…" hang, "slow…" take 1.2 s (its "how" is "-",
    /// not waited for), "fail…" fail.
    static func fakeWorker(journal: String) -> String {
        """
        #!/bin/bash
        while IFS= read -r line; do
          name="${line%\\"]\\}}"; name="${name##*\\"}"
          how=alone
          case "$name" in slow*) how=- ;; *)
            for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
              if read -t 0; then how=queued; break; fi; sleep 0.05
            done ;;
          esac
          echo "$$ $name $how" >> '\(journal)'
          case "$name" in
            crash*)
              echo '{"event":"plan","tests":["dies"]}'
              echo '{"event":"start","name":"dies"}'
              kill -SEGV $$ ;;
            stuck*)
              echo '{"event":"plan","tests":["hangs"]}'
              echo '{"event":"start","name":"hangs"}'
              exec sleep 30 ;;
            slow*) sleep 1.2 ;;
          esac
          status=passed; case "$name" in fail*) status=failed ;; esac
          printf '%s' "$PIECEBOX_WORKER_MARK" >&2
          echo '{"event":"done","output":["worker '$$'"],"tests":[{"name":"t","status":"'$status'"}]}'
        done
        """
    }

    /// Runs `names` through the fake worker, one job; gives the reports by file and the journal's lines as
    /// "worker file how", the workers numbered 1, 2, … in the order they first appear.
    private func run(_ names: [String], options: RunOptions = RunOptions(), stopOnFailure: Bool = false)
        throws -> (reports: [String: FileReport], journal: [String]) {
        let folder = try TestFolder()
        let journal = folder.path + "/journal"
        let fake = try folder.write("fake-worker.sh", Self.fakeWorker(journal: journal))
        chmod(fake, 0o755)
        let pool = WorkerPool(executable: fake, jobs: 1, options: options, logPaths: [:])
        let reports = QueuedReports()
        let stop = KillFlag()
        pool.run(names, stop: stop, each: { index, report in
            reports.add(names[index], report)
            if stopOnFailure, report.failed > 0 { stop.set() }
        })
        var numbers: [String: Int] = [:]
        let lines = (folder.read("journal") ?? "").split(separator: "\n").map { line -> String in
            let parts = line.split(separator: " ").map(String.init)
            let number = numbers[parts[0]] ?? numbers.count + 1
            numbers[parts[0]] = number
            return "\(number) \(parts.dropFirst().joined(separator: " "))"
        }
        return (reports.all, lines)
    }

    @Test func theNextFileIsAlreadyInTheWorkersInputWhenItStarts() throws {
        let (reports, journal) = try run(["a.lua", "b.lua", "c.lua"])

        #expect(reports.values.allSatisfy { $0.tests.map(\.status) == [.passed] }, "\(reports)")
        // While a runs, b waits in the input; while b runs, c; c is the last.
        #expect(journal == ["1 a.lua queued", "1 b.lua queued", "1 c.lua alone"])
    }

    @Test func filesQueuedToAWorkerThatCrashesRunOnceEachInOrderInTheNext() throws {
        let (reports, journal) = try run(["a.lua", "crash.lua", "b.lua", "c.lua"])

        #expect(reports["crash.lua"]?.tests.first?.message.hasPrefix("crash.lua: the worker crashed (signal 11)") == true)
        for name in ["a.lua", "b.lua", "c.lua"] { #expect(reports[name]?.tests.map(\.status) == [.passed], "\(name)") }
        // b was queued to the first worker when it crashed: it starts once, in the second.
        #expect(journal == ["1 a.lua queued", "1 crash.lua queued", "2 b.lua queued", "2 c.lua alone"])
    }

    @Test func aQueuedFilesTimeBoundStartsWhenTheFileBeforeItEnds() throws {
        // A bound of 1 s plus 1 s of grace, 2 s: each slow file (1.2 s) is within it, two after one another (2.4 s)
        // are not, so a bound counted from when the file was queued would kill the second.
        var options = RunOptions()
        options.limits.seconds = 1
        let (reports, journal) = try run(["slow1.lua", "slow2.lua", "slow3.lua"], options: options)

        for name in ["slow1.lua", "slow2.lua", "slow3.lua"] {
            #expect(reports[name]?.tests.map(\.status) == [.passed], "\(name): \(String(describing: reports[name]))")
        }
        #expect(journal.map { $0.split(separator: " ")[0] } == ["1", "1", "1"])
    }

    @Test func aFileOverItsTimeBoundIsStoppedAndTheFileQueuedBehindItRunsInANewWorker() throws {
        // A bound of 1 s plus 1 s of grace: b, the last, waits a second for a next file that never comes.
        var options = RunOptions()
        options.limits.seconds = 1
        let (reports, journal) = try run(["a.lua", "stuck.lua", "b.lua"], options: options)

        let stuck = try #require(reports["stuck.lua"]?.tests.first)
        #expect(stuck.message.hasPrefix("stuck.lua: time limit of 1 s exceeded in test \"hangs\""), "\(stuck.message)")
        #expect(reports["b.lua"]?.tests.map(\.status) == [.passed])
        #expect(journal == ["1 a.lua queued", "1 stuck.lua queued", "2 b.lua alone"])
    }

    @Test func failFastHandsAWorkerNoFileAhead() throws {
        var options = RunOptions()
        options.failFast = true
        let (reports, journal) = try run(["a.lua", "fail.lua", "b.lua"], options: options, stopOnFailure: true)

        #expect(reports["fail.lua"]?.tests.map(\.status) == [.failed])
        // b was never handed out: the failure came first.
        #expect(reports["b.lua"] == nil)
        #expect(journal == ["1 a.lua alone", "1 fail.lua alone"])
    }
}

/// Reports gathered from the pool's threads, by file.
private final class QueuedReports: @unchecked Sendable {
    private let lock = NSLock()
    private var byFile: [String: FileReport] = [:]
    func add(_ name: String, _ report: FileReport) { lock.lock(); byFile[name] = report; lock.unlock() }
    var all: [String: FileReport] { lock.lock(); defer { lock.unlock() }; return byFile }
}
