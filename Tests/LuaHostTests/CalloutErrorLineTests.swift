import Testing
@testable import LuaHost

/// An error of the script's own code that the host called (an `s:after`/`s:every` callback, a Lua piece's layout
/// or handler, a Lua player's function) surfaces at the script line of the call that ran it: never at a later line,
/// never not at all, whichever call it was.
@Suite struct CalloutErrorLineTests {
    /// Runs `body` (one line, line 8 of the file) after a stage with a card, and returns the failed test's
    /// message with the folder taken out of its paths, or "passed".
    private func outcome(_ setup: String, _ body: String, after: String = "s:frames(1)",
                         sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let report = try runScenario("""
            test("t", function()
              local s = Stage{ fps = 120 }
              local card = s:piece{ name = "card", state = { h = 100 }, parts = { "surface" },
                layout = function(state, env) return { surface = { x = 0, y = 0, w = 100, h = state.h } } end,
                onTouch = function(state, t) end }
              s:frames(1)
              \(setup)
              \(body)
              \(after)
            end)
            """)
        let result = try #require(report.test("t"), "\(report.summary)", sourceLocation: sourceLocation)
        guard result.status == .failed else { return result.status.rawValue }
        return result.message.replacingOccurrences(of: #"/[^ ]*/scenario\.lua"#, with: "scenario.lua",
                                                   options: .regularExpression)
    }

    /// Calls on line 8 that render frames: each runs work due 5 ms on (0.005 s × 120 fps = 0.6, so the first frame
    /// it renders, at 1/120 s, runs it).
    static let callsThatRunWork = ["s:advance(0.5)", "s:frames(3)", "s:settle()", "s:jump(0.5)",
                                   "s:runUntil(function() return false end, 0.05)", "card:tap()",
                                   "card:drag{ dy = -40 }", "card:fling{ dy = -40, velocity = 800 }"]

    @Test(arguments: callsThatRunWork)
    func aCallbackErrorSurfacesAtTheLineOfTheCallThatRanIt(_ call: String) throws {
        let message = try outcome(#"s:after(0.005, function() error("dry") end, { label = "refill" })"#, call)
        // Line 8 ran the work (line 7 scheduled it, and its error names line 7); line 9 never runs.
        #expect(message.hasPrefix("scenario.lua:8: refill failed: scenario.lua:7: dry"), "\(message)")
    }

    @Test(arguments: ["card:tap()", "s:advance(0.5)"])
    func aCallbackErrorCaughtAtItsLineIsNotRaisedAgainLater(_ call: String) throws {
        let message = try outcome(#"s:after(0.005, function() error("dry") end, { label = "refill" })"#,
                                  "local ok, e = pcall(function() \(call) end) assert(not ok and e:find(\"dry\"))")
        // Raised once, inside the pcall on line 8: line 9's frame goes by quietly.
        #expect(message == "passed", "\(message)")
    }

    @Test func aLayoutErrorWhileTheClockRunsSurfacesAtTheAdvancingLine() throws {
        // A timeline piece is laid out again at every frame; from 0.05 s on (frame 6 at 120 fps) its layout fails.
        let message = try outcome("""
            s:piece{ name = "clock", timeline = { minimumInterval = 0 }, layout = function(state, env)
                if env.time >= 0.05 then error("past noon") end return { face = { x = 0, y = 0, w = 1, h = 1 } } end }
            """, "s:advance(0.5)", after: "card:tap()")
        #expect(message.hasPrefix("scenario.lua:9: clock: layout failed: scenario.lua:8: past noon"), "\(message)")
    }

    @Test func aLayoutErrorAfterAnEnvironmentChangeSurfacesAtThatLine() throws {
        let message = try outcome("""
            s:piece{ name = "themed", layout = function(state, env)
                if env.colorScheme == "dark" then error("no dark art") end return { art = { x = 0, y = 0, w = 1, h = 1 } } end }
            """, #"s:environment{ colorScheme = "dark" }"#, after: "s:frames(1) card:tap()")
        #expect(message.hasPrefix("scenario.lua:9: themed: layout failed: scenario.lua:8: no dark art"), "\(message)")
    }

    @Test(arguments: ["card:tap()", "card:drag{ dy = -40 }", "card:touch(\"surface\"):up()"])
    func aHandlerErrorSurfacesAtTheGesturesLine(_ gesture: String) throws {
        let message = try outcome("""
            local other = s:piece{ name = "other", parts = { "surface" }, onTouch = function(state, t) error("sore") end,
                layout = function() return { surface = { x = 0, y = 200, w = 100, h = 100 } } end }
            """, gesture.replacingOccurrences(of: "card", with: "other"))
        #expect(message.hasPrefix("scenario.lua:9: other: onTouch failed: scenario.lua:7: sore"), "\(message)")
    }

    @Test(arguments: [#"np:tap("play")"#, #"np:key("space")"#, #"np:touch("play"):up()"#])
    func aLuaPlayersErrorSurfacesAtTheLineThatReachedIt(_ call: String) throws {
        let message = try outcome("""
            local player = { title = "a", artist = "b", duration = 100, isPlaying = false, time = 0,
              observe = function() end, onSkip = function() end, onSeek = function() end,
              onPlayPause = function() error("jammed") end } local np = s:nowPlaying{ player = player } s:frames(1)
            """, call)
        #expect(message.hasPrefix("scenario.lua:10: player:onPlayPause failed: scenario.lua:9: jammed"), "\(message)")
    }

    @Test func aLuaPlayersReportFailingInWorkSurfacesAtTheAdvancingLine() throws {
        // The player's clock is the script's own work: its report at 0.1 s is wrong, so the work fails there.
        let message = try outcome("""
            local report local player = { title = "a", artist = "b", duration = 100, isPlaying = true, time = 0,
              observe = function(self, r) report = r end, onSkip = function() end, onSeek = function() end,
              onPlayPause = function() end } s:nowPlaying{ player = player } s:every(0.1, function() report{ reason = "tock" } end)
            """, "s:advance(0.5)")
        #expect(message.hasPrefix("scenario.lua:10: every(0.1) failed: scenario.lua:9: player report: 'reason' must be"),
                "\(message)")
    }

    @Test func anErrorOfEarlierWorkIsNotRaisedInsideLaterWork() throws {
        // Both are due in the same advance: the first fails; the second's own host call (emit) must not raise the
        // first's error inside the second. The advance raises the first's, and the second ran to its end.
        let message = try outcome("""
            local done = false s:after(0.005, function() error("first") end, { label = "one" })
              s:after(0.01, function() s:emit{ kind = "tick" } done = true end, { label = "two" })
            """, "local ok, e = pcall(s.advance, s, 0.5) print(e) assert(done and not e:find(\"two\"))")
        #expect(message == "passed", "\(message)")
    }

    @Test func theFirstErrorOfACallWins() throws {
        let message = try outcome("""
            s:after(0.005, function() error("first") end, { label = "one" })
              s:after(0.01, function() error("second") end, { label = "two" })
            """, "s:advance(0.5)")
        #expect(message.hasPrefix("scenario.lua:9: one failed: scenario.lua:7: first"), "\(message)")
    }
}
