import Foundation
import Testing

/// `piecebox stubs --plugins DIR`: what loaded plugins add is typed in the stubs: a piece type as a class with its
/// methods and a stage constructor giving it, a plain method as a field of its class.
@Suite struct StubsPluginsTests {
    @Test func aPluginsPieceTypeAndMethodsAppearInTheStubs() throws {
        let folder = try TestFolder()
        try folder.write("plugins/pulse/plugin.lua", """
        return {
          pieces = { pulse = { layout = function() return {} end, state = { size = 20, on = false, name = "x" },
                               methods = { beat = function(self) end, rest = function(self) end },
                               readings = { size = function(state) return state.size end } } },
          methods = { player = { skipTwice = function(p) end } },
        }
        """)
        let run = try piecebox(["stubs", "--plugins", "plugins"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("---@meta"))
        #expect(run.stdout.contains("""
        ---@class piecebox.pulse: piecebox.piece
        ---@field beat fun(self: piecebox.pulse, ...: any): any
        ---@field rest fun(self: piecebox.pulse, ...: any): any
        ---@field size any
        """))
        // The constructor's options: the piece's, and the state's keys at the top (`name` is the piece's own).
        #expect(run.stdout.contains("""
        ---@class piecebox.pulseOptions: piecebox.pieceOptions
        ---@field on? boolean
        ---@field size? number

        """))
        #expect(run.stdout.contains("---@field pulse fun(self: piecebox.stage, options?: piecebox.pulseOptions): piecebox.pulse # plugin 'pulse'"))
        #expect(run.stdout.contains("---@class piecebox.player\n---@field skipTwice fun(self: piecebox.player, ...: any): any # plugin 'pulse'"))
    }

    @Test func aPluginThatFailsToLoadWritesNothing() throws {
        let folder = try TestFolder()
        try folder.write("plugins/bad/plugin.lua", "return { pieces = { dot = 3 } }")
        let run = try piecebox(["stubs", "--plugins", "plugins", "--out", "types"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stderr.contains("plugin 'bad': pieces.dot must be a table"), "\(run.stderr)")
        #expect(folder.list("types").isEmpty)
    }
}
