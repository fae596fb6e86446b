import Testing
@testable import PieceKit

/// The panel in the 393 × 852 stage: space 393 × 759 from y = 59, bottom edge 810, centre x 196.5.
private func panel(_ count: Int, height: Double = 759) -> ScrollIslandPanel {
    ScrollIslandPanel(metrics: ScrollIslandMetrics(), count: count,
                      container: Rect(x: 0, y: 59, width: 393, height: height), maxWidth: 360)
}

@Suite struct ScrollIslandPanelTests {
    @Test func sixSectionsAllFitAndThePanelGrowsUpwardFromTheBar() throws {
        let p = panel(6)
        // width min(393 − 32, 360) = 360; rows 6 × 44 = 264 ≤ 759 × 0.6 − 48 − 6 − 2 = 399.4
        #expect(p.width == 360)
        #expect(p.rowsViewport == 264)
        #expect(!p.scrolls)
        #expect(p.height == 320)                                            // 48 + 6 + 264 + 2
        #expect(p.frame == Rect(x: 16.5, y: 490, width: 360, height: 320))  // 810 − 320
        #expect(p.rowsFrame == Rect(x: 22.5, y: 496, width: 348, height: 264))
        #expect(p.rowFrame(5) == Rect(x: 22.5, y: 716, width: 348, height: 44))  // 496 + 5 × 44
        let l = try #require(islandLayout(ScrollIslandInput(sections: sixSections, selection: "method", isExpanded: true)))
        #expect(l.glass == p.frame)
        #expect(l.cornerRadius == 26)                                       // min(26, 24 + 2)
        #expect(l.bubble?.isOut == false)                                   // melted home while open
        #expect(l.bar.frame == Rect(x: 16.5, y: 762, width: 360, height: 48))
    }

    @Test func fortySectionsStopAtSixtyPercentAndScroll() {
        let p = panel(40)
        // rows 1760; window 759 × 0.6 − 56 = 399.4; panel 48 + 6 + 399.4 + 2 = 455.4
        #expect(abs(p.rowsViewport - 399.4) < 1e-9)
        #expect(p.scrolls)
        #expect(abs(p.height - 455.4) < 1e-9)
        #expect(abs(p.maxRowsOffset - 1360.6) < 1e-9)                       // 1760 − 399.4
        // opened on row 20: centre 20.5 × 44 = 902, less half the window 199.7 → 702.3
        #expect(abs(p.openingRowsOffset(for: 20) - 702.3) < 1e-9)
        #expect(p.openingRowsOffset(for: 0) == 0)
        #expect(abs(p.openingRowsOffset(for: 39) - 1360.6) < 1e-9)
        // ⌊702.3/44⌋ = 15; the window ends at 1101.7, 1.7 into row 25 (1100…1144): ⌈1101.7/44⌉ = ⌈25.04⌉ = 26
        #expect(p.visibleRows(rowsOffset: 702.3) == 15..<26)
    }

    @Test func aShortSpaceStillShowsTwoAndAHalfRows() {
        let p = panel(6, height: 200)
        // 200 × 0.6 − 56 = 64 < 110 = 2.5 × 44
        #expect(p.rowsViewport == 110)
        #expect(p.scrolls)
    }

    @Test func movingThePuckScrollsTheLeastToRevealItsRow() {
        let p = panel(40)
        // row 30 spans 1320…1364; from 702.3 the window ends at 1101.7: scroll so 1364 is its bottom, 1364 − 399.4
        #expect(abs(p.rowsOffset(revealing: 30, from: 702.3) - 964.6) < 1e-9)
        #expect(p.rowsOffset(revealing: 10, from: 702.3) == 440)           // 10 × 44
        #expect(p.rowsOffset(revealing: 20, from: 702.3) == 702.3)         // already in view
    }

    @Test func rowHitTestingSwitchesRowsExactlyAtRowEdges() {
        let p = panel(6)
        // rows from 496 (810 − 48 − 2 − 264) to 760, 44 each
        #expect(p.row(at: Point(x: 196.5, y: 539.9)) == 0)
        #expect(p.row(at: Point(x: 196.5, y: 540)) == 1)                    // 496 + 44
        #expect(p.row(at: Point(x: 196.5, y: 715.9)) == 4)
        #expect(p.row(at: Point(x: 196.5, y: 716)) == 5)
    }

