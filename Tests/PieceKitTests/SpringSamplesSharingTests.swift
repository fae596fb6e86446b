import Foundation
import Testing
@testable import PieceKit

/// A frame samples its numbers one after another and hands each the exponential, sine and cosine the one before
/// worked out (`SpringSamples`). Numbers on one spring from one start share them; any other number must work out
/// its own. Either way a number reads exactly what it reads alone.
@Suite struct SpringSamplesSharingTests {
    /// A number moved from 0 to `target` on `spring`, starting at time 0.
    private func moving(to target: Double, on spring: Spring) -> AnimatedValue {
        var value = AnimatedValue(0)
        value.set(target, animation: .spring(spring), at: 0)
        return value
    }

    @Test func aCriticallyDampedSpringFollowsItsClosedForm() {
        // Duration 0.5, no bounce: ω0 = 2π / 0.5 = 4π and λ = ω0 (critical). From 0 to 100 at rest, the
        // displacement is −100 e^(−λt) (1 + λt); at t = 0.1: 100 − 100 e^(−0.4π) (1 + 0.4π) ≈ 35.77.
        let value = moving(to: 100, on: Spring(duration: 0.5, bounce: 0))
        let lambda = 4 * Double.pi
        let expected = 100 - 100 * exp(-lambda * 0.1) * (1 + lambda * 0.1)
        var samples = SpringSamples()
        #expect(abs(value.value(at: 0.1) - expected) < 1e-9)
        #expect(abs(value.value(at: 0.1, sharing: &samples) - expected) < 1e-9)
        #expect(abs(expected - 35.77) < 0.01)
    }

    @Test func numbersStartedTogetherReadWhatTheyReadAlone() {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        let x = moving(to: 100, on: spring), y = moving(to: -40, on: spring), w = moving(to: 7.5, on: spring)
        for frame in 1...60 {
            let t = Double(frame) / 120
            var samples = SpringSamples()
            // Bit for bit, as the frame log needs.
            #expect(x.value(at: t, sharing: &samples) == x.value(at: t))
            #expect(y.value(at: t, sharing: &samples) == y.value(at: t))
            #expect(w.value(at: t, sharing: &samples) == w.value(at: t))
        }
    }

    @Test func aNumberOnAnotherSpringOrStartWorksOutItsOwn() {
        let bouncy = moving(to: 100, on: Spring(duration: 0.5, bounce: 0.3))
        let smooth = moving(to: 100, on: Spring(duration: 0.5, bounce: 0))
        let stiff = moving(to: 100, on: Spring(mass: 1, stiffness: 100, damping: 40, allowOverDamping: true))
        var later = AnimatedValue(0)
        later.set(100, animation: .spring(Spring(duration: 0.5, bounce: 0.3)), at: 0.05)
        var samples = SpringSamples()
        for frame in 1...60 {
            let t = Double(frame) / 120
            // Interleaved, so each reads right after a number whose samples it must not take.
            for value in [bouncy, smooth, later, stiff, bouncy, later] {
                #expect(value.value(at: t, sharing: &samples) == value.value(at: t))
            }
        }
        // The overdamped and the underdamped springs really differ at 0.1 s, so sharing would have shown.
        #expect(bouncy.value(at: 0.1) != stiff.value(at: 0.1))
        #expect(bouncy.value(at: 0.1) != later.value(at: 0.1))
    }
}

/// NowPlaying's merge check reads the glass shapes through a plan of where their numbers sit, made once per
/// published shape of the piece. Shapes here are placed by hand so the gaps are easy to work out.
@Suite struct NowPlayingGlassPlanTests {
    /// The surface as a 100 × 60 capsule at the origin, play a 40 circle centred at (130, 30), forward a 40 circle
    /// centred at (`forwardX`, 30), and a letter element the plan must ignore.
    private func frame(forwardX: Double) -> PieceFrame {
        PieceFrame(name: "nowPlaying", elements: [
            ElementFrame(name: "surface", numberNames: ["x", "y", "w", "h", "radius", "scale"],
                         values: [0, 0, 100, 60, 30, 1], attributes: []),
            ElementFrame(name: "title.letter.1", numberNames: ["x", "y", "w", "h"], values: [100, 0, 10, 20],
                         attributes: []),
            ElementFrame(name: "play", numberNames: ["x", "y", "w", "h", "scale"], values: [110, 10, 40, 40, 1],
                         attributes: []),
            ElementFrame(name: "forward", numberNames: ["x", "y", "w", "h", "scale"],
                         values: [forwardX - 20, 10, 40, 40, 1], attributes: []),
        ])
    }

    @Test func theMergedPairsAreThoseCloserThanTheMergeDistance() {
        let plans = NowPlayingGlassPlans()
        // Surface to play: the capsule's core is a 40-wide line (half 20, radius 30) centred at 50; play's centre
        // is 130 − 50 − 20 = 60 from it, so 60 − 30 − 20 = 10 apart: merged (under 20). Play to forward at 200:
        // 70 − 20 − 20 = 30 apart: not merged.
        #expect(plans.mergedPairs(in: frame(forwardX: 200)) == ["surface+play"])
        // Forward at 165: 35 − 40 = −5, overlapping: merged.
        #expect(plans.mergedPairs(in: frame(forwardX: 165)) == ["surface+play", "play+forward"])
        // Back out at 200: parted again.
        #expect(plans.mergedPairs(in: frame(forwardX: 200)) == ["surface+play"])
    }

    @Test func aPressedShapeMergesByItsScaledSize() {
        let plans = NowPlayingGlassPlans()
        var elements = Array(frame(forwardX: 200).elements)
        // Play scaled by 0.5 about its centre: radius 10, so 60 − 30 − 10 = 20 from the surface, not closer than 20.
        elements[2] = ElementFrame(name: "play", numberNames: ["x", "y", "w", "h", "scale"],
                                   values: [110, 10, 40, 40, 0.5], attributes: [])
        #expect(plans.mergedPairs(in: PieceFrame(name: "nowPlaying", elements: elements)).isEmpty)
        #expect(NowPlayingPiece.glassShapes(in: PieceFrame(name: "nowPlaying", elements: elements)).map(\.name)
                == ["surface", "play", "forward"])
    }
}
