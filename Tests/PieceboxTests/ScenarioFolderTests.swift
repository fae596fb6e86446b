import Foundation
import Testing
@testable import piecebox
import PieceKit

/// Which files a folder given to `piecebox run` expands to, and in what order: what Foundation's folder enumerator
/// gave before the runner walked folders itself (checked against a build from before the change, case by case).
@Suite struct ScenarioFolderTests {
    private let scenario = "test(\"t\", function() end)\n"

    /// The found paths, relative to the folder, for comparing.
    private func found(_ folder: TestFolder, _ given: String = "") throws -> [String] {
        let root = given.isEmpty ? folder.path : PathText.join(folder.path, given)
        return try ScenarioFiles.find([root]).map { String($0.dropFirst(folder.path.count + 1)) }
    }

    @Test func everyLuaFileBelowIsFoundInPathOrder() throws {
        let folder = try TestFolder()
        for name in ["b.lua", "a/z.lua", "a/b/c.lua", "a-b.lua", "A.lua", "notes.txt", "a/readme.md"] {
            try folder.write(name, scenario)
        }
        #expect(try found(folder) == ["A.lua", "a-b.lua", "a/b/c.lua", "a/z.lua", "b.lua"])
    }

    @Test func modulesProjectFilesAndPluginFoldersAreLeftOut() throws {
        let folder = try TestFolder()
        try folder.write("a.lua", scenario)
        try folder.write("_module.lua", "return {}\n")
        try folder.write("sub/_helper.lua", "return {}\n")
        try folder.write("piecebox.lua", "return {}\n")
        try folder.write("plug/plugin.lua", "return {}\n")
        try folder.write("plug/inner/p.lua", scenario)
        #expect(try found(folder) == ["a.lua"])
    }

    @Test func hiddenFilesAndFoldersAreFound() throws {
        let folder = try TestFolder()
        try folder.write(".dot.lua", scenario)
        try folder.write(".hidden/h.lua", scenario)
        #expect(try found(folder) == [".dot.lua", ".hidden/h.lua"])
    }

    @Test func linksAreListedButNeverEntered() throws {
        let folder = try TestFolder()
        let outside = try TestFolder()
        try outside.write("r.lua", scenario)
        try folder.write("a.lua", scenario)
        try folder.link("linked.lua", to: "a.lua")
        try folder.link("dangling.lua", to: "nowhere.lua")
        try folder.link("folder", to: outside.path)
        #expect(try found(folder) == ["a.lua", "dangling.lua", "linked.lua"])
    }

    @Test func aFolderGivenAsALinkFindsNothing() throws {
        let folder = try TestFolder()
        let outside = try TestFolder()
        try outside.write("r.lua", scenario)
        try folder.link("folder", to: outside.path)
        for given in ["folder", "folder/"] {
            #expect(throws: ScenarioFiles.Missing.self) { try found(folder, given) }
        }
    }

    @Test func aFolderNamedLikeAScriptIsListedAndEntered() throws {
        let folder = try TestFolder()
        try folder.write("odd.lua/inner.lua", scenario)
        #expect(try found(folder) == ["odd.lua", "odd.lua/inner.lua"])
    }

    @Test func aFolderThatCannotBeReadIsSkippedWithoutAnError() throws {
        let folder = try TestFolder()
        try folder.write("a.lua", scenario)
        try folder.write("locked/x.lua", scenario)
        let locked = PathText.join(folder.path, "locked")
        #expect(chmod(locked, 0) == 0)
        defer { _ = chmod(locked, 0o755) }
        // The superuser reads it anyway; anyone else finds the rest of the files and no error.
        let expected = geteuid() == 0 ? ["a.lua", "locked/x.lua"] : ["a.lua"]
        #expect(try found(folder) == expected)
    }

    @Test func aGivenPathWithATrailingSlashJoinsWithOneSlash() throws {
        let folder = try TestFolder()
        try folder.write("sub/a.lua", scenario)
        #expect(try ScenarioFiles.find([folder.path + "/sub/"]) == [folder.path + "/sub/a.lua"])
    }
}
