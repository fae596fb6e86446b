/// How a change moves from its old value to its new one, as SwiftUI's `Animation`: a value that says what share
/// of the interval is covered after a given time, how fast, and when it is over.
///
/// Springs here use the exact closed form rather than SwiftUI's 300 Hz integrator, so a sample depends only on
/// the elapsed time and never on the frame rate; the closed form overshoots up to about 0.7 points of a percent
/// more than the integrator does, which is the number the motion tokens were written against.
public struct Animation: Sendable, Equatable, CustomStringConvertible {
    /// What the animation is made of. Public so bindings and logs can describe it.
    public indirect enum Kind: Sendable, Equatable {
        /// A spring that merges with whatever runs before it: SwiftUI's `spring`, `smooth`, `snappy`, `bouncy`.
        case spring(Spring)
        /// A spring that starts with a velocity in whole intervals per second and blends rather than merges.
        case interpolatingSpring(Spring, initialVelocity: Double)
        /// A timing curve stretched over `duration` seconds.
        case timingCurve(UnitCurve, duration: Double)
        /// The base animation, started `delay` seconds late.
        case delay(Double, Kind)
        /// The base animation, with time running `speed` times as fast.
        case speed(Double, Kind)
    }

    public let kind: Kind

    public init(_ kind: Kind) { self.kind = kind }

    /// A spring is finished once it, and its velocity over its natural frequency, both stay within this share of
    /// the distance it moves (or of the distance its start velocity would carry it, if that is larger).
    ///
    /// Why relative: properties animate in unlike units (points, opacity, scale), so an absolute threshold is too
    /// coarse for one and too fine for another. Why this size: a 300 pt move snaps its last 0.03 pt, invisible
    /// and below the frame log's precision, and `.smooth` finishes after about 0.94 s, within the 0.8 to 1.3 s
    /// SwiftUI's own rule gives for small to large moves.
    public static let finishTolerance = 1e-4

    /// The default duration SwiftUI gives timing curves.
    public static let defaultCurveDuration = 0.35

    // MARK: Springs

    /// A merging spring with the given parameters.
    public static func spring(_ spring: Spring) -> Animation { Animation(.spring(spring)) }

    /// A merging spring of `duration` and `bounce`. `.spring` alone is `spring(duration: 0.5, bounce: 0)`.
    public static func spring(duration: Double = 0.5, bounce: Double = 0) -> Animation {
        .spring(Spring(duration: duration, bounce: bounce))
    }

    /// The pre-iOS 17 spelling; its defaults (0.5, 0.825) are those of the iOS 17 SDK.
    public static func spring(response: Double, dampingFraction: Double = 0.825) -> Animation {
        .spring(Spring(response: response, dampingRatio: dampingFraction))
    }

    public static var spring: Animation { .spring() }

