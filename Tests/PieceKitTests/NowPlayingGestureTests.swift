import Testing
@testable import PieceKit

@Suite struct NowPlayingGestureTests {
    typealias Drag = NowPlaying.SurfaceDrag

    private func drag(_ dx: Double, _ dy: Double, open: Bool) -> Drag {
        var d = Drag()
        _ = d.changed(dx: dx, dy: dy, open: open, reduceMotion: false)
        return d
    }

    @Test func aTouchStaysUndecidedUpToEightPoints() {
        #expect(drag(0, -8, open: false).mode == .pressing)
        #expect(drag(0, -8, open: false).pressing)
        #expect(drag(0, -8.01, open: false).mode == .pulling)
        #expect(!drag(0, -8.01, open: false).pressing)
    }

    @Test func theOpenCardIsNeverPressed() {
        #expect(drag(0, 2, open: true).mode == .pressing)
        #expect(!drag(0, 2, open: true).pressing)
    }

    @Test func aMostlyVerticalDragPullsTheBarOrDropsTheCard() {
        #expect(drag(5, -9, open: false).mode == .pulling)
        #expect(drag(5, 9, open: false).mode == .pulling)
        #expect(drag(5, 9, open: true).mode == .dropping)
    }

    @Test func aSidewaysOrDiagonalDragPasses() {
        #expect(drag(9, 5, open: false).mode == .passing)
        #expect(drag(6, -6, open: false).mode == .passing)
    }

    @Test func theDecisionIsMadeOnceAndKept() {
        var d = drag(0, -20, open: false)
        _ = d.changed(dx: 200, dy: -20, open: false, reduceMotion: false)
        #expect(d.mode == .pulling)
    }

    @Test func pullStretchesThroughARubberBandLimitedTo150() {
        #expect(abs(Drag.stretch(forDY: -100, reduceMotion: false) - 150 * (1 - 1 / (100 * 0.55 / 150 + 1))) < 1e-9)
        #expect(Drag.stretch(forDY: -1e9, reduceMotion: false) < 150)
        #expect(Drag.stretch(forDY: -1e9, reduceMotion: false) > 149)
        #expect(Drag.stretch(forDY: 30, reduceMotion: false) == 0)
        #expect(Drag.stretch(forDY: -100, reduceMotion: true) == 0)
    }

    @Test func dropFollowsDownOneToOneAndResistsUpThroughA36Band() {
        #expect(Drag.drop(forDY: 80) == 80)
        #expect(abs(Drag.drop(forDY: -20) + 36 * (1 - 1 / (20 * 0.55 / 36 + 1))) < 1e-9)
        #expect(Drag.drop(forDY: -1e9) > -36)
    }

    @Test func aTapOpensTheBar() {
        var d = drag(0, 0, open: false)
        #expect(d.ended(dx: 0, dy: 0, velocity: 0, open: false, startedOnGrabber: false, stretch: 0,
                        cardHeight: 500) == .open(velocity: nil))
        #expect(d.mode == .idle)
    }

    @Test func aTapClosesTheCardOnlyOnTheGrabber() {
        var d = drag(0, 0, open: true)
        #expect(d.ended(dx: 0, dy: 0, velocity: 0, open: true, startedOnGrabber: true, stretch: 0,
                        cardHeight: 500) == .close(velocity: nil))
        var e = drag(0, 0, open: true)
        #expect(e.ended(dx: 0, dy: 0, velocity: 0, open: true, startedOnGrabber: false, stretch: 0,
                        cardHeight: 500) == .none)
    }

    /// A pull opens when it would coast past 72: position + velocity · 0.099 at the 0.99 deceleration rate.
    @Test func strongPullOpensPastSeventyTwoProjected() {
        var d = drag(0, -73, open: false)
        #expect(d.ended(dx: 0, dy: -73, velocity: 0, open: false, startedOnGrabber: false, stretch: 0,
                        cardHeight: 500) == .open(velocity: 0))
        var flick = drag(0, -50, open: false)
        #expect(flick.ended(dx: 0, dy: -50, velocity: -300, open: false, startedOnGrabber: false, stretch: 0,
                            cardHeight: 500) == .open(velocity: -300))
    }

    @Test func weakPullSpringsBack() {
        var d = drag(0, -72, open: false)
        let stretch = Drag.stretch(forDY: -72, reduceMotion: false)
        #expect(d.ended(dx: 0, dy: -72, velocity: 0, open: false, startedOnGrabber: false, stretch: stretch,
                        cardHeight: 500) == .stretchBack(speed: 0))
        var slow = drag(0, -50, open: false)
        let release = slow.ended(dx: 0, dy: -50, velocity: -200, open: false, startedOnGrabber: false,
                                 stretch: Drag.stretch(forDY: -50, reduceMotion: false), cardHeight: 500)
        let band = { GesturePhysics.rubberBand($0, limit: 150) }
        let expected = (band(50 + 200.0 / 120) - band(50)) * 120
        guard case .stretchBack(let speed) = release else {
            Issue.record("expected the stretch to spring back, got \(release)")
            return
        }
        #expect(abs(speed - expected) < 1e-9)
        #expect(speed > 0)
    }

    @Test func dropClosesPastTwentyTwoPercentOfTheCard() {
        // 600 tall: 22% is 132, above the 110 floor.
        var d = drag(0, 133, open: true)
        #expect(d.ended(dx: 0, dy: 133, velocity: 0, open: true, startedOnGrabber: false, stretch: 0,
                        cardHeight: 600) == .close(velocity: 0))
        var e = drag(0, 131, open: true)
        #expect(e.ended(dx: 0, dy: 131, velocity: 0, open: true, startedOnGrabber: false, stretch: 0,
                        cardHeight: 600) == .dropBack(velocity: 0))
    }

    @Test func dropOfAShortCardClosesPastOneHundredTen() {
        #expect(Drag.closingDrop(cardHeight: 400) == 110)
        #expect(Drag.closingDrop(cardHeight: 600) == 132)
        var d = drag(0, 111, open: true)
        #expect(d.ended(dx: 0, dy: 111, velocity: 0, open: true, startedOnGrabber: false, stretch: 0,
                        cardHeight: 400) == .close(velocity: 0))
        var e = drag(0, 110, open: true)
        #expect(e.ended(dx: 0, dy: 110, velocity: 0, open: true, startedOnGrabber: false, stretch: 0,
                        cardHeight: 400) == .dropBack(velocity: 0))
    }

    @Test func aDownwardFlickClosesFromAShortDrop() {
        var d = drag(0, 40, open: true)
        #expect(d.ended(dx: 0, dy: 40, velocity: 800, open: true, startedOnGrabber: false, stretch: 0,
                        cardHeight: 400) == .close(velocity: 800))
    }

    @Test func aCancelledTouchLetsGoAtRest() {
        var d = drag(0, 200, open: true)
        #expect(d.cancelled(stretch: 0, cardHeight: 400) == .dropBack(velocity: 0))
        var p = drag(0, -100, open: false)
        let stretch = Drag.stretch(forDY: -100, reduceMotion: false)
        #expect(p.cancelled(stretch: stretch, cardHeight: 400) == .stretchBack(speed: -stretch * 120))
        var t = drag(0, 0, open: false)
        #expect(t.cancelled(stretch: 0, cardHeight: 400) == .none)
    }

    @Test func aPassingDragDoesNothingOnRelease() {
        var d = drag(40, 0, open: false)
        #expect(d.ended(dx: 40, dy: 0, velocity: 0, open: false, startedOnGrabber: false, stretch: 0,
                        cardHeight: 400) == .none)
    }
}
