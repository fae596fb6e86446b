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

    @Test func aPluginThatRunsForeverInsideAPatternIsStoppedAtTheHardBound() throws {
        let folder = try TestFolder()
        // Eight lazy wildcards over 3,000 letters with no 'b' to find: the matcher backtracks through about
        // 3000^8 / 8! choices inside one C call, where no Lua hook fires.
        try folder.write("plugins/slow/plugin.lua", """
        local _ = string.find(string.rep("a", 3000), ".-.-.-.-.-.-.-.-b")
        return { methods = { stage = { slow = function(s) end } } }
        """)
        let started = Date()
        let run = try piecebox(["stubs", "--plugins", "plugins", "--max-seconds", "1", "--out", "types"], in: folder.path)
        let took = Date().timeIntervalSince(started)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("time limit of 1 s exceeded"), "\(run.stderr)")
        #expect(run.stderr.contains("nothing was written"), "\(run.stderr)")
        // The 1 s limit and its grace of 1 s (as long as the limit, at most 2 s), and time to start.
        #expect(took < 8, "took \(took) s")
        #expect(folder.list("types").isEmpty)
    }

    @Test func aPluginsLoopIsStoppedByTheLimitsARunHas() throws {
        let folder = try TestFolder()
        try folder.write("plugins/spin/plugin.lua", "while true do end")
        let run = try piecebox(["stubs", "--plugins", "plugins", "--max-instructions", "100000"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stderr.contains("instruction limit of"), "\(run.stderr)")
    }

    @Test(arguments: [
        (#"methods = { stage = { ["a\nb"] = function(s) end } }"#, #"the method "a\nb" of stage"#),
        (#"methods = { player = { ["end"] = function(p) end } }"#, #"the method "end" of player"#),
        (#"pieces = { dot = { layout = function() return {} end, methods = { ["x y"] = function(self) end } } }"#,
         #"the method "x y" of dot"#),
        (#"pieces = { dot = { layout = function() return {} end, readings = { ["r\n---@field evil any"] = function() end } } }"#,
         #"the reading "r\n---@field evil any" of dot"#),
        (#"pieces = { dot = { layout = function() return {} end, readings = { [1] = function() end } } }"#,
         #"the reading "1" of dot"#),
        (#"pieces = { dot = { layout = function() return {} end, state = { ["k\nx"] = 1 } } }"#,
         #"the state key "k\nx" of dot"#),
        (#"pieces = { ["end"] = { layout = function() return {} end } }"#, #"the piece type "end" of stage"#),
    ])
    func aNameThatIsNotALuaNameIsRefusedNotWritten(manifest: String, named: String) throws {
        let folder = try TestFolder()
        try folder.write("plugins/odd/plugin.lua", "return { \(manifest) }")
        let run = try piecebox(["stubs", "--plugins", "plugins", "--out", "types"], in: folder.path)
        #expect(run.status == 1, "\(run.stdout)")
        #expect(run.stderr.contains("plugin 'odd': \(named) is not a Lua name"), "\(run.stderr)")
        #expect(folder.list("types").isEmpty)
    }
}
