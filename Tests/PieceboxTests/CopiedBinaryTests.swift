import Foundation
import Testing

/// The host's Lua (the sandbox, expect, the test declarations, runUntil, the frames' views, the token-set and plugin
/// loaders) is compiled into the binary: a piecebox copied on its own to another folder runs every one of them.
@Suite struct CopiedBinaryTests {
    @Test func aPieceboxCopiedAloneRunsAllOfItsOwnLua() throws {
        let folder = try TestFolder()
        let copy = (folder.path as NSString).appendingPathComponent("elsewhere/piecebox")
        try FileManager.default.createDirectory(atPath: (copy as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: pieceboxBinary, toPath: copy)
        try folder.write("plugins/seven/plugin.lua", """
            return { description = "a matcher", matchers = { toBeSeven = function(v) return v == 7, "to be", 7 end } }
            """)
        try folder.write("tokens.lua", "return { tiers = { calm = { duration = 0.6, bounce = 0.1 } } }\n")
        try folder.write("scenario.lua", """
            describe("a copied binary", function()
              test("runs the host's Lua", function()
                local s = Stage{ fps = 60 }
                expect(s:runUntil(function(f) return f.frame >= 3 end)).toBe(3)
                expect(s:frame().frame).toBe(3)
                expect(7).toBeSeven()
                expect(tostring({})).toBe("table: 0x00000001")
              end)
            end)
            """)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: copy)
        process.arguments = ["run", "scenario.lua", "--plugins", "plugins", "--tokens", "tokens.lua"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.hasSuffix("1 passed, 0 failed\n"), "\(text)")
    }
}
