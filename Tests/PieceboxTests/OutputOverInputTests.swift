import Foundation
import Testing
@testable import piecebox
import LuaHost
import PieceKit

/// No output is written over something the command reads. Cases (each refused before anything runs, the input
/// left as it was):
/// - a report over a scenario, over a scenario's link, over a token set, over the shard timings, over a plugin's
///   manifest, over a `--lib` module;
/// - the logs over goldens that `--record never` only compares (even a golden that does not exist yet: the log
///   would make it and be compared with itself);
/// - `diff --html --out` and `film --out` over one of their own inputs;
/// - `stubs --out` over a Lua file that is not a stub file.
@Suite struct OutputOverInputTests {
    @Test(arguments: [
        (["--reporter", "junit=a.lua"], "a.lua", "the scenario a.lua"),
        (["--reporter", "junit=linked.lua"], "linked.lua", "the scenario linked.lua"),
        (["--tokens", "soft.lua", "--reporter", "tap=./soft.lua"], "soft.lua", "the token set (--tokens soft.lua)"),
        (["--shard", "1/1", "--shard-timings", "t.json", "--reporter", "json=t.json"], "t.json", "the timings (--shard-timings t.json)"),
        (["--plugins", "plug", "--reporter", "junit=plug/toast/plugin.lua"], "plug/toast/plugin.lua", "the plugin folder plug"),
        (["--lib", "lua", "--reporter", "junit=lua/helper.lua"], "lua/helper.lua", "the library folder lua"),
    ])
    func aReportIsNeverWrittenOverAnInput(flags: [String], file: String, words: String) throws {
        let folder = try TestFolder()
        try folder.write("a.lua", Outputs.stageScenario)
        try folder.link("linked.lua", to: "a.lua")
        try folder.write("soft.lua", "--! token-set: soft\nreturn { tiers = { calm = { duration = 0.6, bounce = 0.1 } } }\n")
        try folder.write("t.json", #"{"files":[{"path":"a.lua","duration":1}]}"#)
        try folder.write("plug/toast/plugin.lua", "return { description = \"toast\" }\n")
        try folder.write("lua/helper.lua", "return {}\n")
        let before = folder.read(file)
        let run = try piecebox(["run", "a.lua", "linked.lua"] + flags, in: folder.path)
        Outputs.expectRefused(run, saying: ["would overwrite", words])
        #expect(folder.read(file) == before, "\(file) was written over")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path + "/linked.lua") == "a.lua")
    }

    @Test func logsNeverOverwriteGoldensThatAreOnlyCompared() throws {
        let folder = try TestFolder()
        try folder.write("a.lua", Outputs.stageScenario)
        try folder.write("b.lua", Outputs.stageScenario)
        // A golden of b that differs from its log; a's golden does not exist yet.
        try folder.write("goldens/b.jsonl", "{\"frame\":0}\n")
        let run = try piecebox(["run", "a.lua", "b.lua", "--log", "goldens", "--golden", "goldens", "--record", "never"],
                               in: folder.path)
        Outputs.expectRefused(run, saying: ["the frame log of a.lua (--log goldens) goldens/a.jsonl would overwrite the golden of a.lua"])
        #expect(folder.list("goldens") == ["b.jsonl"])
        #expect(folder.read("goldens/b.jsonl") == "{\"frame\":0}\n")
    }

    @Test func aSingleLogWithGoldensIsWrittenToo() throws {
        // Decided: --log x.jsonl takes effect with --golden (it was silently ignored): the log is kept there, and the
        // golden is compared with it.
        let folder = try TestFolder()
        try folder.write("a.lua", Outputs.stageScenario)
        let run = try piecebox(["run", "a.lua", "--log", "x.jsonl", "--golden", "g"], in: folder.path)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(folder.read("x.jsonl")?.hasPrefix(#"{"format":"piecebox.frames""#) == true)
        #expect(folder.read("x.jsonl") == folder.read("g/a.jsonl"))
        // One log file cannot hold several scenarios' logs: said, never a folder named x.jsonl.
        try folder.write("b.lua", Outputs.stageScenario)
        let two = try piecebox(["run", "a.lua", "b.lua", "--log", "y.jsonl"], in: folder.path)
        Outputs.expectRefused(two, saying: ["--log y.jsonl names one log file, but the run has 2 scenario files"])
        #expect(!folder.exists("y.jsonl"))
    }

    @Test func diffAndFilmNeverWriteOverTheirInputs() throws {
        let folder = try TestFolder()
        try folder.write("a.lua", Outputs.stageScenario)
        #expect(try piecebox(["run", "a.lua", "--log", "a.jsonl"], in: folder.path).status == 0)
        try FileManager.default.copyItem(atPath: folder.path + "/a.jsonl", toPath: folder.path + "/b.html")
        let log = folder.read("a.jsonl")

        let diff = try piecebox(["diff", "--html", "--out", "./a.jsonl", "a.jsonl", "b.html"], in: folder.path)
        #expect(diff.status == 2)
        #expect(diff.stderr.contains("would overwrite the input a.jsonl"), "\(diff.stderr)")
        let film = try piecebox(["film", "b.html", "--out", "b.html"], in: folder.path)
        #expect(film.status == 2)
        #expect(film.stderr.contains("would overwrite the input b.html"), "\(film.stderr)")
        #expect(folder.read("a.jsonl") == log)
        #expect(folder.read("b.html") == log)
    }

    @Test func stubsNeverWriteOverALuaFileThatIsNotAStubFile() throws {
        let folder = try TestFolder()
        try folder.write("types/\(TypeStubs.fileName)", "test(\"mine\", function() end)\n")
        let run = try piecebox(["stubs", "--out", "types"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stderr.contains("which is not a stub file"), "\(run.stderr)")
        #expect(folder.read("types/\(TypeStubs.fileName)") == "test(\"mine\", function() end)\n")
        // Stubs written before are replaced as ever.
        try folder.write("types/\(TypeStubs.fileName)", "---@meta\n-- old\n")
        #expect(try piecebox(["stubs", "--out", "types"], in: folder.path).status == 0)
        #expect(folder.read("types/\(TypeStubs.fileName)") == TypeStubs.text())
    }
}
