import Foundation
import Testing
@testable import LuaHost

/// What a Lua piece needed to do what the Swift vinyl does (see `LuaPieceHooks`): follow a player, run tasks when
/// an id changes, pause its timeline from its state, list its elements in its own order, mark background motion.
/// Each is refused by name when given wrong, with the script's file and line.
@Suite struct LuaPieceHooksTests {
    private static let prelude = "local s = Stage{ width = 393, height = 852, fps = 120 }"
    private static let layout = "layout = function() return { a = { x = 0, y = 0, w = 10, h = 10 } } end"

    /// The pcall's line in `refusalLine`'s scenario is line 4 (prelude, test, setup, call).
    private func caught(_ call: String, setup: String = "  local player = s:player{ tracks = { { title = \"A\", duration = 100 } } }",
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try refusalLine(of: call, prelude: Self.prelude, setup: setup, name: "hooks.lua", sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        ("s:piece{ name = \"p\", \(layout), tasks = 3 }", "stage:piece: option 'tasks' must be a list of tasks such as"),
        ("s:piece{ name = \"p\", \(layout), tasks = { id = print, run = print } }", "stage:piece: option 'tasks' must be a list of tasks such as { { id = function(state, env) ... end, run = function(state, env) ... end } }, got a table with other keys"),
        ("s:piece{ name = \"p\", \(layout), tasks = { { id = print } } }", "stage:piece: option 'tasks': task 1: 'run' must be a function(state, env), got nil"),
        ("s:piece{ name = \"p\", \(layout), tasks = { { id = print, run = print, intial = true } } }", "stage:piece: option 'tasks': task 1 has an unknown key 'intial' (known: id, initial, run)"),
        ("s:piece{ name = \"p\", \(layout), tasks = { { id = print, run = print, initial = 1 } } }", "stage:piece: option 'tasks': task 1: 'initial' must be true or false, got number"),
        ("s:piece{ name = \"p\", \(layout), tasks = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17 } }", "stage:piece: option 'tasks' has 17 tasks; a piece may have at most 16"),
        ("s:piece{ name = \"p\", \(layout), player = 3, onPlayer = print }", "stage:piece: option 'player' must be a player made with s:player{...}, got number"),
        ("s:piece{ name = \"p\", \(layout), player = player }", "stage:piece: option 'player' needs 'onPlayer', a function(state, report, env) told each report"),
        ("s:piece{ name = \"p\", \(layout), onPlayer = 3 }", "stage:piece: option 'onPlayer' must be a function(state, report, env), got number"),
        ("s:piece{ name = \"p\", \(layout), timeline = { paused = 3 } }", "stage:piece: option 'timeline': 'paused' must be true, false or a function(state, env) that returns one of them, got number"),
        ("s:piece{ name = \"p\", \(layout), order = { \"a\" } }", "stage:piece: option 'order' must be a table such as { elements = { \"disc\", \"art\" }, properties = { \"angle\" } }, got a list"),
        ("s:piece{ name = \"p\", \(layout), order = { element = { \"a\" } } }", "stage:piece: option 'order' has an unknown key 'element' (known: elements, properties)"),
        ("s:piece{ name = \"p\", \(layout), order = { elements = { \"a\", \"a\" } } }", "stage:piece: option 'order': 'elements' names 'a' twice"),
        ("s:piece{ name = \"p\", \(layout), order = { properties = { 3 } } }", "stage:piece: option 'order': 'properties' item 1 must be a name (a string), got number"),
    ])
    func aBadValueIsRefusedNamingTheLineAndTheOption(call: String, expected: String) throws {
        let line = try caught(call)
        #expect(line.contains("hooks.lua:4: " + expected), "\(line)")
    }

    @Test func aPluginPieceTypeNamesItsOwnConstructor() throws {
        let folder = try ScenarioFolder()
        _ = try folder.write("kinds/plugin.lua", """
            return { pieces = { dot = { layout = function() return { a = { x = 0, y = 0, w = 1, h = 1 } } end } } }
            """)
        let report = try folder.run("dot.lua", """
            test("call", function()
              local s = Stage{}
              local ok, err = pcall(function() local d = s:dot{ tasks = { { run = print } } }; return d end)
              print(tostring(ok), tostring(err))
            end)
            """) { $0.pluginFolders = [folder.path + "/kinds"] }
        let line = try #require(report.test("call")?.output.first, "\(report.summary)")
        #expect(line.contains("dot.lua:3: stage:dot: option 'tasks': task 1: 'id' must be a function(state, env), got nil"), "\(line)")
    }