    @Test func rowHitTestingReachesPastThePanelAndThenLetsGo() {
        let p = panel(6)
        // 24 above the first row (472) takes row 0; 4 below the last (764) takes row 5
        #expect(p.row(at: Point(x: 196.5, y: 472)) == 0)
        #expect(p.row(at: Point(x: 196.5, y: 471.9)) == nil)
        #expect(p.row(at: Point(x: 196.5, y: 764)) == 5)
        #expect(p.row(at: Point(x: 196.5, y: 764.1)) == nil)
        // sideways: |x − 196.5| ≤ 180 + 24 = 204
        #expect(p.row(at: Point(x: 400.5, y: 600)) == 2)                    // ⌊104/44⌋ = 2
        #expect(p.row(at: Point(x: 400.6, y: 600)) == nil)
        #expect(p.row(at: Point(x: -7.5, y: 600)) == 2)
        #expect(panel(0).row(at: Point(x: 196.5, y: 600)) == nil)
    }

    @Test func tapsOnAScrolledListHitTheRowUnderTheFinger() {
        let p = panel(40)
        // window from y = 810 − 455.4 + 6 = 360.6; scrolled 702.3: y 400 is 39.4 + 702.3 = 741.7 down the list → row 16
        #expect(p.tappedRow(at: Point(x: 196.5, y: 400), rowsOffset: 702.3) == 16)
        #expect(p.tappedRow(at: Point(x: 196.5, y: 300), rowsOffset: 702.3) == nil)   // above the window
    }

    @Test func puckEdgesSpanTheSelectedRowAndStretchBetweenRows() {
        let p = panel(6)
        // row 2 rests at 2…3: y 496 + 88 = 584, 44 tall, the rows' full width
        let rest = ScrollIslandPuck(row: 2)
        #expect(rest.top == 2 && rest.bottom == 3)
        #expect(p.puckFrame(top: rest.top, bottom: rest.bottom) == Rect(x: 22.5, y: 584, width: 348, height: 44))
        // mid-flight toward row 4, the leading (bottom) edge at 4.5: 2.5 rows tall
        #expect(p.puckFrame(top: 2, bottom: 4.5).height == 110)
        // crossed edges never give a negative height
        #expect(p.puckFrame(top: 3, bottom: 2.9).height == 0)
    }

    @Test func theEdgeFacingTheNewRowLeadsAndTheFarEdgeFollowsLooser() {
        let down = ScrollIslandPuck(row: 2).move(to: 4, reduceMotion: false)
        // 4.5 > 2.5: going down, the bottom edge leads on 0.32/0.25; the top follows at rank 2: 0.40/0.29
        #expect(down.bottom == .init(target: 5, spring: .init(duration: 0.32, bounce: 0.25)))
        #expect(down.top.target == 4)
        #expect(abs(down.top.spring.duration - 0.40) < 1e-12 && abs(down.top.spring.bounce - 0.29) < 1e-12)
        let up = ScrollIslandPuck(row: 2).move(to: 0, reduceMotion: false)
        #expect(up.top.spring == .responsive)
        #expect(up.bottom.target == 1 && up.bottom.spring.duration > 0.39)
        let still = ScrollIslandPuck(row: 2).move(to: 4, reduceMotion: true)
        #expect(still.top.spring == still.bottom.spring && still.top.spring == .still)
    }

    @Test func rowsPlaceNumberTitleAndDetail() throws {
        let l = try #require(islandLayout(ScrollIslandInput(sections: sixSections, isExpanded: true)))
        let row = try #require(l.row(2, sections: sixSections, measure: HalfEmMeasure()))
        // number column 1 digit × 13 × 0.62 + 2 = 10.06 at 22.5 + 14; title after 12 more; detail "5 min" 32.5 wide
        #expect(row.number.minX == 36.5)
        #expect(abs(row.number.width - 10.06) < 1e-9)
        #expect(abs(row.title.minX - 58.56) < 1e-9)
        #expect(row.title.width == 51)
        #expect(row.detail?.maxX == 356.5)                                  // 370.5 − 14
        #expect(l.row(6, sections: sixSections, measure: HalfEmMeasure()) == nil)
    }

    @Test func theOpenBarReadsContentsAndTheReadAmount() throws {
        let l = try #require(islandLayout(ScrollIslandInput(sections: sixSections, progress: 0.62, isExpanded: true)))
        #expect(l.bar.isOpen && l.bar.chevronRotation == 180)
        #expect(l.bar.contents.minX == l.bar.title.minX)
        #expect(l.bar.contents.width == 68)                                 // "Contents" 8 × 8.5
        // "62% read" 8 × 6.5 = 52, against the position slot's trailing edge (376.5 − 16 − 12 − 6 = 342.5)
        #expect(l.bar.read == Rect(x: 290.5, y: 786 - 7.8, width: 52, height: 15.6))
    }
}
