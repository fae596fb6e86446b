import Foundation
import Testing
@testable import piecebox
import LuaHost
import PieceKit

/// No output lands outside the project (or outside the folder the user named for it), once links are resolved.
/// Cases:
/// - `--golden goldens` where `goldens` is a link out of the project;
/// - a script's `toMatchGolden` with the project's default `goldens` linked out;
/// - `--log`, a report and `stubs --out` through a linked folder out of the project;
/// - `init DIR` with `.github` a link out of DIR, or a link to nothing: nothing at all is written;
/// - a path the user typed outside every project is the user's choice (it is written).
@Suite struct OutputOutsideProjectTests {
    @Test func aGoldenFolderLinkedOutOfTheProjectIsRefused() throws {
        let outside = try TestFolder()
        let folder = try TestFolder()
        try folder.write("piecebox.lua", "return {}\n")
        try folder.write("a.lua", Outputs.stageScenario)
        try folder.link("goldens", to: outside.path)
        let run = try piecebox(["run", "a.lua", "--golden", "goldens"], in: folder.path)
        Outputs.expectRefused(run, saying: ["the golden folder (--golden goldens)", "leads out of the project \(folder.path)",
                                            "(to \(outside.path))"])
        #expect(outside.list() == [])
    }

    @Test func aScriptGoldenNeverGoesThroughALinkedGoldensFolder() throws {
        let outside = try TestFolder()
        let folder = try TestFolder()
        try folder.write("piecebox.lua", "return {}\n")
        try folder.write("a.lua", """
            test("t", function() local s = Stage{ fps = 10 }; s:advance(0.2); expect(s).toMatchGolden("open") end)
            """)
        try folder.link("goldens", to: outside.path)
        let run = try piecebox(["run", "a.lua"], in: folder.path)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("the golden folder \(folder.path)/goldens leads out of the project \(folder.path)"), "\(run.stdout)")
        #expect(outside.list() == [], "a golden was written outside the project")
    }

    @Test(arguments: [["--log", "out/logs"], ["--reporter", "junit=out/r.xml"], ["--log", "out/a.jsonl"]])
    func aLinkedFolderCannotTakeAnOutputOutOfTheProject(flags: [String]) throws {
        let outside = try TestFolder()
        let folder = try TestFolder()
        try folder.write("a.lua", Outputs.stageScenario)
        try folder.link("out", to: outside.path)
        let run = try piecebox(["run", "a.lua"] + flags, in: folder.path)
        // No project file: the folder the run started in is the project.
        Outputs.expectRefused(run, saying: ["leads out of the project \(folder.path)"])
        #expect(outside.list() == [])
    }

    @Test func aPathTypedOutsideEveryProjectIsTheUsersChoice() throws {
        let elsewhere = try TestFolder()
        let folder = try TestFolder()
        try folder.write("a.lua", Outputs.stageScenario)
        let run = try piecebox(["run", "a.lua", "--log", elsewhere.path + "/logs", "--reporter", "junit=\(elsewhere.path)/r.xml"],
                               in: folder.path)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(elsewhere.list() == ["logs", "r.xml"])
        #expect(elsewhere.list("logs") == ["a.jsonl"])
    }

    @Test func stubsNeverFollowALinkOutOfTheProject() throws {
        let outside = try TestFolder()
        let folder = try TestFolder()
        try folder.write("piecebox.lua", "return {}\n")
        try folder.link("types", to: outside.path)
        let run = try piecebox(["stubs", "--out", "types"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stderr.contains("leads out of the project \(folder.path)"), "\(run.stderr)")
        #expect(outside.list() == [])
    }

    @Test(arguments: ["to-nothing", "out"])
    func initWritesNothingWhenAFolderOnTheWayIsALinkToNothingOrOut(kind: String) throws {
        let outside = try TestFolder()
        let folder = try TestFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/proj", withIntermediateDirectories: true)
        try folder.link("proj/.github", to: kind == "out" ? outside.path : "nowhere")
        let run = try piecebox(["init", "proj"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stderr.contains(kind == "out" ? "leads out of the project folder proj" : "is a link that leads nowhere"),
                "\(run.stderr)")
        #expect(run.stderr.contains("nothing was written"), "\(run.stderr)")
        // All or nothing: the link is all there is.
        #expect(folder.list("proj") == [".github"])
        #expect(outside.list() == [])
    }

    @Test func initRefusesADanglingLinkAtAFilesOwnName() throws {
        let folder = try TestFolder()
        try folder.link("proj/piecebox.lua", to: "nowhere")
        let run = try piecebox(["init", "proj"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stderr.contains("proj/piecebox.lua already exists; nothing was written"), "\(run.stderr)")
        #expect(folder.list("proj") == ["piecebox.lua"])
    }
}
