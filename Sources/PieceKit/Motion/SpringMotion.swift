import Foundation

/// One spring's motion from one start (displaced by `offset`, moving at `velocity`), with everything that does not
/// depend on the time worked out once: which closed form applies, its rates and its coefficients. A frame then
/// costs the exponentials and the trigonometry of its own time and a few products.
///
/// Every number is computed with the very operations, in the very order, that `Spring.motion` used before this
/// existed, only hoisted out of the time, so each sample is the same double to the last bit (the frame logs and
/// goldens depend on it).
struct SpringMotion: Sendable, Equatable {
    private enum Form: Sendable, Equatable {
        /// y = e^(−λt) (y0 cos ωt + b sin ωt).
        case under(lambda: Double, omega: Double, y0: Double, b: Double)
        /// y = e^(−λt) (y0 + q t).
        case critical(lambda: Double, y0: Double, v0: Double, q: Double)
        /// y = a e^(r1 t) + b e^(r2 t).
        case over(r1: Double, r2: Double, a: Double, b: Double)
    }

    private let form: Form

    init(_ spring: Spring, offset y0: Double, velocity v0: Double) {
        let lambda = spring.decayRate
        let natural = spring.naturalFrequency
        switch spring.regime {
        case .under:
            let omega = (natural * natural - lambda * lambda).squareRoot()
            let b = (v0 + lambda * y0) / omega
            form = .under(lambda: lambda, omega: omega, y0: y0, b: b)
        case .critical:
            let q = v0 + lambda * y0
            form = .critical(lambda: lambda, y0: y0, v0: v0, q: q)
        case .over:
            let spread = (lambda * lambda - natural * natural).squareRoot()
            // The slow root written as −ω0²/(λ + s): the same number as s − λ without cancelling when λ ≫ ω0.
            let r1 = -natural * natural / (lambda + spread), r2 = -lambda - spread
            let a = (v0 - r2 * y0) / (r1 - r2)
            let b = y0 - a
            form = .over(r1: r1, r2: r2, a: a, b: b)
        }
    }

    /// The displacement from the rest point `time` seconds after the start (times before 0 read as 0).
    func offset(at time: Double) -> Double {
        let t = time > 0 ? time : 0
        switch form {
        case let .under(lambda, omega, y0, b):
            let decay = exp(-lambda * t)
            let cosine = cos(omega * t), sine = sin(omega * t)
            return decay * (y0 * cosine + b * sine)
        case let .critical(lambda, y0, _, q):
            let decay = exp(-lambda * t)
            return decay * (y0 + q * t)
        case let .over(r1, r2, a, b):
            let e1 = exp(r1 * t), e2 = exp(r2 * t)
            return a * e1 + b * e2
        }
    }

    /// `offset(at:)`, taking the exponentials and the sine and cosine from `samples` when they were worked out
    /// there for the same rates and time (they are pure functions of those), and leaving this motion's there.
    func offset(at time: Double, sharing samples: inout SpringSamples) -> Double {
        let t = time > 0 ? time : 0
        switch form {
        case let .under(lambda, omega, y0, b):
            if !samples.holds(.under, lambda, omega, t) {
                samples.keep(.under, lambda, omega, t, exp(-lambda * t), cos(omega * t), sin(omega * t))
            }
            return samples.first * (y0 * samples.second + b * samples.third)
        case let .critical(lambda, y0, _, q):
            if !samples.holds(.critical, lambda, 0, t) {
                samples.keep(.critical, lambda, 0, t, exp(-lambda * t), 0, 0)
            }
            return samples.first * (y0 + q * t)
        case let .over(r1, r2, a, b):
            if !samples.holds(.over, r1, r2, t) {
                samples.keep(.over, r1, r2, t, exp(r1 * t), exp(r2 * t), 0)
            }
            return a * samples.first + b * samples.second
        }
    }

    /// The displacement and its velocity `time` seconds after the start (times before 0 read as 0).
    func reading(at time: Double) -> (offset: Double, velocity: Double) {
        let t = time > 0 ? time : 0
        switch form {
        case let .under(lambda, omega, y0, b):
            let decay = exp(-lambda * t)
            let cosine = cos(omega * t), sine = sin(omega * t)
            let y = decay * (y0 * cosine + b * sine)
            let v = decay * ((omega * b - lambda * y0) * cosine - (lambda * b + omega * y0) * sine)
            return (y, v)
        case let .critical(lambda, y0, v0, q):
            let decay = exp(-lambda * t)
            return (decay * (y0 + q * t), decay * (v0 - lambda * q * t))
        case let .over(r1, r2, a, b):
            let e1 = exp(r1 * t), e2 = exp(r2 * t)
            return (a * e1 + b * e2, r1 * a * e1 + r2 * b * e2)
        }
    }
}

/// The exponentials and the sine and cosine of the latest spring sample, with the rates and time they are for: a
/// frame samples its numbers one after another, and numbers started together on one spring (a rect's four, a
/// line's letters) ask for the very same ones, so only the first of them pays for them.
public struct SpringSamples: Sendable {
    enum Form: Sendable { case none, under, critical, over }
    private var form = Form.none
    private var rate1 = 0.0, rate2 = 0.0, time = 0.0
    /// under: e^(−λt), cos ωt, sin ωt; critical: e^(−λt); over: e^(r1 t), e^(r2 t).
    private(set) var first = 0.0, second = 0.0, third = 0.0

    public init() {}

    /// Whether the samples kept are those of `form` with these rates at `time` (compared exactly).
    func holds(_ form: Form, _ rate1: Double, _ rate2: Double, _ time: Double) -> Bool {
        self.form == form && self.rate1 == rate1 && self.rate2 == rate2 && self.time == time
    }

    mutating func keep(_ form: Form, _ rate1: Double, _ rate2: Double, _ time: Double,
                       _ first: Double, _ second: Double, _ third: Double) {
        self.form = form
        self.rate1 = rate1
        self.rate2 = rate2
        self.time = time
        self.first = first
        self.second = second
        self.third = third
    }
}
