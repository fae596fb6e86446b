import Testing
@testable import PieceKit

private func scalar(_ animated: AnimatedValue, _ time: Double) -> Double { animated.value(at: time) }
private func speed(_ animated: AnimatedValue, _ time: Double) -> Double { animated.velocity(at: time) }

@Suite struct MotionAnimatedValueTests {
    @Test func settingWithoutAnimationAtRestSnaps() {
        var animated = AnimatedValue(10)
        animated.set(20, animation: nil, at: 1)
        #expect(animated.value(at: 1) == 20)
        #expect(!animated.isAnimating(at: 1))
    }

    @Test func aChangeWithoutAnimationRidesOnTheAnimationStillRunning() {
        // Linear 0 → 100 over 1 s from 0 s; at 0.5 s it shows 50, 50 short of its target. Setting 0 without
        // animation moves what the animation carries by the change (−100): shown 0 + (50 − 100) = −50 at once,
        // then what is left of the linear ramp: at 0.75 s, 0 − (1 − 0.75) × 100 = −25; at 1 s, 0.
        var animated = AnimatedValue(0)
        animated.set(100, animation: .linear(duration: 1), at: 0)
        animated.set(0, animation: nil, at: 0.5)
        #expect(abs(scalar(animated, 0.5) - -50) < 1e-9)
        #expect(abs(scalar(animated, 0.75) - -25) < 1e-9)
        #expect(abs(speed(animated, 0.75) - 100) < 1e-9)
        #expect(animated.isAnimating(at: 0.9))
        #expect(animated.value(at: 1) == 0)
    }

    @Test func placingDropsTheRunningAnimation() {
        var animated = AnimatedValue(10)
        animated.set(100, animation: .smooth, at: 2)
        #expect(animated.isAnimating(at: 2.1))
        animated.place(-5)
        #expect(animated.value(at: 2.1) == -5)
        #expect(animated.velocity(at: 2.1) == 0)
        #expect(!animated.isAnimating(at: 2.1))
    }

    @Test func springStartsFromTheOldValueAndEndsExactlyOnTarget() {
        var animated = AnimatedValue(0)
        animated.set(100, animation: .bouncy, at: 1)
        #expect(scalar(animated, 1) == 0)
        #expect(abs(scalar(animated, 1.2) - Spring.bouncy.value(target: 100, initialVelocity: 0, time: 0.2)) < 1e-9)
        let end = 1 + Animation.bouncy.completionTime
        #expect(animated.isAnimating(at: end - 0.001))
        #expect(!animated.isAnimating(at: end))
        #expect(animated.value(at: end) == 100)
        #expect(animated.velocity(at: end) == 0)
        #expect(animated.target == 100)
    }

    @Test func springRetargetedMidFlightKeepsItsVelocity() {
        var animated = AnimatedValue(0)
        animated.set(100, animation: .bouncy, at: 0)
        let before = animated
        animated.set(-50, animation: .snappy, at: 0.1)
        #expect(abs(scalar(animated, 0.1) - scalar(before, 0.1)) < 1e-9)
        #expect(abs(speed(animated, 0.1) - speed(before, 0.1)) < 1e-9)
        #expect(speed(before, 0.1) > 100)
        // It keeps moving up for a moment before turning toward the new target.
        #expect(scalar(animated, 0.11) > scalar(animated, 0.1))
        let h = 1e-6
        #expect(abs((scalar(animated, 0.1 + h) - scalar(animated, 0.1)) / h - speed(before, 0.1)) < 0.01 * abs(speed(before, 0.1)))
        #expect(animated.value(at: 5) == -50)
        #expect(!animated.isAnimating(at: 5))
    }

    @Test func springAfterACurveCarriesTheCurvesVelocity() {
        var animated = AnimatedValue(0)
        animated.set(100, animation: .linear(duration: 1), at: 0)
        animated.set(0, animation: .smooth, at: 0.5)
        #expect(abs(scalar(animated, 0.5) - 50) < 1e-9)
        #expect(abs(speed(animated, 0.5) - 100) < 1e-6)
        #expect(animated.value(at: 3) == 0)
    }

    @Test func easeOutOverARunningSpringEndsOnTheNewTarget() {
        var animated = AnimatedValue(0)
        animated.set(100, animation: .smooth, at: 0)
        let before = animated
        animated.set(40, animation: .easeOut, at: 0.15)
        #expect(abs(scalar(animated, 0.15) - scalar(before, 0.15)) < 1e-9)
        var t = 0.15
        while t < 0.5 {
            // Between the spring's live position and the new target, weighted by the curve.
            let spring = scalar(before, t)
            let weight = UnitCurve.easeOut.value(at: (t - 0.15) / 0.35)
            #expect(abs(scalar(animated, t) - (spring + weight * (40 - spring))) < 1e-9)
            t += 1.0 / 120
        }
        #expect(!animated.isAnimating(at: 0.5))
        #expect(animated.value(at: 0.5) == 40)
    }

