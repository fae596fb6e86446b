import Testing
@testable import PieceKit

/// Integrates m·x'' = k·(target − x) − c·x' with classic Runge–Kutta at a step far finer than any frame,
/// to check the closed forms against the equation they claim to solve.
private func integrate(_ spring: Spring, target: Double, initialVelocity: Double,
                       until end: Double, step: Double = 1e-5) -> [(time: Double, value: Double, velocity: Double)] {
    func acceleration(_ x: Double, _ v: Double) -> Double {
        (spring.stiffness * (target - x) - spring.damping * v) / spring.mass
    }
    var x = 0.0, v = initialVelocity, t = 0.0
    var samples: [(Double, Double, Double)] = [(0, 0, initialVelocity)]
    var stepsSinceSample = 0
    while t < end - step / 2 {
        let k1x = v, k1v = acceleration(x, v)
        let k2x = v + step / 2 * k1v, k2v = acceleration(x + step / 2 * k1x, v + step / 2 * k1v)
        let k3x = v + step / 2 * k2v, k3v = acceleration(x + step / 2 * k2x, v + step / 2 * k2v)
        let k4x = v + step * k3v, k4v = acceleration(x + step * k3x, v + step * k3v)
        x += step / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += step / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        t += step
        stepsSinceSample += 1
        if stepsSinceSample == 1000 {
            samples.append((t, x, v))
            stepsSinceSample = 0
        }
    }
    return samples
}

private func expectClosedFormMatchesIntegration(_ spring: Spring, target: Double, initialVelocity: Double) {
    let scale = max(abs(target), abs(initialVelocity) / spring.naturalFrequency)
    for sample in integrate(spring, target: target, initialVelocity: initialVelocity, until: 1.5) {
        let value = spring.value(target: target, initialVelocity: initialVelocity, time: sample.time)
        let velocity = spring.velocity(target: target, initialVelocity: initialVelocity, time: sample.time)
        #expect(abs(value - sample.value) < 1e-7 * scale, "value at \(sample.time)")
        #expect(abs(velocity - sample.velocity) < 1e-6 * scale * spring.naturalFrequency, "velocity at \(sample.time)")
    }
}

@Suite struct MotionSpringTests {
    @Test func durationAndBounceGiveApplesDocumentedStiffnessAndDamping() {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        #expect(spring.mass == 1)
        #expect(abs(spring.stiffness - 157.9) < 0.05)
        #expect(abs(spring.damping - 17.6) < 0.05)
    }

