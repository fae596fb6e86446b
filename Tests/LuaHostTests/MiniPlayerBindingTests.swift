import Foundation
import Testing
@testable import LuaHost

/// `s:miniPlayer` refuses bad input with errors that name the function and the option, and reads back what the
/// piece does.
@Suite struct MiniPlayerBindingTests {
    private static let prelude = """
        local s = Stage{ width = 393, height = 852, safeArea = { top = 59, bottom = 34 } }
        local tracks = { { title = "Midnight Drive", artist = "The Night Owls", duration = 200 } }
        """

    private func caught(_ call: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try refusalLine(of: call, prelude: Self.prelude, setup: "  local p = s:player{ tracks = tracks, time = 40 }",
                        name: "mini.lua", sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        ("s:miniPlayer{}", "stage:miniPlayer: option 'player' is required (a player made with s:player{...}, or a Lua player table)"),
        ("s:miniPlayer{ player = 3 }", "option 'player' must be a player made with s:player{...}, got number"),
        ("s:miniPlayer{ player = p, expanded = true }", "unknown option 'expanded'"),
        ("s:miniPlayer{ player = p, name = \"mini player\" }", "option 'name' must be letters, digits or _, got \"mini player\""),
        ("s:miniPlayer{ player = p, messages = \"x\" }", "option 'messages' must be a table of copy"),
        ("s:miniPlayer{ player = p, messages = { open = \"x\" } }", "option 'messages' has an unknown key 'open' (known: openPlayer"),
        ("s:miniPlayer{ player = p, messages = { play = 1 } }", "messages.play must be a string, got number"),
        ("s:miniPlayer{ player = Stage{}:player{ tracks = tracks } }", "option 'player' is on another stage"),
        ("s:miniPlayer{ player = p }:tap(\"chevron\")", "miniPlayer chevron cannot be touched now: the player is closed"),
        ("s:miniPlayer{ player = p }:tap(\"lid\")", "miniPlayer has no part named \"lid\" (it has: bar, background, play, chevron, previous, next)"),
        ("s:miniPlayer{ player = p }:perform(\"escape\")", "miniPlayer has no whole-screen accessibility action \"escape\""),
    ])
    func badInputIsRefusedByName(call: String, expected: String) throws {
        let line = try caught(call)
        #expect(line.contains(expected), "\(line)")
    }

    @Test func thePieceReadsBackWhatItsGesturesDid() throws {
        let report = try runScenario("""
            \(Self.prelude)
            test("round trip", function()
              local p = s:player{ tracks = tracks, time = 40 }
              local mp = s:miniPlayer{ player = p, messages = { openPlayer = "Show player" } }
              s:frames(1)
              expect(mp.name).toBe("miniPlayer")
              expect(mp.isExpanded).toBe(false)
              expect(mp.progress).toBe(0.2)
              expect(mp.layout.closed.background).toEqual({ x = 12, y = 746, w = 369, h = 64, radius = 18 })
              expect(mp.layout.open.background).toEqual({ x = 0, y = 0, w = 393, h = 852, radius = 0 })
              expect(mp.layout.bottomPadding).toBe(80)
              expect(mp:accessibility()[1].label).toBe("Show player")
              mp:drag{ dy = -41 }
              s:settle()
              expect(mp.isExpanded).toBe(true)
              expect(s:frame().miniPlayer.chevron.opacity).toBe(1)
              mp:tap("next")
              expect(p:calls()[1].name).toBe("onSkip")
              mp:perform("escape")
              s:settle()
              expect(mp.isExpanded).toBe(false)
            end)
            """, name: "mini.lua")
        #expect(report.test("round trip")?.status == .passed, "\(report.summary)")
    }

    @Test func aPluginCanAddMethodsToTheMiniPlayer() throws {
        let folder = try ScenarioFolder()
        try folder.write("plugins/peek/plugin.lua", """
            return { methods = { miniPlayer = { barTop = function(mp) return mp.layout.closed.background.y end } } }
            """)
        let path = try folder.write("scenario.lua", """
            \(Self.prelude)
            test("uses the plugin", function()
              local mp = s:miniPlayer{ player = s:player{ tracks = tracks } }
              expect(mp:barTop()).toBe(746)
            end)
            """)
        let report = folder.runFile(path) { $0.pluginFolders = [folder.path + "/plugins"] }
        #expect(report.test("uses the plugin")?.status == .passed, "\(report.summary)")
    }
}
