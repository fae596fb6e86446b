import Testing
@testable import LuaHost

/// `toHaveEmitted` over events carrying a megabyte each copied every event into Lua, then showed ten of them whole,
/// and failed with the memory limit instead of saying what it found. A stage's events are matched by the host now,
/// which copies only the ten the message shows, and a matcher's message shows a long string's start and length.
@Suite struct MessagesStayInLimitsTests {
    @Test func toHaveEmittedOverLargePayloadsFailsWithItsOwnMessage() throws {
        let report = try runScenario("""
            test("t", function()
              local s = Stage{}
              local big = string.rep("x", 1000000)
              for i = 1, 40 do s:emit{ kind = "callback", name = "n" .. i, payload = big .. i } s:frames(1) end
              expect(s).toHaveEmitted{ kind = "callback", name = "nope" }
            end)
            """, limits: SandboxLimits(instructions: 0, memoryBytes: 64 << 20, seconds: 20))
        let message = try #require(report.test("t")).message
        #expect(message.contains("0 of its 40 events match"), "\(message.prefix(300))")
        // 40 events of 1 MB are 40 MB the stage keeps: a second copy in Lua would not fit in 64 MiB.
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
