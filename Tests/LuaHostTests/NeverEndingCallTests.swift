import Foundation
import Testing
@testable import LuaHost
@testable import LuaRunner

/// A scenario that renders for ever stops at the memory cap with the advice to keep fewer frames; when one
/// `s:advance` or `s:runUntil` rendered those frames over hours of virtual time, the message also says the call
/// may never end. At 1 fps an hour is 3,600 frames; a 20-element piece keeps some 700 bytes a frame, so a 16 MiB
/// cap stops the file after several hours of frames, far past the one-hour mark.
@Suite struct NeverEndingCallTests {
    static let limits = SandboxLimits(instructions: 0, memoryBytes: 16 << 20, seconds: 60)

    private static func scenario(_ body: String) -> String {
        """
        test("forever", function()
          local s = Stage{ fps = 1 }
          s:piece{ name = "grid", layout = function()
            local t = {} for i = 1, 20 do t["e" .. i] = { x = i, y = 0, w = 1, h = 1 } end return t
          end }
          \(body)
        end)
        """
    }

    private func message(_ body: String) throws -> String {
        let report = try runScenario(Self.scenario(body), limits: Self.limits)
        let result = try #require(report.test("forever"), "\(report.summary)")
        #expect(result.status == .failed)
        #expect(result.message.contains("scenario.lua:6: memory limit of 16 MiB exceeded: the frames the stage keeps ("),
                "\(result.message)")
        #expect(result.message.contains("keep fewer with Stage{ history = seconds } or raise --max-memory"),
                "\(result.message)")
        return result.message
    }

    @Test func aRunUntilWhosePredicateNeverHoldsIsCalledALoopThatMayNeverEnd() throws {
        let text = try message("s:runUntil(function(f) return false end, 1e6)")
        // The timeout: 1e6 s / 3600 = 277.78 hours.
        #expect(text.contains("; s:runUntil has rendered "), "\(text)")
        #expect(text.contains(" hours of virtual time in this one call (its timeout is 277.8 hours): the loop may "
            + "never end; check that the predicate can hold, and give a shorter timeout"), "\(text)")
    }

    @Test func anAdvanceOfHoursIsCalledACallThatMayNeverEnd() throws {
        let text = try message("s:advance(1e6)")
        #expect(text.contains("; s:advance has rendered "), "\(text)")
        #expect(text.contains(" hours of virtual time in this one call (it was asked for 277.8 hours): the call may "
            + "never end"), "\(text)")
    }

    @Test func manyShortCallsGetOnlyTheMemoryAdvice() throws {
        // Each call renders 10 s: none comes near an hour, whatever the loop adds up to.
        let text = try message("while true do s:advance(10) end")
        #expect(text.hasSuffix("raise --max-memory"), "\(text)")
    }

    @Test func aRunUntilThatEndedIsNotBlamedForTheFramesAfterIt() throws {
        // runUntil holds at t = 100 (100 frames) and returns; the frames after it come from frames(1) calls.
        let text = try message("s:runUntil(function(f) return f.t >= 100 end, 1e6) while true do s:frames(1) end")
        #expect(text.hasSuffix("raise --max-memory"), "\(text)")
    }

    @Test func hoursAreShownToATenth() {
        // 5,400 s = 1.5 h; 1e6 s = 277.777… h; 179 s = 0.0497 h.
        #expect(TestLifecycle.hours(5400) == "1.5 hours")
        #expect(TestLifecycle.hours(1e6) == "277.8 hours")
        #expect(TestLifecycle.hours(179) == "0.0 hours")
    }
}
