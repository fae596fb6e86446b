import Testing

/// Any path a user can type works: `piecebox run a` (a one-letter folder, with or without its slash) died of a
/// Swift trap inside Foundation's path code.
@Suite struct ShortPathTests {
    @Test(arguments: ["a", "a/", "./a", "."])
    func aShortFolderPathRuns(path: String) throws {
        let folder = try TestFolder()
        try folder.write("a/x.lua", #"test("runs", function() end)"#)
        let run = try piecebox(["run", path], in: folder.path)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasSuffix("1 passed, 0 failed\n"), "\(run.stdout)")
    }
}
