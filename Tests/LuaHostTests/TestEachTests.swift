import Testing
@testable import LuaHost

/// `test.each(rows, "name %s", fn)`: one test a row, named from the row, run with the row's values.
@Suite struct TestEachTests {
    @Test func eachRowIsATestNamedFromItsValues() throws {
        let report = try runScenario("""
            test.each({ { 1, 1, 2 }, { 2, 3, 5 }, { 0.5, 0.25, 1 } }, "add(%s, %s) is %s", function(a, b, sum)
              expect(a + b).toBe(sum)
            end)
            """)
        #expect(report.tests.map(\.name) == ["add(1, 1) is 2", "add(2, 3) is 5", "add(0.5, 0.25) is 1"])
        // 0.5 + 0.25 = 0.75, not 1: the third row fails on its own, the others pass.
        #expect(report.tests.map(\.status) == [.passed, .passed, .failed], "\(report.summary)")
    }

    @Test func rowsThatAreNotListsArePassedWholeAndSameNamesGetTheirRowNumber() throws {
        let report = try runScenario("""
            local seen = {}
            test.each({ "x", { id = 7 } }, "one value", function(v) seen[#seen + 1] = type(v) end)
            test("after", function() expect(seen).toEqual({ "string", "table" }) end)
            describe.each({ { "slow", 2 } }, "speed %s", function(word, n)
              it("takes " .. n, function() expect(word).toBe("slow") end)
            end)
            """)
        #expect(report.tests.map(\.name) == ["one value (row 1)", "one value (row 2)", "after", "speed slow > takes 2"])
        #expect(report.tests.allSatisfy { $0.status == .passed }, "\(report.summary)")
    }

    @Test func aNameThatDoesNotFitARowIsRefusedWhereItIsDeclared() throws {
        let report = try runScenario("""
            test.each({ { 1.5 } }, "whole %d", function() end)
            """, name: "each.lua")
        let message = report.tests.first?.message ?? ""
        #expect(message.contains("each.lua:1: test.each: the name \"whole %d\" does not fit row 1: its value 1 (number has no integer representation)"), "\(report.summary) \(message)")
        let notRows = try runScenario("test.each(\"a\", \"n\", function() end)", name: "rows.lua")
        let said = notRows.tests.first?.message ?? ""
        #expect(said.contains("rows.lua:1: test.each: argument 1 must be a list of rows, got string"), "\(said)")
    }
}
