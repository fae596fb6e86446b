import Testing
@testable import PieceKit

/// Overshoot (share of the distance) and time to 90 % of a step from rest, read off the closed form.
private func stepResponse(_ spring: Spring) -> (overshoot: Double, timeTo90: Double) {
    var peak = 0.0, timeTo90 = Double.infinity
    var t = 0.0
    while t < 3 {
        let x = spring.value(target: 1, initialVelocity: 0, time: t)
        peak = max(peak, x)
        if x >= 0.9 && timeTo90 == .infinity { timeTo90 = t }
        t += 1e-5
    }
    return (peak - 1, timeTo90)
}

@Suite struct MotionTokensTests {
    let tokens = MotionTokens()
    let reduced = MotionTokens(reduceMotion: true)

    @Test func tightNeverOvershootsAndReaches90PercentInAbout90ms() {
        let response = stepResponse(tokens.tier(.tight))
        #expect(response.overshoot <= 1e-12)
        #expect(abs(response.timeTo90 - 0.0867) < 0.001)
    }

    @Test func responsiveOvershootsAbout2Point8PercentAndReaches90PercentInAbout140ms() {
        let response = stepResponse(tokens.tier(.responsive))
        #expect(abs(response.overshoot - 0.0284) < 0.0005)
        #expect(abs(response.timeTo90 - 0.1424) < 0.001)
    }

    @Test func elasticExpressiveAndCalmOvershootAsTheSeedSays() {
        #expect(abs(stepResponse(tokens.tier(.elastic)).overshoot - 0.0835) < 0.0005)
        #expect(abs(stepResponse(tokens.tier(.expressive)).overshoot - 0.1477) < 0.0005)
        #expect(abs(stepResponse(tokens.tier(.calm)).overshoot - 0.0152) < 0.0005)
    }

    @Test func tiersAreTheSeedsSprings() {
        #expect(tokens.tier(.tight) == Spring(duration: 0.14, bounce: 0))
        #expect(tokens.tier(.responsive) == Spring(duration: 0.32, bounce: 0.25))
        #expect(tokens.tier(.elastic) == Spring(duration: 0.42, bounce: 0.38))
        #expect(tokens.tier(.expressive) == Spring(duration: 0.48, bounce: 0.48))
        #expect(tokens.tier(.calm) == Spring(duration: 0.5, bounce: 0.2))
        #expect(reduced.tier(.elastic) == tokens.tier(.elastic))
        #expect(MotionTier(rawValue: "expressive") == .expressive)
    }

