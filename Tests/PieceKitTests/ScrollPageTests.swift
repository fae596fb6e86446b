import Foundation
import Testing
@testable import PieceKit

/// Six sections, 2700 points of content, in a 393×852 scroll view under a 59-point top bar and a 34-point home
/// indicator. Section tops: a 0, b 400, c 1000, d 1300, e 1800, f 2000.
private func recipePage(keyboard: Double = 0) -> ScrollPage {
    let heights: [(String, Double)] = [("a", 400), ("b", 600), ("c", 300), ("d", 500), ("e", 200), ("f", 700)]
    return ScrollPage(sections: heights.map { ScrollPage.Section(id: $0.0, title: $0.0.uppercased(), height: $0.1) },
                      containerSize: Size(width: 393, height: 852),
                      contentInsets: EdgeInsets(top: 59, bottom: 34), keyboardInset: keyboard)
}

@Suite struct ScrollPageTests {
    @Test func offsetRangeRunsFromUnderTheTopBarToTheEndAboveTheHomeIndicator() {
        let page = recipePage()
        // low = -59; high = 2700 + 34 - 852 = 1882
        #expect(page.contentHeight == 2700)
        #expect(page.offsetRange == -59...1882)
        #expect(page.contentOffset == -59)
    }

    @Test func theKeyboardRaisesTheEndOfThePage() {
        // bottom inset max(34, 336) = 336; high = 2700 + 336 - 852 = 2184
        #expect(recipePage(keyboard: 336).offsetRange == -59...2184)
    }

    @Test func selectingASectionScrollsItsTopUnderTheBarAndReadsItBack() {
        var page = recipePage()
        // c's top is 1000; the anchor is 59 below the offset: 1000 - 59 = 941
        let target = page.select("c")
        #expect(target == 941)
        page.arrive(at: 941)
        #expect(page.selectionID(atOffset: 941) == "c")
        page.settle(at: 941)
        #expect(page.selection == "c")
        // Every section that can reach the anchor reads itself back.
        for id in ["a", "b", "c", "d", "e"] {
            let offset = page.restingOffset(for: id) ?? .nan
            #expect(page.selectionID(atOffset: offset) == id)
        }
    }

    @Test func aSectionTooCloseToTheEndStopsAtTheEndAndReadsTheOneAboveTheAnchor() {
        let page = recipePage()
        // f's top 2000 - 59 = 1941 > 1882, so it rests at 1882; the anchor line 1882 + 59 = 1941 is inside e (1800…2000)
        #expect(page.restingOffset(for: "f") == 1882)
        #expect(page.selectionID(atOffset: 1882) == "e")
    }

    @Test func anUnknownOrNilSelectionLeavesThePageWhereItIs() {
        var page = recipePage()
        #expect(page.select("nope") == nil)
        #expect(page.select(nil) == nil)
        #expect(page.contentOffset == -59)
    }

    @Test func readFractionFollowsTheScrollGeometry() {
        let page = recipePage()
        // travel = 2700 + 59 + 34 - 852 = 1941
        #expect(page.readFraction(atOffset: -59) == 0)
        #expect(abs(page.readFraction(atOffset: 941) - 1000.0 / 1941) < 1e-12)   // (941 + 59) / 1941
        #expect(page.readFraction(atOffset: 1882) == 1)
        #expect(page.readFraction(atOffset: 5000) == 1)                         // pinned
    }

    @Test func aPageShorterThanItsViewportIsFullyReadAndNeverScrolls() {
        let page = ScrollPage(sections: [.init(id: "x", title: "X", height: 100)],
                              containerSize: Size(width: 393, height: 852), contentInsets: EdgeInsets(top: 59, bottom: 34))
        // travel = 100 + 59 + 34 - 852 < 0
        #expect(page.readFraction == 1)
        #expect(page.offsetRange == -59...(-59))
    }

