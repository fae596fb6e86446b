import Foundation
import Testing
@testable import LuaHost

/// One test per line, so a failure's line number is the case's position (plus one).
struct OneLineCases {
    var cases: [(name: String, body: String)]

    var source: String {
        cases.map { "test(\"\($0.name)\", function() \($0.body) end)" }.joined(separator: "\n") + "\n"
    }

    func line(of name: String) -> Int? {
        cases.firstIndex { $0.name == name }.map { $0 + 1 }
    }
}

/// The Lua side of the runner: expect and its matchers, series matchers, and how files are collected.
@Suite struct ExpectMatcherTests {
    static let passing = OneLineCases(cases: [
        ("toBe number", "expect(1).toBe(1)"),
        ("toBe integer and float", "expect(2).toBe(2.0)"),
        ("toBe string", "expect(\"a\" .. \"b\").toBe(\"ab\")"),
        ("toBe same table", "local t = {} expect(t).toBe(t)"),
        ("toEqual deep", "expect({ a = { 1, 2 }, b = \"x\" }).toEqual({ b = \"x\", a = { 1, 2 } })"),
        ("toEqual scalars", "expect(3).toEqual(3)"),
        ("toBeCloseTo number", "expect(0.1 + 0.2).toBeCloseTo(0.3)"),
        ("toBeCloseTo tolerance", "expect(1.04).toBeCloseTo(1, 0.05)"),
        ("toBeCloseTo rect", "expect({ x = 1, y = 2.0000001, width = 30, height = 40 }).toBeCloseTo({ x = 1, y = 2, width = 30, height = 40 }, 1e-3)"),
        ("toBeGreaterThan", "expect(2).toBeGreaterThan(1)"),
        ("toBeLessThan", "expect(1).toBeLessThan(2)"),
        ("toBeGreaterThanOrEqual", "expect(2).toBeGreaterThanOrEqual(2)"),
        ("toBeLessThanOrEqual", "expect(2).toBeLessThanOrEqual(2)"),
        ("toBeTruthy zero", "expect(0).toBeTruthy()"),
        ("toBeTruthy string", "expect(\"\").toBeTruthy()"),
        ("toBeFalsy", "expect(false).toBeFalsy()"),
        ("toBeNil", "expect(nil).toBeNil()"),
        ("toContain string", "expect(\"hello world\").toContain(\"o w\")"),
        ("toContain list", "expect({ 1, { 2 }, 3 }).toContain({ 2 })"),
        ("toThrow", "expect(function() error(\"boom\") end).toThrow()"),
        ("toThrow text", "expect(function() error(\"kaboom here\") end).toThrow(\"boom h\")"),
        ("toThrow plain text", "expect(function() error(\"50% (a)\") end).toThrow(\"% (a\")"),
        ("never toBe", "expect(1).never.toBe(2)"),
        ("never toEqual", "expect({ 1 }).never.toEqual({ 2 })"),
        ("never toThrow", "expect(function() end).never.toThrow()"),
        ("never never", "expect(1).never.never.toBe(1)"),
        ("toNeverDecrease series", "expect(series({ 0, 1, 1, 2 })).toNeverDecrease()"),
        ("toNeverDecrease list", "expect({ 0, 1, 1, 2 }).toNeverDecrease()"),
        ("toNeverIncrease", "expect({ 3, 2, 2, 1 }).toNeverIncrease()"),
        ("toNeverExceed", "expect(series({ 1, 2, 3 })).toNeverExceed(3)"),
        ("toSettleWithin", "expect(series({ 0, 0.5, 0.9, 1, 1, 1 }, { 0, 0.1, 0.2, 0.3, 0.4, 0.5 })).toSettleWithin(0.3)"),
        ("toOvershootBy", "expect(series({ 0, 0.5, 1.1, 1.05, 1 })).toOvershootBy(0.1)"),
        ("toOvershootBy none", "expect(series({ 0, 0.5, 1 })).toOvershootBy(0)"),
        ("toOvershootBy downward", "expect(series({ 1, 0.5, -0.2, 0 })).toOvershootBy(0.2)"),
        ("spring without bounce never exceeds its target", """
            local s = motion.spring{ duration = 0.5, bounce = 0 } local v = {} for i = 0, 60 do v[#v + 1] = s:value(i / 60) end \
            expect(v).toNeverDecrease(1e-9) expect(v).toNeverExceed(1 + 1e-9)
            """),
        ("bouncy spring overshoots", """
            local s = motion.spring{ duration = 0.5, bounce = 0.3 } local v = {} for i = 0, 120 do v[#v + 1] = s:value(i / 60) end \
            expect(v).never.toNeverExceed(1) expect(series(v)).never.toOvershootBy(0)
            """),
        ("expectExtend", "expectExtend({ toBeEven = function(a) return a % 2 == 0, \"to be even\", nil end }) expect(4).toBeEven() expect(3).never.toBeEven()"),
    ])

