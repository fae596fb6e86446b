import Testing
@testable import LuaHost

/// `stage:runUntil` is written in Lua (so no Swift frame sits between the stage and the predicate); these
/// check it is really there and behaves as documented.
@Suite struct StageRunUntilTests {
    @Test func runUntilRendersFramesUntilThePredicateHolds() throws {
        let report = try runScenario("""
            test("opens", function()
              local s = Stage{ fps = 120 }
              local card = s:piece{ name = "card", state = { h = 100 },
                layout = function(state) return { surface = { x = 0, y = 0, w = 100, h = state.h } } end }
              card:set({ h = 400 }, motion.spring{ duration = 0.5 })
              local n = s:runUntil(function(f) return f.card.surface.h > 250 end, 1)
              expect(s:frame().card.surface.h).toBeGreaterThan(250)
              expect(s:frame(s.frameIndex - 1).card.surface.h).toBeLessThan(250.0001)
              expect(n).toBe(s.frameIndex)
            end)
            test("times out", function()
              local s = Stage{ fps = 60 }
              expect(function() s:runUntil(function() return false end, 0.5) end)
                .toThrow("stage:runUntil: the predicate was still false after 30 frames (0.5 s)")
            end)
            """)
        #expect(report.test("opens")?.status == .passed, "\(report.tests)")
        #expect(report.test("times out")?.status == .passed, "\(report.tests)")
    }

    @Test func aTimeoutThatNeverRunsOutIsRefusedBeforeAnyFrame() throws {
        // NaN compares false with every time, and infinity is never reached: either would render frames until the
        // sandbox's limit stopped the file, so both are refused at the call, with no frame rendered.
        let report = try runScenario("""
            test("nan and infinity", function()
              local s = Stage{ fps = 60 }
              expect(function() s:runUntil(function() return false end, 0 / 0) end)
                .toThrow("stage:runUntil: argument 2 must be a timeout in seconds (0 or more, finite), got")
              expect(function() s:runUntil(function() return false end, math.huge) end)
                .toThrow("argument 2 must be a timeout in seconds (0 or more, finite), got inf")
              expect(s.frameIndex).toBe(0)
            end)
            """)
        #expect(report.test("nan and infinity")?.status == .passed, "\(report.tests)")
    }

    // What it hands its predicate: the frame each step rendered, as a view, once per frame.
    @Test func thePredicateSeesEachNewFrameOnceAndInOrder() throws {
        let report = try runScenario("""
            test("t", function()
              local s = Stage{ fps = 60 }
              s:frames(2)
              local seen = {}
              local n = s:runUntil(function(f)
                seen[#seen + 1] = f.frame .. "@" .. string.format("%.4f", f.t)
                return f.frame == 5
              end, 1)
              print(n, table.concat(seen, " "), s.frameIndex)
            end)
            """, name: "rununtil.lua")
        let result = try #require(report.test("t"), "\(report.summary)")
        #expect(result.status == .passed, "\(result.message)")
        // Frames 3, 4 and 5 are new (1 and 2 came before); at 60 fps frame k is at k / 60 s.
        #expect(result.output == ["3\t3@0.0500 4@0.0667 5@0.0833\t5"], "\(result.output)")
    }

    @Test func aFailingFrameInsideRunUntilIsNamedAsTheFramesCallAtTheScriptsLine() throws {
        let report = try runScenario("""
            test("t", function()
              local s = Stage{ fps = 60 }
              s:after(0.05, function() error("boom in work") end)
              s:runUntil(function() return false end, 1)
            end)
            """, name: "work.lua")
        let result = try #require(report.test("t"), "\(report.summary)")
        #expect(result.status == .failed)
        #expect(result.message.contains("work.lua:4:"), "\(result.message)")
        #expect(result.message.contains("boom in work"), "\(result.message)")
    }
}
