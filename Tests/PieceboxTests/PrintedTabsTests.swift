import Testing
import PieceKit

/// What a script prints reads as it printed it: `print(a, b)` separates with a tab, and the report shows a tab.
@Suite struct PrintedTabsTests {
    @Test func printedTabsAreShownAsTabs() throws {
        let folder = try TestFolder()
        try folder.write("tab.lua", "test(\"p\", function() print(\"a\", \"b\\tc\") print(\"x\\ny\\27[2K\") end)\n")
        let run = try piecebox(["run", "tab.lua", "--verbose"], in: folder.path)
        #expect(run.stdout.contains("\n        a\tb\tc\n"), "\(run.stdout)")
        // A line break or an escape sequence is still shown escaped: it could fake a line of the runner's.
        #expect(run.stdout.contains("\n        x\\ny\\u{1B}[2K\n"), "\(run.stdout)")
        #expect(ReportText.printed("a\tb") == "a\tb")
        #expect(ReportText.escaped("a\tb") == "a\\tb")
    }
}
