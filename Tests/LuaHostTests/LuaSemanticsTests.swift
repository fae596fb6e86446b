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

    @Test func elementNamesThatDifferAfterANulStayFourElements() throws {
        // "x" and "x\0" .. i (i = 1, 2, 3) are four names; read as C strings they were one, and which element won
        // changed from run to run.
        let report = try runScenario("""
            test("nul names", function()
              local s = Stage{}
              s:piece{ name = "card", layout = function()
                local e = { x = { x = 0, y = 0, w = 1, h = 1 } }
                for i = 1, 3 do e["x\\0" .. i] = { x = i, y = 0, w = 1, h = 1 } end
                return e
              end }
              s:frames(1)
              local f, xs = s:frame(), {}
              for name, e in pairs(f.card) do xs[#xs + 1] = #name .. ":" .. e.x end
              print(table.concat(xs, " "))
            end)
            """)
        let result = try #require(report.test("nul names"), "\(report.summary)")
        #expect(result.status == .passed, "\(result.message)")
        // "x" (1 byte) sorts before "x\0..." (3 bytes); each keeps its own x.
        #expect(result.output == ["1:0.0 3:1.0 3:2.0 3:3.0"])   // frame numbers are floats
    }

    @Test func aBadFormatIsBlamedOnTheScriptLineWithLuasOwnWords() throws {
        let report = try runScenario("""
            test("format", function()
              print(pcall(function() local s = string.format("%10q", "x") return s end))
              print(pcall(function() local s = string.format("%s %p", {}) return s end))
            end)
            """, name: "format.lua")
        let result = try #require(report.test("format"), "\(report.summary)")
        #expect(result.output.count == 2)
        #expect(result.output.first?.hasSuffix("format.lua:2: specifier '%q' cannot have modifiers") == true, "\(result.output)")
        #expect(result.output.last?.hasSuffix("format.lua:3: bad argument #3 to 'format' (no value)") == true, "\(result.output)")
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
