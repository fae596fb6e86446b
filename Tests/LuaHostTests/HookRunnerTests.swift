import Testing
@testable import LuaHost

/// One runner serves every kind of hook; what a failing hook stops is still its kind's, and a limit in any hook
/// stops the file. The expected logs are written out by hand from the rules in `PlanRun.runHooks`.
@Suite struct HookRunnerTests {
    @Test func aLimitInAnAfterEachStopsEveryHookAfterItAndTheRestOfTheFile() throws {
        let limits = SandboxLimits(instructions: 1_000_000, memoryBytes: 64 << 20, seconds: 5)
        let report = try runScenario("""
            describe("g", function()
              afterEach(function() print("inner aE"); local n = 0; while true do n = n + 1 end end)
              afterAll(function() error("must not run") end)
              test("t1", function() print("t1") end)
              test("t2", function() end)
            end)
            afterEach(function() print("outer aE") end)
            test("t3", function() end)
            """, name: "stop.lua", limits: limits)
        #expect(report.tests.map(\.name) == ["g > t1", "g > t2", "t3"], "\(report.summary)")
        #expect(report.tests.map(\.status) == [.failed, .notRun, .notRun], "\(report.summary)")
        let t1 = report.tests[0]
        #expect(t1.message.hasSuffix("/stop.lua:2: instruction limit of 1000000 exceeded; the file's remaining 2 tests did not run"),
                "\(t1.message)")
        // The outer afterEach and the group's afterAll come after the hook that stopped: neither ran.
        #expect(t1.output == ["t1", "inner aE"])
        for t in report.tests.dropFirst() {
            #expect(t.message == "not run: the file stopped at a limit in \"g > t1\"")
        }
    }

    @Test func aFailingHookStopsOnlyWhatItsKindStops() throws {
        let report = try runScenario("""
            local log = {}
            local function note(s) table.insert(log, s) end
            describe("setup", function()
              beforeAll(function() note("bA1") end)
              beforeAll(function() error("bA2 fails") end)
              beforeAll(function() note("bA3") end)
              describe("inner", function()
                beforeAll(function() note("inner bA") end)
                test("t", function() note("setup t") end)
              end)
            end)
            describe("each", function()
              beforeEach(function() note("bE1") end)
              beforeEach(function() error("bE2 fails") end)
              beforeEach(function() note("bE3") end)
              afterEach(function() note("aE") end)
              describe("inner", function()
                beforeEach(function() note("inner bE") end)
                afterEach(function() note("inner aE1"); error("inner aE1 fails") end)
                afterEach(function() note("inner aE2"); error("inner aE2 fails") end)
                test("t", function() note("each t") end)
              end)
            end)
            describe("teardown", function()
              afterAll(function() error("aA1 fails") end)
              afterAll(function() error("aA2 fails") end)
              afterAll(function() note("aA3") end)
              test("t", function() end)
            end)
            describe("cleanup", function()
              afterEach(function() note("outer aE") end)
              describe("inner", function()
                afterEach(function() error("first aE fails") end)
                afterEach(function() error("second aE fails") end)
                test("t", function() note("cleanup t") end)
              end)
            end)
            test("log", function() print(table.concat(log, " ")) end)
            """, name: "kinds.lua")
        #expect(report.tests.map(\.name) == [
            "setup > inner > t", "each > inner > t", "teardown > t", "teardown > (afterAll)", "teardown > (afterAll)",
            "cleanup > inner > t", "log",
        ], "\(report.summary)")
        #expect(report.tests.map(\.status) == [.failed, .failed, .passed, .failed, .failed, .failed, .passed],
                "\(report.summary)")
        // beforeAll: the group's later hooks and its inner groups' do not run; the test fails with the hook's error.
        #expect(report.tests[0].message.hasSuffix("/kinds.lua:5: bA2 fails\n(in beforeAll of \"setup\"; the test did not run)"))
        // beforeEach: the rest (its group's and the inner group's) and the body do not run; every afterEach does,
        // innermost first, and their failures do not replace the first.
        #expect(report.tests[1].message.hasSuffix("/kinds.lua:14: bE2 fails\n(in beforeEach of \"each\"; the test did not run)"))
        // afterAll: every hook runs; each failure is a result of its own, in order.
        #expect(report.tests[3].message.hasSuffix("/kinds.lua:25: aA1 fails"))
        #expect(report.tests[4].message.hasSuffix("/kinds.lua:26: aA2 fails"))
        // afterEach: every hook runs; the first failure is the test's.
        #expect(report.tests[5].message.hasSuffix("/kinds.lua:33: first aE fails\n(in afterEach of \"inner\")"))
        #expect(report.test("log")?.output == ["bA1 bE1 inner aE1 inner aE2 aE aA3 cleanup t outer aE"])
    }
}
