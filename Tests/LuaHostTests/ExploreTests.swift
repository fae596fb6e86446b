import Foundation
import Testing
@testable import LuaHost
import PieceKit

/// `explore`: random actions against a stage, checked by the motion rules, and the first failure shrunk to the
/// actions that matter. The pieces below plant one defect each (and one plants none); the explorations run at the
/// deep budget (`piecebox explore`'s: each exploration's own runs, 100 when it does not say).
@Suite struct ExploreTests {
    /// A card whose x snaps 300 points (no animation) when it is fired after being armed; nudges, waits and
    /// disarms are noise. The jump needs arm, then fire, in that order.
    static let armThenFire = """
    local function card(s)
      return s:piece{ name = "card", state = { armed = false, x = 0, y = 0 },
        layout = function(st) return { surface = { x = st.x, y = st.y, w = 100, h = 100 } } end }
    end
    explore("the card never jumps", {
      setup = function()
        local s = Stage{ fps = 60 }
        return s, { c = card(s) }
      end,
      actions = {
        arm = function(s, w) w.c:set({ armed = true }) end,
        fire = function(s, w) if w.c.state.armed then w.c:set({ x = 300 }) end end,
        disarm = function(s, w) w.c:set({ armed = false }) end,
        nudge = function(s, w, gen) w.c:set({ y = gen.number(0, 20) }, motion.roles.reveal) end,
        wait = function(s, w, gen) s:advance(gen.number(0, 1)) end,
      },
      invariants = { "finite", continuous = { maxStep = 50 }, "settles" },
      steps = 12,
    })
    """

    static func deep(_ options: inout RunOptions) { options.exploration.deep = true }

    @Test func aJumpThatNeedsTwoActionsInOrderShrinksToArmThenFire() throws {
        let report = try runScenario(Self.armThenFire, configure: Self.deep)
        let result = try #require(report.test("the card never jumps"))
        #expect(result.status == .failed)
        // x goes 0 → 300 between two frames: a step of 300 against a limit of 50.
        #expect(result.message.contains("card.surface.x moved 300 in one frame (at most 50): 0 → 300"))
        #expect(result.message.contains("minimal: 2 actions: arm, fire"))
        #expect(result.message.contains("seed 0, run "))
        #expect(result.message.contains("the written test, replayed in a fresh state, fails the same way"))
        // The scenario writes the calls out, with the rule as an expect.
        let scenario = try #require(result.scenario)
        #expect(scenario.contains("w.c:set({ armed = true })\n  s:advance(0.5)\n  w.c:set({ x = 300 })"))
        #expect(scenario.contains("expect(s).toBeContinuous("))
    }

    @Test func theMinimalScenarioFailsTheSameWayWhenRunAsATest() throws {
        let folder = try ScenarioFolder()
        let explored = folder.runFile(try folder.write("card.lua", Self.armThenFire), configure: Self.deep)
        let scenario = try #require(explored.test("the card never jumps")?.scenario)
        let replayed = folder.runFile(try folder.write("minimal.lua", scenario))
        let result = try #require(replayed.test("the card never jumps (minimal)"))
        #expect(result.status == .failed)
        #expect(result.message.contains("card.surface.x moved 300 in one frame (at most 50): 0 → 300"))
    }

    @Test func theSameSeedGivesTheSameFailureAndAnotherSeedItsOwnRuns() throws {
        let a = try runScenario(Self.armThenFire, configure: Self.deep).test("the card never jumps")
        let b = try runScenario(Self.armThenFire, configure: Self.deep).test("the card never jumps")
        #expect(a?.message == b?.message && a?.scenario == b?.scenario)
        let other = try runScenario(Self.armThenFire) { $0.exploration.deep = true; $0.exploration.seed = 99 }
        let c = try #require(other.test("the card never jumps"))
        #expect(c.message.contains("seed 99, run "))
        #expect(c.message.contains("minimal: 2 actions: arm, fire"))
    }

    @Test func aCorrectPieceGivesNoFailure() throws {
        // The same card, but every change rides a spring: nothing jumps, and everything settles.
        let correct = Self.armThenFire
            .replacingOccurrences(of: "w.c:set({ x = 300 }) end", with: "w.c:set({ x = 300 }, motion.roles.reveal) end")
        let report = try runScenario(correct, configure: Self.deep)
        #expect(report.test("the card never jumps")?.status == .passed, "\(report.tests.map(\.message))")
    }

