import Foundation
import Testing
@testable import LuaHost

/// Goldens no scenario writes any more (their scenario is gone) are reported after a `--golden` run and removed by
/// `--record all`, as Jest does with obsolete snapshots; everything else in the folder is left alone.
@Suite struct ObsoleteGoldenTests {
    static let scenario = """
    test("one", function()
      local s = Stage{ fps = 10 }
      s:piece{ name = "card", layout = function() return { surface = { x = 0, y = 0, w = 10, h = 10 } } end }
      s:frames(1)
    end)
    """

    @Test func aGoldenWhoseScenarioIsGoneIsReportedAndRecordAllRemovesIt() throws {
        let folder = try TestFolder()
        try folder.write("piecebox.lua", "return {}\n")
        try folder.write("cases/a.lua", Self.scenario)
        try folder.write("cases/b.lua", Self.scenario)
        let record = try piecebox(["run", "cases", "--golden", "goldens"], in: folder.path)
        #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
        #expect(!record.stderr.contains("obsolete"), "\(record.stderr)")
        // b's script goldens, its actual log, and files that are no golden of any scenario.
        try folder.write("goldens/cases__b/open.jsonl", "")
        try folder.write("goldens/cases__b.actual.jsonl", "")
        try folder.write("goldens/README.md", "kept\n")
        try folder.write("goldens/x_.jsonl", "no path is named x_ (a part never ends in _)\n")
        try FileManager.default.removeItem(atPath: folder.path + "/cases/b.lua")

        // Only a.lua runs: b's golden is still obsolete, since b.lua is gone (not merely left out of this run).
        let report = try piecebox(["run", "cases/a.lua", "--golden", "goldens"], in: folder.path)
        #expect(report.status == 0, "obsolete goldens fail nothing: \(report.stdout)\(report.stderr)")
        #expect(report.stderr.contains("piecebox: 2 obsolete goldens in goldens, written by no scenario any more (--record all removes them):\n  goldens/cases__b.jsonl (cases/b.lua no longer exists)\n  goldens/cases__b/open.jsonl (cases/b.lua no longer exists)"),
                "\(report.stderr)")
        #expect(folder.read("goldens/cases__b.jsonl") != nil)

        let removed = try piecebox(["run", "cases/a.lua", "--golden", "goldens", "--record", "all"], in: folder.path)
        #expect(removed.status == 0, "\(removed.stdout)\(removed.stderr)")
        #expect(removed.stderr.contains("piecebox: removed 2 obsolete goldens from goldens (--record all):"), "\(removed.stderr)")
        #expect(folder.list("goldens") == ["README.md", "cases__a.jsonl", "x_.jsonl"])
    }

    @Test func namesReadBackToTheirScenarios() {
        // The README's examples, and names no path gives.
        let paths = ["examples/now_playing/open_and_close_at_60fps.lua", "a__b.lua", "50% off.lua", "x", "x.lua.lua",
                     "..lua", "/abs/a.lua", "../up/a.lua", "é.lua"]
        for path in paths {
            #expect(LogName.scenario(forFileName: LogName.fileName(for: path)) == path, "\(path)")
        }
        for stray in ["x_.jsonl", "a%2.jsonl", "a%zz.jsonl", "a.actual.jsonl", "notes.txt", "a%5Fb.jsonl"] {
            #expect(LogName.scenario(forFileName: stray) == nil, "\(stray)")
        }
    }
}
