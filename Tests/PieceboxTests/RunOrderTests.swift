import Foundation
import Testing
@testable import piecebox
import LuaHost

/// The order the job slots take files in: refusal scenarios (which run until a limit stops them) first, those
/// waiting out a time limit before the rest of them; a shuffled or --fail-fast run keeps its own order.
@Suite struct RunOrderTests {
    /// Four files: plain, a memory refusal, a time refusal, plain again; their paths in name order.
    private func files(in folder: TestFolder) throws -> [String] {
        [try folder.write("a_plain.lua", "test(\"a\", function() end)\n"),
         try folder.write("b_memory.lua", "--! expect-error: memory limit of 1 MiB exceeded\n--! max-memory: 1\n"),
         try folder.write("c_time.lua", "--! expect-error: time limit of 0.1 s exceeded\n--! max-seconds: 0.1\n"),
         try folder.write("d_plain.lua", "test(\"d\", function() end)\n")]
    }

    private func pool(_ options: RunOptions) -> WorkerPool {
        WorkerPool(executable: "/nonexistent", jobs: 2, options: options, logPaths: [:])
    }

    @Test func refusalsAreHandedOutFirstTheTimeLimitedOnesBeforeTheOthers() throws {
        let folder = try TestFolder()
        let paths = try files(in: folder)
        // c (a time refusal), then b (a refusal), then the plain files in their own order.
        #expect(pool(RunOptions()).runOrder(paths) == [2, 1, 0, 3])
    }

    @Test func aRunWithoutRefusalsKeepsItsFilesOrder() throws {
        let folder = try TestFolder()
        let paths = [try folder.write("b.lua", "test(\"b\", function() end)\n"),
                     try folder.write("a.lua", "test(\"a\", function() end)\n")]
        #expect(pool(RunOptions()).runOrder(paths) == [0, 1])
    }

    @Test func aShuffledOrFailFastRunKeepsItsOwnOrder() throws {
        let folder = try TestFolder()
        let paths = try files(in: folder)
        var shuffled = RunOptions()
        shuffled.shuffleSeed = 7
        #expect(pool(shuffled).runOrder(paths) == [0, 1, 2, 3])
        var failFast = RunOptions()
        failFast.failFast = true
        #expect(pool(failFast).runOrder(paths) == [0, 1, 2, 3])
    }

    @Test func reportsStillComeOutInFileOrderWhenRefusalsRunFirst() throws {
        let folder = try TestFolder()
        try folder.write("a_plain.lua", "test(\"first\", function() end)\n")
        try folder.write("b_loop.lua", """
            --! expect-error: instruction limit of 100000 exceeded
            --! max-instructions: 100000
            test("loops", function() while true do end end)
            """)
        try folder.write("c_plain.lua", "test(\"last\", function() end)\n")
        let run = try piecebox(["run", ".", "--jobs", "1", "--reporter", "tap"], in: folder.path)
        #expect(run.status == 0, "\(run.stdout)")
        let oks = run.stdout.split(separator: "\n").filter { $0.hasPrefix("ok ") }.map(String.init)
        #expect(oks.count == 3)
        #expect(oks.first?.contains("a_plain.lua") == true, "\(oks)")
        #expect(oks.dropFirst().first?.contains("b_loop.lua") == true, "\(oks)")
        #expect(oks.last?.contains("c_plain.lua") == true, "\(oks)")
    }

    @Test func theUsersOwnMallocSettingsComeAfterTheWorkersSoTheyWin() {
        #expect(WorkerProcess.mallocTunables(after: nil) == "glibc.malloc.tcache_count=1024")
        #expect(WorkerProcess.mallocTunables(after: "") == "glibc.malloc.tcache_count=1024")
        #expect(WorkerProcess.mallocTunables(after: "glibc.malloc.tcache_count=7")
                == "glibc.malloc.tcache_count=1024:glibc.malloc.tcache_count=7")
    }
}

/// The hard bound of a slot's files kills the armed process at its deadline, and only while it is armed.
@Suite struct HardBoundTests {
    /// A process that sleeps for a minute unless something ends it.
    private func sleeper() throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sleep")
        process.arguments = ["60"]
        try process.run()
        return process
    }

    /// Ends `process` for certain (SIGKILL: the test runner's threads may block SIGTERM, and a child inherits that).
    private func end(_ process: Process) {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    @Test func anArmedProcessIsKilledOnceItsLimitAndGracePass() throws {
        let process = try sleeper()
        let bound = HardBound()
        // 0.05 s and as much grace: killed about 0.1 s from now.
        bound.arm(pid: process.processIdentifier, seconds: 0.05)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGKILL)
        #expect(bound.finish())
    }

    @Test func aFinishedFileIsNotKilledAndTheNextArmingCountsAfresh() throws {
        let process = try sleeper()
        defer { end(process) }
        let bound = HardBound()
        // A bound long enough that a busy machine cannot let it pass before `finish` (it disarms, whatever the limit).
        bound.arm(pid: process.processIdentifier, seconds: 1)
        #expect(!bound.finish())
        // Longer than the bound and its grace would have been: nothing is armed, so nothing is killed.
        usleep(1_500_000)
        #expect(process.isRunning)
        bound.arm(pid: process.processIdentifier, seconds: 30)
        #expect(!bound.finish())
        #expect(process.isRunning)
    }

    @Test func aShorterLimitArmedAfterALongerOneStillKillsOnTime() throws {
        let first = try sleeper()
        defer { end(first) }
        let bound = HardBound()
        bound.arm(pid: first.processIdentifier, seconds: 30)
        #expect(!bound.finish())
        let second = try sleeper()
        bound.arm(pid: second.processIdentifier, seconds: 0.05)
        second.waitUntilExit()
        #expect(second.terminationStatus == SIGKILL)
        #expect(bound.finish())
        #expect(first.isRunning)
    }

    @Test func aLimitOfZeroArmsNothing() throws {
        let process = try sleeper()
        defer { end(process) }
        let bound = HardBound()
        bound.arm(pid: process.processIdentifier, seconds: 0)
        usleep(100_000)
        #expect(!bound.finish())
        #expect(process.isRunning)
    }
}
