import Foundation
import Testing
@testable import LuaHost
import PieceKit

/// Recording goldens: each mode, with and without a filter, the actual log beside a failure, names from the
/// project root, and scripts' `toMatchGolden` through the same code.
@Suite struct GoldenRecordTests {
    typealias G = GoldenComparisonTests

    static let golden = G.log([("one", [0, 50, 100]), ("two", [7, 7])])
    /// "one" moved differently; "two" is unchanged.
    static let changed = G.log([("one", [0, 60, 100]), ("two", [7, 7])])

    static func all(_ text: String) -> GoldenStore.Selection { .everything(in: FrameLogParts(text: text)) }

    func store(_ folder: ScenarioFolder, _ mode: GoldenRecordMode) -> GoldenStore {
        GoldenStore(folder: folder.path + "/goldens", record: mode)
    }

    func read(_ folder: ScenarioFolder, _ name: String) -> String? {
        FileManager.default.contents(atPath: folder.path + "/goldens/" + name).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func missingRecordsANewGoldenAndThenCompares() throws {
        let folder = try ScenarioFolder()
        let first = store(folder, .missing).check(name: "a.jsonl", actual: Self.golden, selection: Self.all(Self.golden), what: "a.lua")
        #expect(first.status == .recorded)
        #expect(read(folder, "a.jsonl") == Self.golden)
        let second = store(folder, .missing).check(name: "a.jsonl", actual: Self.changed, selection: Self.all(Self.changed), what: "a.lua")
        #expect(second.status == .failed)
        #expect(read(folder, "a.jsonl") == Self.golden, "missing never overwrites a failing golden")
    }

    @Test func neverFailsOnAMissingGoldenAndWritesNothing() throws {
        let folder = try ScenarioFolder()
        let outcome = store(folder, .never).check(name: "a.jsonl", actual: Self.golden, selection: Self.all(Self.golden), what: "a.lua")
        #expect(outcome.status == .failed)
        #expect(outcome.message.contains("no golden at"), "\(outcome.message)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/goldens"))
    }

    @Test func failedRewritesOnlyTheFailingTestsPart() throws {
        let folder = try ScenarioFolder()
        try folder.write("goldens/a.jsonl", Self.golden)
        // The golden's "two" part is kept byte for byte even though the log's is written differently (a header with
        // another scenario path, which the comparison ignores).
        let actual = Self.changed.replacingOccurrences(of: #""scenario":"a.lua","test":"two""#,
                                                       with: #""scenario":"/elsewhere/a.lua","test":"two""#)
        let outcome = store(folder, .failed).check(name: "a.jsonl", actual: actual, selection: Self.all(actual), what: "a.lua")
        #expect(outcome.status == .recorded, "\(outcome.message)")
        #expect(outcome.differing == [TestKey("one")])
        #expect(read(folder, "a.jsonl") == Self.changed)
    }

    @Test func allRewritesEveryTestAndDropsTestsTheFileNoLongerHas() throws {
        let folder = try ScenarioFolder()
        try folder.write("goldens/a.jsonl", G.log([("gone", [1]), ("one", [0, 50, 100])]))
        let actual = G.log([("one", [0, 50, 100])])
        let outcome = store(folder, .all).check(name: "a.jsonl", actual: actual,
                                                selection: GoldenStore.Selection(ran: [TestKey("one")]), what: "a.lua")
        #expect(outcome.status == .recorded, "\(outcome.message)")
        #expect(read(folder, "a.jsonl") == actual)
    }

    @Test func withoutRecordingAStaleTestFailsTheComparison() throws {
        let folder = try ScenarioFolder()
        try folder.write("goldens/a.jsonl", G.log([("gone", [1]), ("one", [0, 50, 100])]))
        let actual = G.log([("one", [0, 50, 100])])
        let outcome = store(folder, .missing).check(name: "a.jsonl", actual: actual,
                                                    selection: GoldenStore.Selection(ran: [TestKey("one")]), what: "a.lua")
        #expect(outcome.status == .failed)
        #expect(outcome.message.contains("tests the file no longer has: \"gone\""), "\(outcome.message)")
    }

    @Test func aFilteredRecordKeepsTheOtherTestsPartsAsTheyWere() throws {
        let folder = try ScenarioFolder()
        try folder.write("goldens/a.jsonl", Self.golden)
        // Only "one" ran (a filter): its part is re-recorded; "two" is not in the log at all and must stay.
        let actual = G.log([("one", [0, 60, 100])])
        let selection = GoldenStore.Selection(ran: [TestKey("one")], complete: false)
        for mode in [GoldenRecordMode.failed, .all] {
            try folder.write("goldens/a.jsonl", Self.golden)
            let outcome = store(folder, mode).check(name: "a.jsonl", actual: actual, selection: selection, what: "a.lua")
            #expect(outcome.status == .recorded, "\(mode): \(outcome.message)")
            #expect(read(folder, "a.jsonl") == Self.changed, "\(mode)")
        }
    }

    @Test func aFilteredRunRecordsOnlyTheSelectedTestsInANewGolden() throws {
        let folder = try ScenarioFolder()
        // "two" ran but is not selected for comparison (it is not in `ran`): a new golden gets "one" only.
        let selection = GoldenStore.Selection(ran: [TestKey("one")], complete: false)
        let outcome = store(folder, .missing).check(name: "a.jsonl", actual: Self.golden, selection: selection, what: "a.lua")
        #expect(outcome.status == .recorded)
        #expect(read(folder, "a.jsonl") == G.log([("one", [0, 50, 100])]))
    }

    @Test func aNewTestIsRecordedInTheFilesOrderUnderMissing() throws {
        let folder = try ScenarioFolder()
        try folder.write("goldens/a.jsonl", G.log([("one", [1]), ("three", [3])]))
        let actual = G.log([("one", [1]), ("two", [2]), ("three", [3])])
        let outcome = store(folder, .missing).check(name: "a.jsonl", actual: actual, selection: Self.all(actual), what: "a.lua")
        #expect(outcome.status == .recorded, "\(outcome.message)")
        #expect(read(folder, "a.jsonl") == actual)
    }

    @Test func aFailingComparisonWritesTheActualLogBesideTheGolden() throws {
        let folder = try ScenarioFolder()
        try folder.write("goldens/a.jsonl", Self.golden)
        let failing = store(folder, .never).check(name: "a.jsonl", actual: Self.changed, selection: Self.all(Self.changed), what: "a.lua")
        #expect(failing.status == .failed)
        #expect(failing.message.contains("a.actual.jsonl"), "\(failing.message)")
        #expect(read(folder, "a.actual.jsonl") == Self.changed)
        // And says how to look at the change and accept it: the failing test, and its most changed property.
        #expect(failing.message.contains("a.actual.jsonl --test \"one\" --plot card.surface.h --out review.html; to accept: --record failed"),
                "\(failing.message)")
        // Once it matches again, the stale actual log goes.
        let passing = store(folder, .never).check(name: "a.jsonl", actual: Self.golden, selection: Self.all(Self.golden), what: "a.lua")
        #expect(passing.status == .matched)
        #expect(read(folder, "a.actual.jsonl") == nil)
    }

    @Test func ciMeansNeverUnlessItIsEmptyOrFalse() {
        #expect(GoldenRecordMode.standard(environment: [:]) == .missing)
        #expect(GoldenRecordMode.standard(environment: ["CI": "true"]) == .never)
        #expect(GoldenRecordMode.standard(environment: ["CI": "1"]) == .never)
        #expect(GoldenRecordMode.standard(environment: ["CI": "false"]) == .missing)
        #expect(GoldenRecordMode.standard(environment: ["CI": ""]) == .missing)
    }

    // MARK: Names

    @Test func namesAreTheSameFromAnAbsoluteAndARelativePath() throws {
        let folder = try ScenarioFolder()
        let real = FolderBoundary.realPath(folder.path) ?? folder.path
        try folder.write("proj/piecebox.lua", "return {}\n")
        try folder.write("proj/examples/a.lua", "")
        let fromRoot = ProjectRoot.goldenName(for: "examples/a.lua", runFolder: real + "/proj")
        let absolute = ProjectRoot.goldenName(for: real + "/proj/examples/a.lua", runFolder: "/")
        let dotted = ProjectRoot.goldenName(for: "./a.lua", runFolder: real + "/proj/examples")
        let roundabout = ProjectRoot.goldenName(for: "proj/examples/../examples/a.lua", runFolder: real)
        #expect(fromRoot == "examples__a.jsonl")
        #expect([absolute, dotted, roundabout] == [fromRoot, fromRoot, fromRoot])
    }

    /// Without a project file the git work tree's root names the goldens, found by its `.git` entry alone (a folder,
    /// or a linked worktree's file): the same scenario run from any folder finds one golden. Before, the run's
    /// folder named them, so a run from `loose/sub` recorded `a.jsonl` beside `sub__a.jsonl`.
    @Test func withoutAProjectFileNamesStartAtTheGitWorkTreesRoot() throws {
        let folder = try ScenarioFolder()
        let real = FolderBoundary.realPath(folder.path) ?? folder.path
        try folder.write("loose/sub/a.lua", "")
        try FileManager.default.createDirectory(atPath: real + "/loose/.git", withIntermediateDirectories: true)
        let names = [real + "/loose", real + "/loose/sub", "/", real].map {
            ProjectRoot.goldenName(for: real + "/loose/sub/a.lua", runFolder: $0)
        }
        #expect(names == ["sub__a.jsonl", "sub__a.jsonl", "sub__a.jsonl", "sub__a.jsonl"])
        #expect(ProjectRoot.goldenName(for: "a.lua", runFolder: real + "/loose/sub") == "sub__a.jsonl")
        #expect(ProjectRoot.find(for: "sub/a.lua", runFolder: real + "/loose") == real + "/loose")
        // A linked worktree's `.git` is a file naming the repository's folder.
        try folder.write("tree/deep/b.lua", "")
        try folder.write("tree/.git", "gitdir: /elsewhere/.git/worktrees/tree\n")
        #expect(ProjectRoot.goldenName(for: "b.lua", runFolder: real + "/tree/deep") == "deep__b.jsonl")
    }

    /// With neither a project file nor a git work tree, the scenario's own folder names its golden: `a.jsonl`
    /// whichever folder the run started in (before: `sub__a.jsonl` from `loose`, `a.jsonl` from `loose/sub`).
    @Test func withNeitherNamesStartAtTheScenariosFolder() throws {
        let folder = try ScenarioFolder()
        let real = FolderBoundary.realPath(folder.path) ?? folder.path
        try folder.write("loose/sub/a.lua", "")
        #expect(ProjectRoot.goldenName(for: "sub/a.lua", runFolder: real + "/loose") == "a.jsonl")
        #expect(ProjectRoot.goldenName(for: "a.lua", runFolder: real + "/loose/sub") == "a.jsonl")
        #expect(ProjectRoot.find(for: "sub/a.lua", runFolder: real + "/loose") == real + "/loose/sub")
    }

    // MARK: Scripts

    static let scenario = """
    local function card(s, h)
      return s:piece{ name = "card", state = { open = false },
        layout = function(state, env)
          return { surface = { x = 16, y = 100, w = 300, h = state.open and h or 64 }, label = { x = 0, y = 0, w = 9, h = 9 } }
        end }
    end
    test("opens", function()
      local s = Stage{ fps = 10 }
      local c = card(s, HEIGHT)
      c:set({ open = true })
      s:frames(2)
      expect(s):toMatchGolden("open", { elements = { "card.surface" }, tolerance = TOL })  -- a colon works too
    end)
    """

    func runScript(_ folder: ScenarioFolder, height: Double, tolerance: String = "0.0005",
                   record: GoldenRecordMode) throws -> TestResult? {
        let text = Self.scenario.replacingOccurrences(of: "HEIGHT", with: String(height))
            .replacingOccurrences(of: "TOL", with: tolerance)
        let report = try folder.run("proj/a.lua", text) { options in
            options.goldens = GoldenOptions(folder: folder.path + "/goldens", record: record)
        }
        return report.test("opens")
    }

    @Test func aScriptsGoldenIsRecordedComparedAndSliced() throws {
        let folder = try ScenarioFolder()
        try folder.write("proj/piecebox.lua", "return {}\n")
        let first = try runScript(folder, height: 600, record: .missing)
        #expect(first?.status == .passed, "\(first?.message ?? "")")
        let golden = read(folder, "a/open.jsonl") ?? ""
        // A change with no animation snaps: frames 1 and 2 both hold h = 600; only the sliced element is kept.
        #expect(golden.contains(#"{"frame":1,"t":0.1,"pieces":{"card":{"surface":{"x":16,"y":100,"w":300,"h":600}}},"events":[]}"#),
                "\(golden)")
        #expect(!golden.contains("label"))
        let same = try runScript(folder, height: 600, record: .never)
        #expect(same.map { $0.status } == .passed, "\(same?.message ?? "")")
        let taller = try runScript(folder, height: 610, record: .never)
        #expect(taller?.status == .failed)
        #expect(taller?.message.contains("card.surface.h: by 10 at frame 1") == true, "\(taller?.message ?? "")")
        #expect(read(folder, "a/open.actual.jsonl")?.contains(#""h":610"#) == true)
        let tolerated = try runScript(folder, height: 610, tolerance: "{ h = 10 }", record: .never)
        #expect(tolerated?.status == .passed, "\(tolerated?.message ?? "")")
    }

