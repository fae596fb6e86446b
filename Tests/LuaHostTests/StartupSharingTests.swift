import Foundation
import Testing
@testable import LuaHost
@testable import LuaRuntime

/// What a file's start-up no longer does up front must still be there when the script asks: a class's methods and
/// readings are put in its tables at the first name an object of it is asked for, and a state keeps the functions it
/// makes once. Each file still starts from nothing another file changed.
@Suite struct StartupSharingTests {
    /// The lines a one-test file printed.
    private func printed(_ body: String, name: String = "startup.lua") throws -> [String] {
        let report = try runScenario("test(\"t\", function()\n\(body)\nend)\n", name: name)
        let result = try #require(report.test("t"), "\(report.summary)")
        #expect(result.status == .passed, "\(result.message)")
        return result.output
    }

    @Test func aClassWhoseFirstReadIsAMisspeltMethodStillNamesTheNearOne() throws {
        // The first name asked of any animation in this file is the misspelt one: the tables are filled by it.
        let lines = try printed("""
            local ok, err = pcall(function() return motion.liquid.split:delya(0.1) end)
            print(err)
            """)
        #expect(lines.count == 1 && lines[0].hasSuffix("startup.lua:2: animation has no field 'delya'; did you mean 'delay'?"),
                "\(lines)")
    }

    @Test func aClassWhoseFirstReadIsAReadingAnswersIt() throws {
        // A spring of 0.5 s asked for its duration first: the reading is answered by the fill that the read caused.
        let lines = try printed("""
            local sp = motion.spring{ duration = 0.5, bounce = 0 }
            print(sp.duration)
            print(type(sp.animation))
            """)
        #expect(lines == ["0.5", "function"], "\(lines)")
    }

    @Test func aClassWhoseFirstReadIsAMethodCallsIt() throws {
        // `delay(0.25)` on the liquid split gives an animation again: the method found by the first fill.
        let lines = try printed("""
            local a = motion.liquid.split:delay(0.25)
            print(tostring(a):match("^animation") ~= nil)
            """)
        #expect(lines == ["true"], "\(lines)")
    }

    @Test func aFileSeesNoneOfThePreviousFilesChanges() throws {
        let folder = try ScenarioFolder()
        let first = try folder.run("a_first.lua", """
            leaked = "from the first file"
            motion.spring = nil
            string.upper = nil
            test("changes everything it can reach", function()
              local sp = motion.tiers.tight
              print(sp.duration ~= nil)
            end)
            """)
        #expect(first.tests.allSatisfy { $0.status == .passed }, "\(first.summary)")
        let second = try folder.run("b_second.lua", """
            test("starts from nothing the first file changed", function()
              assert(leaked == nil, "a global of the first file leaked")
              assert(type(motion.spring) == "function", "motion.spring was left removed")
              assert(string.upper("a") == "A", "string.upper was left removed")
              assert(motion.tiers.tight.duration ~= nil)
            end)
            """)
        #expect(second.tests.allSatisfy { $0.status == .passed }, "\(second.summary)")
    }
}