    /// A wheel that starts spinning for ever (a repeating work item) when tapped twice within 0.8 s; a single tap,
    /// or two taps with a wait between, only nudges it.
    @Test func aMotionThatNeverEndsAfterADoubleTapShrinksToTwoTaps() throws {
        let report = try runScenario("""
        explore("the wheel always comes to rest", {
          setup = function()
            local s = Stage{ fps = 60 }
            local wheel
            wheel = s:piece{ name = "wheel", state = { angle = 0, last = -10, spinning = false },
              layout = function(st) return { disc = { x = 100, y = 100, w = 80, h = 80, rotation = st.angle } } end,
              onTouch = function(st, touch)
                if touch.phase ~= "ended" then return end
                if touch.time - st.last < 0.8 and not st.spinning then
                  st.spinning = true
                  s:every(0.1, function() wheel:set({ angle = wheel.state.angle + 10 }) end)
                end
                st.last = touch.time
              end }
            return s, { wheel = wheel }
          end,
          actions = {
            tap = function(s, w) w.wheel:tap() end,
            wait = function(s, w, gen) s:advance(gen.number(0, 2)) end,
          },
          invariants = { "finite", "settles" },
        })
        """, configure: Self.deep)
        let result = try #require(report.test("the wheel always comes to rest"))
        #expect(result.status == .failed)
        #expect(result.message.contains("minimal: 2 actions: tap, tap"))
        #expect(result.message.contains("the written test, replayed in a fresh state, fails the same way"))
        #expect(result.message.contains("still moving 3 s later"))
    }

    /// A play button laid out from the text size: 48 points, but 30 at accessibility3 and above.
    @Test func aButtonThatShrinksUnderLargeTextShrinksToTheTextSizeChange() throws {
        let report = try runScenario("""
        local big = { accessibility3 = true, accessibility4 = true, accessibility5 = true }
        explore("the play button stays a comfortable target", {
          setup = function()
            local s = Stage{ fps = 60 }
            local button = s:piece{ name = "play", state = {},
              layout = function(st, env)
                local side = big[env.dynamicTypeSize] and 30 or 48
                return { button = { x = 20, y = 100, w = side, h = side } }
              end,
              accessibility = function() return { { id = "button", label = "Play", traits = { "button" } } } end }
            return s, { button = button }
          end,
          actions = {
            tap = function(s, w) w.button:tap() end,
            text = function(s, w, gen)
              s:environment{ dynamicTypeSize = gen.pick{ "large", "xLarge", "xxxLarge", "accessibility1", "accessibility3", "accessibility5" } }
            end,
            calm = function(s, w, gen) s:environment{ reduceMotion = gen.bool() } end,
          },
          invariants = { "hitTargets" },
        })
        """, configure: Self.deep)
        let result = try #require(report.test("the play button stays a comfortable target"))
        #expect(result.status == .failed)
        #expect(result.message.contains("minimal: 1 action: text"))
        #expect(result.message.contains("the written test, replayed in a fresh state, fails the same way"))
        #expect(result.message.contains("play.button.frame is 30 by 30 points, under 44 by 44"))
        // The simplest size that breaks it: accessibility3, the first of the list that does.
        #expect(result.scenario?.contains(#"s:environment({ dynamicTypeSize = "accessibility3" })"#) == true)
    }

    @Test func aStepTheStageCannotTakeNowOrWhosePremiseFailsIsDiscardedNotAFailure() throws {
        let report = try runScenario("""
        explore("refusals are not failures", {
          setup = function()
            local s = Stage{ fps = 60 }
            local p = s:player{ tracks = { { title = "A", duration = 200 } } }
            return s, { np = s:nowPlaying{ player = p } }
          end,
          actions = {
            -- The grabber is on the card only: while the bar is closed it cannot be touched now.
            grab = function(s, w) w.np:tap("grabber") end,
            skip = function(s, w, gen) gen.assume(gen.bool()) end,
            -- Two that act, so fewer than half the steps are discarded (else the health check fails it).
            wait = function(s) s:advance(0.1) end,
            rest = function(s) s:advance(0.2) end,
          },
          invariants = { "finite" }, runs = 20, steps = 6,
        })
        """, configure: Self.deep)
        #expect(report.test("refusals are not failures")?.status == .passed, "\(report.tests.map(\.message))")
    }

    @Test func anActionsOwnErrorIsAFailureAtItsLine() throws {
        let report = try runScenario("""
        explore("errors fail", {
          setup = function() return Stage{ fps = 60 }, {} end,
          actions = {
            fine = function(s) end,
            broken = function(s, w, gen) if gen.integer(0, 9) > 6 then error("the counter overflowed") end end,
          },
        })
        """, configure: Self.deep)
        let result = try #require(report.test("errors fail"))
        #expect(result.message.contains("scenario.lua:5: the counter overflowed"))
        // The smallest draw that still fails is 7.
        #expect(result.message.contains("minimal: 1 action: broken"))
        #expect(result.message.contains("the written test, replayed in a fresh state, fails the same way"))
    }