    @Test func emptyAndZeroHeightPagesAreSafe() {
        var empty = ScrollPage(sections: [], containerSize: Size(width: 393, height: 852))
        #expect(empty.selectionIndex(atOffset: 0) == nil)
        #expect(empty.select("a") == nil)
        empty.settle(at: 100)
        #expect(empty.contentOffset == 0)
        #expect(empty.selection == nil)
        let flat = ScrollPage(sections: [.init(id: "a", title: "A", height: 0), .init(id: "b", title: "B", height: -5),
                                         .init(id: "c", title: "C", height: .nan)],
                              containerSize: Size(width: 393, height: 852))
        #expect(flat.contentHeight == 0)
        #expect(flat.selectionID(atOffset: 0) == "a")
        #expect(flat.restingOffset(for: "c") == 0)
        #expect(flat.fling(from: 0, velocity: 3000).finalOffset == 0)
    }

    @Test func dragFollowsTheFingerInsideTheRange() {
        let drag = recipePage().drag(from: 500)
        // finger 120 down shows earlier content: 500 - 120
        #expect(drag.offset(forTranslation: 120) == 380)
        #expect(drag.offset(forTranslation: -300) == 800)
    }

    @Test func dragPastTheTopRubberBandsWithUIScrollViewsCoefficient() {
        let drag = recipePage().drag(from: -59)
        // pull 100 in a 852 viewport: (1 - 1/(100·0.55/852 + 1))·852 = (1 - 1/1.0645540)·852 = (1 - 0.9393605)·852 = 51.6648
        let expected = (1 - 1 / (100 * 0.55 / 852 + 1)) * 852
        #expect(abs(drag.offset(forTranslation: 100) - (-59 - expected)) < 1e-9)
        #expect(abs(expected - 51.6648) < 0.0001)
        // A drag caught mid-bounce carries on from the same pull: start banded, add 0, same place.
        let caught = recipePage().drag(from: -59 - expected)
        #expect(abs(caught.offset(forTranslation: 0) - (-59 - expected)) < 1e-9)
        #expect(abs(caught.offset(forTranslation: -100) - (-59)) < 1e-6)
    }

    @Test func flingDistanceAtTheNormalRateIsTheIntegralOfTheDecay() {
        // ∫ v0·0.998^(1000t) dt = v0 / (−1000·ln 0.998) = 1000 / 2.002002… = 499.4998
        let coast = ScrollPagePhysics.coastDistance(velocity: 1000)
        #expect(abs(coast - 499.4998) < 0.0001)
        let fling = recipePage().fling(from: 0, velocity: 1000)
        #expect(abs(fling.finalOffset - 499.4998) < 0.0001)
        // v(1 s) = 1000·0.998^1000 = 1000·e^(−2.002) = 135.07
        #expect(abs(fling.velocity(at: 1) - 135.07) < 0.01)
        // x(1 s) = (1000 − 135.07) / 2.002 = 432.03
        #expect(abs(fling.offset(at: 1) - 432.03) < 0.01)
        // Stops once the distance left, |v|/2.002, is under 1/6 point: |v| < 0.3337 → t = ln(0.3337/1000)/−2.002 ≈ 4.0 s
        #expect(abs(fling.duration - log(2.002002 / 6 / 1000) / -2.002002) < 1e-3)
        #expect(abs(fling.offset(at: fling.duration) - fling.finalOffset) < 1.0 / 6 + 1e-9)
    }

    @Test func aFlingIntoTheEndBouncesBackToIt() {
        let page = recipePage()
        // From 1700 at 2000 pt/s the coast would reach 1700 + 999 ≫ 1882: it hits the end and springs back.
        let fling = page.fling(from: 1700, velocity: 2000)
        #expect(fling.finalOffset == 1882)
        let samples = stride(from: 0.0, through: 3.0, by: 1.0 / 120).map { fling.offset(at: $0) }
        let peak = samples.max() ?? 0
        #expect(peak > 1882 && peak < 1882 + 200)
        #expect(abs(fling.offset(at: fling.duration + 0.5) - 1882) < 0.2)
    }

    @Test func releasedPastTheTopTheSpringBringsItHome() {
        let fling = recipePage().fling(from: -120, velocity: 0)
        // critically damped, ω = 10: y(t) = (y0 + ω·y0·t)e^(−ωt); at t = 0.3: −61·(1 + 3)·e^(−3) = −12.15
        #expect(abs(fling.offset(at: 0.3) - (-59 - 61 * 4 * exp(-3))) < 1e-9)
        #expect(fling.finalOffset == -59)
    }
}
