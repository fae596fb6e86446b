import Foundation
import Testing
@testable import LuaHost

/// Lua stays Lua inside the sandbox: sources arrive byte for byte, `require` of a kept library gives the library,
/// and every error, whatever value it carries, says where it came from.
@Suite struct LuaSemanticsTests {
    /// Writes `bytes` as a scenario file (not through a String, which would repair a lone Latin-1 byte).
    private func runBytes(_ bytes: [UInt8], name: String = "bytes.lua", in folder: ScenarioFolder) throws -> FileReport {
        let path = folder.url.appendingPathComponent(name)
        try Data(bytes).write(to: path)
        return folder.runFile(path.path)
    }

    @Test func aLatin1ByteInAStringLiteralStaysOneByte() throws {
        // The literal holds the single byte 0xE1 (225), written raw, as an editor set to Latin-1 saves "á".
        // Repaired into U+FFFD it became three bytes, EF BF BD, and its first byte 239.
        let head = Array(#"test("latin1", function() local s = ""#.utf8)
        let tail = Array(#"" print(#s, s:byte(1, -1)) end)"#.utf8)
        let folder = try ScenarioFolder()
        let report = try runBytes(head + [0xE1] + tail, in: folder)
        let result = try #require(report.test("latin1"), "\(report.summary)")
        #expect(result.status == .passed, "\(result.message)")
        #expect(result.output == ["1\t225"])
    }

    @Test func aRequiredModuleIsLoadedByteForByte() throws {
        let folder = try ScenarioFolder()
        // return "<0xFF><0xFE>": two bytes, neither of which may start UTF-8 text.
        try Data(Array(#"return ""#.utf8) + [0xFF, 0xFE] + Array("\"\n".utf8))
            .write(to: folder.url.appendingPathComponent("raw.lua"))
        let report = try folder.run("main.lua", """
            test("raw module", function() local s = require("raw") print(#s, s:byte(1, -1)) end)
            """)
        let result = try #require(report.test("raw module"), "\(report.summary)")
        #expect(result.status == .passed, "\(result.message)")
        #expect(result.output == ["2\t255\t254"])
    }

    @Test func requireOfAKeptLibraryReturnsTheLibrary() throws {
        let report = try runScenario("""
            test("libraries", function()
              print(require("utf8") == utf8, require("string") == string, require("table") == table,
                    require("math") == math, require("coroutine") == coroutine, require("_G") == _G)
            end)
            """)
        let result = try #require(report.test("libraries"), "\(report.summary)")
        #expect(result.status == .passed, "\(result.message)")
        #expect(result.output == ["true\ttrue\ttrue\ttrue\ttrue\ttrue"])
    }

    @Test(arguments: ["io", "os", "debug", "package"])
    func requireOfARemovedLibrarySaysTheSandboxRemovedIt(name: String) throws {
        let report = try runScenario("""
            test("removed", function() print(pcall(require, "\(name)")) end)
            """, name: "removed.lua")
        let line = try #require(report.test("removed")?.output.first, "\(report.summary)")
        #expect(line.hasPrefix("false\t"), "\(line)")
        #expect(line.contains("require: the '\(name)' library is not available in scenarios"), "\(line)")
    }

    @Test(arguments: [
        ("error(nil)", "error with a nil value"),
        ("error(print)", "error with a function value"),
        ("error(coroutine.create(print))", "error with a thread value"),
        ("error(42)", "error with the value 42"),
        ("error(setmetatable({}, { __tostring = function() return 'custom failure' end }))", "custom failure"),
    ])
    func everyErrorValueGetsItsFileLineAndATraceback(call: String, message: String) throws {
        let report = try runScenario("""
            local function fail()
              \(call)
            end
            test("fails", function() fail() end)
            """, name: "errors.lua")
        let result = try #require(report.test("fails"), "\(report.summary)")
        #expect(result.status == .failed)
        #expect(result.message.hasSuffix("errors.lua:2: \(message)"), "\(result.message)")
        // The traceback walks from the raising function to the test.
        #expect(result.traceback.contains("errors.lua:2: in "), "\(result.traceback)")
        #expect(result.traceback.contains("errors.lua:4: in "), "\(result.traceback)")
    }
}
