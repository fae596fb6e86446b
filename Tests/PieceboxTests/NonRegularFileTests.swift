import Foundation
import Testing
@testable import piecebox
import LuaHost
import PieceKit

/// Only regular files are read, and opening one never waits. A named pipe nobody writes to blocks a plain open for
/// ever, so each case below hung (or ran into a time limit) before; each is now skipped or refused by name at once.
/// Cases: a pipe in a scenario folder (skipped), a pipe or a device named on the command line (refused), a pipe as a
/// plugin manifest, a token set, a `--lib` module, a golden, the shard timings, an input of `diff`.
@Suite struct NonRegularFileTests {
    /// Generous: the fixed runs take well under a second; a run that waits on a pipe never ends.
    static let bound = 60.0

    @Test func aPipeInAScenarioFolderIsSkipped() throws {
        let folder = try TestFolder()
        try folder.write("a.lua", Outputs.stageScenario)
        try folder.pipe("b.lua")
        try folder.pipe("sub/c.lua")
        try folder.link("d.lua", to: "/dev/zero")
        let run = try PieceboxRun(["run", "."], in: folder.path).finish(within: Self.bound)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("PASS ./a.lua"), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("1 passed, 0 failed\n"), "\(run.stdout)")
    }

    @Test(arguments: [("b.lua", "is a named pipe (FIFO), not a regular file"), ("d.lua", "is a character device, not a regular file")])
    func aPipeOrADeviceNamedOnTheCommandLineIsRefused(name: String, words: String) throws {
        let folder = try TestFolder()
        try folder.write("a.lua", Outputs.stageScenario)
        try folder.pipe("b.lua")
        try folder.link("d.lua", to: "/dev/zero")
        let run = try PieceboxRun(["run", "a.lua", name], in: folder.path).finish(within: Self.bound)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("\(name) \(words): only regular files are scenarios"), "\(run.stderr)")
    }

    @Test(arguments: [
        (["--plugins", "plug"], "plug/plugin.lua", "plug/plugin.lua: it is a named pipe (FIFO)"),
        (["--tokens", "soft.lua"], "soft.lua", "--tokens soft.lua: cannot read the file"),
        (["--lib", "lua"], "lua/helper.lua", "require: cannot read"),
    ])
    func aPipeGivenToTheSandboxIsRefusedNotAwaited(flags: [String], pipe: String, words: String) throws {
        let folder = try TestFolder()
        try folder.write("a.lua", """
            \(flags.first == "--lib" ? "local helper = require(\"helper\")" : "")
            test("t", function() end)
            """)
        try folder.pipe(pipe)
        let run = try PieceboxRun(["run", "a.lua", "--max-seconds", "20"] + flags, in: folder.path).finish(within: Self.bound)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains(words), "\(run.stdout)")
        #expect(!run.stdout.contains("time limit"), "it waited on the pipe: \(run.stdout)")
    }

    @Test func aPipeAsAGoldenIsRefusedNotAwaited() throws {
        let folder = try TestFolder()
        try folder.write("a.lua", Outputs.stageScenario)
        try folder.pipe("goldens/a.jsonl")
        let run = try PieceboxRun(["run", "a.lua", "--golden", "goldens", "--record", "never"], in: folder.path)
            .finish(within: Self.bound)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("cannot read the golden goldens/a.jsonl: it is a named pipe (FIFO)"), "\(run.stdout)")
    }

    @Test func pipesAsShardTimingsOrDiffOrFilmInputsAreRefusedNotAwaited() throws {
        let folder = try TestFolder()
        try folder.write("a.lua", Outputs.stageScenario)
        try folder.pipe("t.json")
        let shard = try PieceboxRun(["run", "a.lua", "--shard", "1/2", "--shard-timings", "t.json"], in: folder.path)
            .finish(within: Self.bound)
        #expect(shard.status == 2)
        #expect(shard.stderr.contains("--shard-timings: t.json: it is a named pipe (FIFO)"), "\(shard.stderr)")
        let diff = try PieceboxRun(["diff", "t.json", "t.json"], in: folder.path).finish(within: Self.bound)
        #expect(diff.status == 2)
        #expect(diff.stderr.contains("cannot read t.json: it is a named pipe (FIFO)"), "\(diff.stderr)")
        try folder.pipe("log.jsonl")
        let film = try PieceboxRun(["film", "log.jsonl", "--out", "f.svg"], in: folder.path).finish(within: Self.bound)
        #expect(film.status == 1)
        #expect(film.stderr.contains("cannot read log.jsonl: it is a named pipe (FIFO)"), "\(film.stderr)")
    }

    @Test func readingARegularFileAndRefusingEachOtherKind() throws {
        let folder = try TestFolder()
        let file = try folder.write("a.txt", "hello")
        #expect(RegularFile.contents(file) == Data("hello".utf8))
        #expect(RegularFile.contents(file, upTo: 2) == Data("he".utf8))
        let pipe = try folder.pipe("p")
        guard case .failure(let problem) = RegularFile.read(pipe) else { Issue.record("a pipe was read"); return }
        #expect(problem.kind == .pipe)
        guard case .failure(let device) = RegularFile.read("/dev/zero") else { Issue.record("a device was read"); return }
        #expect(device.kind == .characterDevice)
        guard case .failure(let dir) = RegularFile.read(folder.path) else { Issue.record("a folder was read"); return }
        #expect(dir.kind == .folder)
    }
}
