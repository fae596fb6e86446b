import Foundation
import Testing
@testable import LuaHost

/// The wait between two actions is drawn like any other value (runs.lua, `drawGap`): two actions at the same
/// instant, or a few frames apart, are reached and shrunk, and the hand gap (0.5 s) is where a wait that does not
/// matter shrinks to. The planted defects below are unreachable with a fixed half-second gap.
@Suite struct ExploreTimingTests {
    /// A card that snaps 300 points aside when a touch lands within `window` of the last lift (in frames at 60 fps).
    static func card(_ window: String, name: String, gap: String = "") -> String {
        """
        local function card(s)
          return s:piece{ name = "card", state = { x = 0, lastUp = -1 },
            layout = function(st) return { surface = { x = st.x, y = 100, w = 100, h = 100 } } end,
            onTouch = function(st, touch)
              local since = touch.time - st.lastUp
              if touch.phase == "began" and \(window) then st.x = 300 end
              if touch.phase == "ended" then st.lastUp = touch.time end
            end }
        end
        explore("\(name)", {
          setup = function()
            local s = Stage{ fps = 60 }
            return s, { card = card(s) }
          end,
          actions = {
            tap = function(s, w) w.card:tap() end,
            nudge = function(s, w, gen) w.card:set({ x = gen.number(0, 20) }, motion.roles.reveal) end,
            wait = function(s, w, gen) s:advance(gen.number(0, 1)) end,
          },
          invariants = { "finite", continuous = { maxStep = 50 }, "settles" },\(gap)
        })
        """
    }

    // A tap lands where the last one lifted, on the same frame: no frame between them (since is 0, under half
    // a frame of 1/120 s).
    static let sameFrame = card("since < 1 / 120", name: "a double tap within one frame never jumps")
    // One to three frames after the lift: since is 1/60 to 3/60 s; the window is half a frame wider each side.
    static let fewFrames = card("since > 0.5 / 60 and since < 3.5 / 60", name: "a quick second tap never jumps")

    @Test func twoTapsAtTheSameInstantAreFoundAndShrunkToThemWithNoFrameBetween() throws {
        let report = try runScenario(Self.sameFrame, configure: ExploreTests.deep)
        let result = try #require(report.test("a double tap within one frame never jumps"))
        #expect(result.status == .failed)
        #expect(result.message.contains("card.surface.x moved 300 in one frame (at most 50): 0 → 300"))
        #expect(result.message.contains("minimal: 2 actions: tap, tap"))
        #expect(result.message.contains("the written test, replayed in a fresh state, fails the same way"))
        // No wait between the taps; after the last action, the hand gap.
        #expect(result.scenario?.contains("w.card:tap()\n  w.card:tap()\n  s:advance(0.5)\n") == true, "\(result.message)")
    }

    @Test func aTapOneToThreeFramesAfterAnotherIsFoundAndShrunkToOneFrame() throws {
        let report = try runScenario(Self.fewFrames, configure: ExploreTests.deep)
        let result = try #require(report.test("a quick second tap never jumps"))
        #expect(result.status == .failed)
        #expect(result.message.contains("minimal: 2 actions: tap, tap"))
        #expect(result.message.contains("the written test, replayed in a fresh state, fails the same way"))
        // The simplest wait that still breaks it: one frame (the hand gap and the same instant do not).
        #expect(result.scenario?.contains("w.card:tap()\n  s:frames(1)\n  w.card:tap()\n  s:advance(0.5)\n") == true, "\(result.message)")
    }

