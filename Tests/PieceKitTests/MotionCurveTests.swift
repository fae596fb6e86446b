import Testing
@testable import PieceKit

@Suite struct MotionCurveTests {
    static let curves: [UnitCurve] = [.easeIn, .easeOut, .easeInOut, .linear, UnitCurve(0.68, -0.6, 0.32, 1.6),
                                      UnitCurve(0.9, 0.1, 0.1, 0.9), UnitCurve(0.05, 0.9, 0.1, 1)]

    @Test func controlPointsAreSwiftUIs() {
        #expect(UnitCurve.easeIn == UnitCurve(0.42, 0, 1, 1))
        #expect(UnitCurve.easeOut == UnitCurve(0, 0, 0.58, 1))
        #expect(UnitCurve.easeInOut == UnitCurve(0.42, 0, 0.58, 1))
        #expect(UnitCurve.linear == UnitCurve(0, 0, 1, 1))
    }

    @Test func bezierSolverFindsTheCurvesHeightToAMillionth() {
        for curve in Self.curves {
            let a = curve.startControlPoint, b = curve.endControlPoint
            var t = 0.0
            while t <= 1 {
                let x = UnitCurve.bezier(t, a.x, b.x), y = UnitCurve.bezier(t, a.y, b.y)
                #expect(abs(curve.value(at: x) - y) < 1e-6, "\(curve) at t = \(t)")
                t += 0.0005
            }
        }
    }

    @Test func curvesStartAtZeroEndAtOneAndClampOutside() {
        for curve in Self.curves {
            #expect(curve.value(at: 0) == 0)
            #expect(curve.value(at: 1) == 1)
            #expect(curve.value(at: -2) == 0)
            #expect(curve.value(at: 3) == 1)
            #expect(curve.value(at: .nan) == 0)
        }
    }

    @Test func linearCurveIsTheIdentity() {
        for p in stride(from: 0.0, through: 1.0, by: 0.01) {
            #expect(abs(UnitCurve.linear.value(at: p) - p) < 1e-9)
            #expect(abs(UnitCurve.linear.velocity(at: p) - 1) < 1e-6)
        }
    }

    @Test func easeInOutIsSymmetricAndHalfwayAtHalfTime() {
        #expect(abs(UnitCurve.easeInOut.value(at: 0.5) - 0.5) < 1e-9)
        for p in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(abs(UnitCurve.easeInOut.value(at: p) + UnitCurve.easeInOut.value(at: 1 - p) - 1) < 1e-9)
        }
    }

    @Test func curveSlopeMatchesItsDifferenceQuotient() {
        for curve in Self.curves {
            for p in stride(from: 0.02, through: 0.98, by: 0.02) {
                let h = 1e-5
                let quotient = (curve.value(at: p + h) - curve.value(at: p - h)) / (2 * h)
                #expect(abs(curve.velocity(at: p) - quotient) < 1e-3 * max(1, abs(quotient)), "\(curve) at \(p)")
            }
        }
        // At the start of easeOut both coordinates stall; the slope is the limit 1/0.58.
        #expect(abs(UnitCurve.easeOut.velocity(at: 0) - 1 / 0.58) < 1e-9)
        #expect(UnitCurve.easeIn.velocity(at: 0) == 0)
    }
}

@Suite struct MotionAnimationTests {
    @Test func timingCurvesDefaultToSwiftUIsDuration() {
        #expect(Animation.easeIn == .timingCurve(.easeIn, duration: 0.35))
        #expect(Animation.easeOut == .easeOut(duration: 0.35))
        #expect(Animation.easeInOut.completionTime == 0.35)
        #expect(Animation.linear.completionTime == 0.35)
        #expect(Animation.timingCurve(0.1, 0.2, 0.3, 0.4) == .timingCurve(UnitCurve(0.1, 0.2, 0.3, 0.4), duration: 0.35))
    }

    @Test func springAnimationsResolveLikeSwiftUI() {
        #expect(Animation.spring == .spring(Spring(duration: 0.5, bounce: 0)))
        #expect(Animation.smooth == .spring(.smooth))
        #expect(Animation.snappy == .spring(.snappy))
        #expect(Animation.bouncy == .spring(.bouncy))
        #expect(Animation.bouncy(extraBounce: 0.1) == .spring(.bouncy(extraBounce: 0.1)))
        #expect(Animation.spring(response: 0.5) == .spring(Spring(response: 0.5, dampingRatio: 0.825)))
        #expect(Animation.smooth.merges)
        #expect(!Animation.interpolatingSpring(.smooth).merges)
        #expect(!Animation.easeOut.merges)
        #expect(!Animation.smooth.delay(0.1).merges)
    }

