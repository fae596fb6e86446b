import Foundation
import Testing
@testable import piecebox

/// `piecebox run --watch`: after the first run, a save runs again the scenarios that changed and those requiring the
/// file that changed, and nothing else; the process runs until it is stopped.
@Suite struct WatchTests {
    static func scenario(_ name: String, requiring module: String? = nil) -> String {
        (module.map { "local shared = require \"\($0)\"\n" } ?? "local shared = { h = 1 }\n") + """
        test("\(name)", function()
          local s = Stage{ fps = 10 }
          s:piece{ name = "card", layout = function() return { surface = { x = 0, y = 0, w = 10, h = shared.h } } end }
          s:frames(1)
        end)
        """
    }

    @Test func aSavedModuleRunsTheScenariosRequiringItAgain() throws {
        let folder = try TestFolder()
        try folder.write("piecebox.lua", "return {}\n")
        try folder.write("cases/a.lua", Self.scenario("a", requiring: "_shared"))
        try folder.write("cases/b.lua", Self.scenario("b"))
        try folder.write("cases/_shared.lua", "return { h = 10 }\n")
        let output = folder.path + "/watch.out"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let sink = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: pieceboxBinary)
        process.arguments = ["run", "cases", "--watch"]
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

        // The first run: both files, then the watcher waits.
        #expect(eventually(within: 60) { count("watch: watching cases for saves") == 1 }, "\(said())")
        #expect(count("PASS cases/a.lua") == 1 && count("PASS cases/b.lua") == 1, "\(said())")

        // The module a.lua requires is saved: a.lua runs again, b.lua does not.
        try folder.write("cases/_shared.lua", "return { h = 20 }\n")
        #expect(eventually(within: 60) { count("watch: watching cases for saves") == 2 }, "\(said())")
        #expect(said().contains("watch: _shared.lua changed; running 1 file again\n"), "\(said())")
        #expect(count("PASS cases/a.lua") == 2, "\(said())")
        #expect(count("PASS cases/b.lua") == 1, "\(said())")

        // Stopped, it ends, leaving no worker behind.
        #expect(process.isRunning)
        kill(process.processIdentifier, SIGTERM)
        #expect(eventually(within: 30) { !process.isRunning })
        #expect(children(of: process.processIdentifier).isEmpty)
        // It was waiting for saves, so no run was cut short: it does not call one incomplete.
        #expect(said().contains("piecebox: stopped by SIGTERM while watching for saves\n"), "\(said())")
        #expect(!said().contains("incomplete"), "\(said())")
    }
}

/// Which scenarios a save runs again: those saved, and those requiring the saved file through any chain of modules,
/// found in the scenario's folder and then the `--lib` folders, as the sandbox finds them.
@Suite struct WatchAffectedTests {
    @Test func aSaveRunsTheScenariosRequiringItThroughOtherModules() throws {
        let folder = try TestFolder()
        try folder.write("cases/a.lua", "local m = require(\"_mid\")\n")
        try folder.write("cases/b.lua", "local x = require 'lib.deep'\n")
        try folder.write("cases/c.lua", "-- require \"nothing\" in words only: no such module\n")
        try folder.write("cases/_mid.lua", "return require \"_leaf\"\n")
        try folder.write("cases/_leaf.lua", "return {}\n")
        try folder.write("shared/lib/deep.lua", "return {}\n")
        let scenarios = ["a", "b", "c"].map { folder.path + "/cases/\($0).lua" }
        let libraries = [folder.path + "/shared"]
        // _leaf.lua: a.lua requires _mid, which requires _leaf.
        #expect(Watch.affected(by: [folder.path + "/cases/_leaf.lua"], scenarios: scenarios, libraries: libraries)
                == [scenarios[0]])
        // lib/deep.lua, found in the --lib folder as `lib.deep`.
        #expect(Watch.affected(by: [folder.path + "/shared/lib/deep.lua"], scenarios: scenarios, libraries: libraries)
                == [scenarios[1]])
        // A scenario itself; and a file nothing requires.
        #expect(Watch.affected(by: [scenarios[2]], scenarios: scenarios, libraries: libraries) == [scenarios[2]])
        #expect(Watch.affected(by: [folder.path + "/cases/_unused.lua"], scenarios: scenarios, libraries: libraries).isEmpty)
    }
}
