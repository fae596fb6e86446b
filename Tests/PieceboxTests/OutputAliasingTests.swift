import Foundation
import Testing
@testable import piecebox
import LuaHost
import PieceKit

/// No two outputs of one run are one file, compared by where they really lead. Cases:
/// - two reports, one typed `r.xml` and one `./r.xml`, or one reached through a linked folder;
/// - Bazel's `XML_OUTPUT_FILE` and a report of another kind at that file (a JUnit report there is Bazel's own);
/// - the folder of logs and the golden folder as one folder, and a single log typed as a golden's path;
/// - a report in the folder of logs under a log's name;
/// - two scenarios named as one golden by a nested project file;
/// - a script golden of `..lua` landing among the file goldens;
/// - a file named twice runs once (its log is written once).
@Suite struct OutputAliasingTests {
    @Test func twoReportsTypedDifferentlyInOneFileAreRefused() throws {
        let folder = try TestFolder()
        try folder.write("a.lua", Outputs.stageScenario)
        let run = try piecebox(["run", "a.lua", "--reporter", "junit=r.xml", "--reporter", "json=./r.xml"], in: folder.path)
        Outputs.expectRefused(run, saying: ["r.xml and ./r.xml", "junit report", "json report"])
        #expect(!folder.exists("r.xml"))
    }

    @Test func aReportReachedThroughALinkedFolderIsTheSameFile() throws {
        let folder = try TestFolder()
        try folder.write("a.lua", Outputs.stageScenario)
        try FileManager.default.createDirectory(atPath: folder.path + "/reports", withIntermediateDirectories: true)
        try folder.link("linked", to: "reports")
        let run = try piecebox(["run", "a.lua", "--reporter", "junit=reports/r.xml", "--reporter", "tap=linked/r.xml"],
                               in: folder.path)
        Outputs.expectRefused(run, saying: ["reports/r.xml and linked/r.xml", "\(folder.path)/reports/r.xml"])
    }

    @Test func bazelsXMLFileAndAnotherReportThereAreRefused() throws {
        let folder = try TestFolder()
        try folder.write("a.lua", Outputs.stageScenario)
        let run = try piecebox(["run", "a.lua", "--reporter", "json=./r.xml"], in: folder.path,
                               environment: ["XML_OUTPUT_FILE": "r.xml"])
        Outputs.expectRefused(run, saying: ["XML_OUTPUT_FILE=r.xml", "json report"])
        // A JUnit report the command line already writes there is the one Bazel asks for: written once.
        let same = try piecebox(["run", "a.lua", "--reporter", "junit=./r.xml"], in: folder.path,
                                environment: ["XML_OUTPUT_FILE": "r.xml"])
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        #expect(folder.read("r.xml")?.contains("<testsuites") == true)
    }

    @Test(arguments: [
        (["--log", "goldens", "--golden", "goldens"], "as the frame log of a.lua (--log goldens) and as the golden of a.lua"),
        (["--log", "g/a.jsonl", "--golden", "g"], "as the frame log of a.lua (--log g/a.jsonl) and as the golden of a.lua"),
        (["--log", "logs", "--reporter", "json=logs/a.jsonl"], "as the frame log of a.lua (--log logs) and as the json report"),
        (["--log", "logs", "--reporter", "junit=logs"], "the folder of frame logs (--log logs) and as the junit report"),
    ])
    func aLogNeverSharesItsFileWithAGoldenOrAReport(flags: [String], words: String) throws {
        let folder = try TestFolder()
        try folder.write("a.lua", Outputs.stageScenario)
        let run = try piecebox(["run", "a.lua"] + flags, in: folder.path)
        Outputs.expectRefused(run, saying: [words])
    }

    @Test func aNestedProjectFileCannotMakeTwoScenariosShareAGolden() throws {
        let folder = try TestFolder()
        try folder.write("piecebox.lua", "return {}\n")
        try folder.write("x/piecebox.lua", "return {}\n")
        try folder.write("a/b.lua", Outputs.stageScenario)
        try folder.write("x/a/b.lua", Outputs.stageScenario.replacingOccurrences(of: "0.2", with: "0.3"))
        let run = try piecebox(["run", ".", "--golden", "goldens"], in: folder.path)
        Outputs.expectRefused(run, saying: ["goldens/a__b.jsonl", "the golden of ./a/b.lua", "the golden of ./x/a/b.lua",
                                          "its project is \(folder.path)/x"])
        #expect(!folder.exists("goldens/a__b.jsonl"))
    }

    @Test func aScenarioNamedDotDotLuaKeepsItsScriptGoldensInAFolderOfItsOwn() throws {
        let folder = try TestFolder()
        try folder.write("..lua", """
            test("t", function() local s = Stage{ fps = 10 }; s:advance(0.2); expect(s).toMatchGolden("b") end)
            """)
        try folder.write("b.lua", Outputs.stageScenario)
        let script = try piecebox(["run", "..lua"], in: folder.path)
        #expect(script.status == 0, "\(script.stdout)\(script.stderr)")
        // `..lua` is named `%2E` (its dot escaped), so its "b" is not `goldens/b.jsonl`, the golden of b.lua.
        #expect(folder.list("goldens") == ["%2E"])
        #expect(folder.list("goldens/%2E") == ["b.jsonl"])
        let other = try piecebox(["run", "b.lua", "--golden", "goldens"], in: folder.path)
        #expect(other.status == 0, "\(other.stdout)\(other.stderr)")
        #expect(LogName.fileName(for: "..lua") == "%2E.jsonl")
        #expect(LogName.fileName(for: "...lua") == "%2E%2E.jsonl")
        #expect(LogName.fileName(for: "a/..lua") == "a__..jsonl", "inside a folder the name is no folder of its own")
    }

    @Test func aGoldenNameWithADotPartIsRefused() throws {
        let folder = try TestFolder()
        let store = GoldenStore(folder: folder.path + "/goldens", record: .all)
        for name in ["./b.jsonl", "a/../b.jsonl", "a//b.jsonl", "/b.jsonl"] {
            let outcome = store.check(name: name, actual: "{\"frame\":0}\n", selection: .init(ran: []), what: "x")
            #expect(outcome.status == .failed, "\(name)")
            #expect(outcome.message.contains("'.' or '..' part"), "\(outcome.message)")
        }
        #expect(!folder.exists("goldens"))
    }

    @Test func aFileNamedTwiceRunsOnceAndWritesItsLogOnce() throws {
        let folder = try TestFolder()
        try folder.write("a.lua", Outputs.stageScenario)
        let run = try piecebox(["run", "a.lua", "./a.lua", folder.path + "/a.lua", ".", "--log", "logs"], in: folder.path)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasSuffix("1 passed, 0 failed\n"), "\(run.stdout)")
        #expect(folder.list("logs") == ["a.jsonl"])
    }
}