    public static let smooth = Animation.spring(.smooth)
    public static let snappy = Animation.spring(.snappy)
    public static let bouncy = Animation.spring(.bouncy)

    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        .spring(.smooth(duration: duration, extraBounce: extraBounce))
    }

    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        .spring(.snappy(duration: duration, extraBounce: extraBounce))
    }

    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        .spring(.bouncy(duration: duration, extraBounce: extraBounce))
    }

    /// SwiftUI's quick spring for following a finger: duration 0.15, bounce 0.15 plus `extraBounce`.
    public static func interactiveSpring(duration: Double = 0.15, extraBounce: Double = 0) -> Animation {
        .spring(Spring(duration: duration, bounce: 0.15 + extraBounce))
    }

    public static var interactiveSpring: Animation { .interactiveSpring() }

    /// What `withAnimation` uses without an argument. Apple documents response 0.55 with damping 1; the
    /// reconstructions say 0.5. The documented number is used.
    public static let `default` = Animation.spring(response: 0.55, dampingFraction: 1)

    /// A spring that starts moving at `initialVelocity` whole intervals per second (2 means twice the distance
    /// per second) and, instead of merging, blends with what runs before it.
    public static func interpolatingSpring(_ spring: Spring, initialVelocity: Double = 0) -> Animation {
        Animation(.interpolatingSpring(spring, initialVelocity: initialVelocity.isFinite ? initialVelocity : 0))
    }

    public static func interpolatingSpring(duration: Double = 0.5, bounce: Double = 0,
                                           initialVelocity: Double = 0) -> Animation {
        .interpolatingSpring(Spring(duration: duration, bounce: bounce), initialVelocity: initialVelocity)
    }

    public static func interpolatingSpring(mass: Double = 1, stiffness: Double, damping: Double,
                                           initialVelocity: Double = 0) -> Animation {
        .interpolatingSpring(Spring(mass: mass, stiffness: stiffness, damping: damping),
                             initialVelocity: initialVelocity)
    }

    public static var interpolatingSpring: Animation { .interpolatingSpring() }

    // MARK: Timing curves

    public static func timingCurve(_ curve: UnitCurve, duration: Double = defaultCurveDuration) -> Animation {
        Animation(.timingCurve(curve, duration: duration))
    }

    public static func timingCurve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double,
                                   duration: Double = defaultCurveDuration) -> Animation {
        .timingCurve(UnitCurve(x1, y1, x2, y2), duration: duration)
    }

    public static func easeIn(duration: Double = defaultCurveDuration) -> Animation { .timingCurve(.easeIn, duration: duration) }
    public static func easeOut(duration: Double = defaultCurveDuration) -> Animation { .timingCurve(.easeOut, duration: duration) }
    public static func easeInOut(duration: Double = defaultCurveDuration) -> Animation { .timingCurve(.easeInOut, duration: duration) }
    public static func linear(duration: Double = defaultCurveDuration) -> Animation { .timingCurve(.linear, duration: duration) }

    public static var easeIn: Animation { .easeIn() }
    public static var easeOut: Animation { .easeOut() }
    public static var easeInOut: Animation { .easeInOut() }
    public static var linear: Animation { .linear() }

    // MARK: Modifiers

    /// The same animation, holding still for `delay` seconds first: the base sees max(0, t − delay).
    public func delay(_ delay: Double) -> Animation {
        Animation(.delay(delay.isFinite ? delay : 0, kind))
    }

    /// The same animation with time scaled: the base sees t · speed. A speed that is not a positive finite number
    /// can never finish, so such an animation is treated as already finished (the change snaps).
    public func speed(_ speed: Double) -> Animation {
        Animation(.speed(speed, kind))
    }

    // MARK: Behaviour

    /// True for the springs that take over a running animation's position and velocity instead of blending.
    /// Only an unmodified `.spring` does: SwiftUI merges a delayed or sped-up spring only with an identical
    /// modifier, a case this engine treats as a blend for simplicity.
    public var merges: Bool {
        switch kind {
        case .spring: true
        default: false
        }
    }

    /// The share of the interval covered at `elapsed` seconds, its rate of change per second, and whether the
    /// animation is over (after which the change shows exactly its target).
    public func sample(at elapsed: Double) -> Sample {
        Animation.sample(kind, at: elapsed)
    }

    /// The elapsed time at which the animation is over. Infinite for an undamped spring, which never settles.
    public var completionTime: Double { Animation.completionTime(of: kind) }

    public func isFinished(at elapsed: Double) -> Bool { elapsed >= completionTime }

    /// The duration the animation was made with, as a spring's `duration` is its parameter: a spring's perceptual
    /// duration, a curve's length; a delay leaves it, a speed divides it. How long it takes to finish is
    /// `completionTime`; the two agree for a curve but not for a spring, which settles well after its duration.
    public var duration: Double { Animation.duration(of: kind) }

    private static func duration(of kind: Kind) -> Double {
        switch kind {
        case .spring(let spring), .interpolatingSpring(let spring, _):
            return spring.duration
        case .timingCurve(_, let duration):
            return duration > 0 && duration.isFinite ? duration : 0
        case .delay(_, let base):
            return duration(of: base)
        case .speed(let speed, let base):
            guard speed > 0, speed.isFinite else { return 0 }
            return duration(of: base) / speed
        }
    }

    /// One reading of an animation: `fraction` of the interval covered, `velocity` in intervals per second.
    public struct Sample: Sendable, Equatable {
        public var fraction: Double
        public var velocity: Double
        public var isFinished: Bool
        public init(fraction: Double, velocity: Double, isFinished: Bool) {
            self.fraction = fraction; self.velocity = velocity; self.isFinished = isFinished
        }
        static let done = Sample(fraction: 1, velocity: 0, isFinished: true)
    }

    /// The reading while running, without the finish check: callers that already know the completion time
    /// (the animator caches it per change) skip the settling search this way.
    func runningSample(at elapsed: Double) -> Sample {
        Animation.runningSample(kind, at: elapsed > 0 ? elapsed : 0)
    }

    /// `runningSample(at:).fraction` alone, the one thing a frame reads: the same arithmetic for the share,
    /// without working out the speed.
    func runningFraction(at elapsed: Double) -> Double {
        Animation.runningFraction(kind, at: elapsed > 0 ? elapsed : 0)
    }

    private static func runningFraction(_ kind: Kind, at t: Double) -> Double {
        switch kind {
        case .spring(let spring):
            return 1 + SpringMotion(spring, offset: -1, velocity: 0).offset(at: t)
        case .interpolatingSpring(let spring, let velocity):
            return 1 + SpringMotion(spring, offset: -1, velocity: velocity).offset(at: t)
        case .timingCurve(let curve, let duration):
            guard duration > 0, duration.isFinite else { return Sample.done.fraction }
            return curve.value(at: min(t / duration, 1))
        case .delay(let delay, let base):
            return runningFraction(base, at: t < delay ? 0 : t - delay)
        case .speed(let speed, let base):
            guard speed > 0, speed.isFinite else { return Sample.done.fraction }
            return runningFraction(base, at: t * speed)
        }
    }

    private static func sample(_ kind: Kind, at elapsed: Double) -> Sample {
        let t = elapsed > 0 ? elapsed : 0
        if t >= completionTime(of: kind) { return .done }
        return runningSample(kind, at: t)
    }

    private static func runningSample(_ kind: Kind, at t: Double) -> Sample {
        switch kind {
        case .spring(let spring):
            return springSample(spring, velocity: 0, at: t)
        case .interpolatingSpring(let spring, let velocity):
            return springSample(spring, velocity: velocity, at: t)
        case .timingCurve(let curve, let duration):
            guard duration > 0, duration.isFinite else { return .done }
            let progress = min(t / duration, 1)
            let slope = progress < 1 ? curve.velocity(at: progress) / duration : 0
            return Sample(fraction: curve.value(at: progress), velocity: slope, isFinished: false)
        case .delay(let delay, let base):
            if t < delay {
                let start = runningSample(base, at: 0)
                return Sample(fraction: start.fraction, velocity: 0, isFinished: false)
            }
            return runningSample(base, at: t - delay)
        case .speed(let speed, let base):
            guard speed > 0, speed.isFinite else { return .done }
            let inner = runningSample(base, at: t * speed)
            return Sample(fraction: inner.fraction, velocity: inner.velocity * speed, isFinished: inner.isFinished)
        }
    }

    private static func springSample(_ spring: Spring, velocity: Double, at t: Double) -> Sample {
        let motion = spring.motion(offset: -1, velocity: velocity, time: t)
        return Sample(fraction: 1 + motion.offset, velocity: motion.velocity, isFinished: false)
    }

    private static func completionTime(of kind: Kind) -> Double {
        switch kind {
        case .spring(let spring):
            return settleTime(spring, offset: -1, velocity: 0)
        case .interpolatingSpring(let spring, let velocity):
            return settleTime(spring, offset: -1, velocity: velocity)
        case .timingCurve(_, let duration):
            return duration > 0 && duration.isFinite ? duration : 0
        case .delay(let delay, let base):
            return max(0, delay + completionTime(of: base))
        case .speed(let speed, let base):
            guard speed > 0, speed.isFinite else { return 0 }
            return completionTime(of: base) / speed
        }
    }

    /// When a spring displaced by `offset` with `velocity` has settled by the finish rule above.
    static func settleTime(_ spring: Spring, offset: Double, velocity: Double) -> Double {
        let scale = max(abs(offset), abs(velocity) / spring.naturalFrequency)
        guard scale > 0 else { return 0 }
        return spring.settleTime(offset: offset, velocity: velocity, tolerance: finishTolerance * scale)
    }

    // MARK: Description

    public var description: String { Animation.describe(kind) }

    private static func describe(_ kind: Kind) -> String {
        switch kind {
        case .spring(let s):
            return "spring(duration: \(rounded(s.duration)), bounce: \(rounded(s.bounce)))"
        case .interpolatingSpring(let s, let v):
            return "interpolatingSpring(duration: \(rounded(s.duration)), bounce: \(rounded(s.bounce)), initialVelocity: \(rounded(v)))"
        case .timingCurve(let curve, let duration):
            let name: String
            switch curve {
            case .easeIn: name = "easeIn"
            case .easeOut: name = "easeOut"
            case .easeInOut: name = "easeInOut"
            case .linear: name = "linear"
            default:
                let a = curve.startControlPoint, b = curve.endControlPoint
                return "timingCurve(\(rounded(a.x)), \(rounded(a.y)), \(rounded(b.x)), \(rounded(b.y)), duration: \(rounded(duration)))"
            }
            return "\(name)(duration: \(rounded(duration)))"
        case .delay(let d, let base):
            return "\(describe(base)).delay(\(rounded(d)))"
        case .speed(let s, let base):
            return "\(describe(base)).speed(\(rounded(s)))"
        }
    }

    /// Six decimals: enough to tell tokens apart, and free of binary noise like 0.30000000000000004.
    private static func rounded(_ x: Double) -> Double {
        guard x.isFinite else { return x }
        return (x * 1e6).rounded() / 1e6
    }
}
