import Testing

/// A folder with no scenario says what it found instead, so a folder of modules is not a mystery.
@Suite struct PassedOverFilesTests {
    @Test func aFolderOfOnlyModulesSaysThatUnderscoreFilesAreModulesAndNotRun() throws {
        let folder = try TestFolder()
        try folder.write("lib/_helpers.lua", "return {}\n")
        try folder.write("lib/_shapes.lua", "return {}\n")
        try folder.write("lib/piecebox.lua", "return {}\n")
        let run = try piecebox(["run", "lib"], in: folder.path)
        #expect(run.status != 0)
        #expect(run.stderr.contains("piecebox: no scenario files (*.lua) in lib; it passed over lib/_helpers.lua (its name "
            + "starts with _: a module for require, never run) and 1 more like it; lib/piecebox.lua (a project file)"),
                "\(run.stderr)")
    }
}
