import Testing
@testable import LuaHost

/// A binding called from a coroutine reads its arguments from, and pushes its results on, the coroutine's own
/// stack; a callback into Lua made during that call (a Lua piece's layout) runs on the same thread. Answering on
/// the main thread instead handed back the caller's own arguments and, in a loop, overran the main stack.
@Suite struct BridgeThreadTests {
    /// Runs `body` as the only test of a file and returns its result, which must have passed.
    private func passes(_ body: String, name: String,
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> TestResult {
        // A generous clock: a sanitizer build on a busy machine runs these many times slower.
        let limits = SandboxLimits(instructions: 20_000_000, memoryBytes: 64 << 20, seconds: 120)
        let report = try runScenario("test(\"t\", function()\n\(body)\nend)\n", name: name, limits: limits)
        let result = try #require(report.test("t"), "\(report.summary)", sourceLocation: sourceLocation)
        #expect(result.status == .passed, "\(result.message)", sourceLocation: sourceLocation)
        return result
    }

    @Test func aSpringMadeInACoroutineComesBackAsASpring() throws {
        // motion.spring{ duration = 1 } has bounce 0 (the default); the options table has no bounce at all.
        let result = try passes("""
            local s = coroutine.wrap(function() return motion.spring{ duration = 1 } end)()
            print(type(s), s.bounce, s.duration)
            """, name: "cospring.lua")
        #expect(result.output == ["userdata\t0\t1"])
    }

    @Test func aStageAndAPlayerMadeInACoroutineComeBackAsThemselves() throws {
        // Stage{} is 393 points wide by default (docs/guides/the-stage.md's environment); a player over one track counts 1.
        let result = try passes("""
            local s, p = coroutine.wrap(function()
              local s = Stage{}
              return s, s:player{ tracks = { { title = "A", duration = 100 } } }
            end)()
            print(type(s), s.width, type(p), p.count, p.title)
            """, name: "costage.lua")
        #expect(result.output == ["userdata\t393\tuserdata\t1\tA"])
    }

    @Test func twentyThousandSpringsInACoroutineRunToTheEnd() throws {
        // Each call must leave the coroutine's stack as it found it (answering on the main thread's stack
        // crashed within a few dozen calls); 20,000 calls are 20,000 springs.
        let result = try passes("""
            local n = coroutine.wrap(function()
              local n = 0
              for i = 1, 20000 do if motion.spring{ duration = 1 }.duration == 1 then n = n + 1 end end
              return n
            end)()
            print(n)
            """, name: "coloop.lua")
        #expect(result.output == ["20000"])
    }

    @Test func aLuaPieceLaidOutFromACoroutineAnswersThere() throws {
        // The layout runs inside s:piece{} and s:frames(2), both called from the coroutine; the width it
        // returns (40 + 2 = 42) reaches the frame, whose values are floats. The layout itself resumes a coroutine that makes a spring.
        let result = try passes("""
            local w = coroutine.wrap(function()
              local s = Stage{}
              s:piece{ name = "card", state = { w = 40 }, layout = function(state, env)
                local d = coroutine.wrap(function() return motion.spring{ duration = 2 }.duration end)()
                return { surface = { x = 0, y = 0, w = state.w + d, h = 10 } }
              end }
              s:frames(2)
              return s:frame().card.surface.w
            end)()
            print(w)
            """, name: "copiece.lua")
        #expect(result.output == ["42.0"])
    }

    @Test func anErrorRaisedByABindingInACoroutineNamesTheCoroutinesLine() throws {
        let result = try passes("""
            local co = coroutine.create(function()
              coroutine.yield(1)
              local s = motion.spring{ bogus = 1 }
              return s
            end)
            coroutine.resume(co)
            print(select(2, coroutine.resume(co)))
            """, name: "coerror.lua")
        #expect(result.output.first?.contains("coerror.lua:4: motion.spring: unknown option 'bogus'") == true,
                "\(result.output)")
    }

    @Test func stagesNestedInsideLayoutsWithoutEndAreRefusedNotCrashed() throws {
        // Each layout makes a stage whose own piece lays out again: Lua -> Swift -> Lua without end.
        let report = try runScenario("""
            local function layout(state, env)
              local s = Stage{}
              s:piece{ name = "p", layout = layout }
              return { surface = { x = 0, y = 0, w = 1, h = 1 } }
            end
            test("nest", function()
              local s = Stage{}
              s:piece{ name = "p", layout = layout }
            end)
            """, name: "nest.lua")
        let result = try #require(report.test("nest"), "\(report.summary)")
        #expect(result.status == .failed)
        #expect(result.message.contains("nested more than"), "\(result.message)")
        try expectAHealthyFileStillPasses()
    }
}