    @Test func physicalParametersGiveApplesDocumentedDurationAndBounce() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(spring.duration - 0.63) < 0.005)
        #expect(abs(spring.bounce - 0.5) < 1e-12)
        #expect(spring.response == spring.duration)
        #expect(abs(spring.dampingRatio - 0.5) < 1e-12)
    }

    @Test func underdampedClosedFormSolvesTheSpringEquation() {
        let spring = Spring(duration: 0.4, bounce: 0.3)
        #expect(spring.regime == .under)
        expectClosedFormMatchesIntegration(spring, target: 3, initialVelocity: 2)
        expectClosedFormMatchesIntegration(spring, target: -1, initialVelocity: 0)
    }

    @Test func criticallyDampedClosedFormSolvesTheSpringEquation() {
        let spring = Spring(duration: 0.3, bounce: 0)
        #expect(spring.regime == .critical)
        expectClosedFormMatchesIntegration(spring, target: 1, initialVelocity: -5)
        expectClosedFormMatchesIntegration(spring, target: 250, initialVelocity: 900)
    }

    @Test func overdampedClosedFormSolvesTheSpringEquation() {
        let spring = Spring(mass: 2, stiffness: 50, damping: 60, allowOverDamping: true)
        #expect(spring.regime == .over)
        expectClosedFormMatchesIntegration(spring, target: -2, initialVelocity: 4)
        expectClosedFormMatchesIntegration(Spring(duration: 0.5, bounce: -0.5), target: 1, initialVelocity: 0)
    }

    @Test func closedFormStartsAtZeroWithTheGivenVelocity() {
        for spring in [Spring.bouncy, .smooth, Spring(duration: 0.5, bounce: -0.5)] {
            #expect(spring.value(target: 7, initialVelocity: 3, time: 0) == 0)
            #expect(abs(spring.velocity(target: 7, initialVelocity: 3, time: 0) - 3) < 1e-12)
            #expect(abs(spring.value(target: 7, initialVelocity: 3, time: 20) - 7) < 1e-9)
        }
    }

    @Test func overdampingIsClampedToCriticalUnlessAllowed() {
        let clamped = Spring(mass: 1, stiffness: 100, damping: 50)
        #expect(abs(clamped.damping - 20) < 1e-12)
        #expect(abs(clamped.dampingRatio - 1) < 1e-12)
        let allowed = Spring(mass: 1, stiffness: 100, damping: 50, allowOverDamping: true)
        #expect(allowed.damping == 50)
        #expect(abs(allowed.bounce - (1 / 2.5 - 1)) < 1e-12)
    }

    @Test func durationAndBounceRoundTripInEveryRegime() {
        for (duration, bounce) in [(0.7, -0.4), (0.32, 0.25), (0.14, 0.0), (1.2, 0.9)] {
            let spring = Spring(duration: duration, bounce: bounce)
            #expect(abs(spring.duration - duration) < 1e-12)
            #expect(abs(spring.bounce - bounce) < 1e-12)
        }
        let byResponse = Spring(response: 0.32, dampingRatio: 0.75)
        #expect(byResponse == Spring(duration: 0.32, bounce: 0.25))
    }

    @Test func presetsAreSwiftUIsAndExtraBounceAdds() {
        #expect(Spring.smooth == Spring(duration: 0.5, bounce: 0))
        #expect(abs(Spring.snappy.bounce - 0.15) < 1e-12)
        #expect(abs(Spring.bouncy.bounce - 0.3) < 1e-12)
        #expect(Spring.snappy.duration == 0.5 && Spring.bouncy.duration == 0.5)
        #expect(abs(Spring.smooth(duration: 1, extraBounce: 0.1).bounce - 0.1) < 1e-12)
        #expect(abs(Spring.snappy(extraBounce: 0.1).bounce - 0.25) < 1e-12)
        #expect(abs(Spring.bouncy(duration: 0.8, extraBounce: -0.1).bounce - 0.2) < 1e-12)
        #expect(abs(Spring.bouncy(duration: 0.8).duration - 0.8) < 1e-12)
    }

    @Test func settlingDurationFollowsSwiftUIsRule() {
        #expect(abs(Spring.smooth.settlingDuration - 0.8) < 1e-9)
        #expect(abs(Spring.snappy.settlingDuration - 0.877) < 0.001)
        #expect(abs(Spring.bouncy.settlingDuration - 1.045) < 0.001)
        #expect(Spring(mass: 1, stiffness: 100, damping: 0).settlingDuration == .infinity)
    }

    @Test func settlingDurationInitialiserSolvesForFrequency() {
        #expect(abs(Spring(settlingDuration: 1, dampingRatio: 1).duration - 0.6805) < 0.001)
        #expect(abs(Spring(settlingDuration: 1, dampingRatio: 0.5).duration - 0.494) < 0.001)
        #expect(abs(Spring(settlingDuration: 1, dampingRatio: 0.5).dampingRatio - 0.5) < 1e-12)
    }

    @Test func nonsenseParametersGiveAFiniteSpring() {
        let springs = [
            Spring(duration: 0), Spring(duration: -3, bounce: 4), Spring(duration: .nan, bounce: .infinity),
            Spring(duration: 0.5, bounce: -1), Spring(mass: 0, stiffness: -1, damping: .nan),
            Spring(response: .infinity, dampingRatio: -2), Spring(settlingDuration: .nan, dampingRatio: 0, epsilon: 5),
        ]
        for spring in springs {
            #expect(spring.mass.isFinite && spring.stiffness.isFinite && spring.damping.isFinite)
            #expect(spring.value(target: 1, initialVelocity: 0, time: 0.1).isFinite)
            #expect(spring.velocity(target: 1, initialVelocity: 0, time: 0.1).isFinite)
        }
    }
}
