import Foundation
import Testing
@testable import LuaHost

/// `s:events{...}`, `toHaveEmitted`, a series read as a list, `toBeCloseTo` on a table and one meaning of
/// `duration`: each case is a scenario whose expected numbers are worked out beside it.
@Suite struct EventSeriesTests {
    /// A Lua piece whose `ping` emits one haptic of `style` (and a name), so the events and their frames are known:
    /// at 120 fps a ping after frame k is shown in frame k + 1, at t = (k + 1) / 120.
    static let pinger = """
        local function stage()
          local s = Stage{ fps = 120 }
          local p = s:piece{ name = "bell", layout = function() return { dot = { x = 0, y = 0, w = 10, h = 10 } } end }
          return s, p
        end
        local function ping(s, style, name)
          s:emit{ kind = "haptic", piece = "bell", style = style, name = name }
          s:frames(1)
        end

        """

    @Test func eventsAreASeriesOfTheKeptFramesEventsAtTheirFramesTimes() throws {
        let report = try runScenario(Self.pinger + """
            test("events", function()
              local s = stage()
              s:frames(1)                          -- frame 1, t = 1/120
              ping(s, "selection", "tick")         -- frame 2, t = 2/120
              s:frames(2)                          -- frames 3 and 4
              ping(s, "impact", "land")            -- frame 5, t = 5/120
              ping(s, "selection", "tick")         -- frame 6, t = 6/120
              local all = s:events()
              expect(#all).toBe(3)
              expect(all.times).toEqual({ 2 / 120, 5 / 120, 6 / 120 })
              expect(all[1].style).toBe("selection")
              expect(all[2].name).toBe("land")
              local ticks = s:events{ kind = "haptic", piece = "bell", name = "tick" }
              expect(ticks.times).toEqual({ 2 / 120, 6 / 120 })
              -- from 3/120 to 5/120 holds frames 3, 4 and 5: only the land
              local window = s:events{ from = 3 / 120, to = 5 / 120 }
              expect(#window).toBe(1)
              expect(window[1].name).toBe("land")
              expect(#s:events{ piece = "other" }).toBe(0)
            end)
            """)
        #expect(report.test("events")?.status == .passed, "\(report.summary)")
    }

    @Test func toHaveEmittedCountsTheMatchingEvents() throws {
        let report = try runScenario(Self.pinger + """
            test("counts", function()
              local s = stage()
              ping(s, "selection", "tick")
              ping(s, "impact", "land")
              ping(s, "selection", "tick")
              expect(s).toHaveEmitted{ kind = "haptic", style = "selection" }
              expect(s).toHaveEmitted{ kind = "haptic", style = "selection", count = 2 }
              expect(s).toHaveEmitted{ style = "impact", count = 1 }
              expect(s).never.toHaveEmitted{ kind = "callback" }
              expect(s).toHaveEmitted{ kind = "callback", count = 0 }
              -- from the second frame on (t = 2/120): the land and one tick
              expect(s:events{ from = 2 / 120 }).toHaveEmitted{ style = "selection", count = 1 }
            end)
            """)
        #expect(report.test("counts")?.status == .passed, "\(report.summary)")
    }

