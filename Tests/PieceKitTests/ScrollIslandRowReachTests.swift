import Testing
@testable import PieceKit

/// Gestures aimed at a row reach it only when a finger could: the contents open and the row's centre inside the
/// rows' window. Reading the row's rect (`partRect`) still works for hidden rows.
@Suite struct ScrollIslandRowReachTests {
    @Test func aRowOfClosedContentsCannotBeTouched() throws {
        let rig = try IslandRig()
        #expect(rig.island.partRect("row", index: 2, on: rig.stage) != nil)
        #expect(throws: InteractionError.unreachablePart(
            piece: "scrollIsland", part: "row 2", reason: "the contents are closed (open them first, e.g. tap the bar)")) {
            try rig.center("row", 2)
        }
    }

    @Test func aRowInViewCanBeTouchedAndOneScrolledOutCannot() throws {
        let rig = try IslandRig(page: fortySectionPage())
        try rig.open()
        // Forty 44-point rows in a 399.4-point window, opened on the first section: rows 1 to 10 are in view
        // (row 10's centre at 9.5 × 44 = 418 is past the window, so 1 to 9 can be reached).
        #expect(throws: Never.self) { try rig.center("row", 1) }
        #expect(throws: Never.self) { try rig.center("row", 9) }
        #expect(throws: InteractionError.self) { try rig.center("row", 10) }
        #expect(throws: InteractionError.unreachablePart(
            piece: "scrollIsland", part: "row 30",
            reason: "it is scrolled out of the rows' window (rows 1 to 10 are in view; drag the rows to bring it in)")) {
            try rig.center("row", 30)
        }
        #expect(rig.island.partRect("row", index: 30, on: rig.stage) != nil)
    }
}
