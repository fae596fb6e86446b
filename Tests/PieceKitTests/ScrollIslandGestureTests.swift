import Testing
@testable import PieceKit

@Suite struct ScrollIslandGestureTests {
    private func scrub(_ dx: Double, from origin: Int = 2, rtl: Bool = false, reduceMotion: Bool = false) -> ScrollIslandScrub {
        ScrollIslandScrub(origin: origin, count: 6, dx: dx, layoutDirection: rtl ? .rightToLeft : .leftToRight,
                          reduceMotion: reduceMotion)
    }

    @Test func scrubMovesOneSectionPer32Points() {
        // the nearest section wins: 2 + dx/32 rounded
        #expect(scrub(15.9).candidate == 2)     // 2.497
        #expect(scrub(16).candidate == 3)       // 2.5 rounds away from zero
        #expect(scrub(47.9).candidate == 3)     // 3.497
        #expect(scrub(48).candidate == 4)       // 3.5
        #expect(scrub(79.9).candidate == 4)
        #expect(scrub(80).candidate == 5)
        #expect(scrub(-16).candidate == 2)      // 1.5 rounds to 2
        #expect(scrub(-16.1).candidate == 1)    // 1.497
        #expect(scrub(-48).candidate == 1)      // 0.5 rounds to 1
        #expect(scrub(-48.1).candidate == 0)
        #expect(scrub(0).pull == 0)
    }

    @Test func rightToLeftScrubsLaterSectionsTowardTheTrailingLeft() {
        #expect(scrub(-16, rtl: true).candidate == 3)
        #expect(scrub(16, rtl: true).candidate == 2)
        #expect(scrub(16.1, rtl: true).candidate == 1)
    }

    @Test func scrubPastTheEndsGivesWithRubberBandUpTo14Points() {
        // from 5, +64: raw 7, held 5, over 64: (1 − 1/(64·0.55/14 + 1))·14 = (1 − 1/3.5142857)·14 = 10.01626
        let last = scrub(64, from: 5)
        #expect(last.candidate == 5)
        #expect(abs(last.pull - 10.01626) < 1e-5)
        // from 0, −32: over −32: (1 − 1/(32·0.55/14 + 1))·14 = (1 − 1/2.2571429)·14 = 7.79747
        let first = scrub(-32, from: 0)
        #expect(first.candidate == 0)
        #expect(abs(first.pull + 7.79747) < 1e-5)
        #expect(scrub(100_000, from: 5).pull < 14)
        #expect(scrub(64, from: 5, reduceMotion: true).pull == 0)
        // no give inside the list
        #expect(scrub(40).pull == 0)
    }

    @Test func scrubTicksOnlyWhenTheSectionChanges() {
        #expect(scrub(16).ticks(from: 2))
        #expect(!scrub(15).ticks(from: 2))
    }

    @Test func scrubWithNoSectionsOrAnOriginOutOfRangeStaysSafe() {
        let empty = ScrollIslandScrub(origin: 3, count: 0, dx: 100, layoutDirection: .leftToRight, reduceMotion: false)
        #expect(empty.candidate == 0 && empty.pull == 0)
        let far = ScrollIslandScrub(origin: 99, count: 6, dx: 0, layoutDirection: .leftToRight, reduceMotion: false)
        #expect(far.candidate == 5)
    }

    @Test func theAxisIsDecidedAfter8Points() {
        // hypot(6, 5) = 7.81 and hypot(8, 0) = 8: not yet (strictly more than 8 needed)
        #expect(ScrollIslandTouchIntent.decide(dx: 6, dy: 5, isOpen: false, rowsScroll: false) == .undecided)
        #expect(ScrollIslandTouchIntent.decide(dx: 8, dy: 0, isOpen: false, rowsScroll: false) == .undecided)
        #expect(ScrollIslandTouchIntent.decide(dx: 8.01, dy: 0, isOpen: false, rowsScroll: false) == .scrub)
        #expect(ScrollIslandTouchIntent.decide(dx: -7, dy: 6, isOpen: false, rowsScroll: false) == .scrub)
        // up: hypot(5, 7) = 8.6, |dy| wins
        #expect(ScrollIslandTouchIntent.decide(dx: 5, dy: -7, isOpen: false, rowsScroll: false)
                == .open(slidesOntoRows: true))
        #expect(ScrollIslandTouchIntent.decide(dx: 0, dy: -9, isOpen: false, rowsScroll: true)
                == .open(slidesOntoRows: false))
        #expect(ScrollIslandTouchIntent.decide(dx: 3, dy: 9, isOpen: false, rowsScroll: false) == .cancelled)
        // open, sideways never scrubs
        #expect(ScrollIslandTouchIntent.decide(dx: 9, dy: 0, isOpen: true, rowsScroll: false) == .cancelled)
    }

    @Test func aSwipeUpPicksOnReachingAnotherRowOrTravellingThreeQuartersOfARow() {
        // 44 × 0.75 = 33
        #expect(!ScrollIslandTouchIntent.swipeBecomesPick(row: 2, currentIndex: 2, y: 700, startY: 733, rowHeight: 44))
        #expect(ScrollIslandTouchIntent.swipeBecomesPick(row: 2, currentIndex: 2, y: 699.9, startY: 733, rowHeight: 44))
        #expect(ScrollIslandTouchIntent.swipeBecomesPick(row: 3, currentIndex: 2, y: 730, startY: 733, rowHeight: 44))
        #expect(!ScrollIslandTouchIntent.swipeBecomesPick(row: nil, currentIndex: 2, y: 400, startY: 733, rowHeight: 44))
    }

    @Test func scrubbingTheIslandScrollsThePageAndThePageReadsBackTheSameSection() throws {
        // The binding round trip: scrub from Overview to Method (+64 points = 2 sections), commit to the page, let it
        // arrive, read the anchor back, and lay the island out from that selection.
        var page = ScrollPage(sections: sixSections.enumerated().map {
                                  ScrollPage.Section(id: $0.element.id, title: $0.element.title, height: 500 + Double($0.offset) * 10)
                              },
                              containerSize: Size(width: 393, height: 852), contentInsets: EdgeInsets(top: 59, bottom: 34))
        let s = ScrollIslandScrub(origin: 0, count: 6, dx: 64, layoutDirection: .leftToRight, reduceMotion: false)
        #expect(s.candidate == 2)
        let picked = page.select(sixSections[s.candidate].id)
        let target = try #require(picked)
        #expect(target == 1010 - 59)                                        // tops: 0, 500, 1010
        page.settle(at: target)
        #expect(page.selection == "method")
        let l = try #require(islandLayout(ScrollIslandInput(sections: page.islandSections, selection: page.selection,
                                                             progress: page.readFraction)))
        #expect(l.selectedIndex == 2)
        // read = (951 + 59) / (3150 + 59 + 34 − 852) = 1010 / 2391
        #expect(abs(l.readFraction - 1010.0 / 2391) < 1e-12)
    }
}
