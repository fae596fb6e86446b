import Testing
@testable import LuaHost

/// A stage a script lets go of frees what its Lua pieces, Lua players and waiting work held: their states, layouts, handlers,
/// methods, readings, tasks and tables were kept by registry references that were never let go, so a file that
/// made a stage per test (or an exploration, one per run) kept every one of them until the file ended.
@Suite struct ScriptValuesLetGoTests {
    /// Runs the scenario's one test under the default limits (room for what a leak would keep) and wants it to pass.
    func passes(_ scenario: String) throws {
        let report = try runScenario(scenario, limits: .default)
        #expect(report.tests.count == 1 && report.tests.allSatisfy { $0.status == .passed }, "\(report.summary)")
    }

    @Test func aStageLetGoOfFreesItsLuaPiecesAndPlayers() throws {
        try passes("""
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
            """)
    }

    /// A refused `s:piece{...}` keeps nothing: the functions read before the option that was refused (a layout
    /// before a bad state, a timeline's `paused` before a bad `order`, the first task before a bad second one,
    /// handlers before a bad player) are let go. Each refusal is made 2,000 times with fresh functions.
    @Test func aRefusedPieceKeepsNothingItRead() throws {
        try passes("""
            test("refusals", function()
              local s = Stage{}
              local function big() local b = string.rep("f", 1000) .. math.random() return function() return b end end
              local shapes = {
                function() return { name = "p", layout = big(), state = 3 } end,
                function() return { name = "p", layout = big(), timeline = { paused = big() }, order = 3 } end,
                function() return { name = "p", layout = big(), tasks = { { id = big(), run = big() }, 3 } } end,
                function() return { name = "p", layout = big(), onTouch = big(), onKey = big(), perform = big(),
                                    methods = { m = big() }, readings = { r = big() }, onPlayer = big(), player = 3 } end,
              }
              for k, shape in ipairs(shapes) do
                collectgarbage()
                local before = collectgarbage("count")
                for _ = 1, 2000 do assert(not pcall(s.piece, s, shape())) end
                collectgarbage()
                collectgarbage()
                -- Kept, each refusal would hold at least one 1,000-byte string: 2,000 KB or more.
                local grown = collectgarbage("count") - before
                assert(grown < 200, string.format("shape %d grew by %.0f KB", k, grown))
              end
            end)
            """)
    }

    /// `s:after` and `s:every` work still waiting when its stage is let go of lets its function go with it.
    @Test func workWaitingOnAStageLetGoOfLetsItsFunctionGo() throws {
        try passes("""
            test("work", function()
              collectgarbage()
              local before = collectgarbage("count")
              for i = 1, 200 do
                local s = Stage{}
                local big = string.rep("x", 50000) .. i
                s:every(1, function() return big end)
                s:after(5, function() return big end, { background = true })
              end
              collectgarbage()
              collectgarbage()
              -- Kept, 200 stages' 50,000-byte strings would be 10,000 KB.
              local grown = collectgarbage("count") - before
              assert(grown < 100, string.format("grew by %.0f KB", grown))
            end)
            """)
    }
}
