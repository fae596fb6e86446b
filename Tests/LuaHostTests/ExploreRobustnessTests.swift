import Foundation
import Testing
@testable import LuaHost

/// What an exploration does with what a script hands it: a huge list to pick from, an error that cannot be said,
/// a misspelt rule or option, steps that never run, a bound of the wrong type. Each is a clear finding or a
/// clear refusal at the scenario's line, never a lost run or a silent pass.
@Suite struct ExploreRobustnessTests {
    static func deep(_ options: inout RunOptions) { options.exploration.deep = true }

    @Test func shrinkingAPickFromAHugeListBisectsItsOptionsWithinTheBudget() throws {
        // A file limit well above what 2,000 replays take, and far below counting 2^39 options.
        let report = try runScenario("""
        local huge = setmetatable({}, { __len = function() return 2^40 end, __index = function(_, i) return i end })
        explore("huge", {
          setup = function() return Stage{ fps = 60 }, {} end,
          actions = { pick = function(s, w, gen) if gen.pick(huge) > 2^39 then error("a late option") end end },
          runs = 20, steps = 1,
        })
        """, limits: SandboxLimits(instructions: 400_000_000, memoryBytes: 64 << 20, seconds: 60), configure: Self.deep)
        let result = try #require(report.test("huge"))
        // Older: the pass counting the options toward the simplest went on past the budget until the file's
        // instruction limit, and the failure was lost. Old: it counted up to the budget and was cut short.
        #expect(result.message.contains("scenario.lua:4: a late option"), "\(result.message)")
        // Option v (from 0) is v + 1, past 2^39 from v = 2^39 = 549755813888 on: the first few options, then a
        // bisection, find it in far fewer than 2,000 replays.
        #expect(result.message.contains("drawn({ 549755813888 })"), "\(result.message)")
        #expect(!result.message.contains("cut short"))
    }

    @Test func anErrorWhoseTostringFailsIsAFindingLikeAnyOther() throws {
        let report = try runScenario("""
        explore("mute", {
          setup = function() return Stage{ fps = 60 }, {} end,
          actions = { raise = function() error(setmetatable({}, { __tostring = function() error("no words") end })) end },
        })
        """, configure: Self.deep)
        let result = try #require(report.test("mute"))
        // Old: tostring raised inside the run, which ended the exploration without its seed or run.
        #expect(result.message.contains("(an error value, a table, whose __tostring failed"), "\(result.message)")
        #expect(result.message.contains("seed 0, run 0 of 100"))
    }

    @Test func ruleOptionsAreCheckedWhereTheExplorationIsDeclaredWithTheNearName() throws {
        let cases: [(String, String)] = [
            ("hitTargets = { sidee = 100 }", "scenario.lua:2: explore: invariants.hitTargets: no option named sidee; did you mean 'side'? (its options are except, side)"),
            ("settles = { secnds = 0 }", "scenario.lua:2: explore: invariants.settles: no option named secnds; did you mean 'seconds'? (its options are seconds)"),
            (#"continuous = { maxStep = "x" }"#, #"scenario.lua:2: explore: invariants.continuous.maxStep must be a number of 0 or more, got a string "x""#),
            ("continuous = { maxstep = 10 }", "scenario.lua:2: explore: invariants.continuous: no option named maxstep; did you mean 'maxStep'?"),
            ("onScreen = { except = { 1 } }", "scenario.lua:2: explore: invariants.onScreen.except[1] must be a name (a string), got 1"),
            (#""continous", "smoth""#, "scenario.lua:2: explore: invariants: no rule named continous; did you mean 'continuous'?, no rule named smoth"),
        ]
        for (rules, message) in cases {
            let report = try runScenario("""
            local actions = { a = function() end }
            explore("x", { setup = function() end, actions = actions,
              invariants = { \(rules) } })
            """)
            #expect(report.tests.contains { $0.message.contains(message) }, "\(rules): \(report.summary)")
        }
    }

    @Test func anExplorationWhoseStepsWereAllDiscardedDoesNotPass() throws {
        let report = try runScenario("""
        explore("never applies", {
          setup = function() return Stage{ fps = 60 }, {} end,
          actions = { skip = function(s, w, gen) gen.assume(false) end },
          runs = 5,
        })
        """, configure: Self.deep)
        let result = try #require(report.test("never applies"))
        #expect(result.status == .failed)
        #expect(result.message.contains("no action ran: every step of its 5 runs was discarded"), "\(result.message)")
    }

    @Test func aBoundOfTheWrongTypeIsNamedAsTheScriptWroteIt() throws {
        let report = try runScenario("""
        explore("strings", {
          setup = function() return Stage{ fps = 60 }, {} end,
          actions = { draw = function(s, w, gen) gen.integer("1", 2) end },
        })
        """, configure: Self.deep)
        // Old: "got 1", as if the script had written the number.
        #expect(report.test("strings")?.message.contains(#"gen.integer: argument 1 must be a whole number (an integer Lua holds), got a string "1""#) == true,
                "\(report.summary)")
    }

    @Test func theReportAgreesInNumberAndAFailureAtTheStartHasNoDanglingColon() throws {
        let report = try runScenario("""
        explore("never still", {
          setup = function()
            local s = Stage{ fps = 60 }
            local box = s:piece{ name = "box", state = { x = 0 },
              layout = function(st) return { b = { x = st.x, y = 0, w = 10, h = 10 } } end }
            s:every(0.1, function() box:set({ x = box.state.x + 1 }, motion.roles.reveal) end)
            return s, {}
          end,
          actions = { wait = function(s) s:advance(0.1) end },
          invariants = { "settles" }, steps = 1, runs = 1,
        })
        """, configure: Self.deep)
        let result = try #require(report.test("never still"))
        // Run 0 takes 1 step (steps = 1), and the box moves for ever without it: shrunk to none.
        #expect(result.message.contains("shrunk from 1 action in "), "\(result.message)")
        #expect(result.message.contains("minimal: 0 actions\n"), "\(result.message)")
    }

    @Test func aTestWithLimitsStopsAsAnExplorationsRunDoesAndBadLimitsAreRefused() throws {
        let report = try runScenario("""
        test("forever", { limits = { frames = 60 } }, function() Stage{ fps = 60 }:advance(1e9) end)
        test("spins", { limits = { instructions = 100000 } }, function() while true do end end)
        test("after them", function() local s = Stage{ fps = 60 }; s:advance(2); expect(s:now()).toBe(2) end)
        """)
        #expect(report.test("forever")?.message.contains("the run rendered more than 60 frames") == true, "\(report.summary)")
        #expect(report.test("spins")?.message.contains("the run used more instructions than an exploration's run may") == true)
        // The limits end with their test: 2 s at 60 fps is 120 frames, past the first test's 60.
        #expect(report.test("after them")?.status == .passed, "\(report.summary)")
        let refused = try runScenario("test(\"t\", { limits = { frames = 0.5 } }, function() end)\n")
        #expect(refused.tests.first?.message.contains("scenario.lua:1: test: limits.frames must be a whole number of 1 or more, got 0.5") == true,
                "\(refused.summary)")
        let group = try runScenario("describe(\"g\", { limits = { frames = 5 } }, function() end)\n")
        #expect(group.tests.first?.message.contains("describe: unknown option 'limits' (the one option is tags)") == true,
                "\(group.summary)")
    }
}
