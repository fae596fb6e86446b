import Foundation
import Testing
@testable import LuaHost

/// Memory the host keeps for a file counts against the file's cap: the frames its stages keep, its report, its
/// frame log. Past the cap the file stops with a memory breach naming the script's line, as a Lua allocation
/// would, and names and messages copied out of Lua are cut to a bounded length.
@Suite struct HostMemoryLimitTests {
    static let eightMiB = SandboxLimits(instructions: 0, memoryBytes: 8 << 20, seconds: 20)

    @Test func framesKeptByTheStagePastTheCapStopTheFileNamingTheLine() throws {
        // Each frame keeps a few hundred bytes for the page's 50 sections: a million frames is far past 8 MiB.
        let report = try runScenario("""
            local sections = {}
            for i = 1, 50 do sections[i] = { id = "s" .. i, title = "Section " .. i, height = 100 } end
            test("history", function()
              local s = Stage{}
              s:page{ sections = sections }
              s:frames(1000000)
            end)
            """, limits: Self.eightMiB)
        let result = try #require(report.test("history"), "\(report.summary)")
        #expect(result.status == .failed)
        // The kept frames are what outgrew the cap, so the message says so and how to keep fewer.
        #expect(result.message.contains("scenario.lua:6: memory limit of 8 MiB exceeded: the frames the stage keeps ("),
                "\(result.message)")
        #expect(result.message.hasSuffix("keep fewer with Stage{ history = seconds } or raise --max-memory"),
                "\(result.message)")
    }

    @Test func theHostsShareLeavesLuaOnlyTheRestOfTheCap() throws {
        // 600 frames of a 50-section page keep about 5 MiB (50 elements of some 170 bytes each, per frame): within
        // the 8 MiB cap, but a Lua string of 4 MiB, which Lua alone would allow, no longer fits beside them.
        let report = try runScenario("""
            local sections = {}
            for i = 1, 50 do sections[i] = { id = "s" .. i, title = "Section " .. i, height = 100 } end
            test("shared", function()
              local s = Stage{}
              s:page{ sections = sections }
              s:frames(600)
              local big = string.rep("x", 4 << 20)
            end)
            """, limits: Self.eightMiB)
        let result = try #require(report.test("shared"), "\(report.summary)")
        #expect(result.status == .failed)
        #expect(result.message.hasSuffix("scenario.lua:7: memory limit of 8 MiB exceeded"), "\(result.message)")
    }

    @Test func aHugeTestNameIsCutInTheReport() throws {
        let report = try runScenario("""
            test(string.rep("n", 1000000), function() end)
            """)
        let result = try #require(report.tests.first, "\(report.summary)")
        #expect(result.status == .passed)
        #expect(result.name.utf8.count <= TestResult.nameLimit, "\(result.name.utf8.count) bytes")
        #expect(result.name.hasPrefix("nnnnnnnn"))
        #expect(result.name.contains("more bytes"), "\(result.name.suffix(40))")
    }

    @Test func aHugeFailureMessageIsCutInTheReport() throws {
        let report = try runScenario("""
            test("loud", function() error(string.rep("x", 1000000)) end)
            """)
        let result = try #require(report.test("loud"), "\(report.summary)")
        #expect(result.status == .failed)
        #expect(result.message.utf8.count <= TestResult.messageLimit, "\(result.message.utf8.count) bytes")
        #expect(result.message.contains("scenario.lua:1: xxxx"), "\(result.message.prefix(80))")
    }

    @Test func theFrameLogCountsAgainstTheCap() throws {
        // Every frame is written to the log as well as kept: the log's bytes are charged beside the frames', so the
        // log the runner will read back can never pass the file's cap.
        let folder = try ScenarioFolder()
        let path = try folder.write("logged.lua", """
            local sections = {}
            for i = 1, 50 do sections[i] = { id = "s" .. i, title = "Section " .. i, height = 100 } end
            test("logged", function()
              local s = Stage{}
              s:page{ sections = sections }
              s:frames(1000000)
            end)
            """)
        let log = folder.path + "/logged.jsonl"
        let report = folder.runFile(path, limits: Self.eightMiB) { $0.logPath = log }
        let result = try #require(report.test("logged"), "\(report.summary)")
        #expect(result.message.hasSuffix("logged.lua:6: memory limit of 8 MiB exceeded"), "\(result.message)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: log)[.size] as? Int)
        #expect(size < 8 << 20, "\(size) bytes of log")
    }

    @Test func aScenarioFileLargerThanItsCapIsNotReadIn() throws {
        // 2 MiB of comment lines and one test: the host would copy all of it before Lua saw a line.
        let comments = String(repeating: "-- filler filler filler filler filler filler filler filler filler fill\n", count: 30_000)
        let report = try runScenario(comments + "test(\"x\", function() end)\n",
                                     limits: SandboxLimits(instructions: 0, memoryBytes: 1 << 20, seconds: 20))
        let failure = try #require(report.test("(file)"), "\(report.summary)")
        #expect(failure.message.hasSuffix("scenario.lua: the file is larger than its memory cap of 1 MiB; it did not run"),
                "\(failure.message)")
    }

    @Test func manyStagesCountAgainstTheCap() throws {
        // Each stage is counted at 4 KiB at least: a million of them is far past 8 MiB, though Lua holds only a
        // small box for each.
        let report = try runScenario("""
            test("stages", function()
              local keep = {}
              for i = 1, 1000000 do keep[i] = Stage{} end
            end)
            """, limits: Self.eightMiB)
        let result = try #require(report.test("stages"), "\(report.summary)")
        #expect(result.message.hasSuffix("scenario.lua:3: memory limit of 8 MiB exceeded"), "\(result.message)")
    }

    @Test func aStageReleasedByTheScriptNoLongerCounts() throws {
        // Eight rounds of 350 frames (about 3 MiB each, see above): 24 MiB in all, but only one round is alive at a
        // time, so the file stays within 8 MiB.
        let report = try runScenario("""
            local sections = {}
            for i = 1, 50 do sections[i] = { id = "s" .. i, title = "Section " .. i, height = 100 } end
            test("one after another", function()
              for round = 1, 8 do
                local s = Stage{}
                s:page{ sections = sections }
                s:frames(350)
                s = nil
                collectgarbage()
              end
            end)
            """, limits: Self.eightMiB)
        #expect(report.test("one after another")?.status == .passed, "\(report.summary)")
    }
}