    @Test func aFixedHalfSecondGapNeverReachesEither() throws {
        // Every action is followed by 0.5 s: the next touch lands at least 30 frames after a lift.
        for (text, name) in [(Self.sameFrame, "a double tap within one frame never jumps"), (Self.fewFrames, "a quick second tap never jumps")] {
            let fixed = text.replacingOccurrences(of: #""settles" },"#, with: #""settles" }, gap = 0.5,"#)
            let report = try runScenario(fixed, configure: ExploreTests.deep)
            #expect(report.test(name)?.status == .passed, "\(report.tests.map(\.message))")
        }
    }

    @Test func aFixedGapIsWrittenAsItIs() throws {
        let fixed = ExploreTests.armThenFire.replacingOccurrences(of: "steps = 12,", with: "steps = 12, gap = 0.25,")
        let report = try runScenario(fixed, configure: ExploreTests.deep)
        let scenario = try #require(report.test("the card never jumps")?.scenario)
        #expect(scenario.contains("w.c:set({ armed = true })\n  s:advance(0.25)\n  w.c:set({ x = 300 })\n  s:advance(0.25)\n"))
    }

    @Test func drawnGapsKeepToTheirBounds() throws {
        // Each action reads the time since the last one. Bounds 0.2 to 0.3 s at 60 fps: a wait renders whole frames,
        // so the time between actions is 12 to 18 frames (0.2 to 0.3 s exactly).
        let report = try runScenario("""
        local last
        explore("waits keep to 0.2 to 0.3 s", {
          setup = function() last = nil; return Stage{ fps = 60 }, {} end,
          actions = {
            mark = function(s)
              local t = s:now()
              if last and (t - last < 0.2 - 1e-9 or t - last > 0.3 + 1e-9) then error("a wait of " .. (t - last)) end
              last = t
            end,
          },
          gap = { 0.2, 0.3 }, runs = 40,
        })
        """, configure: ExploreTests.deep)
        #expect(report.test("waits keep to 0.2 to 0.3 s")?.status == .passed, "\(report.tests.map(\.message))")
    }

    @Test func aBadGapIsRefusedAtItsLine() throws {
        let cases: [(String, String)] = [
            ("-1", "got -1"), (#""0.5""#, #"got a string "0.5""#), ("61", "got 61"), ("{ 1, 0 }", "got { 1, 0 }"),
            ("{ 0 }", "got { 0 }"), ("{ 0, 1, 2 }", "got { 0, 1, 2 }"), ("{ 0, 0/0 }", "got { 0, nan }"), ("0/0", "got nan"),
            ("{ lo = 0, hi = 1 }", #"got { [a string "hi"] = 1, [a string "lo"] = 0 }"#),
        ]
        for (gap, got) in cases {
            let report = try runScenario(#"explore("x", { setup = function() end, actions = { a = print }, gap = \#(gap) })"#)
            let message = "scenario.lua:1: explore: gap must be seconds from 0 to 60 (gap = 0.5), or the bounds of the drawn gaps"
            #expect(report.tests.contains { $0.message.contains(message) && $0.message.contains(got) }, "\(gap): \(report.tests.map(\.message))")
        }
    }

    @Test func aStageThatStartsOffTheScreenFailsWithNoAction() throws {
        let report = try runScenario("""
        explore("the badge stays on screen", {
          setup = function()
            local s = Stage{ width = 390, height = 844, fps = 60 }
            local badge = s:piece{ name = "badge", state = {},
              layout = function() return { dot = { x = 400, y = 10, w = 20, h = 20 } } end }
            s:frames(1)                      -- drawn: the run starts from a stage at rest
            return s, { badge = badge }
          end,
          actions = { tap = function(s, w) w.badge:tap{ x = 10, y = 10 } end },
          invariants = { "onScreen" },
        })
        """, configure: ExploreTests.deep)
        let result = try #require(report.test("the badge stays on screen"))
        #expect(result.status == .failed)
        // Found on run 0 before its first action, so nothing is shrunk away.
        #expect(result.message.contains("seed 0, run 0 of 100; shrunk from 0 actions"), "\(result.message)")
        #expect(result.message.contains("minimal: 0 actions"))
        #expect(result.message.contains("the written test, replayed in a fresh state, fails the same way"))
        #expect(result.scenario?.contains("local s, w = setup()\n  expect(s).toStayInside(\"screen\")\nend)") == true, "\(result.scenario ?? "")")
    }

    @Test func freshDrawsLeanToZeroAndToValuesDrawnBefore() throws {
        // An even draw from -50 to 50 is exactly 0 about once in 2^53 draws, and two even draws of a billion
        // whole numbers agree once in a billion: neither is found by even draws in 100 runs. A leaning draw gives
        // 0 in about 1 draw in 20 (one in 4 leans, one lean in 5 is 0), and an earlier value about as often.
        let report = try runScenario("""
        explore("never exactly zero", {
          setup = function() return Stage{ fps = 60 }, {} end,
          actions = { pick = function(s, w, gen) if gen.number(-50, 50) == 0 then error("exactly zero") end end },
        })
        explore("never the same twice", {
          setup = function() return Stage{ fps = 60 }, {} end,
          actions = { pair = function(s, w, gen)
            if gen.integer(1, 1000000000) == gen.integer(1, 1000000000) then error("the same twice") end
          end },
        })
        """, configure: ExploreTests.deep)
        #expect(report.test("never exactly zero")?.message.contains("scenario.lua:3: exactly zero") == true, "\(report.tests.map(\.message))")
        #expect(report.test("never the same twice")?.message.contains("scenario.lua:8: the same twice") == true, "\(report.tests.map(\.message))")
    }
}
