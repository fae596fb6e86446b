import Foundation

/// A page let go with some speed: it coasts and decelerates like a UIScrollView (v(t) = v0·rate^(1000t), the offset
/// its integral), and where it runs past an edge a critically damped spring takes it back to that edge. Released
/// past an edge, it starts on that spring. All in closed form, so `offset(at:)` can be sampled at any time.
public struct ScrollPageFling: Equatable, Sendable {
    /// One stretch of the motion, from `start` seconds on.
    enum Phase: Equatable, Sendable {
        /// Free deceleration from offset `x` at velocity `v`.
        case coast(start: Double, x: Double, v: Double)
        /// The return spring toward `bound`, starting `y` points past it at velocity `v`.
        case bounce(start: Double, bound: Double, y: Double, v: Double)

        var start: Double {
            switch self {
            case .coast(let s, _, _), .bounce(let s, _, _, _): return s
            }
        }
    }

    public let startOffset: Double
    /// In offset points per second: positive moves toward later content (the finger's velocity, negated).
    public let startVelocity: Double
    public let range: ClosedRange<Double>
    public let rate: Double
    let phases: [Phase]
    /// Seconds until the motion is smaller than `ScrollPagePhysics.restDistance`; the stage may stop sampling then
    /// and rest the page at `finalOffset`. Worked out once here, since the stage asks every frame.
    public let duration: Double

    /// At most this many hand-overs between coasting and springing; past it the last spring simply settles.
    private static let maxPhases = 6

    public init(startOffset: Double, velocity: Double, range: ClosedRange<Double>,
                rate: Double = ScrollPagePhysics.normalDecelerationRate) {
        let x0 = startOffset.isFinite ? startOffset : range.lowerBound
        let v0 = velocity.isFinite ? velocity : 0
        self.startOffset = x0
        self.startVelocity = v0
        self.range = range
        self.rate = rate
        let phases = Self.plan(x: x0, v: v0, range: range, k: ScrollPagePhysics.decayExponent(rate: rate))
        self.phases = phases
        self.duration = Self.restTime(of: phases, rate: rate)
    }

    // MARK: Planning

    private static func plan(x startX: Double, v startV: Double, range: ClosedRange<Double>, k: Double) -> [Phase] {
        var phases: [Phase] = []
        var t = 0.0, x = startX, v = startV
        let w = ScrollPagePhysics.bounceOmega
        while phases.count < maxPhases {
            let outside = x < range.lowerBound || x > range.upperBound
            let atEdgeHeadingOut = (x <= range.lowerBound && v < 0) || (x >= range.upperBound && v > 0)
            if outside || atEdgeHeadingOut {
                let bound = x < range.lowerBound || (x <= range.lowerBound && v < 0) ? range.lowerBound : range.upperBound
                let y = x - bound
                phases.append(.bounce(start: t, bound: bound, y: y, v: v))
                // A hard push back inward crosses the edge once; from there the content coasts again.
                let b = v + w * y
                guard y != 0, b != 0 else { break }
                let crossing = -y / b
                guard crossing > 0, crossing.isFinite, phases.count < maxPhases else { break }
                t += crossing
                x = bound
                v = b * exp(-w * crossing)
            } else {
                phases.append(.coast(start: t, x: x, v: v))
                guard v != 0 else { break }
                let bound = v > 0 ? range.upperBound : range.lowerBound
                // e^(k·t) = 1 + k·(bound − x)/v: reachable only if the edge lies within the coast distance.
                let arg = 1 + k * (bound - x) / v
                guard arg > 0, k < 0 else { break }
                let hit = log(arg) / k
                guard hit.isFinite, hit >= 0, phases.count < maxPhases else { break }
                t += hit
                x = bound
                v = v * arg
            }
        }
        return phases
    }

    // MARK: Sampling

    private func phase(at t: Double) -> Phase? {
        phases.last { $0.start <= t } ?? phases.first
    }

    /// The offset `t` seconds after the release.
    public func offset(at t: Double) -> Double {
        sample(at: t).offset
    }

    /// The offset's velocity, points per second, `t` seconds after the release.
    public func velocity(at t: Double) -> Double {
        sample(at: t).velocity
    }

    private func sample(at time: Double) -> (offset: Double, velocity: Double) {
        let t = time.isFinite ? max(time, 0) : 0
        guard let phase = phase(at: t) else { return (startOffset, 0) }
        let k = ScrollPagePhysics.decayExponent(rate: rate)
        let w = ScrollPagePhysics.bounceOmega
        switch phase {
        case let .coast(start, x, v):
            let decay = exp(k * (t - start))
            return (x + v * (decay - 1) / k, v * decay)
        case let .bounce(start, bound, y, v):
            let s = t - start
            let b = v + w * y
            let e = exp(-w * s)
            return (bound + (y + b * s) * e, (b - w * (y + b * s)) * e)
        }
    }

    /// Where the page comes to rest: inside the range, always.
    public var finalOffset: Double {
        guard let last = phases.last else { return startOffset }
        switch last {
        case let .coast(_, x, v):
            return min(max(x - v / ScrollPagePhysics.decayExponent(rate: rate), range.lowerBound), range.upperBound)
        case let .bounce(_, bound, _, _):
            return bound
        }
    }

    private static func restTime(of phases: [Phase], rate: Double) -> Double {
        guard let last = phases.last else { return 0 }
        let threshold = ScrollPagePhysics.restDistance
        switch last {
        case let .coast(start, _, v):
            // The distance still to go is |v(t)|/(−k); it drops under the threshold once |v| < −k·threshold.
            let k = ScrollPagePhysics.decayExponent(rate: rate)
            let slow = -k * threshold
            guard abs(v) > slow else { return start }
            return start + log(slow / abs(v)) / k
        case let .bounce(start, _, y, v):
            // The spring's envelope (|y| + |b|·s)·e^(−ωs) falls for good once past its peak; step to where it is small.
            let w = ScrollPagePhysics.bounceOmega
            let b = v + w * y
            // The envelope peaks at s = 1/ω − |y|/|b| and only falls after it.
            var s = b == 0 ? 0 : max(1 / w - abs(y) / abs(b), 0)
            while s < 10 {
                if (abs(y) + abs(b) * s) * exp(-w * s) < threshold { break }
                s += 0.001
            }
            return start + s
        }
    }
}

extension ScrollPage {
    /// A fling from the offset shown now at `velocity` offset points per second (the finger's velocity, negated).
    public func fling(from shownOffset: Double, velocity: Double,
                      rate: Double = ScrollPagePhysics.normalDecelerationRate) -> ScrollPageFling {
        ScrollPageFling(startOffset: shownOffset, velocity: velocity, range: offsetRange, rate: rate)
    }
}
