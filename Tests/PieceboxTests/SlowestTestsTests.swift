import Foundation
import Testing
import LuaHost
@testable import piecebox

/// `--durations N`: the human report lists the N slowest tests before its totals; JUnit and JSON keep every test's
/// duration whatever N is. The durations are set by hand on the reports, so nothing here is timed.
@Suite struct SlowestTestsTests {
    /// a.lua: 0.5 s, 2 s and 0.1 s; b.lua: 1 s, a skipped test (said to have taken 9 s: it never ran) and a
    /// failure of 0.25 s.
    static let runs: [FileRun] = [
        FileRun(report: FileReport(path: "a.lua", tests: [
            TestResult(name: "a1", status: .passed, duration: 0.5),
            TestResult(name: "g > a2", status: .passed, group: "g", duration: 2),
            TestResult(name: "a3", status: .passed, duration: 0.1),
        ])),
        FileRun(report: FileReport(path: "b.lua", tests: [
            TestResult(name: "b1", status: .passed, duration: 1),
            TestResult(name: "b2", status: .skipped, duration: 9),
            TestResult(name: "b3", status: .failed, message: "b.lua:3: boom", duration: 0.25),
        ])),
    ]

    private func humanLines(slowest: Int) throws -> [String] {
        let folder = try TestFolder()
        let path = folder.path + "/human.txt"
        let human = HumanReporter(sink: ReportSink(path: path))
        human.slowest = SlowestTests(count: slowest)
        human.begin(RunInfo())
        var totals = RunTotals()
        for run in Self.runs { human.file(run); totals.add(run, listOnly: false) }
        human.end(totals)
        #expect(human.sink.close() == nil)
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test func theSlowestTestsAreListedSlowestFirstJustBeforeTheTotals() throws {
        let lines = try humanLines(slowest: 3)
        // 2 > 1 > 0.5 > 0.25 > 0.1; the skipped test's 9 s is no run time.
        #expect(Array(lines.suffix(5)) == [
            "slowest 3 tests (--durations 3):",
            "     2.000 s  a.lua > g > a2",
            "     1.000 s  b.lua > b1",
            "     0.500 s  a.lua > a1",
            "4 passed, 1 failed, 1 skipped",
        ], "\(lines)")
    }

    @Test func fewerTestsThanAskedAreAllListed() throws {
        let lines = try humanLines(slowest: 10)
        // Five tests ran: all five, 2, 1, 0.5, 0.25, 0.1.
        #expect(lines.contains("slowest 5 tests (--durations 10):"), "\(lines)")
        #expect(lines.contains("     0.100 s  a.lua > a3"), "\(lines)")
        #expect(lines.contains("     0.250 s  b.lua > b3"), "\(lines)")
    }

    @Test func aRunWithTheFlagListsItsSlowestTestBeforeItsTotals() throws {
        let folder = try TestFolder()
        try folder.write("a.lua", "test(\"one\", function() end)\ntest(\"two\", function() end)\n")
        let run = try piecebox(["run", "a.lua", "--durations", "1"], in: folder.path)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        // One of the two, whichever took longer: its seconds are measured, so only the line's shape is known.
        #expect(lines.suffix(3).first == "slowest 1 test (--durations 1):", "\(lines)")
        let listed = lines.suffix(2).first ?? ""
        #expect(listed.hasSuffix(" s  a.lua > one") || listed.hasSuffix(" s  a.lua > two"), "\(lines)")
        #expect(lines.last == "2 passed, 0 failed", "\(lines)")
    }

    @Test func withoutTheFlagNothingIsListed() throws {
        let lines = try humanLines(slowest: 0)
        #expect(!lines.contains { $0.hasPrefix("slowest") }, "\(lines)")
    }

    @Test func equalTimesKeepRunOrder() {
        var slowest = SlowestTests(count: 2)
        slowest.add(FileRun(report: FileReport(path: "x.lua", tests: [
            TestResult(name: "first", status: .passed, duration: 1),
            TestResult(name: "second", status: .passed, duration: 1),
            TestResult(name: "third", status: .passed, duration: 1),
        ])))
        #expect(slowest.entries.map(\.name) == ["first", "second"])
    }

    @Test func theFlagTakesAWholeNumberOfAtLeastOne() throws {
        #expect(try RunCommand.parse(["--durations", "3", "x.lua"]).ci.slowest == 3)
        #expect(try RunCommand.parse(["x.lua"]).ci.slowest == 0)
        for bad in ["0", "-1", "1.5", "x", "10001"] {
            #expect {
                try RunCommand.parse(["--durations", bad, "x.lua"])
            } throws: { error in
                (error as? UsageError)?.message.hasPrefix("--durations needs a whole number from 1 to 10000, got \"\(bad)\"") == true
            }
        }
    }

    @Test func junitAndJSONKeepEveryTestsDuration() throws {
        let folder = try TestFolder()
        let junit = JUnitReporter(sink: ReportSink(path: folder.path + "/r.xml"))
        let json = JSONReporter(sink: ReportSink(path: folder.path + "/r.json"))
        var totals = RunTotals()
        for r in [junit, json] as [RunReporter] { r.begin(RunInfo()) }
        for run in Self.runs {
            junit.file(run); json.file(run)
            totals.add(run, listOnly: false)
        }
        junit.end(totals); json.end(totals)
        #expect(junit.sink.close() == nil)
        #expect(json.sink.close() == nil)

        let tree = try XMLTree.parse(Data(contentsOf: URL(fileURLWithPath: folder.path + "/r.xml")))
        let times = tree.children.filter { $0.name == "testsuite" }.flatMap { suite in
            suite.children.filter { $0.name == "testcase" }.map { $0.attributes["time"] ?? "" }
        }
        // Every test, as it was measured (three decimals); the skipped one's 9 s too.
        #expect(times == ["0.500", "2.000", "0.100", "1.000", "9.000", "0.250"])

        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path + "/r.json")))
        let tests = try #require((object as? [String: Any])?["tests"] as? [[String: Any]])
        #expect(tests.map { ($0["duration"] as? NSNumber)?.doubleValue ?? -1 } == [0.5, 2, 0.1, 1, 9, 0.25])
    }
}
