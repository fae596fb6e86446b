import Foundation
import Testing

/// `--record`: a golden holds only tests that passed everything but the golden comparison, and a test that fails its
/// own assertion is reported once, by that assertion.
@Suite struct GoldenRecordFailedTests {
    /// Test "two" opens its card to HEIGHT points and, when FAIL, then fails its own assertion.
    static func scenario(height: Int, fail: Bool) -> String {
        """
        local function open(h)
          local s = Stage{ fps = 10 }
          local c = s:piece{ name = "card", state = { open = false },
            layout = function(state) return { surface = { x = 0, y = 0, w = 10, h = state.open and h or 1 } } end }
          c:set({ open = true })
          s:frames(2)
        end
        test("one", function() open(100) end)
        test("two", function() open(\(height)) \(fail ? "expect(1).toBe(2)" : "") end)
        """
    }

    @Test(arguments: ["failed", "all"])
    func aRecordedGoldenNeverHoldsAFailedTest(mode: String) throws {
        let folder = try TestFolder()
        try folder.write("piecebox.lua", "return {}\n")
        try folder.write("a.lua", Self.scenario(height: 200, fail: false))
        let first = try piecebox(["run", "a.lua", "--golden", "goldens"], in: folder.path)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let golden = try #require(folder.read("goldens/a.jsonl"))

        // "two" now moves elsewhere and fails its own assertion: its part is not recorded, and the run says why.
        try folder.write("a.lua", Self.scenario(height: 250, fail: true))
        let record = try piecebox(["run", "a.lua", "--golden", "goldens", "--record", mode], in: folder.path)
        #expect(record.status == 1, "\(record.stdout)\(record.stderr)")
        #expect(folder.read("goldens/a.jsonl") == golden, "the failed test's frames and error line stay out")
        #expect(!(folder.read("goldens/a.jsonl") ?? "").contains(#"{"error":"#))
        #expect(record.stdout.contains(#"not recorded: "two" (it failed; fix it, then record)"#), "\(record.stdout)")
        #expect(!record.stdout.contains("✓ golden frame log"), "\(record.stdout)")

        // Fixed, the test passes against the golden it had.
        try folder.write("a.lua", Self.scenario(height: 200, fail: false))
        let fixed = try piecebox(["run", "a.lua", "--golden", "goldens", "--record", "never"], in: folder.path)
        #expect(fixed.status == 0, "\(fixed.stdout)\(fixed.stderr)")
    }

    @Test func aNewGoldenLeavesOutAFailedTestAndSaysSo() throws {
        let folder = try TestFolder()
        try folder.write("piecebox.lua", "return {}\n")
        try folder.write("a.lua", Self.scenario(height: 200, fail: true))
        let first = try piecebox(["run", "a.lua", "--golden", "goldens"], in: folder.path)
        #expect(first.status == 1)
        let golden = try #require(folder.read("goldens/a.jsonl"))
        #expect(golden.contains(#""test":"one""#))
        #expect(!golden.contains(#""test":"two""#), "\(golden)")
        #expect((first.stdout + first.stderr).contains(#"not recorded: "two" (it failed; fix it, then record)"#), "\(first.stderr)")
        // Fixed, its part is recorded as any new part is.
        try folder.write("a.lua", Self.scenario(height: 200, fail: false))
        let fixed = try piecebox(["run", "a.lua", "--golden", "goldens"], in: folder.path)
        #expect(fixed.status == 0, "\(fixed.stdout)\(fixed.stderr)")
        #expect(folder.read("goldens/a.jsonl")?.contains(#""test":"two""#) == true)
    }

    @Test func aFailedTestNewToAGoldenIsReportedOnceAndNotRecorded() throws {
        let folder = try TestFolder()
        try folder.write("piecebox.lua", "return {}\n")
        try folder.write("a.lua", "test(\"one\", function() local s = Stage{ fps = 10 } s:frames(1) end)\n")
        _ = try piecebox(["run", "a.lua", "--golden", "goldens"], in: folder.path)
        let golden = try #require(folder.read("goldens/a.jsonl"))
        try folder.write("a.lua", "test(\"one\", function() local s = Stage{ fps = 10 } s:frames(1) end)\n"
                         + "test(\"three\", function() local s = Stage{ fps = 10 } s:frames(1) expect(1).toBe(2) end)\n")
        let run = try piecebox(["run", "a.lua", "--golden", "goldens"], in: folder.path)
        #expect(run.status == 1)
        #expect(!run.stdout.contains("differ"), "\(run.stdout)")
        #expect(run.stdout.contains("✓ golden frame log"), "\(run.stdout)")
        #expect((run.stdout + run.stderr).contains(#"not recorded: "three" (it failed; fix it, then record)"#), "\(run.stdout)\(run.stderr)")
        #expect(folder.read("goldens/a.jsonl") == golden)
    }

    @Test func anAssertionFailureIsReportedOnceWhenOnlyItsErrorLineDiffers() throws {
        let folder = try TestFolder()
        try folder.write("piecebox.lua", "return {}\n")
        try folder.write("a.lua", Self.scenario(height: 200, fail: false))
        _ = try piecebox(["run", "a.lua", "--golden", "goldens"], in: folder.path)
        // Same frames; the test now fails its own assertion. Its frames match: the golden says nothing of it.
        try folder.write("a.lua", Self.scenario(height: 200, fail: true))
        let run = try piecebox(["run", "a.lua", "--golden", "goldens", "--record", "never"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stdout.contains("expected 1 to be 2"), "\(run.stdout)")
        #expect(!run.stdout.contains("differ from the golden"), "\(run.stdout)")
        #expect(!run.stdout.contains("error lines differ"), "\(run.stdout)")
        #expect(run.stdout.contains("✓ golden frame log"), "\(run.stdout)")
        #expect(folder.read("goldens/a.actual.jsonl") == nil)
    }
}

/// A golden's failure block names tests as every report does: through the one escaping.
@Suite struct GoldenSummaryNameTests {
    static func scenario(height: Int) -> String {
        """
        test("x\\n  ✓ forged", function()
          local s = Stage{ fps = 10 }
          s:piece{ name = "card", layout = function() return { surface = { x = 0, y = 0, w = 10, h = \(height) } } end }
          s:frames(1)
        end)
        """
    }

    @Test func aGoldenSummaryQuotesATestNameWithItsLineBreaksEscaped() throws {
        let folder = try TestFolder()
        try folder.write("piecebox.lua", "return {}\n")
        try folder.write("a.lua", Self.scenario(height: 100))
        let first = try piecebox(["run", "a.lua", "--golden", "goldens"], in: folder.path)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        try folder.write("a.lua", Self.scenario(height: 120))
        let check = try piecebox(["run", "a.lua", "--golden", "goldens", "--record", "never"], in: folder.path)
        #expect(check.status == 1)
        // The golden frame log's block names the test in one line; no line of the output is the forged one.
        #expect(check.stdout.contains(#""x\n  ✓ forged" (its summary is with the test)"#), "\(check.stdout)")
        #expect(!check.stdout.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("✓ forged") },
                "\(check.stdout)")
        let recorded = try piecebox(["run", "a.lua", "--golden", "goldens", "--record", "failed"], in: folder.path)
        #expect(recorded.stderr.contains(#"recorded 1 test in goldens/a.jsonl: "x\n  ✓ forged""#), "\(recorded.stderr)")
    }
}
