import Testing
@testable import LuaHost

/// A matcher's failure shows a script's values, and a long string shows its start and its length: `toHaveEmitted`
/// over events carrying a megabyte each showed ten of them whole (after copying them all into Lua) and failed with
/// the memory limit instead of saying what it found.
@Suite struct MessagesStayInLimitsTests {
    @Test func toHaveEmittedOverLargePayloadsFailsWithItsOwnMessage() throws {
        let report = try runScenario("""
            test("t", function()
              local s = Stage{}
              local big = string.rep("x", 1000000)
              for i = 1, 20 do s:emit{ kind = "callback", name = "n" .. i, payload = big .. i } s:frames(1) end
              expect(s).toHaveEmitted{ kind = "callback", name = "nope" }
            end)
            """, limits: SandboxLimits(instructions: 0, memoryBytes: 64 << 20, seconds: 20))
        let message = try #require(report.test("t")).message
        #expect(message.contains("0 of its 20 events match"), "\(message.prefix(300))")
        // 80 bytes of the payload and its length: 1,000,000 x's and the run's number (1 digit for the first event).
        #expect(message.contains(#"payload = ""# + String(repeating: "x", count: 80) + #""... (1000001 bytes)"#))
        #expect(message.utf8.count < 10_000)
    }

    @Test func aNaNInAMatchersMessageReadsNan() throws {
        let report = try runScenario("""
            test("t", function() expect(0/0).toBe(1) end)
            """)
        let message = try #require(report.test("t")).message
        #expect(message.contains("nan") && !message.contains("-nan"), "\(message)")
    }
}
