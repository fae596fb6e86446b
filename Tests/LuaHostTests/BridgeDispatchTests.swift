import Foundation
import Testing
@testable import LuaHost

/// How a call from a script finds its Swift code: methods through the class's methods table, readings by number,
/// everything else through the Swift miss path; and what a script is told when it gets the call wrong.
@Suite struct BridgeDispatchTests {
    private func printed(_ body: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        try printedByPassingTest(body, name: "dispatch.lua", sourceLocation: sourceLocation)
    }

    @Test func aMethodAnswersForItsOwnObjectAndAReadingReadsTheLiveValue() throws {
        let out = try printed("""
              local a, b = Stage{ fps = 120 }, Stage{ fps = 60 }
              a:advance(0.25)
              -- a moved a quarter second at 120 frames a second: 0.25 * 120 = 30 frames; b has not moved.
              print(a:now(), a.frameIndex, b:now(), b.frameIndex, a.fps, b.fps)
              b:frames(3)
              -- b rendered three frames at 60 fps: 3 / 60 = 0.05 s.
              print(b.frameIndex, b:now())
            """)
        try #require(out.count == 2, "\(out)")
        #expect(out[0] == "0.25\t30\t0\t0\t120\t60", "\(out[0])")
        let second = out[1].split(separator: "\t")
        #expect(second.first == "3", "\(out[1])")
        #expect(second.last.flatMap { Double($0) }.map { abs($0 - 0.05) < 1e-12 } == true, "\(out[1])")
    }

    @Test func eachReadingOfAClassReadsItsOwnField() throws {
        // The spring was given duration 0.5 and bounce 0.2; mass is 1 when not given.
        let out = try printed("""
              local sp = motion.spring{ duration = 0.5, bounce = 0.2 }
              print(sp.duration, sp.bounce, sp.mass)
            """)
        let fields = try #require(out.first).split(separator: "\t").compactMap { Double($0) }
        try #require(fields.count == 3, "\(out)")
        #expect(fields[0] == 0.5)
        #expect(abs(fields[1] - 0.2) < 1e-12)
        #expect(fields[2] == 1)
    }

