import Foundation

/// A damped harmonic spring described by its physical parameters, as SwiftUI's `Spring`.
///
/// The physical triple (mass, stiffness, damping) is what gets stored because every other view of the spring
/// (duration and bounce, response and damping ratio) converts to it losslessly, and the closed-form motion needs it.
/// Inputs are sanitised so that no combination of numbers can produce an infinite or NaN spring.
public struct Spring: Sendable, Equatable {
    public let mass: Double
    public let stiffness: Double
    public let damping: Double

    /// The shortest duration (perceptual period) a spring may have. SwiftUI makes a non-positive duration infinitely
    /// stiff; a headless stage needs finite numbers, and a millisecond is already a snap at any frame rate.
    static let minimumDuration = 0.001
    /// Lower bounds for mass and stiffness, for the same reason: a zero mass or stiffness has no finite motion.
    static let minimumMass = 1e-6
    static let minimumStiffness = 1e-6
    /// Bounces at or below -1 would mean an infinite damping ratio; the ratio is capped here instead.
    static let maximumDampingRatio = 1e6

    // MARK: Initialisers

    /// A spring that takes about `duration` seconds to feel done, overshooting by an amount that grows with
    /// `bounce` (0 is critically damped, towards 1 it rings, below 0 it is overdamped). Mass is 1.
    public init(duration: Double = 0.5, bounce: Double = 0) {
        self.init(response: duration, dampingRatio: Spring.dampingRatio(forBounce: bounce))
    }

    /// A spring with mass 1, a natural period of `response` seconds and the given damping ratio (1 is critical).
    public init(response: Double, dampingRatio: Double) {
        let period = Spring.sanitised(response, fallback: 0.5, minimum: Spring.minimumDuration)
        let ratio = min(Spring.sanitised(dampingRatio, fallback: 1, minimum: 0), Spring.maximumDampingRatio)
        let angular = 2 * Double.pi / period
        self.mass = 1
        self.stiffness = angular * angular
        self.damping = 2 * angular * ratio
    }

    /// A spring from its physical parameters. Unless `allowOverDamping` is true, damping beyond critical is reduced
    /// to critical, as Apple documents: such springs are treated as critically damped.
    public init(mass: Double = 1, stiffness: Double, damping: Double, allowOverDamping: Bool = false) {
        let m = Spring.sanitised(mass, fallback: 1, minimum: Spring.minimumMass)
        let k = Spring.sanitised(stiffness, fallback: 100, minimum: Spring.minimumStiffness)
        var c = Spring.sanitised(damping, fallback: 0, minimum: 0)
        let critical = 2 * (m * k).squareRoot()
        if !allowOverDamping { c = min(c, critical) }
        c = min(c, critical * Spring.maximumDampingRatio)
        self.mass = m
        self.stiffness = k
        self.damping = c
    }

    /// A spring whose unit step settles to within `epsilon` of its target after about `settlingDuration` seconds.
    ///
    /// SwiftUI keeps this conversion private; the rule here follows the published reconstruction (OpenSwiftUI):
    /// the ratio is clamped to (0, 1], the duration to [0.01, 10] s, and the natural frequency is solved from the
    /// decay envelope. It is not the exact inverse of `settlingDuration`, which uses a different envelope.
    public init(settlingDuration: Double, dampingRatio: Double, epsilon: Double = 0.001) {
        let time = min(max(Spring.sanitised(settlingDuration, fallback: 1, minimum: 0), 0.01), 10)
        let ratio = min(max(Spring.sanitised(dampingRatio, fallback: 1, minimum: 0), Double.ulpOfOne), 1)
        let eps = min(max(Spring.sanitised(epsilon, fallback: 0.001, minimum: 0), 1e-12), 0.5)
        var natural: Double
        if ratio >= 1 {
            natural = Spring.criticalDecayProduct(epsilon: eps) / time
        } else {
            let amplitude = ratio / (eps * (1 - ratio * ratio).squareRoot())
            let exponent = log(amplitude)
            // When the envelope starts below epsilon the reconstruction's logarithm turns negative; fall back to the
            // plain exponential envelope so the spring still has a positive frequency.
            natural = (exponent > 0 ? exponent : -log(eps)) / (ratio * time)
        }
        if !natural.isFinite || natural <= 0 { natural = 2 * Double.pi }
        self.mass = 1
        self.stiffness = natural * natural
        self.damping = 2 * ratio * natural
    }

