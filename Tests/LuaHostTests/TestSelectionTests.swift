import Foundation
import Testing
@testable import LuaHost

/// Hooks, `only`, tags and shuffling: which tests run, in which order, and where a hook's failure is reported.
@Suite struct TestSelectionTests {
    @Test func hooksRunAroundEachTestInNestingOrder() throws {
        let report = try runScenario("""
            local log = {}
            local function note(s) log[#log + 1] = s end
            beforeAll(function() note("file:beforeAll") end)
            beforeEach(function() note("file:beforeEach") end)
            afterEach(function() note("file:afterEach") end)
            describe("g", function()
              beforeAll(function() note("g:beforeAll") end)
              beforeEach(function() note("g:beforeEach") end)
              afterEach(function() note("g:afterEach") end)
              afterAll(function() note("g:afterAll") end)
              test("one", function() note("one") end)
              test("two", function() note("two") end)
            end)
            test("last", function() print(table.concat(log, " ")) end)
            """)
        #expect(report.failed == 0, "\(report.summary)")
        // Written out by hand: every beforeAll the first test enters (outermost first), then the beforeEach hooks
        // outermost first and the afterEach hooks innermost first; the group's afterAll once after its last test.
        #expect(report.test("last")?.output == [
            "file:beforeAll g:beforeAll file:beforeEach g:beforeEach one g:afterEach file:afterEach"
            + " file:beforeEach g:beforeEach two g:afterEach file:afterEach g:afterAll file:beforeEach",
        ])
    }

    @Test func aFailingBeforeAllFailsEveryTestOfItsGroupAndNoOther() throws {
        let report = try runScenario("""
            describe("broken", function()
              beforeAll(function() error("no database") end)
              test("a", function() print("a ran") end)
              test("b", function() print("b ran") end)
            end)
            test("outside", function() end)
            """, name: "beforeall.lua")
        #expect(report.tests.map(\.status) == [.failed, .failed, .passed], "\(report.summary)")
        for name in ["broken > a", "broken > b"] {
            let t = try #require(report.test(name))
            #expect(t.message.contains("beforeall.lua:2: no database"), "\(t.message)")
            #expect(t.message.contains("(in beforeAll of \"broken\"; the test did not run)"))
            #expect(t.output.isEmpty)
        }
    }

    @Test func aFailingBeforeEachSkipsTheBodyButStillRunsAfterEach() throws {
        let report = try runScenario("""
            beforeEach(function() error("setup") end)
            afterEach(function() print("cleaned up") end)
            test("t", function() print("body ran") end)
            """, name: "each.lua")
        let t = try #require(report.test("t"))
        #expect(t.status == .failed)
        #expect(t.message.contains("each.lua:1: setup"), "\(t.message)")
        #expect(t.message.hasSuffix("(in beforeEach of the file; the test did not run)"), "\(t.message)")
        #expect(t.output == ["cleaned up"])
    }

    @Test func aFailingAfterEachFailsItsTestAndAFailingAfterAllIsReportedForItsGroup() throws {
        let report = try runScenario("""
            describe("g", function()
              afterEach(function() error("leak") end)
              afterAll(function() error("teardown") end)
              test("t", function() end)
            end)
            """, name: "after.lua")
        #expect(report.tests.map(\.name) == ["g > t", "g > (afterAll)"], "\(report.summary)")
        #expect(report.test("g > t")?.message.contains("after.lua:2: leak") == true)
        #expect(report.test("g > (afterAll)")?.message.contains("after.lua:3: teardown") == true)
    }

    @Test func onlyRunsTheMarkedTestsAndSkipsTheRest() throws {
        let report = try runScenario("""
            test("plain", function() error("must not run") end)
            test.only("marked", function() end)
            describe.only("group", function()
              it("inside", function() end)
              xit("still skipped", function() error("must not run") end)
            end)
            describe("other", function() it.only("deep", function() end) end)
            """)
        #expect(report.usedOnly)
        #expect(report.tests.map(\.name) == ["plain", "marked", "group > inside", "group > still skipped", "other > deep"])
        #expect(report.tests.map(\.status) == [.skipped, .passed, .passed, .skipped, .passed], "\(report.summary)")
    }

    @Test func aFileWithoutOnlyRunsEverything() throws {
        let report = try runScenario("test(\"a\", function() end)\ntest.skip(\"b\", function() end)\n")
        #expect(!report.usedOnly)
        #expect(report.tests.map(\.status) == [.passed, .skipped])
    }

    @Test func describeSkipSkipsEveryTestInsideIt() throws {
        let report = try runScenario("""
            describe.skip("later", function()
              test("a", function() error("must not run") end)
              describe("inner", function() test("b", function() error("must not run") end) end)
            end)
            test("now", function() end)
            """)
        #expect(report.tests.map(\.name) == ["later > a", "later > inner > b", "now"])
        #expect(report.tests.map(\.status) == [.skipped, .skipped, .passed])
    }

    @Test func tagsAreInheritedFromGroupsAndSelectAndExclude() throws {
        let source = """
            describe("g", { tags = { "slow" } }, function()
              test("a", function() end)
              test("b", { tags = { "net" } }, function() end)
            end)
            test("c", function() end)
            """
        let slow = try runScenario(source) { $0.tags = ["slow"] }
        #expect(slow.tests.map(\.name) == ["g > a", "g > b"])
        #expect(slow.test("g > b")?.tags == ["slow", "net"])
        let notNet = try runScenario(source) { $0.excludeTags = ["net"] }
        #expect(notNet.tests.map(\.name) == ["g > a", "c"])
        let both = try runScenario(source) { $0.tags = ["slow"]; $0.excludeTags = ["net"] }
        #expect(both.tests.map(\.name) == ["g > a"])
    }

    @Test(arguments: [
        ("test(\"t\", { tags = \"slow\" }, function() end)", "tags.lua:1: test: tags must be a list of names, got string"),
        ("test(\"t\", { tags = { \"has space\" } }, function() end)", "tags.lua:1: test: tag 1 must be a name of letters"),
        ("test(\"t\", { tag = { \"x\" } }, function() end)", "tags.lua:1: test: unknown option 'tag' (the options are limits, tags)"),
        ("describe(\"g\", { tags = { 1 } }, function() end)", "tags.lua:1: describe: tag 1 must be a name"),
        ("test(\"t\", {}, 5)", "tags.lua:1: test: argument 3 must be the test's function, got number"),
        ("test(\"t\", function() test(\"inner\", function() end) end)", "tags.lua:1: test: tests and hooks are declared at the top level"),
        ("beforeEach(5)", "tags.lua:1: beforeEach: argument 1 must be a function, got number"),
    ])
    func badDeclarationsAreRefusedAtTheScenariosLine(source: String, message: String) throws {
        let report = try runScenario(source + "\ntest(\"fine\", function() end)\n", name: "tags.lua")
        let failure = report.tests.first { $0.status == .failed }
        #expect(failure?.message.contains(message) == true, "\(report.summary)")
    }

    @Test func failFastLeavesTheRestNotRun() throws {
        let report = try runScenario("""
            test("a", function() error("first") end)
            test("b", function() end)
            test("c", function() end)
            """) { $0.failFast = true }
        #expect(report.tests.map(\.status) == [.failed, .notRun, .notRun])
        #expect(report.notRun == 2)
    }

    @Test func theSameSeedGivesTheSameOrderAndGroupsStayTogether() {
        // Group 2 holds g1…g4; the file holds t1…t6 around it.
        var declared: [TestPlan.Declared] = []
        for i in 1...3 { declared.append(.init(index: i, name: "t\(i)")) }
        for i in 1...4 { declared.append(.init(index: 3 + i, name: "g > g\(i)", group: "g", groups: [1, 2])) }
        for i in 4...6 { declared.append(.init(index: 4 + i, name: "t\(i)")) }
        let orders = (0..<20).map { seed in TestPlan.make(declared, selection: .init(), seed: UInt64(seed)).steps.map(\.test.name) }
        for (seed, order) in orders.enumerated() {
            #expect(TestPlan.make(declared, selection: .init(), seed: UInt64(seed)).steps.map(\.test.name) == order)
            #expect(order.sorted() == declared.map(\.name).sorted())
            let positions = order.indices.filter { order[$0].hasPrefix("g > ") }
            #expect(positions.last! - positions.first! == 3, "the group was split: \(order)")
        }
        // 10 places to shuffle: twenty seeds giving one order would mean no shuffling at all.
        #expect(Set(orders).count > 1)
        #expect(TestPlan.make(declared, selection: .init()).steps.map(\.test.name) == declared.map(\.name))
    }

    @Test func shuffledHooksStillRunOncePerGroup() throws {
        let source = """
            local count = 0
            describe("g", function()
              beforeAll(function() count = count + 1 end)
              for i = 1, 5 do test("t" .. i, function() end) end
            end)
            for i = 1, 5 do test("after" .. i, function() end) end
            afterAll(function() print("beforeAll ran " .. count .. " time(s)") end)
            """
        for seed: UInt64 in [1, 2, 3, 99] {
            let report = try runScenario(source) { $0.shuffleSeed = seed }
            #expect(report.failed == 0)
            #expect(report.tests.flatMap(\.output) == ["beforeAll ran 1 time(s)"], "\(report.summary)")
        }
    }
}