    @Test func passingMatchersPass() throws {
        let report = try runScenario(Self.passing.source, name: "passing.lua")
        #expect(report.tests.count == Self.passing.cases.count, "\(report.summary)")
        for result in report.tests {
            #expect(result.status == .passed, "\(result.name): \(result.message)")
        }
    }

    /// Each failing case, and text its message must contain (besides the file:line).
    static let failing: [(name: String, body: String, contains: [String])] = [
        ("toBe", "expect(1).toBe(2)", ["expected 1 to be 2", "  expected: 2", "  received: 1"]),
        ("toBe string", "expect(\"a\").toBe(\"b\")", [#"expected "a" to be "b""#, #"  received: "a""#]),
        ("toBe distinct tables", "expect({}).toBe({})", ["expected {} to be {}"]),
        ("toEqual nested", "expect({ a = { 1, 2 } }).toEqual({ a = { 1, 3 } })",
         ["to equal", "  expected: {a = {1, 3}}", "  received: {a = {1, 2}}"]),
        ("toEqual extra item", "expect({ 1, 2 }).toEqual({ 1, 2, 3 })", ["  expected: {1, 2, 3}", "  received: {1, 2}"]),
        ("toEqual missing key", "expect({ a = 1, b = 2 }).toEqual({ a = 1 })", ["  received: {a = 1, b = 2}"]),
        ("toBeCloseTo", "expect(1.0).toBeCloseTo(1.1, 0.05)", ["expected 1 to be within 0.05 of 1.1", "  expected: 1.1", "  received: 1"]),
        ("toBeCloseTo rect", "expect({ x = 0, y = 0, width = 10, height = 20 }).toBeCloseTo({ x = 0, y = 0, width = 10, height = 25 }, 0.5)",
         ["to be within 0.5 of", "height = 25", "  received: {height = 20, width = 10, x = 0, y = 0}"]),
        ("toBeCloseTo missing field", "expect({ x = 0 }).toBeCloseTo({ x = 0, y = 1 })", ["to be within"]),
        ("toBeGreaterThan", "expect(1).toBeGreaterThan(2)", ["expected 1 to be greater than 2"]),
        ("toBeGreaterThan equal", "expect(2).toBeGreaterThan(2)", ["expected 2 to be greater than 2"]),
        ("toBeLessThan", "expect(3).toBeLessThan(2.5)", ["expected 3 to be less than 2.5", "  expected: 2.5"]),
        ("toBeGreaterThan not a number", "expect(\"3\").toBeGreaterThan(1)", ["toBeGreaterThan: the value must be a number, got string"]),
        ("toBeTruthy false", "expect(false).toBeTruthy()", ["expected false to be truthy", "  received: false"]),
        ("toBeTruthy nil", "expect(nil).toBeTruthy()", ["expected nil to be truthy"]),
        ("toThrow nothing", "expect(function() end).toThrow()", ["to throw"]),
        ("toThrow other text", "expect(function() error(\"boom\") end).toThrow(\"bang\")",
         [#"to throw an error containing "bang""#, "threw: ", "boom"]),
        ("never toBe", "expect(1).never.toBe(1)", ["expected 1 not to be 1", "  expected: not 1", "  received: 1"]),
        ("never toThrow", "expect(function() error(\"x\") end).never.toThrow()", ["not to throw"]),
        ("unknown matcher", "expect(1).toBeBanana(2)", ["expect: there is no matcher named 'toBeBanana'"]),
        ("expect two values", "expect(1, 2)", ["expect: takes one value"]),
        ("toNeverDecrease", "expect(series({ 0, 2, 1 })).toNeverDecrease()",
         ["to never decrease", "it fell from 2 to 1 at sample 3 (t = 2.0000 s)"]),
        ("toNeverDecrease list", "expect({ 5, 4 }).toNeverDecrease()", ["it fell from 5 to 4 at sample 2"]),
        ("toNeverIncrease", "expect({ 1, 2 }).toNeverIncrease()", ["it rose from 1 to 2 at sample 2"]),
        ("toNeverExceed", "expect(series({ 1, 2, 3 })).toNeverExceed(2)", ["to never exceed 2", "sample 3 is 3 (t = 2.0000 s)"]),
        ("toSettleWithin", "expect(series({ 0, 0.5, 0.9, 1, 1, 1 }, { 0, 0.1, 0.2, 0.3, 0.4, 0.5 })).toSettleWithin(0.2)",
         ["to settle within 0.2", "it settled after 0.3 s"]),
        ("toOvershootBy", "expect(series({ 0, 0.5, 1.1, 1.05, 1 })).toOvershootBy(0.2)",
         ["to overshoot by 0.2 ± 0.005", "it overshot by 0.1"]),
        ("toOvershootBy none", "expect(series({ 0, 0.5, 1 })).toOvershootBy(0.1)", ["it overshot by 0"]),
        ("series matcher on a number", "expect(3).toNeverDecrease()", ["toNeverDecrease: expected a series or a list of numbers, got number"]),
    ]

    @Test func failingMatchersFailWithExpectedReceivedAndTheScenarioLine() throws {
        let cases = OneLineCases(cases: Self.failing.map { ($0.name, $0.body) })
        let report = try runScenario(cases.source, name: "failing.lua")
        #expect(report.tests.count == Self.failing.count, "\(report.summary)")
        for failing in Self.failing {
            let result = try #require(report.test(failing.name), "\(report.summary)")
            let line = try #require(cases.line(of: failing.name))
            #expect(result.status == .failed, "\(failing.name) passed")
            #expect(result.message.contains("failing.lua:\(line): "), "\(failing.name): \(result.message)")
            for text in failing.contains {
                #expect(result.message.contains(text), "\(failing.name): \(result.message)")
            }
        }
    }

    @Test func aFailureHasATracebackThroughTheScenario() throws {
        let report = try runScenario("""
            local function check(v)
              expect(v).toBe(1)
            end
            test("nested", function() check(2) end)
            """, name: "trace.lua")
        let result = try #require(report.test("nested"), "\(report.summary)")
        #expect(result.status == .failed)
        #expect(result.message.contains("trace.lua:2: expected 2 to be 1"), "\(result.message)")
        #expect(result.traceback.contains("trace.lua:4"), "\(result.traceback)")
        #expect(!result.traceback.contains("piecebox:expect"), "\(result.traceback)")
    }
}

/// How a file's tests are collected, named, filtered and listed.
@Suite struct ScenarioCollectionTests {
    @Test func aSyntaxErrorFailsTheFileWithItsLine() throws {
        let report = try runScenario("""
            test("ok", function() end)

            test("broken", function()
              local x = = 1
            end)
            """, name: "syntax.lua")
        #expect(report.tests.count == 1, "\(report.summary)")
        let result = try #require(report.tests.first)
        #expect(result.name == "(file)")
        #expect(result.status == .failed)
        #expect(result.message.contains("syntax.lua:4:"), "\(result.message)")
        #expect(result.message.contains("unexpected symbol"), "\(result.message)")
    }

    @Test func anErrorAtTopLevelFailsTheFile() throws {
        let report = try runScenario("""
            test("declared", function() end)
            error("setup failed")
            """, name: "toperror.lua")
        #expect(report.tests.map(\.name) == ["(file)"], "\(report.summary)")
        #expect(report.tests.first?.message.contains("toperror.lua:2: setup failed") == true, "\(report.summary)")
    }

    @Test func aFileWithNoTestsFails() throws {
        let report = try runScenario("local x = 1\nprint(x)\n", name: "empty.lua")
        #expect(report.tests.count == 1)
        let result = try #require(report.tests.first)
        #expect(result.name == "(file)")
        #expect(result.status == .failed)
        #expect(result.message.contains("empty.lua: declares no tests"), "\(result.message)")
        #expect(result.message.contains("test(\"name\", function() ... end)"), "\(result.message)")
        #expect(report.output == ["1"])
    }

    @Test func aMissingFileFailsWithAClearMessage() {
        var options = RunOptions()
        options.limits = .tight
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pb-missing-\(UUID().uuidString).lua").path
        let report = ScenarioRunner.run(file: path, options: options)
        #expect(report.tests.map(\.name) == ["(file)"])
        #expect(report.tests.first?.message == "\(path): cannot read the file")
    }

    @Test func describeNamesTestsWithTheirGroupsAndSkipsAreReported() throws {
        let report = try runScenario("""
            describe("outer", function()
              it("a", function() end)
              describe("inner", function()
                test("b", function() end)
              end)
              xit("skipped", function() error("must not run") end)
            end)
            xtest("also skipped", function() error("must not run") end)
            test("top", function() end)
            """)
        #expect(report.tests.map(\.name) == ["outer > a", "outer > inner > b", "outer > skipped", "also skipped", "top"])
        #expect(report.tests.map(\.status) == [.passed, .passed, .skipped, .skipped, .passed])
    }

    @Test func badDeclarationsAreRefusedAtTheirLine() throws {
        let report = try runScenario("""
            test("fine", function() end)
            test(42, function() end)
            """, name: "baddecl.lua")
        #expect(report.tests.map(\.name) == ["(file)"], "\(report.summary)")
        #expect(report.tests.first?.message.contains("baddecl.lua:2: test: argument 1 must be the test's name (a string), got number") == true,
                "\(report.summary)")
    }

    @Test func filterKeepsOnlyMatchingTests() throws {
        let report = try runScenario("""
            describe("layout", function()
              it("fits", function() print("fits ran") end)
              it("wraps", function() print("wraps ran") end)
            end)
            test("motion settles", function() print("motion ran") end)
            """) { $0.filter = "layout" }
        #expect(report.tests.map(\.name) == ["layout > fits", "layout > wraps"])
        #expect(report.tests.allSatisfy { $0.status == .passed })
        #expect(report.tests.flatMap(\.output) == ["fits ran", "wraps ran"])
    }

    @Test func aFilterThatMatchesNothingReportsNoTests() throws {
        let report = try runScenario("""
            test("a", function() end)
            """) { $0.filter = "zzz" }
        #expect(report.tests.isEmpty, "\(report.summary)")
    }

    @Test func listOnlyListsTestsWithoutRunningThem() throws {
        let report = try runScenario("""
            print("collecting")
            test("one", function() print("one ran") end)
            describe("group", function()
              it("two", function() print("two ran") error("would fail") end)
            end)
            """) { $0.listOnly = true }
        #expect(report.tests.map(\.name) == ["one", "group > two"])
        #expect(report.tests.allSatisfy { $0.status == .skipped })
        #expect(report.tests.allSatisfy { $0.output.isEmpty && $0.message.isEmpty })
        #expect(!report.output.contains("one ran"))
        #expect(!report.output.contains("two ran"))
    }

    @Test func listOnlyOfAFileWithNoTestsIsNotAFailure() throws {
        let report = try runScenario("local x = 1\n") { $0.listOnly = true }
        #expect(report.tests.isEmpty, "\(report.summary)")
    }

    @Test func eventsArriveInOrder() throws {
        let folder = try ScenarioFolder()
        let path = try folder.write("events.lua", """
            test("a", function() end)
            test("b", function() error("no") end)
            """)
        let log = EventLog()
        var options = RunOptions()
        options.limits = .tight
        let report = ScenarioRunner.run(file: path, options: options) { log.append($0) }
        #expect(log.lines == ["plan a, b", "start a", "finish a passed", "start b", "finish b failed"])
        #expect(report.failed == 1 && report.passed == 1)
    }
}

/// Collects runner events from the runner's thread.
private final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    func append(_ event: ScenarioRunner.Event) {
        let line: String
        switch event {
        case .planned(let names): line = "plan \(names.joined(separator: ", "))"
        case .testStarted(let name): line = "start \(name)"
        case .testFinished(let result): line = "finish \(result.name) \(result.status.rawValue)"
        }
        lock.withLock { stored.append(line) }
    }

    var lines: [String] { lock.withLock { stored } }
}
