import Foundation
import Testing
@testable import LuaHost

/// Each runaway is stopped with an error that names the limit, its value and the line, and the process
/// keeps working: another file run afterwards still passes.
@Suite struct SandboxLimitTests {
    /// Runs `body` as the only test of a file and returns that test's failure message.
    private func failure(of body: String, name: String, limits: SandboxLimits = .tight,
                         sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let report = try runScenario("test(\"runaway\", function()\n\(body)\nend)\n", name: name, limits: limits)
        let result = try #require(report.test("runaway"), "\(report.summary)", sourceLocation: sourceLocation)
        #expect(result.status == .failed, sourceLocation: sourceLocation)
        #expect(report.tests.count == 1, "\(report.summary)", sourceLocation: sourceLocation)
        return result.message
    }

    @Test func anInfiniteLoopIsStoppedByTheInstructionLimit() throws {
        let message = try failure(of: "while true do end", name: "loop.lua")
        #expect(message.contains("loop.lua:2: instruction limit of 20000000 exceeded"), "\(message)")
        try expectAHealthyFileStillPasses()
    }

    @Test func aLoopThatSwallowsTheStopWithPcallIsStillStopped() throws {
        let message = try failure(of: "while true do pcall(function() while true do end end) end", name: "pcall.lua")
        #expect(message.contains("pcall.lua:2: instruction limit of 20000000 exceeded"), "\(message)")
        try expectAHealthyFileStillPasses()
    }

    @Test func aLoopThatSwallowsTheStopWithXpcallIsStillStopped() throws {
        let message = try failure(
            of: "while true do xpcall(function() while true do end end, function(e) return e end) end",
            name: "xpcall.lua")
        #expect(message.contains("xpcall.lua:2: instruction limit of 20000000 exceeded"), "\(message)")
        try expectAHealthyFileStillPasses()
    }

    @Test func aCoroutineMadeAtTopLevelAndResumedInATestIsStopped() throws {
        let report = try runScenario("""
            local spin = coroutine.wrap(function() while true do end end)
            test("resumes a spinning coroutine", function() spin() end)
            """, name: "coroutine.lua")
        let result = try #require(report.test("resumes a spinning coroutine"), "\(report.summary)")
        #expect(result.status == .failed)
        #expect(result.message.contains("coroutine.lua:1: instruction limit of 20000000 exceeded"), "\(result.message)")
        try expectAHealthyFileStillPasses()
    }

    @Test func aCoroutineThatCatchesTheStopWithResumeDoesNotLetTheTestGoOn() throws {
        let report = try runScenario("""
            local co = coroutine.create(function() while true do end end)
            test("swallows", function()
              local ok, err = coroutine.resume(co)
              print(ok, err)
              while true do end
            end)
            """, name: "resume.lua")
        let result = try #require(report.test("swallows"), "\(report.summary)")
        #expect(result.status == .failed)
        #expect(result.message.contains("instruction limit of 20000000 exceeded"), "\(result.message)")
        #expect(result.output.count <= 1)
        try expectAHealthyFileStillPasses()
    }

    @Test func aStringRepOfTwoToTheFortyIsRefusedAsTooLarge() throws {
        // Lua's own check (string.rep caps results at INT_MAX bytes) refuses it before any allocation.
        let message = try failure(of: "local s = string.rep(\"x\", 2^40)", name: "rep40.lua")
        #expect(message.contains("rep40.lua:2: resulting string too large"), "\(message)")
        try expectAHealthyFileStillPasses()
    }

    @Test func aGigabyteStringRepIsStoppedByTheMemoryLimit() throws {
        let message = try failure(of: "local s = string.rep(\"x\", 2^30)", name: "rep.lua")
        #expect(message.contains("rep.lua:2: memory limit of 64 MiB exceeded"), "\(message)")
        try expectAHealthyFileStillPasses()
    }

    @Test func catchingTheMemoryErrorDoesNotGetPastTheLimit() throws {
        let report = try runScenario("""
            test("catches", function()
              local ok, err = pcall(string.rep, "x", 2^30)
              print(ok, err)
              local s = "x"
              while true do s = s .. s end
            end)
            test("later", function() end)
            """, name: "repcaught.lua")
        // The test cut off by the limit is counted as not run.
        #expect(report.tests.map(\.name) == ["catches", "later"], "\(report.summary)")
        #expect(report.tests.map(\.status) == [.failed, .notRun], "\(report.summary)")
        let result = try #require(report.tests.first)
        #expect(result.status == .failed)
        #expect(result.message.contains("repcaught.lua:2: memory limit of 64 MiB exceeded"), "\(result.message)")
        #expect(result.message.hasSuffix("; the file's remaining 1 test did not run"), "\(result.message)")
        try expectAHealthyFileStillPasses()
    }

