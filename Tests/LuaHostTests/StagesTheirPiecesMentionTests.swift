import Testing
@testable import LuaHost

/// A stage whose pieces' functions mention the stage (a handler that reads `s`, a layout that asks `s:now()`, work
/// that calls `s:emit`) is collected once the script lets go of it. The host held those functions by registry
/// references, which are roots, so the cycle stage → piece → handler → stage was never broken and every such stage
/// lived until the file ended.
@Suite struct StagesTheirPiecesMentionTests {
    /// Every place a stage's script objects hold a function, each mentioning the stage.
    static let everyHold = """
        local function make()
          local s = Stage{ fps = 60 }
          local player = { title = "A", artist = "B", duration = 10, isPlaying = false, time = 0,
                           observe = function() local _ = s end, onSkip = function() local _ = s end,
                           onSeek = function() local _ = s end, onPlayPause = function() local _ = s end }
          local p = s:piece{ name = "p", state = { n = 0 },
            layout = function(st) local _ = s return { a = { x = 0, y = 0, w = 10 + st.n, h = 10 } } end,
            onTouch = function() local _ = s end, onKey = function() local _ = s end, perform = function() local _ = s end,
            accessibility = function() local _ = s return {} end,
            methods = { m = function() local _ = s end }, readings = { r = function() local _ = s return 1 end },
            player = player, onPlayer = function() local _ = s end,
            tasks = { { id = function(st) return st.n end, run = function() return 5, function() local _ = s end end } },
            timeline = { minimumInterval = 1 / 60, paused = function() local _ = s return false end } }
          s:after(5, function() local _ = s end)
          s:every(1, function() local _ = s end, { background = true })
          return s, p
        end

        """

    @Test func aThousandStagesMentionedByTheirPiecesAreCollected() throws {
        let state = try LuaState(limits: .default)
        defer { state.close() }
        let context = BindingContext(state: state, path: "cycle.lua", options: RunOptions())
        Bindings.install(into: context)
        let outcome = state.run(text: Self.everyHold + """
            for i = 1, 1000 do
              local s, p = make()
              p:set({ n = i % 3 })
              s:advance(0.05)
            end
            collectgarbage(); collectgarbage(); collectgarbage()
            """, chunkName: "=cycle")
        guard case .ok = outcome else { Issue.record("the scenario did not run: \(outcome)"); return }
        // Every stage was let go of: none may be left but, at most, one the collector has not finished with.
        #expect(context.liveStageCount <= 1, "\(context.liveStageCount) of 1,000 stages are still alive")
    }

    /// A piece held by the script outlives its stage's own handle: its functions must still be there to call.
    @Test func aPieceKeptAfterItsStageHandleWentStillWorks() throws {
        let report = try runScenario(Self.everyHold + """
            test("kept", function()
              local _, p = make()
              collectgarbage(); collectgarbage(); collectgarbage()
              p:set({ n = 2 })
              expect(p.r).toBe(1)
              p:m()
              p:tap()
            end)
            """, limits: .default)
        #expect(report.tests.first?.status == .passed, "\(report.summary)")
    }

    /// 1,000 exploration runs of a Lua piece whose handlers mention the stage leave no stage behind, and the file's
    /// memory stays far under what 1,000 kept stages would hold.
    @Test func explorationRunsOfAPieceThatMentionsItsStageLeaveNoStageBehind() throws {
        let report = try runScenario(Self.everyHold + """
            local live = setmetatable({}, { __mode = "k" })
            explore("runs", {
              setup = function()
                local s, p = make()
                live[s] = true
                return s, { p = p }
              end,
              actions = {
                bump = function(s, w, gen) w.p:set({ n = gen.integer(0, 2) }) end,
                wait = function(s) s:advance(0.05) end,
              },
              invariants = { "finite" }, runs = 1000, steps = 2, gap = 0.05,
            })
            test("collected", function()
              collectgarbage(); collectgarbage(); collectgarbage()
              local n = 0
              for _ in pairs(live) do n = n + 1 end
              assert(n <= 1, n .. " of 1,000 runs' stages are still alive")
            end)
            """, limits: SandboxLimits(memoryBytes: 64 << 20, seconds: 100)) { $0.exploration.deep = true }
        #expect(report.tests.count == 2 && report.tests.allSatisfy { $0.status == .passed }, "\(report.summary)")
    }

    /// Frames kept by many stages the script still holds are blamed on those stages first: the breach used to say
    /// "the frames the stage keeps" and point only at `Stage{ history }`, which does not help a script that keeps
    /// every stage it made.
    @Test func aBreachWhileManyStagesAreAliveSaysToLetThemGo() throws {
        let report = try runScenario("""
            test("t", function()
              local kept = {}
              for i = 1, 10000 do
                local s = Stage{ fps = 120 }
                s:piece{ name = "p", layout = function() return { a = { x = 0, y = 0, w = 1, h = 1 } } end }
                s:advance(1)
                kept[i] = s
              end
            end)
            """, limits: SandboxLimits(instructions: 0, memoryBytes: 24 << 20, seconds: 60))
        let message = try #require(report.tests.first).message
        #expect(message.contains("live stages keep") && message.contains("let go of the stages you no longer use"),
                "\(message)")
    }
}
