import Foundation
import Testing
@testable import piecebox

/// `--watch` watches and reruns on everything a run reads, not only scenarios and their requires: the token set
/// (`--tokens`, applied to every file), the plugin folders (`--plugins`, and those a header names), wherever they are.
@Suite struct WatchInputsTests {
    @Test func aSavedTokenSetOrPluginRunsTheScenariosThatReadIt() throws {
        let folder = try TestFolder()
        try folder.write("cases/a.lua", "-- a\n")
        try folder.write("cases/b.lua", "--! plugins: ../local\n-- b\n")
        try folder.write("tokens/soft.lua", "--! token-set: soft\nreturn {}\n")
        try folder.write("plug/toast/plugin.lua", "return {}\n")
        try folder.write("local/pin/plugin.lua", "return {}\n")
        let scenarios = ["a", "b"].map { folder.path + "/cases/\($0).lua" }
        let tokens = folder.path + "/tokens/soft.lua", plugins = [folder.path + "/plug"]
        func rerun(_ saved: String) -> [String] {
            Watch.affected(by: [folder.path + "/" + saved], scenarios: scenarios, libraries: [], tokenSet: tokens,
                           plugins: plugins)
        }
        // The token set and a --plugins file reach every scenario; a header's plugin only the scenario naming it.
        #expect(rerun("tokens/soft.lua") == scenarios)
        #expect(rerun("plug/toast/plugin.lua") == scenarios)
        #expect(rerun("local/pin/plugin.lua") == [scenarios[1]])
        #expect(rerun("plug2/other.lua").isEmpty)
    }

    @Test func theTokenSetAndPluginFoldersAreWatchedWhereverTheyAre() throws {
        let folder = try TestFolder()
        try folder.write("cases/a.lua", "--! plugins: ../local\n-- a\n")
        try folder.write("tokens/soft.lua", "--! token-set: soft\nreturn {}\n")
        try folder.write("plug/toast/plugin.lua", "return {}\n")
        try folder.write("local/pin/plugin.lua", "return {}\n")
        let root = folder.path
        let command = try RunCommand.parse(["\(root)/cases", "--watch", "--tokens", "\(root)/tokens/soft.lua",
                                            "--plugins", "\(root)/plug"])
        let watched = Watch.watchedFolders(command)
        for expected in ["cases", "tokens", "plug", "cases/../local"] {
            #expect(watched.contains("\(root)/\(expected)"), "\(watched)")
        }
    }

    @Test func savingTheTokenSetRunsEveryScenarioAgain() throws {
        let folder = try TestFolder()
        try folder.write("piecebox.lua", "return {}\n")
        try folder.write("cases/a.lua", WatchTests.scenario("a"))
        try folder.write("cases/b.lua", WatchTests.scenario("b"))
        try folder.write("tokens/soft.lua", "--! token-set: soft\nreturn { tiers = { calm = { duration = 0.6, bounce = 0.1 } } }\n")
        let output = folder.path + "/watch.out"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let sink = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: pieceboxBinary)
        process.arguments = ["run", "cases", "--watch", "--tokens", "tokens/soft.lua"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        process.standardOutput = sink
        process.standardError = sink
        process.standardInput = FileHandle.nullDevice
        try process.run()
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            try? sink.close()
        }
        func said() -> String { folder.read("watch.out") ?? "" }
        func count(_ text: String) -> Int { said().components(separatedBy: text).count - 1 }
        #expect(eventually(within: 60) { count("for saves (Ctrl-C to stop)") == 1 }, "\(said())")
        try folder.write("tokens/soft.lua", "--! token-set: soft\nreturn { tiers = { calm = { duration = 0.7, bounce = 0.1 } } }\n")
        #expect(eventually(within: 60) { count("for saves (Ctrl-C to stop)") == 2 }, "\(said())")
        #expect(said().contains("watch: soft.lua changed; running 2 files again\n"), "\(said())")
        #expect(!said().contains("no scenario of this run uses it"), "\(said())")
        #expect(count("PASS cases/a.lua") == 2 && count("PASS cases/b.lua") == 2, "\(said())")
        kill(process.processIdentifier, SIGTERM)
        #expect(eventually(within: 30) { !process.isRunning })
    }
}
