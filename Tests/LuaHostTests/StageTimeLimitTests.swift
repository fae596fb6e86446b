import Testing
@testable import LuaHost

/// The wall-time limit also stops the stage's own frame loop, which runs no Lua for the hook to see: before,
/// `s:advance(1e9)` ran until the worker was killed, and for ever with --in-process.
@Suite struct StageTimeLimitTests {
    static let oneSecond = SandboxLimits(instructions: 0, memoryBytes: 64 << 20, seconds: 1)

    @Test func aVeryLongAdvanceStopsAtTheTimeLimitNamingTheLine() throws {
        let report = try runScenario("""
            test("forever", function()
              local s = Stage{}
              s:advance(1e9)
            end)
            """, limits: Self.oneSecond)
        let result = try #require(report.test("forever"))
        #expect(result.status == .failed)
        #expect(result.message.hasSuffix("/scenario.lua:3: time limit of 1 s exceeded"), "\(result.message)")
    }

    @Test func pcallCannotSwallowTheStop() throws {
        let report = try runScenario("""
            test("swallow", function()
              local s = Stage{}
              local ok = pcall(s.advance, s, 1e9)
              local n = 0
              while true do n = n + 1 end
            end)
            """, limits: Self.oneSecond)
        let result = try #require(report.test("swallow"))
        #expect(result.status == .failed)
        #expect(result.message.contains("time limit of 1 s exceeded"), "\(result.message)")
    }
}

/// `s:runUntil` is written in Lua by the host; a limit tripping inside it names the script's line that called it.
@Suite struct RunUntilLimitLineTests {
    @Test func theTimeLimitInsideRunUntilNamesTheScriptLine() throws {
        let report = try runScenario("""
            test("forever", function()
              local s = Stage{}
              s:runUntil(function(f) return false end, 1e9)
            end)
            """, name: "until.lua", limits: StageTimeLimitTests.oneSecond)
        let result = try #require(report.test("forever"))
        #expect(result.status == .failed)
        #expect(result.message.hasSuffix("until.lua:3: time limit of 1 s exceeded"), "\(result.message)")
    }
}
