import Foundation
import Testing
import PieceKit
@testable import piecebox

/// Every report format, read back by a parser of its own kind (not compared as strings): what a CI system reads is
/// what happened.
@Suite struct ReporterTests {
    /// Two files: one with a pass that prints, a failure at line 3 that prints, and a skipped test; one whose top
    /// level fails at line 1. So every report holds 4 tests: 1 passed, 2 failed, 1 skipped.
    static func mixedFolder() throws -> TestFolder {
        let folder = try TestFolder()
        try folder.write("a.lua", """
            describe("group", function()
              test("passes", function() print("hello from passes") end)
              test("fails", function() print("before the failure") expect(1).toBe(2) end)
            end)
            xtest("skipped", function() end)
            """)
        try folder.write("b.lua", "error(\"top level broke\")\n")
        return folder
    }

    @Test func junitIsReadByAnXMLParserWithOneSuitePerFileAndOneCasePerTest() throws {
        let folder = try Self.mixedFolder()
        let run = try piecebox(["run", "a.lua", "b.lua", "--reporter", "junit=out/report.xml"], in: folder.path)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        // The human report still goes to standard output, its last line the totals.
        #expect(run.stdout.split(separator: "\n").last == "1 passed, 2 failed, 1 skipped", "\(run.stdout)")

        let xml = try #require(folder.read("out/report.xml"))
        let tree = try XMLTree.parse(Data(xml.utf8))
        #expect(tree.name == "testsuites")
        #expect(tree.attributes["tests"] == "4")
        #expect(tree.attributes["failures"] == "2")
        #expect(tree.attributes["skipped"] == "1")
        #expect(tree.attributes["name"]?.hasPrefix("piecebox ") == true)
        let suites = tree.children.filter { $0.name == "testsuite" }
        #expect(suites.map { $0.attributes["name"] } == ["a.lua", "b.lua"])

        // The shape Jenkins and GitLab read: suites of cases; a case holds at most one outcome, then its output.
        #expect(tree.children.allSatisfy { $0.name == "testsuite" })
        for suite in suites {
            #expect(suite.children.allSatisfy { ["properties", "testcase", "system-out", "system-err"].contains($0.name) })
            #expect(suite.children.first?.name == "properties")
            for testcase in suite.children where testcase.name == "testcase" {
                let kinds = testcase.children.map(\.name)
                #expect(kinds.filter { ["failure", "error", "skipped"].contains($0) }.count <= 1, "\(kinds)")
                #expect(kinds.allSatisfy { ["failure", "error", "skipped", "system-out", "system-err"].contains($0) }, "\(kinds)")
                #expect(testcase.attributes["classname"] == suite.attributes["name"])
            }
        }
        let cases = suites[0].children.filter { $0.name == "testcase" }
        #expect(cases.map { $0.attributes["name"] } == ["group > passes", "group > fails", "skipped"])
        #expect(cases.allSatisfy { $0.attributes["time"].flatMap(Double.init) != nil })
        // The passing test's output is its own, in its own system-out.
        #expect(cases[0].child("system-out")?.text == "hello from passes")
        let failure = try #require(cases[1].child("failure"))
        #expect(failure.attributes["message"]?.hasPrefix("a.lua:3: expected 1 to be 2") == true, "\(failure.attributes)")
        #expect(cases[1].attributes["file"] == "a.lua")
        #expect(cases[1].attributes["line"] == "3")
        #expect(cases[1].child("system-out")?.text == "before the failure")
        #expect(cases[2].child("skipped") != nil)

        let fileFailure = try #require(suites[1].children.first { $0.name == "testcase" }?.child("failure"))
        #expect(fileFailure.attributes["message"]?.contains("b.lua:1: top level broke") == true)
    }

    @Test func tapIsVersion13ByDefaultWithAPlanAndProveReadsItAsWritten() throws {
        let folder = try Self.mixedFolder()
        let run = try piecebox(["run", "a.lua", "b.lua", "--reporter", "tap"], in: folder.path)
        #expect(run.status == 1)
        let tap = try TAPStream.parse(run.stdout)
        #expect(tap.version == 13)
        #expect(tap.plan == 4)
        #expect(tap.points.map(\.number) == [1, 2, 3, 4])
        #expect(tap.points.map(\.ok) == [true, false, true, false])
        #expect(tap.points.map(\.description) == ["a.lua > group > passes", "a.lua > group > fails", "a.lua > skipped", "b.lua > (file)"])
        #expect(tap.points[2].directive == "SKIP")
        #expect(tap.points[1].yaml.contains { $0.contains("message: \"a.lua:3: expected 1 to be 2") }, "\(tap.points[1].yaml)")
        #expect(tap.points[1].yaml.contains("at: { file: \"a.lua\", line: 3 }"), "\(tap.points[1].yaml)")
        #expect(tap.points[0].yaml.contains("output: [\"hello from passes\"]"), "\(tap.points[0].yaml)")

        // Perl's prove (TAP::Harness 3.44 on Debian) knows TAP up to version 13 and refuses a later version line:
        // the stream goes to it exactly as written, the way docs/guides/running-in-ci.md says to run it (`prove -e cat FILE`).
        let prove = "/usr/bin/prove"
        if FileManager.default.isExecutableFile(atPath: prove) {
            let file = try folder.write("run.tap", run.stdout)
            let result = try runTool(prove, ["-v", "-e", "cat", file])
            // prove fails the stream because two tests failed, but it must find no parse error and count all four.
            #expect(!result.output.contains("Parse errors"), "\(result.output)")
            #expect(result.output.contains("Failed 2/4 subtests"), "\(result.output)")
        }
    }

