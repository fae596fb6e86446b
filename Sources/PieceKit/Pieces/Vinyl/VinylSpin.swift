/// The disc's angle as a closed form of time: after each change of speed the speed moves linearly from where it
/// was to the new target over `ramp` seconds, then holds, so the angle never jumps and nothing is summed frame by
/// frame.
///
/// With `e = max(t − changedAt, 0)` and `r = min(e, ramp)`, the angle is
/// `a0 + v0·r + (vT − v0)/ramp · r²/2 + vT · max(e − ramp, 0)` (degrees), and a ramp of 0 or less switches at
/// once. A change rebases `a0` to the angle at that moment, reduced by 360 with the sign kept (a truncating
/// remainder, like `truncatingRemainder(dividingBy:)`).
public struct VinylSpin: Equatable, Sendable {
    /// The angle (degrees) and speed (degrees per second) at `changedAt`.
    public private(set) var startAngle = 0.0
    public private(set) var startSpeed = 0.0
    /// The speed the ramp heads for.
    public private(set) var targetSpeed = 0.0
    /// When the speed last changed; before the first change it is "long ago", so the disc rests at 0°.
    public private(set) var changedAt = -Double.infinity
    /// Seconds the speed takes to reach a new target (0.9 by default).
    public var ramp: Double

    public init(ramp: Double = Vinyl.defaultRamp) {
        self.ramp = ramp
    }

    /// The ramp actually used: never negative (a non-finite ramp counts as 0, an instant switch).
    private var rampTime: Double { ramp.isFinite ? max(ramp, 0) : 0 }

    private func elapsed(at time: Double) -> Double {
        guard changedAt.isFinite else { return .infinity }
        return max(time - changedAt, 0)
    }

    /// Degrees turned at `time` (not reduced by 360: this is the rotation the disc is drawn with).
    public func angle(at time: Double) -> Double {
        let e = elapsed(at: time)
        guard e.isFinite else { return startAngle }   // never changed: at rest where it started
        let rampTime = self.rampTime
        let r = min(e, rampTime)
        let change = rampTime > 0 ? (targetSpeed - startSpeed) / rampTime : 0
        return startAngle + startSpeed * r + change * r * r / 2 + targetSpeed * max(e - rampTime, 0)
    }

    /// Degrees per second at `time`.
    public func speed(at time: Double) -> Double {
        let e = elapsed(at: time)
        guard e.isFinite else { return targetSpeed }
        let rampTime = self.rampTime
        guard rampTime > 0 else { return targetSpeed }
        return startSpeed + (targetSpeed - startSpeed) * min(e / rampTime, 1)
    }

    /// True while the speed is still moving toward its target at `time`.
    public func isRamping(at time: Double) -> Bool {
        let e = elapsed(at: time)
        return e.isFinite && e < rampTime && startSpeed != targetSpeed
    }

    /// Heads for `speed` from `time` on, starting from the angle and speed the disc has then.
    public mutating func setSpeed(_ speed: Double, at time: Double) {
        startAngle = angle(at: time).truncatingRemainder(dividingBy: 360)
        startSpeed = self.speed(at: time)
        targetSpeed = speed
        changedAt = time
    }
}
