import Testing
@testable import PieceKit

/// The boxes a scroll page and the island hand their inputs (`ScrollReading`, `Boxed`) are kept only while what
/// they are made from stays as it was: every change makes a new one, so the stage's memo never keeps a stale list.
@Suite struct ScrollReadingTests {
    @Test func thePagesReadingIsKeptUntilThePageOrItsOffsetChanges() throws {
        let rig = try IslandRig()
        let first = rig.page.reading
        #expect(rig.page.reading === first)
        // the offset alone moves: a new reading, read at the new offset
        rig.page.scroll(toOffset: 300)
        let scrolled = rig.page.reading
        #expect(scrolled !== first)
        #expect(scrolled.readFraction == rig.page.readFraction)
        // the page alone changes (the app writes the binding to a section it has): the new selection and its place
        rig.page.select("serving")
        let picked = rig.page.reading
        #expect(picked !== scrolled)
        #expect(picked.selection == "serving")
        #expect(picked.selectionIndex == 3)  // overview, ingredients, method, serving: the fourth, from 0
        // an id the page doesn't have is kept but moves nothing: only the page changed, not the offset
        let offset = rig.page.offset
        rig.page.select("nowhere")
        #expect(rig.page.offset == offset)
        #expect(rig.page.reading.selection == "nowhere")
        #expect(rig.page.reading.selectionIndex == nil)
    }

    @Test func theKeyboardReachesThePagesElements() throws {
        let rig = try IslandRig()
        #expect(rig.stage.latestFrame?["page", "content"]?["keyboard"] == 0)
        rig.page.setKeyboard(300)
        try rig.stage.frames(1)
        #expect(rig.stage.latestFrame?["page", "content"]?["keyboard"] == 300)
    }

    @Test func aChangedLineOfTheCopyReachesTheIslandsElements() throws {
        let rig = try IslandRig()
        #expect(rig.text("contents", "text") == "Contents")
        // one line changed in place: the setter boxes the whole copy anew, so the island's input differs
        rig.island.update { $0.messages.contents = "On this page" }
        try rig.stage.frames(1)
        #expect(rig.text("contents", "text") == "On this page")
    }
}