    @Test func aMethodTakenOffItsObjectRefusesAnotherClassAndNothing() throws {
        let other = try refusalLine(of: "now(motion.spring{ duration = 0.5 })", prelude: "",
                                    setup: "local s = Stage{}\nlocal now = s.now", name: "wrongself.lua")
        #expect(other.hasSuffix("wrongself.lua:5: stage:now: call it on a stage with a colon (stage:now(...)), got piecebox.spring"),
                "\(other)")
        let nothing = try refusalLine(of: "now()", prelude: "", setup: "local s = Stage{}\nlocal now = s.now", name: "noself.lua")
        #expect(nothing.hasSuffix("noself.lua:5: stage:now: call it on a stage with a colon (stage:now(...)), got no value"),
                "\(nothing)")
    }

    @Test func aMethodOfOneClassRefusesAnObjectOfAClassWithTheSameMethodName() throws {
        // Springs and animations both have `value`; each checks that its self is of its own class.
        let line = try refusalLine(of: "sp.value(motion.roles.reveal, 0.1)", prelude: "",
                                   setup: "local sp = motion.spring{ duration = 0.5 }", name: "twin.lua")
        #expect(line.hasSuffix("twin.lua:4: spring:value: call it on a spring with a colon (spring:value(...)), got piecebox.animation"),
                "\(line)")
    }

    @Test(arguments: [
        // An argument, an option's value, a value inside an option's table, and a key of motion.override.
        ("sp:value(s)", "spring:value: argument 1 must be a time in seconds, got piecebox.stage"),
        ("Stage{ fps = sp }", "got piecebox.spring"),
        ("s:nowPlaying{ player = sp }", "got piecebox.spring"),
        ("motion.override{ [sp] = motion.roles.reveal }", "got a piecebox.spring key"),
        // The host's Lua chunks name a value by the same rule (host.typeName).
        ("s:runUntil(sp)", "stage:runUntil: argument 1 must be a function of a frame, got piecebox.spring"),
        ("expect(1).toBeCloseTo(sp)", "got piecebox.spring"),
        ("pairs(s)", "bad argument #1 to 'pairs' (table expected, got piecebox.stage)"),
    ])
    func aHostObjectInTheWrongPlaceIsNamedByItsClass(call: String, message: String) throws {
        // Lua's own argument errors name a userdata by its metatable's __name; every host error does the same.
        let line = try refusalLine(of: call, prelude: "",
                                   setup: "local s = Stage{}\nlocal sp = motion.spring{ duration = 0.5 }", name: "kind.lua")
        #expect(line.contains(message), "\(line)")
        #expect(!line.contains("userdata"), "\(line)")
    }

    @Test func anUnknownFieldIsNamedAtTheScriptsLine() throws {
        let line = try refusalLine(of: "s.zzz", prelude: "", setup: "local s = Stage{}", name: "miss.lua")
        #expect(line.hasSuffix("miss.lua:4: stage has no field 'zzz'"), "\(line)")
    }

    @Test(arguments: [
        // A letter left out of a method made on the stage.
        ("s:nowPlayng{}", "stage has no field 'nowPlayng'; did you mean 'nowPlaying'?"),
        // Two letters swapped in a method of the stage's own.
        ("s:nwo()", "stage has no field 'nwo'; did you mean 'now'?"),
        // A method written in Lua (runUntil) is a member too.
        ("s:runUntl(function() return true end)", "stage has no field 'runUntl'; did you mean 'runUntil'?"),
        // A reading, with a letter in the wrong case.
        ("s.frameindex", "stage has no field 'frameindex'; did you mean 'frameIndex'?"),
        // A spring's method, one letter replaced.
        ("motion.spring{ duration = 0.5 }:valeu(0.1)", "spring has no field 'valeu'; did you mean 'value'?"),
    ])
    func aMisspeltMemberIsNamedAtTheScriptsLineWithTheNameItWasNear(call: String, message: String) throws {
        let line = try refusalLine(of: call, prelude: "", setup: "local s = Stage{}", name: "typo.lua")
        #expect(line.hasSuffix("typo.lua:4: " + message), "\(line)")
    }

    @Test func aNameFarFromEveryMemberGetsNoGuess() throws {
        // "nowPlayingCard" is four letters longer than "nowPlaying": more than two slips from any member.
        let line = try refusalLine(of: "s:nowPlayingCard{}", prelude: "", setup: "local s = Stage{}", name: "far.lua")
        #expect(line.hasSuffix("far.lua:4: stage has no field 'nowPlayingCard'"), "\(line)")
    }

    @Test func aMethodAPluginAddedIsAmongTheNamesGuessed() throws {
        let folder = try ScenarioFolder()
        _ = try folder.write("plugins/glow/plugin.lua", """
            return { methods = { stage = { glowAll = function(self) return 1 end } } }
            """)
        let path = try folder.write("typo.lua", """
            test("call", function()
              local s = Stage{}
              local ok, err = pcall(function() return s:glowAl() end)
              print(tostring(ok), tostring(err))
            end)
            """)
        let report = folder.runFile(path) { $0.pluginFolders = [folder.path + "/plugins"] }
        let result = try #require(report.test("call"), "\(report.summary)")
        #expect(result.status == .passed, "\(result.message)")
        let line = try #require(result.output.first)
        #expect(line.hasSuffix("typo.lua:3: stage has no field 'glowAl'; did you mean 'glowAll'?"), "\(line)")
    }

    @Test func keysThatAreNotNamesReadAsNilAndANameWithANulInsideIsNoReading() throws {
        let out = try printed("""
              local sp = motion.spring{ duration = 0.5 }
              print(sp[1], sp[true], select(2, pcall(function() return sp["duration\\0x"] end)))
            """)
        let line = try #require(out.first)
        #expect(line.hasPrefix("nil\tnil\t"), "\(line)")
        // Two edits from "duration" (the NUL and the x), so that is the name guessed.
        #expect(line.hasSuffix("dispatch.lua:3: spring has no field 'duration\u{0}x'; did you mean 'duration'?"), "\(line)")
    }

    @Test func aMethodAndAReadingAnswerInsideACoroutine() throws {
        let out = try printed("""
              local s = Stage{ fps = 60 }
              local co = coroutine.wrap(function()
                s:frames(6)
                coroutine.yield(s.frameIndex)
                -- six frames at 60 fps: 6 / 60 = 0.1 s
                coroutine.yield(s:now())
              end)
              print(co(), co())
            """)
        let fields = try #require(out.first).split(separator: "\t")
        #expect(fields.first == "6", "\(out)")
        #expect(fields.last.flatMap { Double($0) }.map { abs($0 - 0.1) < 1e-12 } == true, "\(out)")
    }

    @Test func aFieldOfAClassCannotBeWritten() throws {
        let line = try refusalLine(of: "(function() s.fps = 1 end)()", prelude: "", setup: "local s = Stage{}",
                                   name: "write.lua")
        #expect(line.hasSuffix("stage.fps is read-only"), "\(line)")
    }

    @Test func aHostCallsReadBudgetIsItsOwnEvenWhenCallsNest() throws {
        // Two reads of 150,000 values, the second from a layout that runs inside another host call (s:piece): each
        // call has its own allowance of 200,000 values, so neither is refused (together they would pass it); one
        // read of 250,000 values is.
        let out = try printed("""
              local big = {}
              for i = 1, 150000 do big[i] = 0 end
              local ok = pcall(function() return motion.nearest(0, big) end)
              local s = Stage{}
              local inner
              s:piece{ name = "p", layout = function()
                inner = pcall(function() return motion.nearest(0, big) end)
                return { e = { x = 0, y = 0, w = 1, h = 1 } }
              end }
              for i = 150001, 250000 do big[i] = 0 end
              local _, tooMany = pcall(function() return motion.nearest(0, big) end)
              print(ok, inner, tooMany)
            """)
        let line = try #require(out.first)
        #expect(line.hasPrefix("true\ttrue\t"), "\(line)")
        #expect(line.hasSuffix("motion.nearest: argument 2: more than 200000 values to read (a table reached through many paths counts each time)"),
                "\(line)")
    }
}
