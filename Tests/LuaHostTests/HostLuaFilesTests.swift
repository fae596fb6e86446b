import Foundation
import Testing
@testable import LuaHost
@testable import LuaRuntime

/// The host's Lua lives in Sources/LuaHost/Lua/*.lua and is compiled into the binary (LuaSources, written by the
/// EmbedLua plugin). What the binary runs must be each file's text exactly, and a message naming
/// `piecebox:<name>:<line>` must point at line <line> of Lua/<name>.lua.
@Suite struct HostLuaFilesTests {
    /// Sources/LuaHost/Lua, found from this file's own path.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/LuaHost/Lua")

    /// Every chunk the host runs, by its chunk name, with the text it runs.
    static let chunks: [(name: String, text: String)] = HostChunk.allCases.map { ($0.chunkName, $0.text) }

    @Test func theBinaryHoldsEveryLuaFileExactlyAsWritten() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".lua") }.sorted()
        #expect(files == LuaSources.all.map(\.file))
        for (file, text) in LuaSources.all {
            let onDisk = try Data(contentsOf: Self.folder.appendingPathComponent(file))
            #expect(Array(text.utf8) == Array(onDisk), "Lua/\(file) differs from what the binary holds")
        }
    }

    @Test func eachChunkRunsTheFileNamedAfterIt() throws {
        // One chunk per file: none left over on either side.
        #expect(Self.chunks.map { String($0.name.dropFirst("=piecebox:".count)) + ".lua" }.sorted()
                == LuaSources.all.map(\.file).sorted())
        for (name, text) in Self.chunks {
            #expect(name.hasPrefix("=piecebox:"), "\(name)")
            let short = String(name.dropFirst("=piecebox:".count))
            let file = try #require(LuaSources.all.first { $0.file == short + ".lua" }, "no Lua/\(short).lua for \(name)")
            #expect(text == file.text, "\(name) does not run Lua/\(short).lua")
            // Line 1 says what the file is under the name messages use.
            #expect(file.text.hasPrefix("-- piecebox:\(short): "), "Lua/\(short).lua line 1")
        }
    }

    /// A message's line in a host chunk is the file's line: line 1 is the header, and the code follows it.
    @Test func aLineInAHostChunkIsTheSameLineOfItsFile() throws {
        let lines = LuaSources.stage.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains("and predicate(frame) then") }) + 1
        // Level 2 names the line that called the predicate: the stage chunk's loop.
        let report = try runScenario("""
            test("a predicate that raises", function()
              Stage{}:runUntil(function() error("from the predicate", 2) end)
            end)
            """)
        let result = try #require(report.test("a predicate that raises"), "\(report.summary)")
        #expect(result.message.contains("piecebox:stage:\(line): from the predicate"), "\(result.message)")
    }
}