    @Test func aRunThatNeverStopsIsAFailureShrunkLikeAnyOther() throws {
        let report = try runScenario("""
        explore("waits end", {
          setup = function() return Stage{ fps = 60 }, {} end,
          actions = {
            wait = function(s, w, gen) s:advance(gen.number(0, 1)) end,
            forever = function(s) s:advance(1e9) end,
          },
          maxFrames = 6000,
        })
        """, configure: Self.deep)
        let result = try #require(report.test("waits end"))
        #expect(result.message.contains("the run rendered more than 6000 frames"))
        #expect(result.message.contains("minimal: 1 action: forever"))
        #expect(result.message.contains("the written test, replayed in a fresh state, fails the same way"))
    }

    @Test func aBadExplorationIsRefusedAtItsLine() throws {
        let cases: [(String, String)] = [
            (#"explore("x", { setup = function() end })"#, "scenario.lua:1: explore: actions must be a table of named functions"),
            (#"explore("x", { setup = function() end, actions = { a = 1 } })"#, "scenario.lua:1: explore: actions.a must be a function (s, w, gen), got number"),
            (#"explore("x", { setup = function() end, actions = { a = print }, runz = 3 })"#, "scenario.lua:1: explore: unknown key 'runz'"),
            (#"explore("x", { setup = function() end, actions = { a = print }, invariants = { "smooth" } })"#, "scenario.lua:1: explore: invariants: no rule named smooth"),
            (#"explore("x", { setup = function() end, actions = { a = print }, steps = 0 })"#, "scenario.lua:1: explore: steps must be a whole number from 1 to 1000, got 0"),
        ]
        for (text, message) in cases {
            let report = try runScenario(text)
            #expect(report.tests.contains { $0.message.contains(message) }, "\(text): \(report.tests.map(\.message))")
        }
    }

    @Test func theSuiteBudgetRunsAFewRunsAndTheDeepOneAsManyAsAsked() {
        var budget = ExploreBudget()
        #expect(budget.runs(asked: 200) == 10 && budget.runs(asked: 3) == 3 && budget.runs(asked: nil) == 10)
        budget.deep = true
        #expect(budget.runs(asked: 200) == 200 && budget.runs(asked: nil) == 100)
        budget.runs = 7
        #expect(budget.runs(asked: 200) == 7)
    }
}

extension ExploreTests {
    @Test func aLuaLoopThatNeverEndsIsAFailureOfItsRunAndTheFileGoesOn() throws {
        let report = try runScenario("""
        explore("handlers return", {
          setup = function() return Stage{ fps = 60 }, {} end,
          actions = {
            fine = function(s) end,
            spin = function(s, w, gen) if gen.bool() then while true do end end end,
          },
          maxInstructions = 200000,
        })
        test("the file goes on", function() expect(1).toBe(1) end)
        """, configure: Self.deep)
        let result = try #require(report.test("handlers return"))
        #expect(result.message.contains("the run used more instructions than an exploration's run may"))
        #expect(result.message.contains("minimal: 1 action: spin"))
        #expect(result.message.contains("the written test, replayed in a fresh state, fails the same way"))
        #expect(report.test("the file goes on")?.status == .passed)
    }

    @Test func setupMustGiveTheStage() throws {
        let report = try runScenario("""
        explore("no stage", { setup = function() return {} end, actions = { a = function() end } })
        """)
        #expect(report.tests.first?.message.contains("setup must return the stage it made (return s, { mp = mp }), got table") == true)
    }
}

extension ExploreTests {
    /// Reduce Motion switched on the stage decides which frames each rule reads: a snap under it is no jump, and
    /// motion before it is not held against stillness.
    @Test func continuityReadsTheFramesWithoutReduceMotionAndStillnessTheFramesWithIt() throws {
        let report = try runScenario("""
        local function card(s)
          return s:piece{ name = "card", state = { x = 0 },
            layout = function(st) return { box = { x = st.x, y = 0, w = 10, h = 10 } } end }
        end
        test("a snap under Reduce Motion is no jump", function()
          local s = Stage{ fps = 60 }
          local c = card(s)
          s:advance(0.1)
          c:set({ x = 50 }, motion.roles.reveal)     -- moves on a spring: at most 50 in one frame
          s:advance(1)
          s:environment{ reduceMotion = true }
          s:advance(0.1)
          c:set({ x = 400 })                          -- 350 at once, under Reduce Motion
          s:advance(0.1)
          expect(s).toBeContinuous{ maxStep = 60 }
          s:environment{ reduceMotion = false }
          s:advance(0.1)
          c:set({ x = 0 })                            -- 400 at once, without it
          s:advance(0.1)
          expect(function() expect(s).toBeContinuous{ maxStep = 60 } end).toThrow("card.box.x moved 400 in one frame (at most 60): 400 → 0")
        end)
        test("stillness reads only the frames under Reduce Motion", function()
          local s = Stage{ fps = 60 }
          local c = card(s)
          s:advance(0.1)
          c:set({ x = 50 }, motion.roles.reveal)
          s:advance(1)
          s:environment{ reduceMotion = true }
          s:advance(0.5)
          expect(s).toBeStillUnderReduceMotion()
          c:set({ x = 80 })
          s:advance(0.1)
          expect(function() expect(s).toBeStillUnderReduceMotion() end).toThrow("card.box.x")
        end)
        """)
        for test in report.tests { #expect(test.status == .passed, "\(test.name): \(test.message)") }
        #expect(report.tests.count == 2)
    }
}

extension ExploreTests {
    @Test func aFailureItsOwnDrawsDoNotBringBackIsFlakyAndNotShrunk() throws {
        // `calls` lives outside the runs: the third call of all fails, whichever run makes it.
        let report = try runScenario("""
        local calls = 0
        explore("kept state", {
          setup = function() return Stage{ fps = 60 }, {} end,
          actions = { count = function() calls = calls + 1; if calls == 3 then error("third") end end },
          steps = 2,
        })
        """, configure: Self.deep)
        let result = try #require(report.tests.first)
        #expect(result.message.hasPrefix("flaky: ") && result.message.contains("scenario.lua:4: third"))
        #expect(result.message.contains("the run failed, but replaying its draws did not fail"))
        #expect(result.scenario == nil)
    }
}

extension ExploreTests {
    /// An action that hands a piece an animation is written out with the Lua that makes the same animation: a role
    /// or tier by its name, a spring by its duration and bounce when they make it exactly, curves, delays and speeds.
    @Test func animationsAreWrittenAsLuaThatMakesTheSameAnimation() throws {
        let tokens = MotionTokens(reduceMotion: false)
        let made: [(String, String)] = [
            ("motion.roles.reveal", MotionExpression.lua(tokens.role(named: "reveal")!, tokens: tokens)),
            ("motion.tiers.calm", MotionExpression.lua(tokens.tier(named: "calm")!, tokens: tokens)),
            ("motion.spring{ duration = 0.3, bounce = 0.1 }", MotionExpression.lua(Spring(duration: 0.3, bounce: 0.1), tokens: tokens)),
            ("motion.easeIn(0.25):delay(0.1)", MotionExpression.lua(Animation.easeIn(duration: 0.25).delay(0.1), tokens: tokens)),
            ("motion.spring{ stiffness = 200, damping = 3 }:animation():speed(2)",
             MotionExpression.lua(Animation(.speed(2, .spring(Spring(mass: 1, stiffness: 200, damping: 3, allowOverDamping: true)))), tokens: tokens)),
        ]
        // Each written form, evaluated in a scenario, samples the same as the original at every time tried.
        var lines = ""
        for (original, written) in made {
            lines += """
              do
                local a, b = \(original), load("return " .. \(String(reflecting: written)))()
                for t = 0, 2, 0.05 do expect(b:value(t)).toBe(a:value(t)) end
              end

            """
        }
        let report = try runScenario("test(\"written animations\", function()\n\(lines)end)\n")
        #expect(report.tests.first?.status == .passed, "\(made.map(\.1)) \(report.tests.map(\.message))")
        #expect(made[0].1 == "motion.roles.reveal" && made[1].1 == "motion.tiers.calm")
        #expect(made[2].1 == "motion.spring{ duration = 0.3, bounce = 0.1 }")
    }
}

extension ExploreTests {
    /// Draws hold whatever bounds a script gives: a span past the largest double stays finite, an integer bound
    /// Lua cannot hold as an integer is refused at the action's line.
    @Test func drawsStayFiniteAndBoundsAreChecked() throws {
        let report = try runScenario("""
        explore("wide", {
          setup = function() return Stage{ fps = 60 }, {} end,
          actions = {
            wide = function(s, w, gen)
              local v = gen.number(-1e308, 1e308)
              if v ~= v or v == 1 / 0 or v == -1 / 0 then error("not finite: " .. tostring(v)) end
            end,
          },
          runs = 30, steps = 3,
        })
        explore("huge", {
          setup = function() return Stage{ fps = 60 }, {} end,
          actions = { huge = function(s, w, gen) gen.integer(0, 1e300) end },
        })
        """) { $0.exploration.deep = true }
        #expect(report.test("wide")?.status == .passed, "\(report.tests.map(\.message))")
        #expect(report.test("huge")?.message.contains("scenario.lua:13: gen.integer: argument 2 must be a whole number (an integer Lua holds), got 1e+300") == true,
                "\(report.tests.map(\.message))")
    }
}
