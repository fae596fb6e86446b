import Foundation
import Testing
@testable import LuaHost
import PieceKit

/// An exploration that found nothing can still fail: when most of its steps were discarded, or when one of its
/// actions never came up in enough runs, it checked too little to call a pass, and the message says how to fix it.
@Suite struct ExploreHealthTests {
    static func deep(_ options: inout RunOptions) { options.exploration.deep = true }

    @Test func mostStepsDiscardedFailsTheHealthCheck() throws {
        let report = try runScenario("""
        explore("mostly refused", {
          setup = function() return Stage{ fps = 60 }, {} end,
          actions = {
            acts = function(s) s:advance(0.1) end,
            never = function(s, w, gen) gen.assume(false) end,
            nope = function(s, w, gen) gen.assume(false) end,
          },
          invariants = { "finite" },
        })
        """, configure: Self.deep)
        let result = try #require(report.test("mostly refused"))
        #expect(result.status == .failed)
        // 100 runs of min(20, 2 + 2i) steps: 2 + 4 + ... + 18 = 90 for runs 0 to 8, then 91 runs of 20 = 1820.
        #expect(result.message.contains("of 1910 steps were discarded, more than half"), "\(result.message)")
        #expect(result.message.contains("gen.assume"))
    }

    @Test func anActionNeverDrawnInAHundredRunsFailsTheHealthCheck() throws {
        // 200 actions and 100 runs of one step: 100 draws cannot reach all 200.
        let exploration = """
        local actions = {}
        for i = 1, 200 do actions["a" .. i] = function(s) s:advance(0.01) end end
        explore("too many actions", {
          setup = function() return Stage{ fps = 60 }, {} end,
          actions = actions, invariants = { "finite" }, steps = 1, runs = 100,
        })
        """
        let deep = try runScenario(exploration, configure: Self.deep)
        let result = try #require(deep.test("too many actions"))
        #expect(result.status == .failed)
        #expect(result.message.contains("was never drawn in 100 runs (100 steps)"), "\(result.message)")
        #expect(result.message.contains("more steps or runs, or fewer actions"))
        // Under the suite's 10 runs, too few to be sure, it passes.
        let suite = try runScenario(exploration)
        #expect(suite.test("too many actions")?.status == .passed, "\(suite.tests.map(\.message))")
    }

    @Test func aHealthyPassReportsItsCounts() throws {
        let report = try runScenario("""
        explore("healthy", {
          setup = function() return Stage{ fps = 60 }, {} end,
          actions = { a = function(s) s:advance(0.1) end, b = function(s) s:advance(0.2) end },
          invariants = { "finite" }, steps = 3, runs = 4,
        })
        """, configure: Self.deep)
        let result = try #require(report.test("healthy"))
        #expect(result.status == .passed)
        // Runs 0 to 3 take min(3, 2 + 2i) steps: 2 + 3 + 3 + 3 = 11, none discarded.
        let outcome = try #require(result.exploration)
        #expect(outcome.contains(#""runs":4"#) && outcome.contains(#""steps":11"#) && outcome.contains(#""discards":0"#), "\(outcome)")
    }
}