    /// What a hook returns is read when the hook runs: at the piece's first layout, inside its constructor; inside
    /// the call that changed what the hook reads; or (`paused`) as the first frame's check.
    @Test(arguments: [
        ("timeline = { paused = function() return 1 end }", "s:frames(1)",
         "p: timeline.paused returned a number; return true or false"),
        ("tasks = { { id = function() return 1, 2, 3, 4, 5, 6, 7, 8, 9 end, run = print } }", "",
         "p: task 1 id returned 9 values; return at most 8"),
        // NaN never equals itself: compared with the last read, it ran the task at every layout until the 64-run
        // limit blamed tasks changing each other's ids. It is named where it is read.
        ("tasks = { { id = function() return 1, 0/0 end, run = print } }", "",
         "p: task 1 id returned nan (value 2); an id must equal itself when nothing changed"),
        ("tasks = { { id = function(st) return st.n end, run = function() return \"soon\" end, initial = false } }", "p:set{ n = 1 }",
         "p: task 1 returned string and nil; return nothing, or seconds (at least 0) and a function(state, env) to run then"),
        ("layout = function() return { a = { x = 0, y = 0, w = 1, h = 1, angle = 0, background = { \"angel\" } } } end", "",
         "p: layout returned element 'a': background names 'angel', which is not one of its numbers"),
        ("tasks = { { id = function(st) return st.n end, run = function(st) st.m = (st.m or 0) + 1 end }, "
            + "{ id = function(st) return st.m end, run = function(st) st.n = st.n + 1 end } }", "",
         "p: its tasks ran 64 times in one call and still change each other's ids (task 1 was due again)"),
    ])
    func aHookThatGoesWrongIsTheScriptsErrorAtTheLineThatCausedIt(option: String, then call: String,
                                                                   expected: String) throws {
        let options = option.hasPrefix("layout") ? option : "\(Self.layout), \(option)"
        let make = "s:piece{ name = \"p\", state = { n = 0 }, \(options) }"
        let line = call.isEmpty ? try caught(make, setup: "")
            : try caught(call, setup: "  local p = \(make)")
        #expect(line.contains("hooks.lua:4: ") && line.contains(expected), "\(line)")
    }