    @Test func tapVersion14OnlyWhenAskedWithTheSameLines() throws {
        let folder = try Self.mixedFolder()
        let standard = try piecebox(["run", "a.lua", "b.lua", "--reporter", "tap"], in: folder.path)
        let asked = try piecebox(["run", "a.lua", "b.lua", "--reporter", "tap", "--tap-version", "14"], in: folder.path)
        #expect(try TAPStream.parse(asked.stdout).version == 14)
        // Only the version line differs (the header's second line names piecebox's version, the same in both).
        let rest = { (text: String) in text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().filter { !$0.hasPrefix("# piecebox") } }
        #expect(rest(asked.stdout) == rest(standard.stdout))
        let explicit13 = try piecebox(["run", "a.lua", "--reporter", "tap", "--tap-version", "13"], in: folder.path)
        #expect(try TAPStream.parse(explicit13.stdout).version == 13)
    }

    @Test(arguments: [
        (["--tap-version", "12", "--reporter", "tap"], "--tap-version needs 13 or 14, got \"12\""),
        (["--tap-version", "14"], "--tap-version sets the tap report's version; add --reporter tap[=PATH]"),
    ])
    func tapVersionRefusesWhatItCannotWrite(flags: [String], message: String) throws {
        let folder = try Self.mixedFolder()
        let run = try piecebox(["run", "a.lua"] + flags, in: folder.path)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    @Test func jsonHasOneObjectPerTestWithItsFileGroupNameStatusLineAndDuration() throws {
        let folder = try Self.mixedFolder()
        let run = try piecebox(["run", "a.lua", "b.lua", "--reporter", "json=report.json"], in: folder.path)
        #expect(run.status == 1)
        let data = try #require(folder.read("report.json")).data(using: .utf8) ?? Data()
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["format"] as? String == "piecebox.report")
        let tests = try #require(json["tests"] as? [[String: Any]])
        #expect(tests.count == 4)
        let fails = try #require(tests.first { $0["fullName"] as? String == "group > fails" })
        #expect(fails["file"] as? String == "a.lua")
        #expect(fails["group"] as? String == "group")
        #expect(fails["name"] as? String == "fails")
        #expect(fails["status"] as? String == "failed")
        #expect(fails["failureFile"] as? String == "a.lua")
        #expect(fails["line"] as? Int == 3)
        #expect((fails["duration"] as? NSNumber)?.doubleValue ?? -1 >= 0)
        #expect(fails["output"] as? [String] == ["before the failure"])
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["passed"] as? Int == 1 && summary["failed"] as? Int == 2 && summary["skipped"] as? Int == 1)
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.map { $0["path"] as? String } == ["a.lua", "b.lua"])
    }

    @Test func githubAnnotationsAreOnUnderGitHubActionsAndPointAtTheFailingLine() throws {
        let folder = try Self.mixedFolder()
        let run = try piecebox(["run", "a.lua", "b.lua"], in: folder.path, environment: ["GITHUB_ACTIONS": "true"])
        let annotations = run.stdout.split(separator: "\n").filter { $0.hasPrefix("::error ") }
        #expect(annotations.count == 2, "\(run.stdout)")
        let first = try #require(annotations.first.map(String.init))
        let parsed = try #require(GitHubCommand.parse(first))
        #expect(parsed.properties["file"] == "a.lua")
        #expect(parsed.properties["line"] == "3")
        #expect(parsed.properties["title"] == "a.lua > group > fails")
        #expect(parsed.message.hasPrefix("a.lua:3: expected 1 to be 2\n"), "\(parsed.message)")
        #expect(run.stdout.split(separator: "\n").last == "1 passed, 2 failed, 1 skipped")
        // Without GITHUB_ACTIONS there are none.
        let plain = try piecebox(["run", "a.lua", "b.lua"], in: folder.path, environment: ["GITHUB_ACTIONS": ""])
        #expect(!plain.stdout.contains("::error"), "\(plain.stdout)")
    }

    /// A name with line breaks used to print a fake PASS line and a fake totals line. Fails before the escaping.
    @Test func aTestNameWithLineBreaksCannotForgeALineOfAnyReport() throws {
        let folder = try TestFolder()
        let forged = #"x\nPASS fake.lua\n  ✓ fine\n99 passed, 0 failed"#
        try folder.write("forge.lua", """
            test("\(forged)", function() error("boom\\r99 passed, 0 failed\\n\\27[2K") end)
            """)
        let run = try piecebox(["run", "forge.lua", "--reporter", "junit=r.xml", "--reporter", "tap=r.tap"], in: folder.path)
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
        #expect(lines.last == "0 passed, 1 failed", "\(run.stdout)")
        #expect(!lines.contains("PASS fake.lua"), "\(run.stdout)")
        #expect(!lines.contains { $0.hasPrefix("99 passed") }, "\(run.stdout)")
        #expect(!run.stdout.contains("\r") && !run.stdout.contains("\u{1B}"), "\(run.stdout)")
        #expect(lines.contains("  ✗ x\\nPASS fake.lua\\n  ✓ fine\\n99 passed, 0 failed"), "\(run.stdout)")

        let tap = try TAPStream.parse(try #require(folder.read("r.tap")))
        #expect(tap.points.count == 1 && tap.plan == 1)
        let xml = try XMLTree.parse(Data(try #require(folder.read("r.xml")).utf8))
        // The XML parser gives the name back exactly, line breaks and all.
        let testcase = xml.children.first?.children.first { $0.name == "testcase" }
        #expect(testcase?.attributes["name"] == "x\nPASS fake.lua\n  ✓ fine\n99 passed, 0 failed")
    }

    @Test func quietPrintsOnlyFailuresAndTheTotals() throws {
        let folder = try Self.mixedFolder()
        try folder.write("c.lua", "test(\"fine\", function() end)\n")
        let run = try piecebox(["run", "a.lua", "b.lua", "c.lua", "--quiet"], in: folder.path)
        #expect(!run.stdout.contains("PASS"), "\(run.stdout)")
        #expect(!run.stdout.contains("✓"), "\(run.stdout)")
        #expect(run.stdout.contains("FAIL a.lua") && run.stdout.contains("FAIL b.lua"))
        #expect(run.stdout.split(separator: "\n").last == "2 passed, 2 failed, 1 skipped")
    }

    @Test func versionIsPrintedAndHeadsTheReport() throws {
        let folder = try Self.mixedFolder()
        let version = try piecebox(["--version"], in: folder.path)
        #expect(version.status == 0)
        #expect(version.stdout == "piecebox \(PieceboxVersion.number)\n")
        let run = try piecebox(["run", "a.lua"], in: folder.path)
        #expect(run.stdout.hasPrefix("piecebox \(PieceboxVersion.number)\n"), "\(run.stdout)")
    }

    @Test func twoReportsCannotBothTakeStandardOutput() throws {
        let folder = try Self.mixedFolder()
        let run = try piecebox(["run", "a.lua", "--reporter", "tap", "--reporter", "json"], in: folder.path)
        #expect(run.status == 2)
        #expect(run.stderr.contains("only one report can go to standard output"), "\(run.stderr)")
        let unknown = try piecebox(["run", "a.lua", "--reporter", "xunit"], in: folder.path)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown report \"xunit\""), "\(unknown.stderr)")
    }

    @Test func colourAndTheProgressLineOnlyOnATerminalWithoutNoColourOrCI() {
        #expect(TerminalStyle.decide(isTerminal: true, environment: [:]) == TerminalStyle(colour: true, progress: true))
        #expect(TerminalStyle.decide(isTerminal: false, environment: [:]) == TerminalStyle())
        #expect(TerminalStyle.decide(isTerminal: true, environment: ["NO_COLOR": "1"]) == TerminalStyle())
        #expect(TerminalStyle.decide(isTerminal: true, environment: ["CI": "true"]) == TerminalStyle())
        #expect(TerminalStyle.decide(isTerminal: true, environment: ["TERM": "dumb"]) == TerminalStyle())
        // Colour paints PASS and FAIL; plain output has no escape at all.
        let coloured = HumanReporter(sink: ReportSink(path: "/dev/null"), style: TerminalStyle(colour: true, progress: true))
        let plain = HumanReporter(sink: ReportSink(path: "/dev/null"))
        let run = FileRun(report: .init(path: "a.lua", tests: [.init(name: "t", status: .failed, message: "m")]))
        #expect(coloured.lines(run).first == "\u{1B}[31mFAIL\u{1B}[0m a.lua")
        #expect(plain.lines(run).first == "FAIL a.lua")
    }

    @Test func escapingShowsEveryControlAndNoLineBreak() {
        #expect(ReportText.escaped("a\nb\rc\td\u{1B}[2Ke\u{7F}\u{85}\u{2028}\u{202E}") == "a\\nb\\rc\\td\\u{1B}[2Ke\\u{7F}\\u{85}\\u{2028}\\u{202E}")
        #expect(ReportText.escaped("plain é ✓") == "plain é ✓")
        #expect(GitHubReporter.data("50%\r\nx") == "50%25%0D%0Ax")
        #expect(GitHubReporter.property("a:b,c") == "a%3Ab%2Cc")
        #expect(FailureLocation.parse("dir/x.lua:12: boom\nmore") == FailureLocation(file: "dir/x.lua", line: 12))
        #expect(FailureLocation.parse("no place here") == nil)
    }
}

/// Runs a tool to its end; its standard output and error together.
func runTool(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
