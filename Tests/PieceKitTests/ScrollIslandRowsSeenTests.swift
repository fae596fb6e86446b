import Testing
@testable import PieceKit

/// The rows are published only while they can be seen: from the moment the contents open until their fade out has
/// run its 0.12 s after a close. Closed, every row is transparent and clipped away by the capsule.
@Suite struct ScrollIslandRowsSeenTests {
    /// `count` sections of 300 points titled "Part 1"…, on the iPhone-sized page of `fortySectionPage`.
    private func page(_ count: Int) -> ScrollPage {
        let sections = (1...count).map { ScrollPage.Section(id: "s\($0)", title: "Part \($0)", height: 300) }
        return ScrollPage(sections: sections, containerSize: Size(width: 393, height: 852),
                          contentInsets: EdgeInsets(top: 59, bottom: 34))
    }

    private func rowNames(_ rig: IslandRig) -> [String] {
        (rig.stage.latestFrame?.piece("scrollIsland")?.elements.map(\.name) ?? []).filter { $0.hasPrefix("row.") }
    }

    @Test func closedContentsPublishNoRowsButKeepTheirWindowAndPuck() throws {
        let rig = try IslandRig()
        #expect(rowNames(rig).isEmpty)
        #expect(rig.number("rows", "opacity") == 0)
        #expect(rig.number("puck", "opacity") == 0)
        #expect(rig.element("panel") != nil)
    }

    @Test func openContentsPublishEveryRowEvenOnesScrolledOutOfTheWindow() throws {
        let rig = try IslandRig(page: fortySectionPage())
        try rig.open()
        // all forty, in order; the window shows rows 1 to 10 (10 × 44 = 440 > 399.4), so row 30 is out of it
        #expect(rowNames(rig) == (1...40).map { "row.\($0)" })
        #expect(rig.element("row.30")?.attribute("visible") == .bool(false))
        #expect(rig.element("row.1")?.attribute("visible") == .bool(true))
    }

    @Test func closingKeepsTheRowsUntilTheirFadeOutHasRun() throws {
        let rig = try IslandRig()
        try rig.open()
        try rig.stage.press(.escape, on: rig.island)
        try rig.stage.frames(1)
        let closed = try #require(rig.stage.latestFrame?.time)       // the close begins on this frame
        try rig.stage.frames(7)
        // 7/120 = 0.058 s into the 0.12 s fade: still there, half gone
        #expect(rowNames(rig).count == 6)
        let fading = rig.number("rows", "opacity") ?? -1
        #expect(fading > 0 && fading < 1)
        try rig.stage.frames(7)
        // 14/120 = 0.1167 s < 0.12 s: the last frame of the fade still carries them
        #expect(abs((rig.stage.latestFrame?.time ?? 0) - closed - 14.0 / 120) < 1e-9)
        #expect(rowNames(rig).count == 6)
        try rig.stage.frames(1)
        // 15/120 = 0.125 s ≥ 0.12 s: faded out, and no longer published
        #expect(rowNames(rig).isEmpty)
        #expect(rig.number("rows", "opacity") == 0)
    }

    @Test func reopeningBeforeTheRowsHaveFadedKeepsThem() throws {
        let rig = try IslandRig()
        try rig.open()
        try rig.stage.press(.escape, on: rig.island)
        try rig.stage.frames(5)                                      // 5/120 = 0.042 s into the fade
        try rig.stage.press(.return, on: rig.island)                 // Return opens the closed contents
        try rig.stage.settle()
        try rig.stage.advance(0.2)                                   // past when the first close's fade would end
        #expect(rig.island.isOpen)
        #expect(rowNames(rig) == (1...6).map { "row.\($0)" })
    }

    @Test func aHiddenRowStillSaysWhereItStands() throws {
        let rig = try IslandRig()
        // Six 44-point rows fit: the window is 264 tall, its top at 810 − 48 − 2 − 264 = 496, so row 2 spans
        // 540 to 584, the window's width 360 − 12 = 348 from x = 196.5 − 180 + 6 = 22.5.
        let row = try #require(rig.island.partRect("row", index: 2, on: rig.stage))
        #expect(row == Rect(x: 22.5, y: 540, width: 348, height: 44))
    }

    @Test func aRestingIslandIsNeverLaidOutAgain() throws {
        let rig = try IslandRig(page: page(40))
        rig.page.fling(velocity: 3000)
        try rig.stage.settle()
        let (layouts, lists) = (rig.island.layoutsMade, rig.listsMade)
        try rig.stage.frames(30)
        // nothing it is made from changes: the stage is handed the same list every time it asks
        #expect(rig.island.layoutsMade == layouts)
        #expect(rig.listsMade == lists)
    }

    @Test func whileThePageMovesWithinASectionTheIslandIsNeitherLaidOutNorListedAgain() throws {
        // 5,000-point sections: a fling at 3,000 points a second covers at most 3000 × 30/120 = 750 points in 30
        // frames, so the section at the anchor never changes and only the reading does, once a frame. The travel
        // is 20,000 + 59 + 34 − 852 = 19,241 points, so 750 points read under 4%: the read label stays "N% read",
        // as wide throughout, and the reading is read into the layout and list made before.
        let sections = (1...4).map { ScrollPage.Section(id: "s\($0)", title: "Part \($0)", height: 5000) }
        let rig = try IslandRig(page: ScrollPage(sections: sections, containerSize: Size(width: 393, height: 852),
                                                 contentInsets: EdgeInsets(top: 59, bottom: 34)))
        rig.page.fling(velocity: 3000)
        // the fling's first step, on the second frame, writes the selection ("s1" where it was unset): a change of
        // the binding, which the island lays out
        try rig.stage.frames(2)
        #expect(rig.page.selection == "s1")
        for _ in 1...28 {
            let (layouts, lists) = (rig.island.layoutsMade, rig.listsMade)
            try rig.stage.frames(1)
            #expect(rig.island.layoutsMade == layouts)
            #expect(rig.listsMade == lists)
        }
        #expect(rig.element("title")?.attribute("text") == .text("Part 1"))
    }

    @Test func aClosedIslandDoesTheSameWorkAt400SectionsAsAt40() throws {
        // Closed, nothing the island publishes or works out is per section: the same fling over the same first
        // sections (the page moves under 750 points, through the first three of 300) gives the same elements and
        // numbers, and as many layouts and lists, with ten times the page.
        func scrolled(_ count: Int) throws -> (names: [String], numbers: Int, layouts: Int, lists: Int) {
            let rig = try IslandRig(page: page(count))
            let (layouts, lists) = (rig.island.layoutsMade, rig.listsMade)
            rig.page.fling(velocity: 3000)
            try rig.stage.frames(30)
            let elements = Array(rig.stage.latestFrame?.piece("scrollIsland")?.elements ?? PieceFrame(name: "", elements: []).elements)
            return (elements.map(\.name), elements.reduce(0) { $0 + $1.values.count },
                    rig.island.layoutsMade - layouts, rig.listsMade - lists)
        }
        let forty = try scrolled(40), fourHundred = try scrolled(400)
        #expect(forty.names == fourHundred.names)
        #expect(forty.numbers == fourHundred.numbers)
        #expect(forty.layouts == fourHundred.layouts)
        #expect(forty.lists == fourHundred.lists)
        #expect(!forty.names.contains("row.1"))
    }
}
