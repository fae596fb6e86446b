import Testing
@testable import PieceKit

/// Path arithmetic that never traps: Foundation's traps on "a", "/a", "." and "a/".
@Suite struct PathTextTests {
    @Test func theParentOfAShortPathIsWhatDirnameSays() {
        #expect(PathText.parent("a") == "")
        #expect(PathText.parent("a/") == "")
        #expect(PathText.parent("/a") == "/")
        #expect(PathText.parent(".") == "")
        #expect(PathText.parent("a/b") == "a")
        #expect(PathText.parent("a//b/") == "a")
        #expect(PathText.parent("/") == "/")
        #expect(PathText.parent("") == "")
    }

    @Test func theLastComponentIgnoresTrailingSlashes() {
        #expect(PathText.lastComponent("a") == "a")
        #expect(PathText.lastComponent("a/") == "a")
        #expect(PathText.lastComponent("x/y/b.lua") == "b.lua")
        #expect(PathText.lastComponent("/") == "/")
    }

    @Test func joiningPutsOneSlashBetween() {
        #expect(PathText.join("", "b") == "b")
        #expect(PathText.join("a", "b") == "a/b")
        #expect(PathText.join("a/", "b") == "a/b")
        #expect(PathText.join("/", "b") == "/b")
    }
}
