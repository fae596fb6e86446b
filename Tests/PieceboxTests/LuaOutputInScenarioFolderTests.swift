import Foundation
import Testing

/// An output named like a Lua file inside a folder the run reads Lua from (a scenario's folder, a folder of
/// scenarios given to the run, a plugin or library folder) is refused before anything runs, whether or not the file
/// exists yet: written once, the next run would read it as a scenario or a module.
@Suite struct LuaOutputInScenarioFolderTests {
    @Test(arguments: [
        (["cases/a.lua", "--reporter", "tap=cases/r.lua"], "cases/r.lua", "the folder of the scenario cases/a.lua"),
        (["cases", "--reporter", "junit=cases/deeper/r.lua"], "cases/deeper/r.lua", "the folder of the scenario cases/a.lua"),
        // The scenarios are a level down; the folder given is walked, so a Lua file at its top is one next time.
        (["nested", "--reporter", "junit=nested/r.lua"], "nested/r.lua", "the scenario folder nested"),
        (["cases", "--reporter", "json=cases/R.Lua"], "cases/R.Lua", "the folder of the scenario cases/a.lua"),
        (["cases/a.lua", "--log", "cases/logs", "--reporter", "github=cases/logs/x.lua"], "cases/logs/x.lua", "cases"),
        (["cases/a.lua", "--lib", "lib", "--reporter", "tap=lib/new.lua"], "lib/new.lua", "the library folder lib (--lib)"),
        (["cases/a.lua", "--plugins", "plug", "--reporter", "tap=plug/toast/new.lua"], "plug/toast/new.lua", "the plugin folder plug"),
        (["cases/a.lua", "--golden", "cases/goldens", "--reporter", "junit=cases/goldens/g.lua"], "cases/goldens/g.lua", "cases"),
    ])
    func aLuaOutputInAFolderTheRunReadsIsRefusedEvenWhenNew(arguments: [String], output: String, words: String) throws {
        let folder = try TestFolder()
        try folder.write("cases/a.lua", Outputs.stageScenario)
        try folder.write("nested/inner/b.lua", Outputs.stageScenario)
        try folder.write("lib/helper.lua", "return {}\n")
        try folder.write("plug/toast/plugin.lua", "return { description = \"toast\" }\n")
        let run = try piecebox(["run"] + arguments, in: folder.path)
        Outputs.expectRefused(run, saying: [output, words, "would be read as a scenario or a module"])
        #expect(!folder.exists(output), "\(output) was written")
    }

    @Test func aReportOutsideTheScenarioFoldersIsStillWritten() throws {
        let folder = try TestFolder()
        try folder.write("cases/a.lua", Outputs.stageScenario)
        let run = try piecebox(["run", "cases", "--reporter", "tap=reports/r.lua"], in: folder.path)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(folder.read("reports/r.lua")?.hasPrefix("TAP version") == true)
        // And a second run, the report now there, runs the same one scenario.
        let again = try piecebox(["run", "cases", "--reporter", "tap=reports/r.lua"], in: folder.path)
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(again.stdout.contains("1 passed, 0 failed"), "\(again.stdout)")
    }
}
