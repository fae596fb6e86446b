import Foundation
import Testing

/// `piecebox run --golden` end to end: filters, record modes, names however the path is typed.
@Suite struct GoldenRunTests {
    /// Two tests, each opening a card to HEIGHT_ONE / HEIGHT_TWO points (no animation: it snaps).
    static func scenario(one: Int, two: Int) -> String {
        """
        local function open(h)
          local s = Stage{ fps = 10 }
          local c = s:piece{ name = "card", state = { open = false },
            layout = function(state) return { surface = { x = 0, y = 0, w = 10, h = state.open and h or 1 } } end }
          c:set({ open = true })
          s:frames(2)
        end
        test("one", function() open(\(one)) end)
        test("two", function() open(\(two)) end)
        """
    }

    @Test func aFilteredRecordRewritesOnlyTheSelectedTest() throws {
        let folder = try TestFolder()
        try folder.write("piecebox.lua", "return {}\n")
        try folder.write("cases/a.lua", Self.scenario(one: 100, two: 200))
        let first = try piecebox(["run", "cases/a.lua", "--golden", "goldens", "--record", "missing"], in: folder.path)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let recorded = try #require(folder.read("goldens/cases__a.jsonl"))
        #expect(recorded.contains(#""h":200"#))

        // Both tests change; only "one" is selected and recorded. "two" keeps its part byte for byte.
        try folder.write("cases/a.lua", Self.scenario(one: 150, two: 250))
        let filtered = try piecebox(["run", "cases/a.lua", "--golden", "goldens", "--record", "all", "--filter", "one"], in: folder.path)
        #expect(filtered.status == 0, "\(filtered.stdout)\(filtered.stderr)")
        let after = try #require(folder.read("goldens/cases__a.jsonl"))
        #expect(after.contains(#""h":150"#))
        #expect(after.contains(#""h":200"#), "the unselected test's part was kept")
        #expect(!after.contains(#""h":250"#))
        #expect(after.replacingOccurrences(of: #""h":150"#, with: #""h":100"#) == recorded)

        // The unfiltered comparison now fails in "two" only, and says so in that test's summary.
        let check = try piecebox(["run", "cases/a.lua", "--golden", "goldens", "--record", "never"], in: folder.path)
        #expect(check.status == 1)
        #expect(check.stdout.contains("in 1 test"), "\(check.stdout)")
        #expect(check.stdout.contains(#"test "two": 2 of 2 frames differ"#), "\(check.stdout)")
        #expect(!check.stdout.contains(#"test "one""#), "\(check.stdout)")
        // The test whose frames changed fails, with its summary; the other passes.
        #expect(check.stdout.contains("  ✓ one\n  ✗ two\n      cases/a.lua: its frames differ from the golden\n"), "\(check.stdout)")
        #expect(check.stdout.hasSuffix("1 passed, 2 failed\n"), "two and the golden frame log: \(check.stdout)")
        #expect(folder.read("goldens/cases__a.actual.jsonl")?.contains(#""h":250"#) == true)
    }

    @Test func anAbsoluteAndARelativePathUseOneGolden() throws {
        let folder = try TestFolder()
        try folder.write("piecebox.lua", "return {}\n")
        try folder.write("cases/a.lua", Self.scenario(one: 100, two: 200))
        let relative = try piecebox(["run", "cases/a.lua", "--golden", "goldens", "--record", "missing"], in: folder.path)
        #expect(relative.status == 0, "\(relative.stdout)\(relative.stderr)")
        // From another folder, by its absolute path, with the golden folder absolute too: the same golden.
        let absolute = try piecebox(["run", folder.path + "/cases/a.lua", "--golden", folder.path + "/goldens",
                                     "--record", "never"], in: "/")
        #expect(absolute.status == 0, "\(absolute.stdout)\(absolute.stderr)")
        let inside = try piecebox(["run", "./a.lua", "--golden", "../goldens", "--record", "never"], in: folder.path + "/cases")
        #expect(inside.status == 0, "\(inside.stdout)\(inside.stderr)")
        #expect(folder.list("goldens") == ["cases__a.jsonl"])
    }

    @Test func neverFailsOnAMissingGoldenAndUpdateGoldensIsGone() throws {
        let folder = try TestFolder()
        try folder.write("a.lua", Self.scenario(one: 100, two: 200))
        let never = try piecebox(["run", "a.lua", "--golden", "goldens", "--record", "never"], in: folder.path)
        #expect(never.status == 1)
        #expect(never.stdout.contains("no golden at"), "\(never.stdout)")
        #expect(folder.read("goldens/a.jsonl") == nil)
        let old = try piecebox(["run", "a.lua", "--golden", "goldens", "--update-goldens"], in: folder.path)
        #expect(old.status == 2)
        #expect(old.stderr.contains("--update-goldens is replaced by --record MODE"), "\(old.stderr)")
        let bad = try piecebox(["run", "a.lua", "--golden", "goldens", "--record", "sometimes"], in: folder.path)
        #expect(bad.stderr.contains("--record needs one of missing, failed, all, never; got \"sometimes\""), "\(bad.stderr)")
    }
}