    // MARK: Getters

    /// The undamped angular frequency, √(k/m), in radians per second.
    var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// The exponential decay rate of the envelope, c/(2m), per second.
    var decayRate: Double { damping / (2 * mass) }

    /// The perceptual duration: the period of the undamped spring, 2π/√(k/m).
    public var duration: Double { 2 * Double.pi / naturalFrequency }

    /// The same number as `duration`, under its older name.
    public var response: Double { duration }

    /// Damping relative to critical damping: below 1 rings, 1 is critical, above 1 is overdamped.
    public var dampingRatio: Double { damping / (2 * (mass * stiffness).squareRoot()) }

    /// How much the spring rings: 1 − ζ when ζ ≤ 1, and 1/ζ − 1 (negative) when overdamped.
    public var bounce: Double {
        let ratio = dampingRatio
        return ratio <= 1 ? 1 - ratio : 1 / ratio - 1
    }

    /// Time for a unit step from rest to stay within 0.001 of its target, by SwiftUI's reconstructed rule:
    /// an envelope estimate when underdamped, and a search on a 0.1 s grid (holding for a further second) otherwise.
    public var settlingDuration: Double {
        let lambda = decayRate
        guard lambda > 0 else { return .infinity }
        let epsilon = 0.001
        if regime == .under {
            return max(0, -log(epsilon / (lambda + 1)) / lambda)
        }
        var step = 0.0
        while step <= 1000 {
            let time = step * 0.1
            if Spring.holds(self, from: time, epsilon: epsilon) { return time }
            step += 1
        }
        return .infinity
    }

    private static func holds(_ spring: Spring, from time: Double, epsilon: Double) -> Bool {
        var offset = 0.0
        while offset <= 1.0 + 1e-9 {
            if abs(spring.value(target: 1, initialVelocity: 0, time: time + offset) - 1) >= epsilon { return false }
            offset += 0.1
        }
        return true
    }

    // MARK: Motion

    /// Where a spring starting at 0 with `initialVelocity` (units per second) is after `time` seconds of pulling
    /// toward `target`. Exact closed form; times before 0 read as 0.
    public func value(target: Double, initialVelocity: Double, time: Double) -> Double {
        target + motion(offset: -target, velocity: initialVelocity, time: time).offset
    }

    /// The rate of change of `value(target:initialVelocity:time:)`, in units per second.
    public func velocity(target: Double, initialVelocity: Double, time: Double) -> Double {
        motion(offset: -target, velocity: initialVelocity, time: time).velocity
    }

    enum Regime { case under, critical, over }

    /// Which closed form applies. Near-critical springs use the critical form, because the other two divide by a
    /// frequency difference that vanishes there and would lose all precision.
    var regime: Regime {
        let natural = naturalFrequency
        let lambda = decayRate
        let gap = natural * natural - lambda * lambda
        if abs(gap) <= 1e-9 * natural * natural { return .critical }
        return gap > 0 ? .under : .over
    }

    /// The displacement from the rest point and its velocity, `time` seconds after starting displaced by `offset`
    /// with `velocity`. Every spring motion in the engine reduces to this.
    func motion(offset y0: Double, velocity v0: Double, time: Double) -> (offset: Double, velocity: Double) {
        SpringMotion(self, offset: y0, velocity: v0).reading(at: time)
    }

    // MARK: Helpers

    /// SwiftUI's bounce-to-damping-ratio rule: 1 − bounce at or above zero, 1/(1 + bounce) below.
    static func dampingRatio(forBounce bounce: Double) -> Double {
        let b = bounce.isFinite ? bounce : 0
        if b >= 0 { return max(0, 1 - b) }
        let denominator = 1 + b
        return denominator > 1 / maximumDampingRatio ? 1 / denominator : maximumDampingRatio
    }

    /// `value` if it is a finite number of at least `minimum`, `minimum` if it is finite but smaller,
    /// and `fallback` if it is not a number at all.
    static func sanitised(_ value: Double, fallback: Double, minimum: Double) -> Double {
        guard value.isFinite else { return fallback }
        return value < minimum ? minimum : value
    }

