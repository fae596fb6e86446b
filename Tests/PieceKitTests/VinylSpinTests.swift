import Testing
@testable import PieceKit

/// The disc's closed form, checked against numbers worked by hand. At 33 rpm the speed is 33 × 6 = 198 °/s; from
/// rest over a 0.9 s ramp it gains 198 / 0.9 = 220 °/s², so the angle is ½·220·t² = 110·t² during the ramp.
@Suite struct VinylSpinTests {
    private func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    @Test func thirtyThreeRPMFromRestIsOneHundredTenTSquaredDuringTheRamp() {
        var spin = VinylSpin()
        spin.setSpeed(Vinyl.degreesPerSecond(rpm: 33), at: 0)
        #expect(near(spin.angle(at: 0.45), 22.275))   // 110 × 0.45² = 110 × 0.2025
        #expect(near(spin.angle(at: 0.9), 89.1))      // 110 × 0.81
        #expect(near(spin.speed(at: 0.45), 99))       // halfway up the ramp: 198 / 2
        #expect(near(spin.angle(at: 1.4), 188.1))     // 89.1 + 198 × 0.5
        #expect(near(spin.speed(at: 5), 198))
    }

    @Test func aPauseRebasesAndEasesDownOverTheRamp() {
        var spin = VinylSpin()
        spin.setSpeed(198, at: 0)
        spin.setSpeed(0, at: 2)
        // At 2 s: 89.1 + 198 × 1.1 = 306.9 (under 360, so the rebase keeps it).
        #expect(near(spin.startAngle, 306.9))
        // Slowing from 198 to 0 over 0.9 s: 306.9 + 198·r − 110·r².
        #expect(near(spin.angle(at: 2.45), 306.9 + 89.1 - 22.275))   // r = 0.45: 373.725
        #expect(near(spin.speed(at: 2.45), 99))
        #expect(near(spin.angle(at: 2.9), 396))                       // 306.9 + 178.2 − 89.1
        #expect(near(spin.angle(at: 10), 396))                        // then still
        #expect(spin.speed(at: 3) == 0)
    }

    @Test func theRebaseIsATruncatingRemainderThatKeepsTheSign() {
        var forward = VinylSpin()
        forward.setSpeed(198, at: 0)
        forward.setSpeed(0, at: 3)
        #expect(near(forward.startAngle, 144.9))     // 89.1 + 198 × 2.1 = 504.9; 504.9 − 360
        var backward = VinylSpin()
        backward.setSpeed(-198, at: 0)
        backward.setSpeed(0, at: 3)
        #expect(near(backward.startAngle, -144.9))   // −504.9 + 360: the sign stays negative
    }

    @Test func aFasterRPMWhilePlayingRampsFromTheCurrentSpeed() {
        var spin = VinylSpin()
        spin.setSpeed(198, at: 0)
        spin.setSpeed(270, at: 2)                     // 45 rpm × 6
        // From 306.9 at 198 °/s, gaining 72 / 0.9 = 80 °/s²: 306.9 + 198·0.9 + 40·0.81 = 517.5.
        #expect(near(spin.angle(at: 2.9), 517.5))
        #expect(near(spin.angle(at: 3.9), 787.5))     // + 270
    }

    @Test func aRampOfZeroOrLessSwitchesAtOnce() {
        for ramp in [0.0, -1.0] {
            var spin = VinylSpin(ramp: ramp)
            spin.setSpeed(198, at: 1)
            #expect(near(spin.angle(at: 1.5), 99))    // 198 × 0.5, no ramp
            #expect(spin.speed(at: 1) == 198)
        }
    }

    @Test func rpmIsHeldToAThousandEitherWayAndANonNumberTurnsNothing() {
        #expect(Vinyl.degreesPerSecond(rpm: 33) == 198)
        #expect(Vinyl.degreesPerSecond(rpm: 2_000) == 6_000)     // held at 1000 rpm × 6
        #expect(Vinyl.degreesPerSecond(rpm: -5_000) == -6_000)
        #expect(Vinyl.degreesPerSecond(rpm: .nan) == 0)
        #expect(Vinyl.degreesPerSecond(rpm: .infinity) == 0)
    }

    @Test func aDiscNeverSetRestsAtZero() {
        let spin = VinylSpin()
        #expect(spin.angle(at: 100) == 0)
        #expect(spin.speed(at: 100) == 0)
    }
}
