import Foundation
import Testing
@testable import PieceKit

/// The motion summary's overshoot (golden summaries, `piecebox diff`, the plots) is measured over the animated
/// segment, as `toOvershootBy` measures a series, never from a rest the value was snapped away from.
@Suite struct SegmentOvershootTests {
    /// An underdamped spring released from rest at `from` towards `to`, in closed form:
    /// x(t) = to − (to − from)·e^(−ζω t)·(cos ω_d t + ζ/√(1−ζ²)·sin ω_d t), ω = 2π/duration, ω_d = ω√(1−ζ²);
    /// SwiftUI's spring(duration:bounce:) has ζ = 1 − bounce.
    static func spring(from: Double, to: Double, duration: Double, bounce: Double, at t: Double) -> Double {
        let zeta = 1 - bounce, omega = 2 * Double.pi / duration, root = (1 - zeta * zeta).squareRoot()
        let decay = exp(-zeta * omega * t)
        return to - (to - from) * decay * (cos(omega * root * t) + zeta / root * sin(omega * root * t))
    }

    /// A pop: at rest at 1 for 0.2 s, snapped to 0.6 (shown for one frame), the spring back towards 1 for 1 s, then
    /// at rest at `rest` for 0.2 s. Sampled at 600 Hz and not rounded, so the sampled peak is the spring's own (to
    /// about 1e-5 of the travel) and no two samples of the spring are equal (nothing rests early).
    static func pop(duration: Double, bounce: Double, rest: Double = 1) -> [(time: Double, value: Double)] {
        var samples: [(time: Double, value: Double)] = (0...120).map { (Double($0) / 600, 1) }
        samples.append((121.0 / 600, 0.6))
        for n in 0..<600 { samples.append((Double(122 + n) / 600, spring(from: 0.6, to: 1, duration: duration, bounce: bounce, at: Double(n) / 600))) }
        for n in 0...120 { samples.append((Double(722 + n) / 600, rest)) }
        return samples
    }

    @Test(arguments: [
        // elastic: ζ = 1 − 0.38 = 0.62; √(1 − 0.3844) = 0.784602; 0.62·π = 1.947787; 1.947787 / 0.784602 = 2.482517;
        // e^(−2.482517) = 0.083537 of the 0.4 travel.
        (0.42, 0.38, 0.083537),
        // expressive: ζ = 0.52; √(1 − 0.2704) = 0.854166; 0.52·π = 1.633628; / 0.854166 = 1.912545;
        // e^(−1.912545) = 0.147699.
        (0.48, 0.48, 0.147699),
    ])
    func aPopOvershootsByItsSpringsOwnFractionOfItsTravel(duration: Double, bounce: Double, expected: Double) throws {
        let moves = MotionSummary.movements(Self.pop(duration: duration, bounce: bounce))
        let move = try #require(moves.first)
        #expect(moves.count == 1)
        #expect(move.from == 1 && move.to == 1)
        #expect(move.segmentFrom == 0.6)
        #expect(abs((move.overshoot ?? -1) - expected) < 0.0001, "\(String(describing: move.overshoot))")
    }

    @Test func aPopThatRestsAHairOffItsStartIsStillMeasuredOverItsSegment() throws {
        // The same elastic pop coming to rest at 1.001 rather than 1: measured from the rest at 1 the travel would be
        // 0.001 and the overshoot thousands of percent.
        let move = try #require(MotionSummary.movements(Self.pop(duration: 0.42, bounce: 0.38, rest: 1.001)).first)
        // Peak 1 + 0.083537·0.4 = 1.0334148; past 1.001 by 0.0324148, of the 1.001 − 0.6 = 0.401 travel: 0.080835.
        #expect(abs((move.overshoot ?? -1) - 0.080835) < 0.0001, "\(String(describing: move.overshoot))")
    }

    @Test func aSegmentThatNeverGoesPastItsEndOvershootsByNothingAndOneWithNoTravelHasNone() {
        // 0 → 10 with no excursion past 10.
        #expect(MotionSummary.overshoot(ofSegment: [0, 4, 8, 10]) == 0)
        // 0 → 10, up to 12 on the way: 2 of 10.
        #expect(MotionSummary.overshoot(ofSegment: [0, 6, 12, 10]) == 0.2)
        // Downwards, 10 → 0, down to −1 on the way: 1 of 10.
        #expect(MotionSummary.overshoot(ofSegment: [10, 3, -1, 0]) == 0.1)
        #expect(MotionSummary.overshoot(ofSegment: [5, 7, 5]) == nil)
        #expect(MotionSummary.overshoot(ofSegment: [Double]()) == nil)
    }

    @Test func aPressAndReleaseIsMeasuredOverItsReturn() throws {
        // Rest at 10, pressed down to 8 (held), released back past 10 to 10.5 and resting at 10: the release's
        // segment runs 8 → 10 and goes 0.5 past it: 0.5 / 2 = 0.25. Before, a movement back to its start had none.
        let values: [Double] = [10, 10, 10, 9, 8, 8, 8.5, 9.5, 10.5, 10.2, 10, 10, 10, 10, 10]
        let samples = values.enumerated().map { (time: Double($0.offset) * 0.05, value: $0.element) }
        let move = try #require(MotionSummary.movements(samples).first)
        #expect(move.overshoot == 0.25)
        #expect(move.segmentFrom == 8)
    }
}
