import Testing
@testable import PieceKit

/// A scroll that stays in one section changes only the reading: the ring's arc and the read label follow it, and
/// the island is neither laid out nor listed again.
@Suite struct ScrollIslandReadingTests {
    /// Five 4,200-point sections in a 1,000-point window with no insets: the travel is 5 × 4200 − 1000 = 20,000
    /// points, so an offset of `o` reads o / 20,000, and every offset below 4,200 keeps the first section in view.
    private func longPage() -> ScrollPage {
        let sections = (1...5).map { ScrollPage.Section(id: "s\($0)", title: "Part \($0)", height: 4200) }
        return ScrollPage(sections: sections, containerSize: Size(width: 393, height: 1000),
                          contentInsets: EdgeInsets(top: 0, bottom: 0))
    }

    /// Scrolls at once to `offset` and lets the ring come to rest.
    private func scroll(_ rig: IslandRig, to offset: Double) throws {
        rig.page.scroll(toOffset: offset)
        try rig.stage.settle()
    }

    @Test(arguments: [false, true])
    func aScrollWithinASectionNeitherLaysOutNorListsTheIslandAgain(open: Bool) throws {
        let rig = try IslandRig(page: longPage())
        if open { try rig.open() }
        // 2,000 reads 10%: "10% read" is as wide as every reading up to 99%, so from here on the label keeps its
        // width and nothing but the reading changes
        try scroll(rig, to: 2000)
        let (layouts, lists) = (rig.island.layoutsMade, rig.listsMade)
        for offset in stride(from: 2100.0, through: 3000, by: 100) {
            rig.page.scroll(toOffset: offset)
            try rig.stage.frames(1)
        }
        #expect(rig.island.layoutsMade == layouts)
        #expect(rig.listsMade == lists)
        #expect(rig.page.selection == "s1")
        #expect(rig.island.isOpen == open)
    }

    @Test(arguments: [false, true])
    func theRingAndTheReadLabelFollowAScrollWithinASection(open: Bool) throws {
        let rig = try IslandRig(page: longPage())
        if open { try rig.open() }
        try scroll(rig, to: 2000)
        // 2,000 / 20,000
        #expect(rig.number("ring", "arc") == 0.1)
        #expect(rig.text("read", "text") == "10% read")
        try scroll(rig, to: 2500)
        // 2,500 / 20,000 = 0.125: 12.5% goes to the even neighbour, 12
        #expect(rig.number("ring", "arc") == 0.125)
        #expect(rig.text("read", "text") == "12% read")
        try scroll(rig, to: 3640)
        // 3,640 / 20,000 = 0.182
        #expect(rig.number("ring", "arc") == 0.182)
        #expect(rig.text("read", "text") == "18% read")
        // the label is shown only while open, and the title keeps naming the first section
        #expect(rig.number("read", "opacity") == (open ? 1 : 0))
        #expect(rig.text("title", "text") == "Part 1")
    }

    @Test func aStepOfTheRingWithinASectionMovesItAtOnce() throws {
        let rig = try IslandRig(page: longPage())
        try scroll(rig, to: 2000)
        // 100 points is 0.005 of the page, well under the 0.06 that makes a jump: the arc is there on the next frame
        rig.page.scroll(toOffset: 2100)
        try rig.stage.frames(1)
        #expect(rig.number("ring", "arc") == 2100.0 / 20000)
        #expect(rig.text("read", "text") == "10% read")         // 10.5% goes to the even neighbour, 10
    }

    @Test func aReadingThatWidensTheReadLabelLaysTheIslandOutAgain() throws {
        let rig = try IslandRig(page: longPage())
        try scroll(rig, to: 1800)
        // 1,800 / 20,000 = 9%: "9% read" is 7 characters of 6.5 points (13-point type, half-em), 45.5 wide
        #expect(rig.text("read", "text") == "9% read")
        #expect(rig.number("read", "w") == 45.5)
        let layouts = rig.island.layoutsMade
        try scroll(rig, to: 2000)
        // "10% read" is 8 characters, 52 wide: the label's place changes, so the island is laid out again
        #expect(rig.text("read", "text") == "10% read")
        #expect(rig.number("read", "w") == 52)
        #expect(rig.island.layoutsMade == layouts + 1)
    }

    @Test(arguments: [false, true])
    func theLayoutReadAfterAScrollIsTheOneMadeAfresh(rightToLeft: Bool) throws {
        let environment = PieceEnvironment(layoutDirection: rightToLeft ? .rightToLeft : .leftToRight)
        let rig = try IslandRig(page: longPage(), environment: environment)
        try scroll(rig, to: 2000)
        try scroll(rig, to: 2960)
        let kept = try #require(rig.island.layout(in: rig.stage.environment))
        let fresh = try #require(ScrollIslandLayout.make(rig.island.input, environment: rig.stage.environment,
                                                         measure: HalfEmMeasure()))
        #expect(kept == fresh)
        // 2,960 / 20,000 = 0.148, spoken as 15%
        #expect(kept.readFraction == 0.148)
        #expect(kept.ring.fraction == 0.148)
        #expect(kept.spokenValue.hasSuffix("15% read"))
    }
}
