import Testing
@testable import LuaHost
@testable import LuaRuntime

/// Which known name a misspelt one is taken for: edits counted by hand, the limit by the typed name's length.
@Suite struct NearNameTests {
    @Test(arguments: [
        ("now", "now", 1, 0),
        ("nwo", "now", 1, 1),              // two neighbours swapped
        ("nowPlayng", "nowPlaying", 2, 1), // one left out
        ("valeu", "value", 2, 1),          // swapped
        ("frameindex", "frameIndex", 2, 1), // one replaced
        ("setl", "settle", 2, 2),          // two left out
        ("abc", "xyz", 1, 2),              // three replaced, past the limit of 1: reported as 1 + 1
    ])
    func editsAreCountedAsInsertDeleteReplaceOrSwap(typed: String, known: String, limit: Int, edits: Int) {
        #expect(NearName.distance(Array(typed.unicodeScalars), Array(known.unicodeScalars), limit: limit) == edits)
    }

    @Test func theClosestNameWinsAndTiesGoToTheFirstInOrder() {
        // "fram" is one insertion from "frame" and two from "frames" and "framed".
        #expect(NearName.nearest(to: "fram", among: ["frames", "frame", "framed"]) == "frame")
        // "ab" is one replacement from both "ax" and "xb": the first in sorted order is named.
        #expect(NearName.nearest(to: "ab", among: ["xb", "ax"]) == "ax")
    }

    @Test func shortNamesMaySlipOnceAndLongerOnesTwice() {
        // Up to five letters: one slip allowed. "nxx" is two from "now", "nope" two from "move".
        #expect(NearName.nearest(to: "nxx", among: ["now"]) == nil)
        #expect(NearName.nearest(to: "nope", among: ["move"]) == nil)
        #expect(NearName.nearest(to: "mov", among: ["move"]) == "move")
        // Nine letters: two slips allowed. "nwPlaying" is one from "nowPlaying"; "noPlayig" is two.
        #expect(NearName.nearest(to: "noPlayig", among: ["nowPlaying"]) == "nowPlaying")
        #expect(NearName.nearest(to: "nPlayig", among: ["nowPlaying"]) == nil)
    }

    @Test func aNameThatIsKnownGetsNoHint() {
        #expect(NearName.hint(for: "now", among: ["now", "nwo"]) == "")
        #expect(NearName.hint(for: "nwo", among: ["now"]) == "; did you mean 'now'?")
    }
}