    @Test func aTaskRunsWhenItsIdChangesAndWhatItAsksForLaterHoldsASettle() throws {
        let report = try runScenario("""
            test("tasks", function()
              local s = Stage{ fps = 60 }
              local log = {}
              local function note(text, env) log[#log + 1] = string.format("%s t=%.4f", text, env.time) end
              local p = s:piece{ name = "p", state = { n = 0, done = false },
                layout = function(st) return { a = { x = 0, y = 0, w = 10 + st.n, h = 10 } } end,
                tasks = {
                  { id = function(st, env) return st.n, env.reduceMotion end,
                    run = function(st, env)
                      note("run n=" .. st.n .. " rm=" .. tostring(env.reduceMotion), env)
                      st.done = false
                      return 0.5, function(st2, env2) st2.done = true; note("later", env2) end
                    end },
                  { id = function(st) return st.n end, initial = false,
                    run = function(st, env) note("changed n=" .. st.n, env) end },
                } }
              print(#log)                   -- the first task ran as the piece appeared; the second waits for a change
              print(s:settle())             -- its later half second: 0.5 s x 60 = 30 frames
              print(tostring(p.state.done))
              p:set{ n = 1 }                -- the piece's own call: both run before it returns
              print(#log)
              s:advance(0.25)
              p:set{ n = 2 }                -- changed again: the pending later (due at 1.0 s) is cancelled
              print(s:settle())             -- the new later, 0.5 s after 0.75 s: 30 frames
              s:environment{ reduceMotion = true }   -- not the piece's own call: runs as work at this moment
              print(#log)
              s:frames(1)
              print(table.concat(log, "; "))
            end)
            """)
        let out = try #require(report.test("tasks"), "\(report.summary)")
        #expect(out.status == .passed, "\(out.message)")
        #expect(out.output == [
            "1", "30", "true", "4", "30", "7",
            "run n=0 rm=false t=0.0000; later t=0.5000; run n=1 rm=false t=0.5000; changed n=1 t=0.5000; "
                + "run n=2 rm=false t=0.7500; changed n=2 t=0.7500; later t=1.2500; run n=2 rm=true t=1.2500",
        ])
    }

    @Test func aCancelledLaterLetsItsFunctionGo() throws {
        // 20,000 id changes, each cancelling the function the run before asked for: kept, they would hold at least
        // 20,000 registry slots of 16 bytes and as many closures (about 40 bytes each), some 1,100 KiB.
        let report = try runScenario("""
            test("laters", function()
              local s = Stage{ fps = 60 }
              local p = s:piece{ name = "p", state = { n = 0 },
                layout = function() return { a = { x = 0, y = 0, w = 1, h = 1 } } end,
                tasks = { { id = function(st) return st.n end, run = function() return 1, function() end end } } }
              local function churn(times) for _ = 1, times do p:set{ n = p.state.n + 1 } end end
              churn(1000)
              collectgarbage(); collectgarbage()
              local before = collectgarbage("count")
              churn(20000)
              collectgarbage(); collectgarbage()
              print(collectgarbage("count") - before < 64)
            end)
            """)
        let out = try #require(report.test("laters"), "\(report.summary)")
        #expect(out.status == .passed, "\(out.message)")
        #expect(out.output == ["true"])
    }

    @Test func aPausedTimelineAsksForNoLayout() throws {
        let report = try runScenario("""
            test("paused", function()
              local s = Stage{ fps = 60 }
              local layouts = 0
              local p = s:piece{ name = "p", state = { on = false },
                timeline = { minimumInterval = 1 / 60, paused = function(st) return not st.on end },
                layout = function(st, env) layouts = layouts + 1; return { a = { x = 0, y = 0, w = 10, h = 10, t = env.time } } end }
              s:frames(1)
              local before = layouts
              s:advance(1)
              print(layouts - before)       -- paused: nothing asks for a layout
              p:set{ on = true }
              before = layouts
              s:advance(1)
              print(layouts - before)       -- one update a frame at 60 fps for 1 s: 60 layouts
              print(s:frame().p.a.t == s:now())
              p:set{ on = false }
              before = layouts
              s:advance(1)
              print(layouts - before)
            end)
            """)
        let out = try #require(report.test("paused"), "\(report.summary)")
        #expect(out.status == .passed, "\(out.message)")
        #expect(out.output == ["0", "60", "true", "0"])
    }

    @Test func aBackgroundNumberDoesNotHoldASettleUp() throws {
        // A 2 s linear move starting on the next frame: a settle renders that frame (the change is owed) and, for a
        // number that is not background, every frame to the end: 1 + 2 s x 120 = 241 frames.
        let report = try runScenario("""
            test("background", function()
              local function piece(s, background)
                return s:piece{ name = "p", state = { p = 0 }, layout = function(st)
                  return { bar = { x = 0, y = 0, w = 10, h = 10, progress = st.p, background = background } }
                end }
              end
              local s = Stage{ fps = 120 }
              local p = piece(s, { "progress" })
              p:set({ p = 1 }, motion.linear(2))
              print(s:settle())
              s:advance(1)
              print(s:frame().p.bar.progress)   -- still moving: halfway after 1 s of 2 (one frame was rendered before)
              local t = Stage{ fps = 120 }
              local q = piece(t, nil)
              q:set({ p = 1 }, motion.linear(2))
              print(t:settle())
            end)
            """)
        let out = try #require(report.test("background"), "\(report.summary)")
        #expect(out.status == .passed, "\(out.message)")
        // After the settle's 1 frame and 1 s more, 121 frames of 120 fps past the start frame's 0: 1 s / 2 s = 0.5.
        #expect(out.output == ["1", "0.5", "241"])
    }

    @Test func onPlayerIsToldThePlayersStateThenEachReport() throws {
        let report = try runScenario("""
            test("player", function()
              local s = Stage{ fps = 60, reduceMotion = true }
              local player = s:player{ tracks = { { title = "A", duration = 100 }, { title = "B", duration = 50 } }, isPlaying = true }
              local seen = {}
              s:piece{ name = "p", player = player,
                layout = function() return { a = { x = 0, y = 0, w = 1, h = 1 } } end,
                onPlayer = function(st, report, env)
                  seen[#seen + 1] = string.format("%s %s %s %s", report.reason, tostring(report.isPlaying),
                    tostring(report.track), tostring(env.reduceMotion))
                end }
              player:pause()
              player:skip("next")
              print(table.concat(seen, ", "))
            end)
            """)
        let out = try #require(report.test("player"), "\(report.summary)")
        #expect(out.status == .passed, "\(out.message)")
        #expect(out.output == ["appear true nil true, pause false 1 true, skip false 2 true"])
    }

    @Test func orderListsElementsAndPropertiesAsGiven() throws {
        let folder = try ScenarioFolder()
        let log = folder.path + "/order.jsonl"
        let report = try folder.run("order.lua", """
            test("order", function()
              local s = Stage{}
              s:piece{ name = "p", order = { elements = { "b" }, properties = { "z", "label" } },
                layout = function() return {
                  a = { x = 0, y = 0, w = 1, h = 1 },
                  c = { m = 1 },
                  b = { m = 2, z = 3, w = 4, x = 5, y = 6, h = 7, label = "L", flag = true },
                } end }
              s:frames(1)
            end)
            """) { $0.logPath = log }
        #expect(report.tests.map(\.status) == [.passed], "\(report.summary)")
        let text = try String(contentsOfFile: log, encoding: .utf8)
        // b first (named), then a and c by name; in b: x, y, w, h, then z (named), m; then label (named), flag.
        #expect(text.contains("\"p\":{\"b\":{\"x\":5,\"y\":6,\"w\":4,\"h\":7,\"z\":3,\"m\":2,\"label\":\"L\",\"flag\":true},"
                              + "\"a\":{\"x\":0,\"y\":0,\"w\":1,\"h\":1},\"c\":{\"m\":1}}"), "\(text)")
    }
}
