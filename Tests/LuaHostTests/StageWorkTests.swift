import Testing
@testable import LuaHost

/// `s:after`, `s:every` and `s:emit`: a script's own work on the virtual clock and its own events, as a Swift piece
/// has through its context.
@Suite struct StageWorkTests {
    private func expectPasses(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let report = try runScenario(source)
        #expect(!report.tests.isEmpty, sourceLocation: sourceLocation)
        for test in report.tests {
            #expect(test.status == .passed, "\(test.name): \(test.message)", sourceLocation: sourceLocation)
        }
    }

    @Test func afterRunsOnTheFirstFrameAtOrAfterItsTime() throws {
        try expectPasses("""
            test("a change 0.25 s later begins on frame 30", function()
              local s = Stage{ fps = 120 }
              local card = s:piece{ name = "card", state = { h = 100 },
                layout = function(state) return { surface = { x = 0, y = 0, w = 10, h = state.h } } end }
              s:after(0.25, function() card:set{ h = 300 } end)
              -- 0.24 s × 120 = 28.8, so advance renders up to frame 29 (the first at or after 0.24 s).
              s:advance(0.24)
              expect(s:frame().frame).toBe(29)
              expect(s:frame().card.surface.h).toBe(100)
              -- 0.25 s × 120 = frame 30: the work runs while frame 30 is prepared and snaps (no animation).
              s:frames(1)
              expect(s:frame().frame).toBe(30)
              expect(s:frame().card.surface.h).toBe(300)
            end)
            """)
    }

    @Test func everyRepeatsOnTimesDerivedFromItsStartAndStopsWhenCancelled() throws {
        try expectPasses("""
            test("ticks at 0.1, 0.2, 0.3 then cancelled", function()
              local s = Stage{ fps = 60 }
              local times = {}
              local w = s:every(0.1, function() times[#times + 1] = s:now() end)
              s:advance(0.35)
              -- 0.1 s at 60 fps is frame 6: times 6/60, 12/60, 18/60.
              expect(#times).toBe(3)
              expect(times[1]).toBeCloseTo(0.1, 1e-9)
              expect(times[3]).toBeCloseTo(0.3, 1e-9)
              expect(w.active).toBe(true)
              expect(w:cancel()).toBe(true)
              expect(w.active).toBe(false)
              s:advance(0.5)
              expect(#times).toBe(3)
            end)
            """)
    }

    @Test func backgroundWorkNeverHoldsUpASettle() throws {
        try expectPasses("""
            test("a background tick does not keep settle waiting, a blocking one does", function()
              local s = Stage{ fps = 120 }
              local ticks = 0
              s:every(0.5, function() ticks = ticks + 1 end, { background = true })
              expect(s:settle()).toBe(0)
              s:after(0.5, function() end)
              -- The blocking work is due at 0.5 s: 60 frames, then nothing is owed.
              expect(s:settle()).toBe(60)
            end)
            """)
    }

    @Test func aCallbackErrorIsRaisedWhereTheClockWasMoved() throws {
        let report = try runScenario("""
            test("boom", function()
              local s = Stage{ fps = 120 }
              s:after(0.1, function() error("the buffer ran dry") end, { label = "refill" })
              s:advance(1)
            end)
            """)
        let result = report.test("boom")
        #expect(result?.status == .failed)
        // The script's line that moved the clock (line 4), then the work's label and the callback's own message.
        #expect(result?.message.contains("scenario.lua:4:") == true, "\(result?.message ?? "")")
        #expect(result?.message.contains("refill failed") == true, "\(result?.message ?? "")")
        #expect(result?.message.contains("the buffer ran dry") == true, "\(result?.message ?? "")")
    }

    @Test func emitPutsAnEventInTheNextFrame() throws {
        try expectPasses("""
            test("a haptic of the script's own", function()
              local s = Stage{ fps = 120 }
              s:frames(1)
              s:emit{ kind = "haptic", piece = "toast", style = "selection" }
              expect(#s:frame().events).toBe(0)
              s:frames(1)
              local e = s:frame().events[1]
              expect(e.kind).toBe("haptic")
              expect(e.piece).toBe("toast")
              expect(e.style).toBe("selection")
            end)
            """)
    }

    @Test func badWorkAndEventsAreRefusedByName() throws {
        let report = try runScenario("""
            local s = Stage{}
            local function why(f) local ok, e = pcall(f); return e end
            test("refusals", function()
              expect(why(function() s:after(-1, function() end) end)).toContain("stage:after: argument 1 must be a number of seconds of at least 0, got -1")
              expect(why(function() s:every(0, function() end) end)).toContain("stage:every: argument 1 must be a number of seconds above 0, got 0")
              expect(why(function() s:after(1, 5) end)).toContain("stage:after: argument 2 must be a function to run, got number")
              expect(why(function() s:after(1, function() end, { backgrund = true }) end)).toContain("unknown option 'backgrund'")
              expect(why(function() s:emit{ style = "selection" } end)).toContain("stage:emit: the event needs a 'kind'")
              expect(why(function() s:emit{ kind = "haptic", weight = 0/0 } end)).toContain("detail 'weight' must be a string, a finite number or a boolean, got nan")
            end)
            """)
        #expect(report.test("refusals")?.status == .passed, "\(report.summary)")
    }
}