    /// The u > 0 with (1 + u)·e^(−u) = ε: how many time constants a critically damped step needs.
    static func criticalDecayProduct(epsilon: Double) -> Double {
        var low = 0.0, high = 1.0
        while (1 + high) * exp(-high) > epsilon && high < 1e4 { high *= 2 }
        for _ in 0..<100 {
            let mid = 0.5 * (low + high)
            if (1 + mid) * exp(-mid) > epsilon { low = mid } else { high = mid }
        }
        return high
    }
}

// MARK: - Presets

extension Spring {
    /// No bounce: SwiftUI's `smooth`, duration 0.5.
    public static let smooth = Spring(duration: 0.5, bounce: 0)
    /// A little bounce (0.15): SwiftUI's `snappy`.
    public static let snappy = Spring(duration: 0.5, bounce: 0.15)
    /// Visible bounce (0.3): SwiftUI's `bouncy`.
    public static let bouncy = Spring(duration: 0.5, bounce: 0.3)

    /// `smooth` with another duration; `extraBounce` is added to its bounce of 0.
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: extraBounce)
    }

    /// `snappy` with another duration; `extraBounce` is added to its bounce of 0.15.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: 0.15 + extraBounce)
    }

    /// `bouncy` with another duration; `extraBounce` is added to its bounce of 0.3.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: 0.3 + extraBounce)
    }
}

// MARK: - Settling

extension Spring {
    /// How long after starting displaced by `offset` with `velocity` the motion stays within `tolerance` of rest,
    /// for position and for velocity divided by the natural frequency (so both compare in the same units).
    ///
    /// The answer comes from an envelope that bounds the motion from above and only decreases after the returned
    /// time, so once it is reached the spring never again strays beyond the tolerance. Infinite for an undamped spring.
    func settleTime(offset y0: Double, velocity v0: Double, tolerance: Double) -> Double {
        let natural = naturalFrequency
        let lambda = decayRate
        guard tolerance > 0, y0.isFinite, v0.isFinite else { return 0 }
        guard lambda > 0 else { return y0 == 0 && v0 == 0 ? 0 : .infinity }
        switch regime {
        case .under:
            let omega = (natural * natural - lambda * lambda).squareRoot()
            let b = (v0 + lambda * y0) / omega
            let amplitude = (y0 * y0 + b * b).squareRoot()
            guard amplitude > tolerance else { return 0 }
            return log(amplitude / tolerance) / lambda
        case .critical:
            let a = max(abs(y0), abs(v0) / natural)
            let b = abs(v0 + lambda * y0)
            let peak = b > 0 ? max(0, (b - lambda * a) / (lambda * b)) : 0
            return Spring.firstTime(from: peak, scale: 1 / lambda, tolerance: tolerance) { t in
                (a + b * t) * exp(-lambda * t)
            }
        case .over:
            let spread = (lambda * lambda - natural * natural).squareRoot()
            let r1 = -natural * natural / (lambda + spread), r2 = -lambda - spread
            let a = (v0 - r2 * y0) / (r1 - r2)
            let b = y0 - a
            return Spring.firstTime(from: 0, scale: 1 / max(-r1, 1e-12), tolerance: tolerance) { t in
                let e1 = exp(r1 * t), e2 = exp(r2 * t)
                let position = abs(a) * e1 + abs(b) * e2
                let speed = (abs(r1 * a) * e1 + abs(r2 * b) * e2) / natural
                return max(position, speed)
            }
        }
    }

    /// The first time at or after `start` where a function that only decreases from `start` on drops to
    /// `tolerance`: doubling to bracket it, then bisection. Infinite if it never does within a sane horizon.
    private static func firstTime(from start: Double, scale: Double, tolerance: Double,
                                  _ bound: (Double) -> Double) -> Double {
        if bound(start) <= tolerance { return start }
        var width = scale.isFinite && scale > 0 ? scale : 1
        var attempts = 0
        while bound(start + width) > tolerance {
            width *= 2
            attempts += 1
            if attempts > 200 || !width.isFinite { return .infinity }
        }
        var low = start, high = start + width
        for _ in 0..<80 {
            let mid = 0.5 * (low + high)
            if bound(mid) > tolerance { low = mid } else { high = mid }
        }
        return high
    }
}