    @Test func timingCurveSampleFollowsTheCurveOverItsDuration() {
        let animation = Animation.easeInOut(duration: 0.4)
        let half = animation.sample(at: 0.2)
        #expect(abs(half.fraction - 0.5) < 1e-9)
        #expect(abs(half.velocity - UnitCurve.easeInOut.velocity(at: 0.5) / 0.4) < 1e-9)
        #expect(!half.isFinished)
        #expect(animation.sample(at: 0.4) == Animation.Sample(fraction: 1, velocity: 0, isFinished: true))
        #expect(animation.sample(at: -1).fraction == 0)
    }

    @Test func delayHoldsStillThenPlaysTheBaseLate() {
        let animation = Animation.linear(duration: 1).delay(0.5)
        #expect(animation.sample(at: 0.25) == Animation.Sample(fraction: 0, velocity: 0, isFinished: false))
        #expect(abs(animation.sample(at: 1.0).fraction - 0.5) < 1e-9)
        #expect(abs(animation.sample(at: 1.0).velocity - 1) < 1e-6)
        #expect(animation.completionTime == 1.5)
        #expect(animation.isFinished(at: 1.5) && !animation.isFinished(at: 1.49))
    }

    @Test func speedScalesTheBasesClock() {
        let animation = Animation.linear(duration: 1).speed(2)
        #expect(abs(animation.sample(at: 0.25).fraction - 0.5) < 1e-9)
        #expect(abs(animation.sample(at: 0.25).velocity - 2) < 1e-6)
        #expect(animation.completionTime == 0.5)
        let slowSpring = Animation.smooth.speed(0.5)
        #expect(abs(slowSpring.sample(at: 0.2).fraction - Spring.smooth.value(target: 1, initialVelocity: 0, time: 0.1)) < 1e-12)
        #expect(abs(slowSpring.completionTime - 2 * Animation.smooth.completionTime) < 1e-9)
    }

    @Test func speedThatCannotAdvanceFinishesAtOnce() {
        for speed in [0.0, -1, .nan, .infinity] {
            #expect(Animation.easeIn.speed(speed).isFinished(at: 0))
        }
        #expect(Animation.linear(duration: 0).isFinished(at: 0))
    }

    @Test func interpolatingSpringVelocityIsInWholeIntervalsPerSecond() {
        let animation = Animation.interpolatingSpring(.smooth, initialVelocity: 3)
        #expect(abs(animation.sample(at: 0).velocity - 3) < 1e-12)
        #expect(abs(animation.sample(at: 0.1).fraction - Spring.smooth.value(target: 1, initialVelocity: 3, time: 0.1)) < 1e-12)
    }

    @Test func springAnimationIsFinishedOnceItStaysWithinTheTolerance() {
        for spring in [Spring.smooth, .snappy, .bouncy, Spring(duration: 0.5, bounce: -0.5), Spring(duration: 0.42, bounce: 0.38)] {
            let animation = Animation.spring(spring)
            let end = animation.completionTime
            #expect(end.isFinite && end > spring.duration)
            var t = end
            while t < end + 3 {
                let offset = spring.value(target: 1, initialVelocity: 0, time: t) - 1
                let speed = spring.velocity(target: 1, initialVelocity: 0, time: t) / spring.naturalFrequency
                #expect(abs(offset) <= Animation.finishTolerance && abs(speed) <= Animation.finishTolerance)
                t += 0.001
            }
            #expect(animation.sample(at: end).fraction == 1)
            #expect(!animation.isFinished(at: end - 0.01))
        }
        // The smooth preset settles in under a second: between SwiftUI's small-move and large-move removal times.
        #expect(Animation.smooth.completionTime > 0.85 && Animation.smooth.completionTime < 1.0)
    }

    @Test func undampedSpringNeverFinishes() {
        #expect(Animation.spring(Spring(mass: 1, stiffness: 100, damping: 0)).completionTime == .infinity)
    }

    @Test func descriptionNamesTheAnimation() {
        #expect(Animation.easeOut(duration: 0.2).description == "easeOut(duration: 0.2)")
        #expect(Animation.spring(duration: 0.32, bounce: 0.25).description == "spring(duration: 0.32, bounce: 0.25)")
        #expect(Animation.linear.delay(0.09).description == "linear(duration: 0.35).delay(0.09)")
    }
}
