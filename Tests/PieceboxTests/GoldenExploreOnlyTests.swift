import Testing

/// A file of explorations only logs no frames (their runs' stages are quiet), so `--golden` writes no empty golden
/// for it and adds no "golden frame log" test.
@Suite struct GoldenExploreOnlyTests {
    @Test func aFileWithOnlyExplorationsGetsNoEmptyGolden() throws {
        let folder = try TestFolder()
        try folder.write("piecebox.lua", "return {}\n")
        try folder.write("only.lua", """
            explore("a vinyl turns", {
              setup = function()
                local s = Stage{}
                local p = s:player{ tracks = { { title = "A", artist = "B", duration = 60 } } }
                return s, { p = p, v = s:vinyl{ player = p } }
              end,
              actions = { play = function(_, w) w.p:play() end, pause = function(_, w) w.p:pause() end },
              steps = 3, runs = 2,
            })
            """)
        let run = try piecebox(["run", "only.lua", "--golden", "goldens"], in: folder.path)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("golden frame log"), "\(run.stdout)")
        #expect(folder.read("goldens/only.jsonl") == nil)
    }
}