    @Test func aTableThatGrowsWithoutEndIsStoppedByTheMemoryLimit() throws {
        let message = try failure(of: "local t, i = {}, 0\nwhile true do i = i + 1; t[i] = { i } end",
                                  name: "grow.lua", limits: SandboxLimits(instructions: 0, memoryBytes: 32 << 20, seconds: 10))
        #expect(message.contains("grow.lua:3: memory limit of 32 MiB exceeded"), "\(message)")
        try expectAHealthyFileStillPasses()
    }

    @Test func unboundedRecursionEndsInAStackOverflowNamingTheLine() throws {
        let report = try runScenario("""
            local function down(n) return 1 + down(n + 1) end
            test("recurses", function() down(1) end)
            """, name: "recurse.lua", limits: SandboxLimits(instructions: 0, memoryBytes: 256 << 20, seconds: 10))
        let result = try #require(report.test("recurses"), "\(report.summary)")
        #expect(result.status == .failed)
        #expect(result.message.contains("recurse.lua:1:"), "\(result.message)")
        #expect(result.message.contains("stack overflow"), "\(result.message)")
        try expectAHealthyFileStillPasses()
    }

    @Test func metamethodRecursionEndsInACStackOverflow() throws {
        let report = try runScenario("""
            local t = setmetatable({}, {})
            getmetatable(t).__index = function(self, k) return self[k] end
            test("index chain", function() return t.x end)
            """, name: "cstack.lua")
        let result = try #require(report.test("index chain"), "\(report.summary)")
        #expect(result.status == .failed)
        #expect(result.message.contains("cstack.lua:2:"), "\(result.message)")
        #expect(result.message.contains("stack overflow"), "\(result.message)")
        try expectAHealthyFileStillPasses()
    }

    @Test func aLoopAtTopLevelFailsTheFileWithTheLimit() throws {
        let report = try runScenario("""
            test("never runs", function() end)
            local x = 0
            while true do x = x + 1 end
            """, name: "toplevel.lua")
        #expect(report.tests.count == 1, "\(report.summary)")
        let result = try #require(report.tests.first)
        #expect(result.name == "(file)")
        #expect(result.status == .failed)
        #expect(result.message.contains("toplevel.lua:3: instruction limit of 20000000 exceeded"), "\(result.message)")
    }

    @Test func aBreachInTheFirstTestEndsTheFileAndSaysHowManyDidNotRun() throws {
        let report = try runScenario("""
            test("spins", function() while true do end end)
            test("second", function() print("ran") end)
            test("third", function() print("ran") end)
            """, name: "breach.lua")
        #expect(report.tests.map(\.name) == ["spins", "second", "third"], "\(report.summary)")
        #expect(report.tests.map(\.status) == [.failed, .notRun, .notRun], "\(report.summary)")
        #expect(report.notRun == 2)
        let result = try #require(report.tests.first)
        #expect(result.status == .failed)
        #expect(result.message.contains("breach.lua:1: instruction limit of 20000000 exceeded"), "\(result.message)")
        #expect(result.message.hasSuffix("; the file's remaining 2 tests did not run"), "\(result.message)")
    }

    @Test func aBreachInTheSecondToLastTestCountsOneRemainingTest() throws {
        let report = try runScenario("""
            test("fine", function() end)
            test("spins", function() while true do end end)
            test("last", function() end)
            """, name: "breach2.lua")
        #expect(report.tests.map(\.name) == ["fine", "spins", "last"], "\(report.summary)")
        #expect(report.test("last")?.status == .notRun)
        #expect(report.test("fine")?.status == .passed)
        let message = try #require(report.test("spins")?.message)
        #expect(message.hasSuffix("; the file's remaining 1 test did not run"), "\(message)")
    }

    @Test func aBreachInTheLastTestDoesNotMentionRemainingTests() throws {
        let report = try runScenario("""
            test("fine", function() end)
            test("spins", function() while true do end end)
            """, name: "breach3.lua")
        let message = try #require(report.test("spins")?.message, "\(report.summary)")
        #expect(message.contains("instruction limit of 20000000 exceeded"), "\(message)")
        #expect(!message.contains("did not run"), "\(message)")
    }

