import Foundation
import Testing
import LuaHost
@testable import piecebox

/// `piecebox init`: the starter project passes as written, never overwrites, and its editor settings know every
/// global a scenario has.
@Suite struct InitTests {
    @Test func theStarterProjectPassesAsWritten() throws {
        let folder = try TestFolder()
        let made = try piecebox(["init", "proj"], in: folder.path)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(folder.list("proj") == [".github", ".luarc.json", "piecebox.lua", "scenarios"])
        // Run from the project, as its README line says; the first golden run records, the second compares.
        let run = try piecebox(["run", "scenarios", "--golden", "goldens", "--record", "missing"], in: folder.path + "/proj")
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasSuffix("3 passed, 0 failed\n"), "\(run.stdout)")
        let again = try piecebox(["run", "scenarios", "--golden", "goldens", "--record", "never"], in: folder.path + "/proj")
        #expect(again.status == 0, "\(again.stdout)")
        #expect(folder.list("proj/goldens") == ["scenarios__first_card.jsonl"])
        // The CI workflow runs the same command, with CI set (so goldens are compared, never recorded).
        #expect(folder.read("proj/.github/workflows/piecebox.yml")?.contains("run: piecebox run scenarios --golden goldens") == true)
    }

    @Test func initNeverOverwritesAnything() throws {
        let folder = try TestFolder()
        try folder.write("proj/scenarios/first_card.lua", "-- mine\n")
        let made = try piecebox(["init", "proj"], in: folder.path)
        #expect(made.status == 1)
        #expect(made.stderr.contains("first_card.lua already exists; nothing was written"), "\(made.stderr)")
        #expect(folder.read("proj/scenarios/first_card.lua") == "-- mine\n")
        #expect(folder.read("proj/piecebox.lua") == nil)
    }

    @Test func theEditorSettingsNameEveryGlobalAScenarioHas() throws {
        // Lua 5.4's own globals, as its manual lists them (the sandbox removes some; none is added here).
        let lua = ["_G", "_VERSION", "assert", "collectgarbage", "coroutine", "debug", "dofile", "error", "getmetatable",
                   "io", "ipairs", "load", "loadfile", "math", "next", "os", "package", "pairs", "pcall", "print", "rawequal",
                   "rawget", "rawlen", "rawset", "require", "select", "setmetatable", "string", "table", "tonumber",
                   "tostring", "type", "utf8", "warn", "xpcall"]
        let folder = try TestFolder()
        let file = try folder.write("globals.lua", """
        local lua = {}
        for _, name in ipairs({ \(lua.map { "\"\($0)\"" }.joined(separator: ", ")) }) do lua[name] = true end
        test("globals", function()
          local names = {}
          for k in pairs(_G) do if not lua[k] then names[#names + 1] = k end end
          table.sort(names)
          print(table.concat(names, " "))
        end)
        """)
        var options = RunOptions()
        options.limits = SandboxLimits(instructions: 20_000_000, memoryBytes: 64 << 20, seconds: 10)
        let report = ScenarioRunner.run(file: file, options: options)
        let printed = report.tests.first?.output.first ?? ""
        #expect(printed.split(separator: " ").map(String.init) == InitMain.globals.sorted(), "\(report)")
        let luarc = InitMain.luarc(stubFolders: [])
        let parsed = try JSONSerialization.jsonObject(with: Data(luarc.utf8)) as? [String: Any]
        #expect(parsed?["diagnostics.globals"] as? [String] == InitMain.globals)
        // The examples' editor settings are the same file.
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/.luarc.json")
        #expect(String(decoding: try Data(contentsOf: examples), as: UTF8.self) == luarc)
    }
}
