import Foundation
import Testing

/// The Lua vinyl's piece type and the Lua piece options it is written with are in what the editor reads:
/// `piecebox stubs --plugins examples/plugins` types `s:vinylLua{...}`, and its options (`pieceOptions`) carry
/// `player`, `onPlayer`, `tasks` and `order`.
@Suite struct VinylLuaStubsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test func theVinylPieceTypeAndItsOptionsAreInThePluginStubs() throws {
        let run = try piecebox(["stubs", "--plugins", "examples/plugins"], in: Self.root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("---@class piecebox.vinylLua: piecebox.piece"))
        #expect(run.stdout.contains(
            "---@field vinylLua fun(self: piecebox.stage, options?: piecebox.vinylLuaOptions): piecebox.vinylLua # plugin 'vinyl_lua'"))
        for option in ["---@field player? piecebox.player|table", "---@field onPlayer? fun(state: table, report: table, env: piecebox.env)",
                       "---@field tasks? table[]", "---@field order? table",
                       "---@class piecebox.vinylLuaOptions: piecebox.pieceOptions", "---@field rpm? number",
                       "---@field isPlaying? boolean", "---@field angle any"] {
            #expect(run.stdout.contains(option), "missing: \(option)")
        }
    }
}
