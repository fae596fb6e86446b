import Testing
@testable import PieceKit

@Suite struct MotionGestureTests {
    @Test func projectCoastsByTheDecelerationRate() {
        #expect(abs(GesturePhysics.project(100, velocity: 1000) - 199) < 1e-9)
        #expect(abs(GesturePhysics.project(100, velocity: 1000, decelerationRate: 0.998) - 599) < 1e-9)
        #expect(abs(GesturePhysics.project(0, velocity: -2000) - -198) < 1e-9)
        #expect(GesturePhysics.project(50, velocity: 0) == 50)
        #expect(GesturePhysics.project(0, velocity: 1000, decelerationRate: 1).isFinite)
    }

    @Test func nearestPicksTheClosestCandidate() {
        #expect(GesturePhysics.nearest(130, in: [0, 100, 200, 300]) == 100)
        #expect(GesturePhysics.nearest(160, in: [0, 100, 200, 300]) == 200)
        #expect(GesturePhysics.nearest(150, in: [100, 200]) == 100)
        #expect(GesturePhysics.nearest(42, in: []) == 42)
        let detent = GesturePhysics.nearest(GesturePhysics.project(120, velocity: 900), in: [0, 100, 200, 300])
        #expect(detent == 200)
    }

    @Test func rubberBandNeverReachesItsLimit() {
        var previous = 0.0
        var pull = 0.5
        while pull < 1e9 {
            let banded = GesturePhysics.rubberBand(pull, limit: 60)
            #expect(banded > previous && banded < 60)
            #expect(GesturePhysics.rubberBand(-pull, limit: 60) == -banded)
            previous = banded
            pull *= 1.5
        }
        // Barely past the edge it moves at the coefficient's share of the finger.
        #expect(abs(GesturePhysics.rubberBand(0.001, limit: 60) / 0.001 - 0.55) < 1e-4)
        #expect(abs(GesturePhysics.rubberBand(100, limit: 100) - (1 - 1 / 1.55) * 100) < 1e-9)
        #expect(GesturePhysics.rubberBand(0, limit: 60) == 0)
        #expect(GesturePhysics.rubberBand(30, limit: 0) == 0)
        #expect(GesturePhysics.rubberBand(.nan, limit: 60) == 0)
    }

    @Test func rubberBandInARangePassesInsideAndResistsPastEitherEnd() {
        #expect(GesturePhysics.rubberBand(50, in: 0...100, limit: 40) == 50)
        let past = GesturePhysics.rubberBand(130, in: 0...100, limit: 40)
        #expect(abs(past - (100 + GesturePhysics.rubberBand(30, limit: 40))) < 1e-12)
        let before = GesturePhysics.rubberBand(-30, in: 0...100, limit: 40)
        #expect(abs(before + GesturePhysics.rubberBand(30, limit: 40)) < 1e-12)
        #expect(GesturePhysics.rubberBand(130, lower: 100, upper: 0, limit: 40) == past)
        #expect(GesturePhysics.rubberBand(1e9, lower: 0, upper: 100, limit: 40) < 140)
    }

    @Test func pressScaleSinksAboutTwoAndAHalfPointsPerEdge() {
        #expect(GesturePhysics.pressScale(for: Size(width: 44, height: 44)) == 0.92)
        let card = GesturePhysics.pressScale(for: Size(width: 300, height: 200))
        #expect(abs(card - (1 - 5 / (60_000.0).squareRoot())) < 1e-12)
        #expect(GesturePhysics.pressScale(for: Size(width: 2000, height: 2000)) == 0.985)
        #expect(GesturePhysics.pressScale(for: Size(width: 0, height: -5)) == 0.92)
        #expect(GesturePhysics.pressScale(for: Size(width: 100, height: 100), depth: .nan) == 0.985)
    }

    @Test func pressAnchorLeansPartwayTowardTheTouch() {
        let size = Size(width: 200, height: 100)
        #expect(GesturePhysics.pressAnchor(touch: nil, in: size) == Point(x: 0.5, y: 0.5))
        let corner = GesturePhysics.pressAnchor(touch: Point(x: 0, y: 0), in: size)
        #expect(abs(corner.x - 0.2) < 1e-12 && abs(corner.y - 0.2) < 1e-12)
        let outside = GesturePhysics.pressAnchor(touch: Point(x: 500, y: 75), in: size)
        #expect(abs(outside.x - 0.8) < 1e-12 && abs(outside.y - 0.65) < 1e-12)
        #expect(GesturePhysics.pressAnchor(touch: Point(x: 10, y: 10), in: .zero) == Point(x: 0.5, y: 0.5))
        let upright = GesturePhysics.pressAnchor(touch: Point(x: 0, y: 100), in: size, lean: 0)
        #expect(upright == Point(x: 0.5, y: 0.5))
    }

    @Test func liquidKeepsTheSeedsDistancesAndSprings() {
        #expect(Liquid.merge == 20 && Liquid.joined == 4 && Liquid.apart == 26 && Liquid.homeScale == 0.72)
        #expect(Liquid.joined < Liquid.merge && Liquid.apart > Liquid.merge)
        #expect(Liquid.split(reduceMotion: false) == .spring(duration: 0.62, bounce: 0.22))
        #expect(Liquid.split(reduceMotion: true) == .easeOut(duration: 0.2))
        #expect(Liquid.home(reduceMotion: false) == .spring(duration: 0.5, bounce: 0))
        #expect(Liquid.home(reduceMotion: true) == .easeIn(duration: 0.18))
    }
}
