import Foundation
import PieceKit

/// The Lua that makes a spring or an animation again, exactly (every number in Swift's shortest form that reads
/// back to the same double): what an exploration's minimal test writes where an action handed a piece
/// `motion.roles.reveal` or `motion.spring{...}`. A role is written as the animation it was then, since the test
/// must move the same way whatever tokens are in force when it is read.
package enum MotionExpression {
    /// A tier's name when it is one (as the tokens in force say), else its duration and bounce when they make the
    /// same spring, else its mass, stiffness and damping.
    package static func lua(_ spring: Spring, tokens: MotionTokens) -> String {
        if let name = tokens.tierNames.first(where: { tokens.tier(named: $0) == spring }) { return "motion.tiers.\(name)" }
        // The numbers a script would have written (12 significant digits) when they make the same spring.
        for (d, b) in [(rounded(spring.duration), rounded(spring.bounce)), (spring.duration, spring.bounce)]
        where Spring(duration: d, bounce: b) == spring {
            return "motion.spring{ duration = \(number(d)), bounce = \(number(b)) }"
        }
        return "motion.spring{ mass = \(number(spring.mass)), stiffness = \(number(spring.stiffness)), damping = \(number(spring.damping)) }"
    }

    /// A role's name when it is one, else what it is made of.
    package static func lua(_ animation: Animation, tokens: MotionTokens) -> String {
        if let name = tokens.roleNames.first(where: { tokens.role(named: $0) == animation }) { return "motion.roles.\(name)" }
        return lua(animation.kind, tokens)
    }

    private static func lua(_ kind: Animation.Kind, _ tokens: MotionTokens) -> String {
        let lua = { (k: Animation.Kind) in Self.lua(k, tokens) }
        switch kind {
        case .spring(let s):
            return Self.lua(s, tokens: tokens) + ":animation()"
        case .interpolatingSpring(let s, let v):
            return "motion.interpolatingSpring(\(Self.lua(s, tokens: tokens)), \(number(v)))"
        case .timingCurve(let curve, let duration):
            let a = curve.startControlPoint, b = curve.endControlPoint
            return "motion.timingCurve(\(number(a.x)), \(number(a.y)), \(number(b.x)), \(number(b.y)), \(number(duration)))"
        case .delay(let seconds, let base):
            return "\(lua(base)):delay(\(number(seconds)))"
        case .speed(let factor, let base):
            return "\(lua(base)):speed(\(number(factor)))"
        }
    }

    /// `v` to 12 significant digits.
    static func rounded(_ v: Double) -> Double {
        guard v != 0, v.isFinite else { return v }
        return Double(String(format: "%.12g", v)) ?? v
    }

    /// Shortest round-trip form; whole numbers without ".0".
    static func number(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }
}
