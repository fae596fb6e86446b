import Foundation
import Testing
@testable import piecebox
import LuaHost

/// Workers die with the runner, stop on Ctrl-C or SIGTERM, and keep their standard error to their own file.
@Suite(.serialized) struct WorkerLifetimeTests {
    /// A pattern match that backtracks for far longer than any test: one C call, where no Lua hook fires, so
    /// only the runner (or its death) can stop it. 800 characters and four ".-" is about 800^4 / 24 steps.
    static let endless = """
        test("backtracks for hours", function()
          string.find(("a"):rep(800), ".-.-.-.-b")
        end)
        """

    /// Starts a run of `endless` and waits for its worker to be running.
    private func startEndlessRun(in folder: TestFolder) throws -> (run: PieceboxRun, worker: pid_t) {
        try folder.write("endless.lua", Self.endless)
        let run = try PieceboxRun(["run", "endless.lua", "--max-seconds", "600"], in: folder.path)
        var worker: pid_t?
        _ = eventually(within: 30) {
            worker = children(of: run.pid).first
            return worker != nil
        }
        let found = try #require(worker, "no worker started")
        // Give the worker time to get into the scenario (past its start-up), the state the runner dies in.
        usleep(300_000)
        return (run, found)
    }

    @Test func killingTheRunnerKillsItsWorkers() throws {
        let folder = try TestFolder()
        let (run, worker) = try startEndlessRun(in: folder)

        kill(run.pid, SIGKILL)
        run.finish()

        // The kernel signals the worker as the runner dies; a second is ample even on a busy machine.
        #expect(eventually(within: 1) { hasEnded(worker) }, "worker \(worker) outlived its runner")
        if !hasEnded(worker) { kill(worker, SIGKILL) }
    }

    @Test func ctrlCStopsTheWorkersAndSaysSo() throws {
        let folder = try TestFolder()
        let (run, worker) = try startEndlessRun(in: folder)

        kill(run.pid, SIGINT)
        let result = run.finish(within: 10)

        // 128 + 2 (SIGINT), as a shell reports a command Ctrl-C ended.
        #expect(result.status == 130, "\(result.stdout)\(result.stderr)")
        #expect(run.process.terminationReason == .exit)
        #expect(result.stderr.contains("piecebox: stopped by SIGINT (Ctrl-C); killed 1 running worker"), "\(result.stderr)")
        #expect(eventually(within: 1) { hasEnded(worker) }, "worker \(worker) outlived the interrupt")
        if !hasEnded(worker) { kill(worker, SIGKILL) }
    }

    @Test func sigtermStopsTheWorkersToo() throws {
        let folder = try TestFolder()
        let (run, worker) = try startEndlessRun(in: folder)

        kill(run.pid, SIGTERM)
        let result = run.finish(within: 10)

        // 128 + 15 (SIGTERM).
        #expect(result.status == 143, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("piecebox: stopped by SIGTERM"), "\(result.stderr)")
        #expect(eventually(within: 1) { hasEnded(worker) }, "worker \(worker) outlived SIGTERM")
        if !hasEnded(worker) { kill(worker, SIGKILL) }
    }

    @Test func aWorkerStartedAfterItsRunnerDiedStopsAtOnce() throws {
        let folder = try TestFolder()
        try folder.write("endless.lua", Self.endless)
        // A worker whose recorded runner is not its parent: what it sees when the runner died before it could ask
        // to be told. Process id 1 is never the parent of a process this test starts.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: pieceboxBinary)
        process.arguments = ["worker", "endless.lua"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        process.environment = ["PIECEBOX_RUNNER_PID": "1"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stopped = eventually(within: 10) { !process.isRunning }
        if !stopped { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)

        #expect(stopped)
        #expect(text.contains("the runner (process 1) has gone"), "\(text)")
    }

    @Test func aCrashingWorkersStandardErrorIsShownInItsOwnFailure() throws {
        let folder = try TestFolder()
        // Stands in for a worker that crashes: says which test it started, writes a dump, dies of SIGSEGV.
        let fake = try folder.write("fake-worker.sh", """
            #!/bin/sh
            echo '{"event":"start","name":"the crashing test"}'
            echo 'Fatal error: something broke' >&2
            echo 'frame 0: crash site' >&2
            kill -SEGV $$
            """)
        chmod(fake, 0o755)
        let pool = WorkerPool(executable: fake, jobs: 1, options: RunOptions(), logPaths: [:])

        let report = pool.runOne(folder.path + "/x.lua")

        let failure = try #require(report.tests.last)
        #expect(failure.name == "the crashing test")
        #expect(failure.status == .failed)
        // SIGSEGV is signal 11.
        #expect(failure.message.hasPrefix("\(folder.path)/x.lua: the worker crashed (signal 11) in test \"the crashing test\""),
                "\(failure.message)")
        let lines = failure.message.split(separator: "\n").map(String.init)
        #expect(Array(lines.dropFirst()) == [
            "--- the worker's standard error ---",
            "| Fatal error: something broke",
            "| frame 0: crash site",
            "--- end of the worker's standard error ---",
        ])
    }

    @Test func aLongDumpIsCutToItsFirstLines() {
        // 50 lines of 300 characters: 20 lines are shown, each cut to 240 characters.
        let dump = (1...50).map { "\($0):" + String(repeating: "x", count: 297) }.joined(separator: "\n") + "\n"
        let excerpt = ErrorCapture.excerpt(of: Data(dump.utf8), totalBytes: dump.utf8.count) ?? ""
        let lines = excerpt.split(separator: "\n").map(String.init)

        #expect(lines.first == "--- the worker's standard error (the first 20 of 50 lines) ---")
        #expect(lines.count == 22)
        #expect(lines[1] == "| 1:" + String(repeating: "x", count: 238) + " …")
        #expect(lines.last == "--- end of the worker's standard error ---")
    }

    @Test func aStoppedWorkersLogIsFinishedWithTheError() throws {
        let folder = try TestFolder()
        try folder.write("stuck.lua", """
            --! max-seconds: 1
            test("draws then backtracks", function()
              local s = Stage{ fps = 10 }
              s:advance(0.2)
              string.find(("a"):rep(800), ".-.-.-.-b")
            end)
            """)

        let run = try piecebox(["run", "stuck.lua", "--log", "logs"], in: folder.path)

        #expect(run.status == 1)
        #expect(run.stdout.contains("time limit of 1 s exceeded"), "\(run.stdout)")
        // Only the finished log: no temporary file is left.
        #expect(folder.list("logs") == ["stuck.jsonl"])
        let lines = (folder.read("logs/stuck.jsonl") ?? "").split(separator: "\n")
        // The header, the two frames 0.2 s at 10 fps renders (at t = 0.1 and 0.2), then the error.
        #expect(lines.count == 4, "\(lines)")
        #expect(lines.last?.hasPrefix(#"{"error":"#) == true, "\(lines)")
    }
}
