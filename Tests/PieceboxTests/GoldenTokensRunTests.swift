import Foundation
import Testing

/// `piecebox run --golden` with a token set: a golden whose frames did not change passes, its header keys said once
/// for the file, and fails on them only with `--golden-strict`.
@Suite struct GoldenTokensRunTests {
    /// A card that snaps open (no animation), so a token set changes its headers and nothing in its frames.
    static let scenario = """
    local function open()
      local s = Stage{ fps = 10 }
      local c = s:piece{ name = "card", state = { open = false },
        layout = function(state) return { surface = { x = 0, y = 0, w = 10, h = state.open and 100 or 1 } } end }
      c:set({ open = true })
      s:frames(2)
    end
    test("one", function() open() end)
    test("two", function() open() end)
    """

    /// The calm tier half as long again: calm and the roles built on it (reveal, ambient) change in the header.
    static let tokens = """
    --! token-set: a slower calm tier
    return { tiers = { calm = motion.spring{ duration = 0.75, bounce = 0.2 } } }
    """

    @Test func aTokenSetDoesNotFailGoldensWhoseFramesMatch() throws {
        let folder = try TestFolder()
        try folder.write("piecebox.lua", "return {}\n")
        try folder.write("cases/a.lua", Self.scenario)
        try folder.write("slow.lua", Self.tokens)
        let record = try piecebox(["run", "cases/a.lua", "--golden", "goldens", "--record", "missing"], in: folder.path)
        #expect(record.status == 0, "\(record.stdout)\(record.stderr)")

        let tokened = try piecebox(["run", "cases/a.lua", "--golden", "goldens", "--record", "never", "--tokens", "slow.lua"],
                                   in: folder.path)
        #expect(tokened.status == 0, "\(tokened.stdout)\(tokened.stderr)")
        #expect(tokened.stdout.hasSuffix("3 passed, 0 failed\n"), "\(tokened.stdout)")
        // One line for the file on standard error, whatever the number of tests.
        let said = tokened.stderr.split(separator: "\n").filter { $0.contains("headers differ") }
        #expect(said.count == 1, "\(tokened.stderr)")
        #expect(said.first?.hasPrefix("piecebox: cases/a.lua: its frame log's headers differ from the golden's in ") == true,
                "\(tokened.stderr)")
        #expect(folder.read("goldens/cases__a.actual.jsonl") == nil)

        // Asked to, the headers fail: both tests, with the key said once for the file.
        let strict = try piecebox(["run", "cases/a.lua", "--golden", "goldens", "--record", "never", "--tokens", "slow.lua",
                                   "--golden-strict"], in: folder.path)
        #expect(strict.status == 1, "\(strict.stdout)\(strict.stderr)")
        #expect(strict.stdout.contains("  ✗ one\n") && strict.stdout.contains("  ✗ two\n"), "\(strict.stdout)")
        #expect(strict.stdout.components(separatedBy: "tokens.tiers.calm.duration is 0.75, golden 0.5").count == 2,
                "\(strict.stdout)")
    }
}