    @Test func theWallTimeLimitStopsALoopWhenInstructionsAreUnlimited() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let report = try runScenario("""
            test("spins", function()
              local x = 0
              while true do x = x + 1 end
            end)
            """, name: "walltime.lua", limits: SandboxLimits(instructions: 0, memoryBytes: 64 << 20, seconds: 0.5))
        let elapsed = clock.now - start
        let result = try #require(report.test("spins"), "\(report.summary)")
        #expect(result.status == .failed)
        #expect(result.message.contains("walltime.lua:3: time limit of 0.5 s exceeded"), "\(result.message)")
        #expect(elapsed >= .milliseconds(450))
        #expect(elapsed < .seconds(5))
        try expectAHealthyFileStillPasses()
    }

    @Test
    func printStopsAtOneMebibyteWithACutLineAndANote() throws {
        // The cap is 1 MiB = 1,048,576 bytes, each line counting its length plus 1 (its newline).
        // Lines 1-3 (307,200 bytes each) are kept: 3 x 307,201 = 921,603 counted.
        // Line 4 has 1,048,576 - 921,603 = 126,973 bytes of room: it keeps 126,973 - 40 = 126,933 bytes and says
        // "... (180,267 more bytes)" (307,200 - 126,933), 23 bytes: 921,603 + 126,956 + 1 = 1,048,560 counted.
        // Line 5 has 16 bytes of room: 0 kept plus its 23-byte note would pass the cap (1,048,584), so the file's
        // truncation note is printed instead, and lines 6 to 8 are dropped.
        let report = try runScenario("""
            test("floods", function()
              local line = string.rep("x", 300 * 1024)
              for i = 1, 8 do print(line) end
            end)
            """, name: "flood.lua")
        let result = try #require(report.test("floods"), "\(report.summary)")
        #expect(result.status == .passed, "\(result.message)")
        let full = String(repeating: "x", count: 307_200)
        #expect(result.output.count == 5)
        #expect(Array(result.output.prefix(3)) == [full, full, full])
        #expect(result.output.count > 3 && result.output[3] == String(repeating: "x", count: 126_933) + "... (180267 more bytes)")
        #expect(result.output.last == "... (output truncated: a file may print at most 1024 KiB)")
    }

    @Test func workWithinTheLimitsIsNotStopped() throws {
        let report = try runScenario("""
            test("busy but bounded", function()
              local t = {}
              for i = 1, 200000 do t[#t + 1] = i * 2 end
              expect(#t).toBe(200000)
              local s = string.rep("x", 1000000)
              expect(#s).toBe(1000000)
            end)
            """)
        #expect(report.test("busy but bounded")?.status == .passed, "\(report.summary)")
    }
}

/// The state itself reports which limit it hit, and the breach is sticky.
@Suite struct LuaStateBreachTests {
    @Test func stateReportsTheInstructionBreachAndStaysTripped() throws {
        let state = try LuaState(limits: SandboxLimits(instructions: 1_000_000, memoryBytes: 64 << 20, seconds: 5))
        defer { state.close() }
        #expect(state.breach == nil)
        guard case .breach(let breach, let location) = state.run(text: "local x = 0\nwhile true do x = x + 1 end", chunkName: "=spin") else {
            Issue.record("the loop was not stopped by a breach")
            return
        }
        #expect(breach == .instructions(1_000_000))
        #expect(location == "spin:2")
        #expect(state.breach == .instructions(1_000_000))
        guard case .breach = state.run(text: "local y = 1", chunkName: "=after") else {
            Issue.record("a tripped state ran more code")
            return
        }
    }

    @Test func stateReportsTheMemoryBreach() throws {
        let state = try LuaState(limits: SandboxLimits(instructions: 0, memoryBytes: 8 << 20, seconds: 5))
        defer { state.close() }
        guard case .breach(let breach, _) = state.run(text: "local t = {} for i = 1, 1e9 do t[i] = i end", chunkName: "=grow") else {
            Issue.record("the growth was not stopped by a breach")
            return
        }
        #expect(breach == .memory(8 << 20))
        #expect(breach.description == "memory limit of 8 MiB exceeded")
    }

    @Test func limitDescriptionsShowTheLimitsValue() {
        #expect(LimitBreach.instructions(20_000_000).description == "instruction limit of 20000000 exceeded")
        #expect(LimitBreach.memory(64 << 20).description == "memory limit of 64 MiB exceeded")
        #expect(LimitBreach.memory(3 << 30).description == "memory limit of 3 GiB exceeded")
        #expect(LimitBreach.memory(1000).description == "memory limit of 1000 bytes exceeded")
        #expect(LimitBreach.time(2).description == "time limit of 2 s exceeded")
        #expect(LimitBreach.time(0.25).description == "time limit of 0.25 s exceeded")
    }
}