    @Test func aScriptsGoldenIsNeverRecordedFromATestThatFailsAfterIt() throws {
        let folder = try ScenarioFolder()
        try folder.write("proj/piecebox.lua", "return {}\n")
        let report = try folder.run("proj/a.lua", """
        local function stage()
          local s = Stage{ fps = 10 }
          s:piece{ name = "card", layout = function() return { surface = { x = 0, y = 0, w = 10, h = 10 } } end }
          s:frames(2)
          return s
        end
        test("fails after", function()
          expect(stage()).toMatchGolden("late")
          expect(1).toBe(2)
        end)
        describe("torn down", function()
          afterEach(function() error("teardown broke") end)
          test("fails in afterEach", function()
            expect(stage()).toMatchGolden("hooked")
          end)
        end)
        test("passes twice", function()
          local s = stage()
          expect(s).toMatchGolden("twice")
          expect(s).toMatchGolden("twice")   -- compared with the recording the test holds
        end)
        """) { options in options.goldens = GoldenOptions(folder: folder.path + "/goldens", record: .missing) }
        let late = report.test("fails after")
        #expect(late?.status == .failed)
        #expect(late?.message.contains("not recorded: \(folder.path)/goldens/a/late.jsonl (the test failed") == true,
                "\(late?.message ?? "")")
        #expect(read(folder, "a/late.jsonl") == nil)
        #expect(report.tests.first { $0.name.hasSuffix("fails in afterEach") }?.status == .failed)
        #expect(read(folder, "a/hooked.jsonl") == nil)
        #expect(read(folder, "a/twice.jsonl") != nil)
        #expect(report.test("passes twice")?.status == .passed, "\(report.test("passes twice")?.message ?? "")")
    }

    @Test func aScriptsGoldenNameMustBeAPlainFileName() throws {
        let folder = try ScenarioFolder()
        let report = try folder.run("a.lua", """
        test("escape", function()
          local s = Stage{}
          expect(s).toMatchGolden("../../etc/x")
        end)
        test("not a stage", function()
          expect(3).toMatchGolden("x")
        end)
        """) { options in options.goldens = GoldenOptions(folder: folder.path + "/goldens", record: .missing) }
        #expect(report.test("escape")?.message.hasPrefix("\(folder.path)/a.lua:3: toMatchGolden: argument 1 must be a golden name") == true,
                "\(report.test("escape")?.message ?? "")")
        #expect(report.test("not a stage")?.message.contains("toMatchGolden: expect() must be given a stage") == true,
                "\(report.test("not a stage")?.message ?? "")")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/goldens"))
    }
}
