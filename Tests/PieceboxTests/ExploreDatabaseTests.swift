import Foundation
import Testing
@testable import piecebox

/// `piecebox explore` remembers: each exploration's minimal failing records in a small file under the project
/// (`.piecebox/explore/`), replayed before run 0 next time and forgotten once they pass; planned with the run's
/// other outputs, read only under CI, off with `--no-db`, and never a trap when the file is not what it should be.
@Suite struct ExploreDatabaseTests {
    static let folderOfJumps = ".piecebox/explore/scenarios__jumps"

    @Test func aStoredFailureIsReplayedFirstAndForgottenOnceItPasses() throws {
        let folder = try ExploreCommandTests.project()
        let first = try piecebox(["explore", "scenarios/jumps.lua"], in: folder.path)
        #expect(first.status == 1)
        #expect(first.stdout.contains("seed 0, run "))
        let stored = folder.list(Self.folderOfJumps)
        #expect(stored.count == 1 && stored[0].hasSuffix(".json"), "\(stored)")
        let record = try #require(folder.read(Self.folderOfJumps + "/" + stored[0]))
        #expect(record.contains(#""exploration": "the card never jumps""#))

        // The next run finds it before run 0: the record replayed, shrunk to the same two actions.
        let second = try piecebox(["explore", "scenarios/jumps.lua"], in: folder.path)
        #expect(second.status == 1)
        #expect(second.stdout.contains("replayed from the database"), "\(second.stdout)")
        #expect(second.stdout.contains("minimal: 2 actions: arm, fire"))
        #expect(!second.stdout.contains("seed 0, run "))

        // Fixed, the record passes: the exploration searches again, passes, and forgets it.
        try folder.write("scenarios/jumps.lua", try #require(folder.read("scenarios/springs.lua")))
        let fixed = try piecebox(["explore", "scenarios/jumps.lua"], in: folder.path)
        #expect(fixed.status == 0, "\(fixed.stdout)\(fixed.stderr)")
        #expect(fixed.stdout.contains("1 stored failure passes now, forgotten"), "\(fixed.stdout)")
        #expect(folder.list(Self.folderOfJumps).isEmpty)
    }

    @Test func underCIOrWithNoDbNothingIsStored() throws {
        let folder = try ExploreCommandTests.project()
        let ci = try piecebox(["explore", "scenarios/jumps.lua"], in: folder.path, environment: ["CI": "true"])
        #expect(ci.status == 1)
        #expect(folder.list(".piecebox").isEmpty)
        let off = try piecebox(["explore", "--no-db", "scenarios/jumps.lua"], in: folder.path)
        #expect(off.status == 1)
        #expect(folder.list(".piecebox").isEmpty)
        // --db names another folder: the file's records go under it, by the file's path from its project.
        _ = try piecebox(["explore", "--db", "found", "scenarios/jumps.lua"], in: folder.path)
        #expect(folder.list("found/scenarios__jumps").count == 1)
    }

    @Test func aCorruptOrHandEditedFileIsSaidByNameAndReplaced() throws {
        let folder = try ExploreCommandTests.project()
        _ = try piecebox(["explore", "scenarios/jumps.lua"], in: folder.path)
        let name = try #require(folder.list(Self.folderOfJumps).first)
        let path = Self.folderOfJumps + "/" + name
        for broken in ["{ not json", #"{"records": [3]}"#, #"{"records": "pick:0"}"#] {
            try folder.write(path, broken)
            let run = try piecebox(["explore", "scenarios/jumps.lua"], in: folder.path)
            // Said with the file's name; the exploration searches as if nothing were stored, and stores afresh.
            #expect(run.status == 1)
            #expect(run.stderr.contains(name), "\(run.stderr)")
            #expect(run.stdout.contains("seed 0, run "), "\(run.stdout)")
            #expect(folder.read(path)?.contains(#""records": ["#) == true)
        }
        // A record that no longer fits the exploration (a kind it never draws) is dropped, not replayed.
        try folder.write(path, #"{"exploration": "the card never jumps", "records": ["bool:true bool:false"]}"#)
        let dropped = try piecebox(["explore", "scenarios/jumps.lua"], in: folder.path)
        #expect(dropped.stdout.contains("seed 0, run "), "\(dropped.stdout)")
        #expect(!dropped.stdout.contains("replayed from the database"))
    }

    @Test func theDatabaseIsPlannedWithTheRunsOtherOutputs() throws {
        let folder = try ExploreCommandTests.project()
        let outside = try TestFolder()
        // A link that leads the database out of the project is refused before anything runs.
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/.piecebox", withDestinationPath: outside.path)
        let run = try piecebox(["explore", "scenarios/jumps.lua"], in: folder.path)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("failure database"), "\(run.stderr)")
        #expect(outside.list().isEmpty)
    }
}
