import Foundation
import Testing
@testable import LuaHost

/// A `--tokens` file runs in an environment of its own: it gets copies of the libraries, so whatever it assigns
/// reaches no scenario; only the overrides it returns do.
@Suite struct TokenSetIsolationTests {
    private func run(tokens: String, _ scenario: String,
                     sourceLocation: SourceLocation = #_sourceLocation) throws -> FileReport {
        let folder = try ScenarioFolder()
        let tokenPath = try folder.write("set.lua", tokens)
        return try folder.run("scenario.lua", scenario) { $0.tokenSet = tokenPath }
    }

    @Test func whatATokenFileAssignsChangesNothingTheScenarioSees() throws {
        let report = try run(tokens: """
            string.format = nil
            table.concat = nil
            math.floor = function() return 0 end
            motion.spring = function() end
            motion.liquid.apart = 99
            leaked = true
            return { tiers = { calm = { duration = 0.9, bounce = 0 } } }
            """, """
            test("t", function()
              expect(string.format("%d", 3)).toBe("3")
              expect(table.concat({ "a", "b" }, "-")).toBe("a-b")
              expect(math.floor(2.5)).toBe(2)
              expect(motion.spring{ duration = 0.3 }.duration).toBe(0.3)
              expect(motion.liquid.apart).never.toBe(99)
              expect(rawget(_G, "leaked")).toBe(nil)
              -- What it returned still applies.
              expect(motion.tiers.calm.duration).toBe(0.9)
            end)
            """)
        #expect(report.test("t")?.status == .passed, "\(report.summary)")
    }

    @Test func aTokenFileCannotSetTheScenariosOverridesBehindItsResult() throws {
        let report = try run(tokens: """
            motion.override{ tiers = { calm = { duration = 2, bounce = 0 } } }
            return {}
            """, """
            test("t", function() end)
            """)
        #expect(report.tests.first?.status != .passed, "\(report.summary)")
        #expect(report.summary.contains("motion.override is not available in a token set; return the overrides"),
                "\(report.summary)")
    }
}