    @Test func blendedCurvesCrossfadeTowardTheNewestTarget() {
        var animated = AnimatedValue(0)
        animated.set(100, animation: .linear(duration: 1), at: 0)
        animated.set(200, animation: .linear(duration: 1), at: 0.5)
        #expect(abs(scalar(animated, 0.75) - (75 + 0.25 * (200 - 75))) < 1e-9)
        // After the first curve ends its target holds, and the second carries on from there.
        #expect(abs(scalar(animated, 1.25) - (100 + 0.75 * 100)) < 1e-9)
        #expect(animated.isAnimating(at: 1.49))
        #expect(animated.value(at: 1.5) == 200)
    }

    @Test func blendedVelocityIsTheRateOfChangeOfTheValue() {
        // Two numbers with different histories, each checked against a central difference of its own values.
        for (start, targets) in [(0.0, [100.0, 30, 60]), (10.0, [-10.0, 50, 0])] {
            var animated = AnimatedValue(start)
            animated.set(targets[0], animation: .bouncy, at: 0)
            animated.set(targets[1], animation: .easeInOut(duration: 0.5), at: 0.1)
            animated.set(targets[2], animation: .interpolatingSpring(.snappy, initialVelocity: 2), at: 0.2)
            let h = 1e-6
            for t in stride(from: 0.21, to: 0.9, by: 0.05) {
                let quotient = (animated.value(at: t + h) - animated.value(at: t - h)) / (2 * h)
                #expect(abs(animated.velocity(at: t) - quotient) < 1e-3 * max(1, abs(quotient)))
            }
        }
    }

    @Test func interpolatingSpringBlendsInsteadOfMerging() {
        var animated = AnimatedValue(0)
        animated.set(100, animation: .smooth, at: 0)
        let before = animated
        animated.set(0, animation: .interpolatingSpring(.smooth), at: 0.1)
        #expect(abs(scalar(animated, 0.1) - scalar(before, 0.1)) < 1e-9)
        // The new spring starts from rest in its own share, so the running spring's motion still shows through.
        #expect(abs(speed(animated, 0.1) - speed(before, 0.1)) < 1e-9)
        let t = 0.3
        let share = Spring.smooth.value(target: 1, initialVelocity: 0, time: 0.2)
        #expect(abs(scalar(animated, t) - (1 - share) * scalar(before, t)) < 1e-9)
        #expect(animated.value(at: 3) == 0)
    }

    @Test func settingTheSameTargetChangesNothing() {
        var animated = AnimatedValue(0)
        animated.set(100, animation: .smooth, at: 0)
        let before = animated
        animated.set(100, animation: nil, at: 0.2)
        animated.set(100, animation: .easeIn, at: 0.3)
        #expect(animated == before)
        #expect(animated.isAnimating(at: 0.4))
    }

    @Test func delayedAnimationHoldsTheOldValue() {
        var animated = AnimatedValue(0)
        animated.set(10, animation: .easeOut(duration: 0.2).delay(0.1), at: 1)
        #expect(scalar(animated, 1.05) == 0)
        #expect(animated.isAnimating(at: 1.05))
        #expect(scalar(animated, 1.2) > 0)
        #expect(animated.value(at: 1.3) == 10)
    }

    @Test func animatorIsAPureValue() {
        func run() -> AnimatedValue {
            var animated = AnimatedValue(0)
            animated.set(1, animation: .bouncy, at: 0)
            animated.set(2, animation: .easeIn, at: 0.05)
            animated.set(0, animation: .snappy, at: 0.2)
            return animated
        }
        #expect(run() == run())
    }

    @Test func aCopyKeepsItsAnimationAndReadingNeverChangesIt() {
        var animated = AnimatedValue(0)
        animated.set(100, animation: .linear(duration: 1), at: 0)
        let copy = animated
        animated.place(0)
        // Reading late first must not move the copy's animation on: linear 0 -> 100 over 1 s is at 25 after
        // 0.25 s and at 90 after 0.9 s, whichever is asked first.
        #expect(abs(scalar(copy, 0.9) - 90) < 1e-9)
        #expect(abs(scalar(copy, 0.25) - 25) < 1e-9)
        // The original was placed at 0 and stays there.
        #expect(animated.value(at: 0.75) == 0)
    }

    @Test func finishedAnimationsAreForgottenOnTheNextChange() {
        var animated = AnimatedValue(0)
        animated.set(100, animation: .linear(duration: 0.5), at: 0)
        animated.set(50, animation: .linear(duration: 0.5), at: 1)
        // The first animation is over, so the second starts from 100 alone.
        #expect(abs(scalar(animated, 1.25) - 75) < 1e-9)
    }
}
