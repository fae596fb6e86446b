import Foundation
import Testing
@testable import piecebox
import LuaHost

/// Counts that say what happened: nothing selected fails with its reason, files with no selected test are not
/// called PASS, tests cut off are counted as not run, and `--! expect-error` matches only the scenario's own words.
@Suite struct HonestCountTests {
    @Test func aFilterOrTagThatSelectsNothingSaysSoAndFails() throws {
        let folder = try TestFolder()
        try folder.write("a.lua", "test(\"one\", { tags = { \"fast\" } }, function() end)\n")
        let filtered = try piecebox(["run", "a.lua", "--filter", "zzz"], in: folder.path)
        #expect(filtered.status == 1)
        #expect(filtered.stdout.contains("no test selected: --filter \"zzz\" matched no test in 1 file"), "\(filtered.stdout)")
        #expect(!filtered.stdout.contains("PASS"), "\(filtered.stdout)")
        let tagged = try piecebox(["run", "a.lua", "--tag", "slow"], in: folder.path)
        #expect(tagged.status == 1)
        #expect(tagged.stdout.contains("--tag slow matched no test"), "\(tagged.stdout)")
        let chosen = try piecebox(["run", "a.lua", "--tag", "fast"], in: folder.path)
        #expect(chosen.status == 0, "\(chosen.stdout)")
    }

    @Test func aFileWithNoSelectedTestIsNotPrintedAsAPass() throws {
        let folder = try TestFolder()
        try folder.write("a.lua", "test(\"wanted\", function() end)\n")
        try folder.write("b.lua", "test(\"other\", function() end)\n")
        let run = try piecebox(["run", "a.lua", "b.lua", "--filter", "wanted"], in: folder.path)
        #expect(run.status == 0)
        #expect(run.stdout.contains("PASS a.lua"))
        #expect(!run.stdout.contains("b.lua"), "\(run.stdout)")
        #expect(run.stdout.split(separator: "\n").last == "1 passed, 0 failed")
    }

    @Test func testsCutOffByALimitAreCountedAsNotRunAndFailTheRun() throws {
        let folder = try TestFolder()
        try folder.write("a.lua", """
            --! max-instructions: 1000000
            test("spins", function() while true do end end)
            test("second", function() end)
            test("third", function() end)
            """)
        let run = try piecebox(["run", "a.lua", "--reporter", "junit=r.xml"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stdout.split(separator: "\n").last == "0 passed, 1 failed, 2 not run", "\(run.stdout)")
        #expect(run.stdout.contains("  ○ second (not run: the file stopped at a limit in \"spins\")"), "\(run.stdout)")
        // In JUnit the tests that did not run are errors, so a CI system fails them too.
        let tree = try XMLTree.parse(Data(try #require(folder.read("r.xml")).utf8))
        #expect(tree.attributes["errors"] == "2")
        let cases = tree.children.first?.children.filter { $0.name == "testcase" } ?? []
        #expect(cases.map { $0.child("error")?.attributes["type"] } == [nil, "not run", "not run"])
    }

    @Test func failFastStopsAtTheFirstFailureAndCountsTheRest() throws {
        let folder = try TestFolder()
        try folder.write("a.lua", """
            test("fails", function() error("no") end)
            test("after", function() end)
            """)
        try folder.write("b.lua", "test(\"later file\", function() end)\n")
        let run = try piecebox(["run", "a.lua", "b.lua", "--fail-fast", "--jobs", "1"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stdout.contains("1 file did not start"), "\(run.stdout)")
        #expect(run.stdout.split(separator: "\n").last == "0 passed, 1 failed, 1 not run", "\(run.stdout)")
    }

    @Test func onlyWarnsInTheSummaryThatOnlySomeRan() throws {
        let folder = try TestFolder()
        try folder.write("a.lua", """
            test("one", function() end)
            test.only("two", function() end)
            """)
        let run = try piecebox(["run", "a.lua"], in: folder.path)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("warning: only the tests marked .only ran in a.lua") }, "\(run.stdout)")
        #expect(lines.last == "1 passed, 0 failed, 1 skipped")
    }

    @Test func shuffleIsPrintedAndReplayedBySeed() throws {
        let folder = try TestFolder()
        for i in 1...6 {
            try folder.write("f\(i).lua", (1...5).map { "test(\"t\($0)\", function() end)" }.joined(separator: "\n"))
        }
        let first = try piecebox(["run", ".", "--shuffle"], in: folder.path)
        let header = try #require(first.stdout.split(separator: "\n").first)
        let seed = try #require(header.components(separatedBy: "--seed ").last)
        let replay = try piecebox(["run", ".", "--seed", String(seed)], in: folder.path)
        let again = try piecebox(["run", ".", "--seed", String(seed)], in: folder.path)
        #expect(replay.stdout == first.stdout)
        #expect(again.stdout == first.stdout)
        #expect(first.stdout.contains("shuffled with --seed \(seed) (give it again to replay this order)"))
    }

    @Test func repeatRunsEachFileInAFreshSandbox() throws {
        let folder = try TestFolder()
        // A fresh sandbox each time: the global starts unset on every run.
        try folder.write("a.lua", "test(\"fresh\", function() expect(counter).toBeNil() counter = 1 end)\n")
        let run = try piecebox(["run", "a.lua", "--repeat", "3"], in: folder.path)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.contains("PASS a.lua (run 3 of 3)"))
        #expect(run.stdout.split(separator: "\n").last == "3 passed, 0 failed")
    }

    /// A worker that crashes must not pass a file that expects the crash message. Fails before the fix: the runner's
    /// own words were matched.
    @Test func expectErrorNeverMatchesTheRunnersWordsAboutACrash() {
        let crashed = WorkerPool.decode(Data(), file: "c.lua", killed: false, limits: .default, exitStatus: 11,
                                        reason: .uncaughtSignal)
        #expect(crashed.report.tests.first?.message.contains("the worker crashed") == true)
        var header = ScenarioHeader()
        header.expectError = "the worker crashed"
        let judged = header.apply(to: crashed.report)
        #expect(judged.tests.map(\.status) == [.failed], "\(judged.tests)")
    }

    @Test func expectErrorMatchesOnlyTheLimitOfAKilledWorker() {
        let killed = WorkerPool.decode(Data(), file: "k.lua", killed: true, limits: SandboxLimits(instructions: 0, memoryBytes: 0, seconds: 2),
                                       exitStatus: 9, reason: .uncaughtSignal)
        var byLimit = ScenarioHeader()
        byLimit.expectError = "time limit of 2 s exceeded"
        #expect(byLimit.apply(to: killed.report).tests.map(\.status) == [.passed])
        var byRunnerWords = ScenarioHeader()
        byRunnerWords.expectError = "the worker was stopped"
        #expect(byRunnerWords.apply(to: killed.report).tests.map(\.status) == [.failed])
    }

    @Test func aCrashCountsThePlannedTestsAfterItAsNotRun() {
        let lines = [
            #"{"event":"plan","tests":["a","b","c"]}"#,
            #"{"event":"start","name":"a"}"#,
            #"{"event":"result","name":"a","status":"passed"}"#,
            #"{"event":"start","name":"b"}"#,
        ].joined(separator: "\n")
        let outcome = WorkerPool.decode(Data(lines.utf8), file: "x.lua", killed: false, limits: .default, exitStatus: 11,
                                        reason: .uncaughtSignal)
        #expect(outcome.report.tests.map(\.name) == ["a", "b", "c"])
        #expect(outcome.report.tests.map(\.status) == [.passed, .failed, .notRun])
    }
}
