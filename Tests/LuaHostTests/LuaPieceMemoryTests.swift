import Testing
@testable import LuaHost

/// A stage a script lets go of frees what its Lua pieces and Lua players held: their states, layouts, handlers,
/// methods, readings, tasks and tables were kept by registry references that were never let go, so a file that
/// made a stage per test (or an exploration, one per run) kept every one of them until the file ended.
@Suite struct LuaPieceMemoryTests {
    @Test func aStageLetGoOfFreesItsLuaPiecesAndPlayers() throws {
        let report = try runScenario("""
            test("stages", function()
              collectgarbage()
              local before = collectgarbage("count")
              for i = 1, 200 do
                local s = Stage{}
                local player = { title = "A", artist = "B", duration = 10, isPlaying = false, time = 0,
                                 big = string.rep("p", 50000) .. i,
                                 observe = function() end, onSkip = function() end, onSeek = function() end,
                                 onPlayPause = function() end }
                s:piece{ name = "p", state = { big = string.rep("x", 50000) .. i },
                  layout = function() return { a = { x = 0, y = 0, w = 1, h = 1 } } end,
                  onTouch = function() end, onKey = function() end, perform = function() end,
                  accessibility = function() return {} end,
                  methods = { m = function() end }, readings = { r = function() return 1 end },
                  player = player, onPlayer = function() end,
                  tasks = { { id = function(st) return st.big end, run = function() return 5, function() end end } },
                  timeline = { minimumInterval = 1 / 60, paused = function() return false end } }
                s:frames(2)
              end
              collectgarbage()
              collectgarbage()
              -- Each stage kept 100 KB of strings (50,000 bytes in the state, 50,000 in the player): 200 stages kept
              -- would be 20,000 KB. Let go of, they leave far less than one stage's worth.
              local grown = collectgarbage("count") - before
              assert(grown < 100, string.format("grew by %.0f KB", grown))
            end)
            """, limits: .default)
        let out = try #require(report.test("stages"), "\(report.summary)")
        #expect(out.status == .passed, "\(out.message)")
    }
}
