import Testing
@testable import LuaHost

/// The host's calls into a script's own functions (a Lua piece's handlers and layout, a Lua player's functions,
/// `s:after`/`s:every` work) follow one rule: no clock moves inside them. And a failure that repeats through
/// nested calls is said once, with its depth.
@Suite struct ScriptCalloutTests {
    /// A card with the handlers given (Lua source of table fields), and the stage as `s`, inside one test.
    private func refusal(_ handlers: String, _ body: String,
                         sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let report = try runScenario("""
            test("t", function()
              local s = Stage{}
              local card
              card = s:piece{ name = "card", state = {}, parts = { "surface" },
                layout = function(state, env) return { surface = { x = 0, y = 0, w = 100, h = 100 } } end,
                \(handlers) }
              s:frames(1)
              \(body)
            end)
            """)
        let result = try #require(report.test("t"), "\(report.summary)", sourceLocation: sourceLocation)
        #expect(result.status == .failed, sourceLocation: sourceLocation)
        return result.message
    }

    static let clockMoves = ["s:advance(0.1)", "s:frames(2)", "s:settle()", "s:jump(1)",
                             "s:runUntil(function() return true end, 1)", "card:tap()"]

    @Test(arguments: clockMoves)
    func aKeyHandlerCannotMoveTheClock(_ move: String) throws {
        let message = try refusal("onKey = function(state, key) \(move) return true end", #"card:key("space")"#)
        #expect(message.contains("scenario.lua:8: card: onKey failed: "), "\(message)")
        #expect(message.contains("scenario.lua:6: ") && message.contains("inside card's onKey handler"), "\(message)")
        #expect(message.contains("move the clock from the scenario instead"), "\(message)")
        // Refused at the first call: the key handler never ran again inside itself.
        #expect(!message.contains("nested"), "\(message)")
    }

    @Test(arguments: clockMoves)
    func anAccessibilityActionCannotMoveTheClock(_ move: String) throws {
        let message = try refusal("""
            accessibility = function(state, env) return { { id = "surface", label = "Card", actions = { "activate" } } } end,
                perform = function(state, action, element) \(move) end
            """, #"card:perform("activate", "surface")"#)
        #expect(message.contains("card: perform failed: ") && message.contains("inside card's perform handler"),
                "\(message)")
    }

    @Test func aTouchHandlerCannotAdvanceTheClock() throws {
        let message = try refusal(#"onTouch = function(state, t) if t.phase == "ended" then s:advance(0.1) end end"#,
                                  "card:tap()")
        #expect(message.contains("stage:advance: cannot advance the clock inside card's onTouch handler"), "\(message)")
    }

    @Test(arguments: ["after", "every"])
    func scheduledWorkCannotMoveTheClock(_ kind: String) throws {
        let message = try refusal("", "s:\(kind)(0.1, function() s:advance(0.5) end) s:advance(1)")
        #expect(message.contains("\(kind)(0.1) failed: "), "\(message)")
        #expect(message.contains("scenario.lua:8: stage:advance: cannot advance the clock inside the "
                                 + "stage:\(kind) callback '\(kind)(0.1)'"), "\(message)")
    }

    @Test func aLuaPlayersCallbackReachedFromAGestureCannotStartAnother() throws {
        let report = try runScenario("""
            test("t", function()
              local s = Stage{}
              local np
              local player = { title = "a", artist = "b", duration = 100, isPlaying = false, time = 0,
                observe = function(self, report) end, onSkip = function() end, onSeek = function() end,
                onPlayPause = function(self) np:tap("play") end }
              np = s:nowPlaying{ player = player }
              s:frames(1)
              np:tap("play")
            end)
            """)
        let message = try #require(report.test("t"), "\(report.summary)").message
        #expect(message.contains("scenario.lua:9: player:onPlayPause failed: "), "\(message)")
        #expect(message.contains("scenario.lua:6: nowPlaying:tap: cannot start a gesture inside the Lua player's "
                                 + "onPlayPause"), "\(message)")
    }

    @Test func theClockStillMovesFromTheScenarioAfterARefusal() throws {
        let report = try runScenario("""
            test("t", function()
              local s = Stage{ fps = 120 }
              local card = s:piece{ name = "card", state = {},
                layout = function(state, env) return { surface = { x = 0, y = 0, w = 100, h = 100 } } end,
                onKey = function(state, key) s:advance(1) return true end }
              expect(function() card:key("space") end).toThrow("inside card's onKey handler")
              -- 0.5 s at 120 fps: 60 frames.
              expect(s:advance(0.5)).toBe(60)
            end)
            """)
        #expect(report.test("t")?.status == .passed, "\(report.summary)")
    }

    @Test func aFailureRepeatedThroughNestedHandlersIsSaidOnceWithItsDepth() throws {
        // The script's card:key is host call 1; each onKey presses the key again, host call k + 1. Calls 1 to 48
        // run (PB_MAX_HOST_DEPTH is 48), so 48 handlers run; the 48th's call is refused, and each of the 48 fails
        // in turn: one chain 48 deep whose innermost message is the refusal.
        let message = try refusal(#"onKey = function(state, key) card:key("space") return true end"#,
                                  #"card:key("space")"#)
        #expect(message.contains("scenario.lua:8: card: onKey failed (nested 48 deep): "), "\(message.prefix(300))")
        #expect(message.contains("scenario.lua:6: host calls nested more than 48 deep"), "\(message.prefix(300))")
        #expect(message.components(separatedBy: "onKey failed").count == 2, "\(message.prefix(300))")
    }

    @Test func aFailureOfItsOwnIsNotTakenForANestedOne() throws {
        // Two handlers failing one after the other, each with its own error: each is said as it is.
        let report = try runScenario("""
            test("t", function()
              local s = Stage{}
              local card = s:piece{ name = "card", state = {},
                layout = function(state, env) return { surface = { x = 0, y = 0, w = 100, h = 100 } } end,
                onKey = function(state, key) error("no " .. key) end }
              local _, first = pcall(card.key, card, "space")
              local _, second = pcall(card.key, card, "tab")
              print(first)
              print(second)
            end)
            """)
        // Paths are the folder's; what follows them is the point.
        let output = try #require(report.test("t"), "\(report.summary)").output.map {
            $0.replacingOccurrences(of: #"/[^ ]*/scenario\.lua"#, with: "scenario.lua", options: .regularExpression)
        }
        #expect(output == ["scenario.lua:6: card: onKey failed: scenario.lua:5: no space",
                           "scenario.lua:7: card: onKey failed: scenario.lua:5: no tab"], "\(output)")
    }
}