    @Test func rolesSpringFromTheirTiers() {
        #expect(tokens.press == .spring(tokens.tier(.tight)))
        #expect(tokens.release == .spring(tokens.tier(.elastic)))
        #expect(tokens.settle == .spring(tokens.tier(.elastic)))
        #expect(tokens.rebound == .spring(tokens.tier(.elastic)))
        #expect(tokens.snap == .spring(tokens.tier(.responsive)))
        #expect(tokens.error == .spring(tokens.tier(.responsive)))
        #expect(tokens.value == .spring(duration: 0.35, bounce: 0))
        #expect(tokens.morph == .spring(duration: 0.4, bounce: 0.2))
        #expect(tokens.reveal == .spring(tokens.tier(.calm)))
        #expect(tokens.ambient == .spring(tokens.tier(.calm)))
        #expect(tokens.dismiss == .spring(duration: 0.3, bounce: 0.08))
        #expect(tokens.success == .spring(tokens.tier(.expressive)))
        #expect(tokens.allowsAmbient)
        for role in MotionRole.allCases { #expect(tokens.role(role).merges) }
    }

    @Test func reduceMotionSwapsEveryRoleForItsSubstitute() {
        let still = Animation.spring(duration: 0.25, bounce: 0)
        #expect(reduced.press == .spring(tokens.tier(.tight)))
        for role in [MotionRole.release, .settle, .snap, .value, .rebound, .morph] {
            #expect(reduced.role(role) == still, "\(role)")
        }
        #expect(reduced.reveal == .easeOut(duration: 0.2))
        #expect(reduced.dismiss == .easeIn(duration: 0.18))
        #expect(reduced.success == .easeOut(duration: 0.24))
        #expect(reduced.error == .easeOut(duration: 0.2))
        #expect(reduced.ambient == .easeInOut(duration: 0.3))
        #expect(!reduced.allowsAmbient)
    }

    @Test func overriddenTierFlowsIntoEveryRoleBuiltOnIt() {
        let loose = Spring(duration: 0.6, bounce: 0.5)
        let custom = MotionTokens(overrides: MotionOverrides(tiers: [.elastic: loose]))
        #expect(custom.tier(.elastic) == loose)
        #expect(custom.release == .spring(loose))
        #expect(custom.settle == .spring(loose))
        #expect(custom.rebound == .spring(loose))
        #expect(custom.follow(rank: 0) == .spring(duration: 0.6, bounce: 0.5))
        #expect(custom.snap == tokens.snap)
        let customReduced = MotionTokens(reduceMotion: true, overrides: MotionOverrides(tiers: [.elastic: loose]))
        #expect(customReduced.release == .spring(duration: 0.25, bounce: 0))
    }

    @Test func anOverriddenRoleKeepsItsReduceMotionSubstitute() {
        // The seeds' roles read "the substitute under Reduce Motion, else the spring": an override changes the
        // spring, so Reduce Motion still takes the substitute (reveal: easeOut 0.2 s; morph: the still spring).
        var overrides = MotionOverrides()
        overrides[.reveal] = .linear(duration: 1)
        overrides[.morph] = .spring(duration: 0.6, bounce: 0.5)
        overrides[.press] = .spring(duration: 0.2, bounce: 0)
        let custom = MotionTokens(overrides: overrides)
        let customReduced = MotionTokens(reduceMotion: true, overrides: overrides)
        #expect(custom.reveal == .linear(duration: 1))
        #expect(custom.morph == .spring(duration: 0.6, bounce: 0.5))
        #expect(customReduced.reveal == .easeOut(duration: 0.2))
        #expect(customReduced.morph == .spring(duration: 0.25, bounce: 0))
        #expect(customReduced.role(named: "reveal") == .easeOut(duration: 0.2))
        #expect(customReduced.dismiss == .easeIn(duration: 0.18))
        // Press has no substitute (it lands under the finger either way): its override holds under Reduce Motion.
        #expect(customReduced.press == .spring(duration: 0.2, bounce: 0))
    }

    @Test func settleCarriesTheFlickCappedNearTheSpringsFrequency() {
        let elastic = tokens.tier(.elastic)
        let cap = 2 * Double.pi / 0.42 * 1.5
        #expect(tokens.settle(velocity: 500, from: 0, to: 100) == .interpolatingSpring(elastic, initialVelocity: 5))
        #expect(tokens.settle(velocity: 100_000, from: 0, to: 100) == .interpolatingSpring(elastic, initialVelocity: cap))
        #expect(tokens.settle(velocity: 100_000, from: 100, to: 0) == .interpolatingSpring(elastic, initialVelocity: -cap))
        #expect(tokens.settle(velocity: 800, from: 10, to: 10.5) == .spring(elastic))
        let calm = tokens.tier(.calm)
        #expect(tokens.settle(velocity: -300, from: 0, to: 100, spring: calm) == .interpolatingSpring(calm, initialVelocity: -3))
        let still = Spring(duration: 0.25, bounce: 0)
        #expect(reduced.settle(velocity: 100_000, from: 0, to: 100, spring: calm)
                == .interpolatingSpring(still, initialVelocity: 2 * Double.pi / 0.25))
        #expect(tokens.settle(velocity: .nan, from: 0, to: 100) == .interpolatingSpring(elastic, initialVelocity: 0))
    }

    @Test func cappedReduceMotionSettleDoesNotPassItsTarget() {
        let animation = reduced.settle(velocity: 1e6, from: 0, to: 100)
        var t = 0.0
        while t < 2 {
            #expect(animation.sample(at: t).fraction <= 1 + 1e-12)
            t += 0.001
        }
    }

    @Test func followLoosensAndSlowsByRankUpToTheSixth() {
        #expect(tokens.follow(rank: 0) == .spring(duration: 0.42, bounce: 0.38))
        #expect(tokens.follow(rank: -3) == tokens.follow(rank: 0))
        #expect(tokens.follow(rank: 3) == .spring(duration: 0.42 + 0.12, bounce: 0.38 + 0.06))
        #expect(tokens.follow(rank: 40) == tokens.follow(rank: 6))
        #expect(tokens.follow(tokens.tier(.expressive), rank: 6) == .spring(duration: 0.48 + 0.24, bounce: 0.55))
        #expect(reduced.follow(rank: 4) == .spring(duration: 0.25, bounce: 0))
    }

    @Test func cascadeDelaysEachPlaceUpToTheSeventh() {
        let reveal = tokens.reveal
        #expect(tokens.cascade(reveal, index: 0) == reveal)
        #expect(tokens.cascade(reveal, index: -2) == reveal)
        #expect(tokens.cascade(reveal, index: 3) == reveal.delay(0.03 * 3))
        #expect(tokens.cascade(reveal, index: 12) == reveal.delay(0.03 * 7))
        #expect(tokens.cascade(reveal, index: 2, step: 0.05) == reveal.delay(0.1))
        #expect(reduced.cascade(reduced.reveal, index: 5) == reduced.reveal)
    }
}
