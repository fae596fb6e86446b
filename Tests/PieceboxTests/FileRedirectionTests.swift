import Foundation
import Testing
@testable import piecebox
import LuaHost
import PieceKit

/// Files a scenario's folder cannot redirect: planted links neither receive logs or goldens nor feed the report.
@Suite struct FileRedirectionTests {
    /// A scenario that makes a stage, so it writes a frame log.
    static let stageScenario = """
        test("two frames", function()
          local s = Stage{ fps = 10 }
          s:advance(0.2)
        end)
        """

    @Test func aPlantedTemporaryLinkDoesNotRedirectTheLog() throws {
        let outside = try TestFolder()
        let secret = try outside.write("secret.txt", "keep me\n")
        let folder = try TestFolder()
        try folder.write("x.lua", Self.stageScenario)
        // The names the log's temporary file used to have, for a single log and for a folder of logs.
        try folder.link("out/x.jsonl.tmp", to: secret)
        try folder.link("logs/x.jsonl.tmp", to: secret)

        let single = try piecebox(["run", "x.lua", "--log", "out/x.jsonl"], in: folder.path)
        let many = try piecebox(["run", "x.lua", "--log", "logs"], in: folder.path)

        #expect(single.status == 0, "\(single.stdout)\(single.stderr)")
        #expect(many.status == 0, "\(many.stdout)\(many.stderr)")
        #expect(outside.read("secret.txt") == "keep me\n")
        #expect(folder.read("out/x.jsonl")?.hasPrefix(#"{"format":"piecebox.frames""#) == true)
        #expect(folder.read("logs/x.jsonl")?.hasPrefix(#"{"format":"piecebox.frames""#) == true)
        // Nothing left behind but the planted links.
        #expect(folder.list("out") == ["x.jsonl", "x.jsonl.tmp"])
    }

    @Test func aLinkAtTheLogsOwnNameIsReplacedNotFollowed() throws {
        let outside = try TestFolder()
        let secret = try outside.write("secret.txt", "keep me\n")
        let folder = try TestFolder()
        try folder.write("x.lua", Self.stageScenario)
        try folder.link("logs/x.jsonl", to: secret)

        let run = try piecebox(["run", "x.lua", "--log", "logs"], in: folder.path)

        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(outside.read("secret.txt") == "keep me\n")
        let link = try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path + "/logs/x.jsonl")
        #expect(link == nil, "the log is still a link")
        #expect(folder.read("logs/x.jsonl")?.hasPrefix(#"{"format":"piecebox.frames""#) == true)
    }

    @Test func updatingGoldensNeverWritesThroughAPlantedLink() throws {
        let outside = try TestFolder()
        let secret = try outside.write("secret.txt", "keep me\n")
        let folder = try TestFolder()
        let log = try folder.write("run.jsonl", "{\"frame\":0}\n")
        // The old temporary name of the golden of "x.lua", and a link at the golden's own name.
        try folder.link("goldens/x.jsonl.tmp", to: secret)
        let goldens = Goldens(store: GoldenStore(folder: folder.path + "/goldens", record: .all), filter: nil)

        let first = goldens.check(file: "x.lua", log: log, report: FileReport(path: "x.lua")).tests[0]
        try FileManager.default.removeItem(atPath: folder.path + "/goldens/x.jsonl")
        try folder.link("goldens/x.jsonl", to: secret)
        let second = goldens.check(file: "x.lua", log: log, report: FileReport(path: "x.lua")).tests[0]

        #expect(first.status == .passed, "\(first.message)")
        #expect(second.status == .passed, "\(second.message)")
        #expect(outside.read("secret.txt") == "keep me\n")
        #expect(folder.read("goldens/x.jsonl") == "{\"frame\":0}\n")
        #expect(folder.list("goldens") == ["x.jsonl", "x.jsonl.tmp"])
    }

    @Test func aGoldenLinkedOutOfItsFolderIsRefusedUnread() throws {
        let outside = try TestFolder()
        let secret = try outside.write("secret.txt", "the-secret-line\n")
        let folder = try TestFolder()
        let log = try folder.write("run.jsonl", "{\"frame\":0}\n")
        try folder.link("goldens/x.jsonl", to: secret)
        let goldens = Goldens(store: GoldenStore(folder: folder.path + "/goldens", record: .never), filter: nil)

        let result = goldens.check(file: "x.lua", log: log, report: FileReport(path: "x.lua")).tests[0]

        #expect(result.status == .failed)
        #expect(result.message.contains("is a link out of"), "\(result.message)")
        #expect(!result.message.contains("the-secret-line"), "\(result.message)")
    }

    @Test func aGoldenLinkedInsideItsFolderIsRead() throws {
        let folder = try TestFolder()
        let log = try folder.write("run.jsonl", "{\"frame\":0}\n")
        try folder.write("goldens/kept/original.jsonl", "{\"frame\":0}\n")
        try folder.link("goldens/x.jsonl", to: folder.path + "/goldens/kept/original.jsonl")
        let goldens = Goldens(store: GoldenStore(folder: folder.path + "/goldens", record: .never), filter: nil)

        let result = goldens.check(file: "x.lua", log: log, report: FileReport(path: "x.lua")).tests[0]

        #expect(result.status == .passed, "\(result.message)")
    }

    @Test func scenariosWhoseOldNamesMetGetALogEach() throws {
        let folder = try TestFolder()
        // Under the old rule both became "cases__a__b.jsonl", and "x.lua" and "x.lua.lua" both "cases__x.jsonl".
        try folder.write("cases/a/b.lua", Self.stageScenario)
        try folder.write("cases/a__b.lua", Self.stageScenario)
        try folder.write("cases/x.lua", Self.stageScenario)
        try folder.write("cases/x.lua.lua", Self.stageScenario)

        let run = try piecebox(["run", "cases", "--log", "logs", "--jobs", "2"], in: folder.path)

        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(folder.list("logs") == ["cases__a%5F%5Fb.jsonl", "cases__a__b.jsonl", "cases__x.jsonl", "cases__x.lua.jsonl"])
        #expect(folder.read("logs/cases__a__b.jsonl")?.contains(#""scenario":"cases/a/b.lua""#) == true)
        #expect(folder.read("logs/cases__a%5F%5Fb.jsonl")?.contains(#""scenario":"cases/a__b.lua""#) == true)
        #expect(folder.read("logs/cases__x.jsonl")?.contains(#""scenario":"cases/x.lua""#) == true)
        #expect(folder.read("logs/cases__x.lua.jsonl")?.contains(#""scenario":"cases/x.lua.lua""#) == true)
    }
}
