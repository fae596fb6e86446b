import Foundation
import Testing
@testable import LuaHost

/// Swift bindings refuse wrong arguments with a Lua error a script can catch, naming the function, the
/// argument, what was expected, what came, and the script's line.
@Suite struct BindingErrorTests {
    /// Runs `call` inside pcall at line 3 of `bindings.lua` and returns what pcall gave back.
    private func caught(_ call: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (ok: String, message: String) {
        let report = try runScenario("""
            local spring = motion.spring{ duration = 0.5, bounce = 0.2 }
            test("call", function()
              local ok, err = pcall(function() return \(call) end)
              print(tostring(ok), type(err), tostring(err))
            end)
            """, name: "bindings.lua")
        let result = try #require(report.test("call"), "\(report.summary)", sourceLocation: sourceLocation)
        #expect(result.status == .passed, "\(result.message)", sourceLocation: sourceLocation)
        let line = try #require(result.output.first, sourceLocation: sourceLocation)
        let parts = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        try #require(parts.count == 3, "\(line)", sourceLocation: sourceLocation)
        #expect(parts[1] == "string", "the error value is a \(parts[1])", sourceLocation: sourceLocation)
        return (parts[0], parts[2])
    }

    @Test(arguments: [
        ("motion.spring(\"x\")", "motion.spring: argument 1 must be a table of options, got string"),
        ("motion.spring()", "motion.spring: argument 1 must be a table of options, got no value"),
        ("motion.rubberBand(\"a\", 1)", "motion.rubberBand: argument 1 must be a pull in points, got string"),
        ("motion.rubberBand(1)", "motion.rubberBand: argument 2 must be a limit in points, got no value"),
        ("motion.spring{ durration = 1 }",
         "motion.spring: unknown option 'durration' (known: duration, bounce, response, dampingRatio, mass, stiffness, damping, settlingDuration)"),
        ("motion.spring{ duration = \"slow\" }", "motion.spring: option 'duration' must be a number, got string"),
        ("motion.spring{ bounce = 2 }", "motion.spring: option 'bounce' must be between -1 and 1, got 2.0"),
        ("motion.easeOut(-1)", "motion.easeOut: argument 1 must be a duration above 0 s, got -1.0"),
        ("motion.follow(1.5)", "motion.follow: argument 1 must be a rank (a whole number), got 1.5"),
        ("spring:value(\"soon\")", "spring:value: argument 1 must be a time in seconds, got string"),
        ("motion.tiers.nope", "motion.tiers has no tier 'nope'"),
    ])
    func aWrongArgumentRaisesACatchableErrorWithTheExactMessageAndLine(call: String, expected: String) throws {
        let (ok, message) = try caught(call)
        #expect(ok == "false")
        if expected.hasSuffix("'nope'") {
            #expect(message.contains("bindings.lua:3: " + expected), "\(message)")
        } else {
            #expect(message.hasSuffix("bindings.lua:3: " + expected), "\(message)")
        }
    }

    @Test func aNonFiniteNumberIsRefusedAndNamed() throws {
        let (ok, message) = try caught("motion.rubberBand(0/0, 1)")
        #expect(ok == "false")
        #expect(message.contains("bindings.lua:3: motion.rubberBand: argument 1 must be a pull in points, got "), "\(message)")
        #expect(message.hasSuffix("nan"), "\(message)")
        let (infOK, inf) = try caught("motion.rubberBand(1, math.huge)")
        #expect(infOK == "false")
        #expect(inf.hasSuffix("bindings.lua:3: motion.rubberBand: argument 2 must be a limit in points, got inf"), "\(inf)")
    }

    @Test func aTableThatContainsItselfIsRefusedNotRecursedInto() throws {
        let report = try runScenario("""
            test("cycle", function()
              local t = {}
              t.duration = t
              local ok, err = pcall(function() local s = motion.spring(t) return s end)
              print(ok, err)
              expect(motion.spring{ duration = 0.5 }.duration).toBe(0.5)
            end)
            """, name: "cycle.lua")
        let result = try #require(report.test("cycle"), "\(report.summary)")
        #expect(result.status == .passed, "\(result.message)")
        let line = try #require(result.output.first)
        #expect(line.hasPrefix("false\t"), "\(line)")
        #expect(line.contains("cycle.lua:4: motion.spring: option 'duration': table nested deeper than 16 levels (or a table that contains itself)"),
                "\(line)")
    }

    @Test func anUncaughtBindingErrorFailsTheTestAtTheScriptsLine() throws {
        let report = try runScenario("""
            test("uncaught", function()
              local x = 1
              motion.rubberBand("a", 1)
            end)
            """, name: "uncaught.lua")
        let result = try #require(report.test("uncaught"), "\(report.summary)")
        #expect(result.status == .failed)
        #expect(result.message.hasSuffix("uncaught.lua:3: motion.rubberBand: argument 1 must be a pull in points, got string"),
                "\(result.message)")
    }

    @Test func callingAMethodWithADotSaysToUseAColon() throws {
        let (ok, message) = try caught("spring.value(0.1)")
        #expect(ok == "false")
        #expect(message.contains("bindings.lua:3: spring:value: call it on a spring with a colon (spring:value(...)), got number"),
                "\(message)")
    }

    @Test func callingAMethodOnTheWrongObjectSaysWhatItNeeds() throws {
        let (ok, message) = try caught("spring.value({}, 0.1)")
        #expect(ok == "false")
        #expect(message.contains("spring:value: call it on a spring with a colon"), "\(message)")
        #expect(message.hasSuffix("got table"), "\(message)")
    }

    @Test func hostObjectsAreReadOnlyAndNameUnknownFields() throws {
        let (writeOK, write) = try caught("(function() spring.duration = 1 end)()")
        #expect(writeOK == "false")
        #expect(write.hasSuffix("spring.duration is read-only"), "\(write)")
        let (readOK, read) = try caught("spring.nope")
        #expect(readOK == "false")
        #expect(read.hasSuffix("spring has no field 'nope'"), "\(read)")
    }

    @Test func bindingsWorkWhenCalledCorrectly() throws {
        let report = try runScenario("""
            test("springs", function()
              local s = motion.spring{ duration = 0.5, bounce = 0.2 }
              print(tostring(s), s.duration, s.bounce, s:value(0), s:value(10))
              print(motion.rubberBand(0, 100), type(motion.tiers), motion.spring{ response = 0.3, dampingRatio = 1 }.response)
            end)
            """)
        let result = try #require(report.test("springs"), "\(report.summary)")
        #expect(result.status == .passed, "\(result.message)")
        let first = try #require(result.output.first).split(separator: "\t").map(String.init)
        try #require(first.count == 5, "\(result.output)")
        #expect(first[0] == "spring")
        #expect(Double(first[1]) == 0.5)
        #expect(Double(first[2]).map { abs($0 - 0.2) < 1e-12 } == true)
        #expect(Double(first[3]) == 0)
        #expect(Double(first[4]).map { abs($0 - 1) < 1e-6 } == true)
        #expect(result.output.dropFirst().first == "0\tuserdata\t0.3")
    }

    @Test func aBindingErrorDoesNotLeaveTheStateBroken() throws {
        let report = try runScenario("""
            test("many errors", function()
              for i = 1, 2000 do
                local ok = pcall(motion.spring, i)
                assert(not ok)
              end
              expect(motion.spring{ duration = 0.25 }.duration).toBe(0.25)
            end)
            """)
        #expect(report.test("many errors")?.status == .passed, "\(report.summary)")
    }
}
