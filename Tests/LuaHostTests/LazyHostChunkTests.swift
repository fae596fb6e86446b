import Testing
@testable import LuaHost

/// The test framework (`expect`, `series`, `expectExtend`) is loaded the first time a file calls one of them, and
/// the error explainer the first time a message may take a hint; no script can tell: the globals are there from the
/// first line, errors name the same lines and take the same hints, and both use the libraries as they were when the
/// file started, whatever the script replaced before.
@Suite struct LazyHostChunkTests {
    private func passes(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let report = try runScenario(source)
        #expect(!report.tests.isEmpty, sourceLocation: sourceLocation)
        for test in report.tests {
            #expect(test.status == .passed, "\(test.name): \(test.message)", sourceLocation: sourceLocation)
        }
    }

    @Test func theFrameworksGlobalsAreThereBeforeAnyIsCalled() throws {
        try passes("""
            local seen = {}
            for k, v in pairs(_G) do seen[k] = type(v) end
            local raw = { type(rawget(_G, "expect")), type(rawget(_G, "series")), type(rawget(_G, "expectExtend")) }
            test("listed", function()
              assert(seen.expect == "function" and seen.series == "function" and seen.expectExtend == "function")
              assert(raw[1] == "function" and raw[2] == "function" and raw[3] == "function")
              assert(getmetatable(_G) == nil)
            end)
            """)
    }

    @Test func librariesReplacedBeforeTheFirstExpectAreNotTheFrameworks() throws {
        // The framework shows values with the sandbox's tostring and walks tables with its pairs; a script that
        // replaces both before its first expect must not reach inside it.
        try passes("""
            tostring = function() return "replaced" end
            pairs = function() error("the script's pairs") end
            type = function() return "nothing" end
            test("still the framework's own", function()
              expect({ a = 1, b = { 2 } }).toEqual({ a = 1, b = { 2 } })
              local ok, e = pcall(function() expect({ a = 1 }).toEqual({ a = 2 }) end)
              assert(not ok and string.find(e, "first difference at a: expected 2, received 1", 1, true), e)
            end)
            """)
    }

    @Test func errorsThroughTheGlobalsNameTheScriptsLine() throws {
        let report = try runScenario("""
            test("t", function()
              local _, a = pcall(function() expect(1, 2) end)
              local _, b = pcall(function() series(5) end)
              local _, c = pcall(function() expectExtend(5) end)
              print(a) print(b) print(c)
              expect(1).toBe(2)
            end)
            """)
        let result = try #require(report.test("t"), "\(report.summary)")
        let lines = (result.output + [result.message]).map {
            $0.replacingOccurrences(of: #"/[^ ]*/scenario\.lua"#, with: "scenario.lua", options: .regularExpression)
        }
        #expect(lines == [
            "scenario.lua:2: expect: takes one value; put the expected value in the matcher",
            "scenario.lua:3: series: argument 1 must be a list of values, got number",
            "scenario.lua:4: expectExtend: argument 1 must be a table of matcher functions",
            "scenario.lua:6: expected 1 to be 2\n  expected: 2\n  received: 1",
        ], "\(lines)")
        // The script's own frames only, as before: the forwarding leaves none of its own.
        #expect(result.traceback.contains("scenario.lua:6"), "\(result.traceback)")
        #expect(!result.traceback.contains("piecebox:") && !result.traceback.contains("tail call"),
                "\(result.traceback)")
    }

    @Test func matchersAddedBeforeTheFirstExpectStayAndTheBuiltInsToo() throws {
        try passes("""
            expectExtend{ toBeEven = function(v) return v % 2 == 0, "to be even" end,
                          toBe = function(a, b) return a == b, "to be (the script's own)" end }
            test("both", function()
              expect(4).toBeEven()
              expect(function() expect(1).toBe(2) end).toThrow("to be (the script's own)")
              expect(series({ 1, 2, 3 }):last()).toBe(3)
            end)
            """)
    }

    @Test func aStagesFrameSeriesIsTheFrameworksEvenWhenTheScriptReusedTheName() throws {
        try passes("""
            series = nil
            test("frames", function()
              local s = Stage{ fps = 60 }
              s:frames(3)
              -- 3 frames rendered, each kept: a series of 3, with the framework's methods.
              expect(s:frames():count()).toBe(3)
            end)
            """)
    }

    @Test func hintsComeAsBeforeWhateverTheScriptReplacedFirst() throws {
        // A hint is added as the error leaves the test (the runner's message handler), not inside a pcall.
        let report = try runScenario("""
            ipairs, type, next = nil, function() return "nothing" end, nil
            test("global", function() Stgae{} end)
            """)
        #expect(report.test("global")?.message.hasSuffix(
            "scenario.lua:2: attempt to call a nil value (global 'Stgae'); did you mean 'Stage'?") == true,
                "\(report.summary)")
        let frames = try runScenario("""
            test("field", function()
              local s = Stage{}
              s:frames(1)
              return s:frame().card.x
            end)
            """)
        #expect(frames.test("field")?.message.hasSuffix(
            "scenario.lua:4: attempt to index a nil value (field 'card'); the frame has no piece 'card' (the stage has no pieces)") == true,
                "\(frames.summary)")
    }
}