    @Test func aFailedToHaveEmittedListsWhatWasEmittedBounded() throws {
        // 12 pings: the message lists the first 10 and says 2 more; 12 of 12 match, not the 3 asked for.
        let report = try runScenario(Self.pinger + """
            test("lists", function()
              local s = stage()
              for i = 1, 12 do ping(s, "selection", "tick") end
              expect(s).toHaveEmitted{ kind = "haptic", count = 3 }
            end)
            """)
        let message = try #require(report.test("lists")).message
        #expect(message.contains("scenario.lua:13: expected stage to have emitted 3 events like {kind = \"haptic\"}"),
                "\(message)")
        #expect(message.contains("12 of its 12 events match; what it emitted:"), "\(message)")
        // The first event is in frame 1 (t = 1/120 = 0.00833333), the tenth in frame 10 (t = 10/120 = 0.0833333).
        #expect(message.contains("t = 0.00833333 s: {kind = \"haptic\", name = \"tick\", piece = \"bell\", style = \"selection\"}"),
                "\(message)")
        #expect(message.contains("t = 0.0833333 s:"), "\(message)")
        #expect(!message.contains("t = 0.0916667 s:"), "the eleventh is not listed: \(message)")
        #expect(message.contains("... and 2 more"), "\(message)")
    }

    @Test func toHaveEmittedRefusesWhatIsNoStageNorEvents() throws {
        let report = try runScenario(Self.pinger + """
            test("number", function() expect(5).toHaveEmitted{ kind = "haptic" } end)
            test("piece", function() local s, p = stage() expect(p).toHaveEmitted{ kind = "haptic" } end)
            test("pattern", function() local s = stage() expect(s).toHaveEmitted("haptic") end)
            test("count", function() local s = stage() expect(s).toHaveEmitted{ count = 1.5 } end)
            test("option", function() local s = stage() s:events{ knid = "haptic" } end)
            """)
        #expect(report.test("number")?.message.contains(
            "scenario.lua:10: toHaveEmitted: expect() must be given a stage or a series of events (s:events{...}), got number") == true,
                "\(report.summary)")
        #expect(report.test("piece")?.message.contains(
            "scenario.lua:11: toHaveEmitted: expect() must be given a stage or a series of events") == true,
                "\(report.summary)")
        #expect(report.test("pattern")?.message.contains(
            "scenario.lua:12: toHaveEmitted: argument 1 must be a table of the fields an event has") == true,
                "\(report.summary)")
        #expect(report.test("count")?.message.contains(
            "scenario.lua:13: toHaveEmitted: count must be a whole number of at least 0, got 1.5") == true,
                "\(report.summary)")
        #expect(report.test("option")?.message.contains("scenario.lua:14:") == true, "\(report.summary)")
        #expect(report.test("option")?.message.contains("'knid'") == true, "\(report.summary)")
    }

    @Test func aSeriesIndexesLikeItsList() throws {
        let report = try runScenario("""
            test("list", function()
              local sr = series({ 10, 20, 30 }, { 0, 0.5, 1 })
              expect(sr[1]).toBe(10)
              expect(sr[3]).toBe(30)
              expect(sr[4]).toBeNil()
              local seen = {}
              for i, v in ipairs(sr) do seen[i] = v end
              expect(seen).toEqual({ 10, 20, 30 })
              expect(#sr).toBe(3)
              expect(sr:max()).toBe(30)          -- methods still answer
              local s = Stage{ fps = 60 }
              s:frames(2)
              local frames = s:frames()
              expect(frames[2].frame).toBe(2)
              expect(frames[2].t).toBeCloseTo(2 / 60, 1e-12)
            end)
            """)
        #expect(report.test("list")?.status == .passed, "\(report.summary)")
    }

    @Test func toBeCloseToOnATableNamesTheKeyThatDiffersAndBothNumbers() throws {
        let report = try runScenario("""
            test("rect", function()
              expect({ x = 1, y = 2, width = 30, height = 40 }).toBeCloseTo({ x = 1, y = 2.5, width = 30, height = 40 }, 0.1)
            end)
            test("missing", function()
              expect({ x = 1 }).toBeCloseTo({ x = 1, w = 4 }, 0.1)
            end)
            test("list", function()
              expect({ 1, 2, 3 }).toBeCloseTo({ 1, 2, 3.5 }, 0.1)
            end)
            """)
        // y: |2 - 2.5| = 0.5, past 0.1; the other keys agree.
        #expect(report.test("rect")?.message.contains("y differs: expected 2.5, received 2 (off by 0.5)") == true,
                "\(report.summary)")
        #expect(report.test("missing")?.message.contains("w differs: expected 4, received nil") == true,
                "\(report.summary)")
        // [3]: |3 - 3.5| = 0.5
        #expect(report.test("list")?.message.contains("[3] differs: expected 3.5, received 3 (off by 0.5)") == true,
                "\(report.summary)")
    }

    @Test func anAnimationsDurationIsItsParameterAndSettlingDurationWhenItEnds() throws {
        let report = try runScenario("""
            test("names", function()
              -- reveal is the calm tier's spring, duration 0.5 and bounce 0.2 (MotionTokens)
              expect(motion.roles.reveal.duration).toBe(0.5)
              expect(motion.roles.reveal.duration).toBe(motion.tiers.calm.duration)
              expect(motion.spring{ duration = 0.32, bounce = 0.25 }:animation().duration).toBeCloseTo(0.32, 1e-12)
              -- a critically damped spring of duration 0.5: omega = 2 pi / 0.5 = 12.566; it ends when
              -- (1 + u) e^-u <= 1e-4 with u = omega t: u = 11.77, t = 11.77 / 12.566 = 0.937 s
              expect(motion.spring{ duration = 0.5, bounce = 0 }:animation().settlingDuration).toBeCloseTo(0.937, 0.005)
              local out = motion.easeOut(0.2)
              expect(out.duration).toBe(0.2)
              expect(out.settlingDuration).toBe(0.2)
              -- a delay of 0.1 leaves the duration and ends 0.1 later; speed 2 halves both
              expect(out:delay(0.1).duration).toBe(0.2)
              expect(out:delay(0.1).settlingDuration).toBeCloseTo(0.3, 1e-12)
              expect(out:speed(2).duration).toBeCloseTo(0.1, 1e-12)
              expect(out:speed(2).settlingDuration).toBeCloseTo(0.1, 1e-12)
            end)
            """)
        #expect(report.test("names")?.status == .passed, "\(report.summary)")
    }
}
