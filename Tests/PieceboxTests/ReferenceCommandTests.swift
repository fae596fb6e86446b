import Testing
import LuaHost

/// `piecebox stubs --reference` prints the API reference the repository keeps in docs/api.md.
@Suite struct ReferenceCommandTests {
    @Test func stubsReferencePrintsTheReferenceAndRefusesAFolder() throws {
        let folder = try TestFolder()
        let printed = try piecebox(["stubs", "--reference"], in: folder.path)
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stdout == APIReference.text())
        let withFolder = try piecebox(["stubs", "--reference", "--out", "docs"], in: folder.path)
        #expect(withFolder.status == 2)
        #expect(withFolder.stderr.hasPrefix("piecebox stubs: --reference prints the reference; redirect it"), "\(withFolder.stderr)")
        #expect(folder.list("docs").isEmpty)
    }
}
