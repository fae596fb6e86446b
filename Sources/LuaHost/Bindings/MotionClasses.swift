import PieceKit

/// A spring from `motion.spring{...}` or a tier: its parameters as readings, and `value`, `velocity` and
/// `animation` to sample it or animate with it.
package enum SpringBinding: ClassBinding {
    /// What `value` and `velocity` take: a time, and the target and initial velocity of a spring from 0.
    static var springSampleArguments: [ArgumentSpec] {
        [.arg("t", "number", "s", must: "a time in seconds"), .opt("target", "number", default: 1, must: "a target (a number)"),
         .opt("initialVelocity", "number", default: 0, must: "an initial velocity (a number)")]
    }

    package static var options: [OptionSpec] { MotionBinding.springOptions }

    package static func describe(_ cls: LuaClass<SpringObject>, context: BindingContext) {
        cls.reading("duration", unit: "s", "The perceptual duration", \.spring.duration)
        cls.reading("bounce", "How bouncy it is, -1 to 1", \.spring.bounce)
        cls.reading("response", unit: "s", "The response (as SwiftUI's spring(response:dampingFraction:))", \.spring.response)
        cls.reading("dampingRatio", "The damping ratio (1 is critically damped)", \.spring.dampingRatio)
        cls.reading("stiffness", "The spring's stiffness", \.spring.stiffness)
        cls.reading("damping", "The spring's damping", \.spring.damping)
        cls.reading("mass", "The mass on the spring", \.spring.mass)
        cls.reading("settlingDuration", unit: "s", "How long until it settles", \.spring.settlingDuration)
        // value(t [, target = 1 [, initialVelocity = 0]]): where a spring from 0 is after t seconds.
        cls.method("value", "Where a spring from 0 is after t seconds",
                   springSampleArguments, returns: "number") { o, c in
            let t = try c.number(1), target = try c.number(2), v = try c.number(3)
            c.push(o.spring.value(target: target, initialVelocity: v, time: t)); return 1
        }
        cls.method("velocity", "How fast a spring from 0 moves after t seconds",
                   springSampleArguments, returns: "number") { o, c in
            let t = try c.number(1), target = try c.number(2), v = try c.number(3)
            c.push(o.spring.velocity(target: target, initialVelocity: v, time: t)); return 1
        }
        cls.method("animation", "An animation that uses this spring", returns: "piecebox.animation") { o, c in
            AnimationBinding.push(AnimationObject(.spring(o.spring)), context: context); return 1
        }
    }
}

/// An animation (a role, a curve, a spring's animation): `duration`, `settlingDuration`, `description`, sampling
/// with `value`, `velocity` and `isFinished`, and new animations from `delay` and `speed`.
package enum AnimationBinding: ClassBinding {
    package static func describe(_ cls: LuaClass<AnimationObject>, context: BindingContext) {
        let state = context.state
        // One meaning per name, as on a spring: `duration` is what the animation was made with, `settlingDuration`
        // when it is over.
        cls.reading("duration", "number", unit: "s",
                    "The duration it was made with (a spring's duration, a curve's length; speed divides it)") { o, c in
            c.push(o.animation.duration); return 1
        }
        cls.reading("settlingDuration", "number",
                    unit: "s", "When the animation completes (settles)") { o, c in c.push(o.animation.completionTime); return 1 }
        cls.reading("description", "string",
                    "What the animation is, as SwiftUI would print it") { o, c in c.push(o.animation.description); return 1 }
        // value(t): the fraction of the change covered after t seconds (1 when done).
        cls.method("value", "The fraction of the change covered after t seconds (1 when done)",
                   [.arg("t", "number", "s", must: "a time in seconds")], returns: "number") { o, c in
            c.push(o.animation.sample(at: try c.number(1)).fraction); return 1
        }
        cls.method("velocity", "How fast the fraction changes after t seconds",
                   [.arg("t", "number", "s", must: "a time in seconds")], returns: "number") { o, c in
            c.push(o.animation.sample(at: try c.number(1)).velocity); return 1
        }
        cls.method("isFinished", "Whether the animation is done after t seconds",
                   [.arg("t", "number", "s", must: "a time in seconds")], returns: "boolean") { o, c in
            c.push(o.animation.sample(at: try c.number(1)).isFinished); return 1
        }
        cls.method("delay", "The same animation starting later",
                   [.arg("seconds", "number", "s", must: "a delay in seconds")], returns: "piecebox.animation") { o, c in
            state.push(AnimationObject(o.animation.delay(try c.number(1))), as: cls); return 1
        }
        cls.method("speed", "The same animation played faster (above 1) or slower",
                   [.arg("factor", "number", bounds: .above(0), must: "a speed factor")], returns: "piecebox.animation") { o, c in
            let s = try c.number(1)
            state.push(AnimationObject(o.animation.speed(s)), as: cls); return 1
        }
    }
}

/// `motion.tiers`, `motion.roles` and their reduced-motion twins: a tier or role looked up by name in the tokens
/// in force now (built-in ones and those a plugin or token set added), so an override shows at once.
enum TokenViewBinding: ClassBinding {
    static func describe(_ cls: LuaClass<TokenView>, context: BindingContext) {
        cls.anyName("piecebox.spring|piecebox.animation", "A tier (a spring) or role (an animation) by name, as the tokens in force say") { view, key, c in
            let tokens = view.context.tokens(reduceMotion: view.reduceMotion)
            switch view.kind {
            case .tiers:
                guard let tier = tokens.tier(named: key) else {
                    throw LuaHostError.message("motion.tiers has no tier '\(key)' (tiers: \(tokens.tierNames.joined(separator: ", ")))")
                }
                SpringBinding.push(SpringObject(tier), context: context)
            case .roles:
                guard let role = tokens.role(named: key) else {
                    throw LuaHostError.message("motion.roles has no role '\(key)' (roles: \(tokens.roleNames.joined(separator: ", ")))")
                }
                AnimationBinding.push(AnimationObject(role), context: context)
            }
            return 1
        }
    }
}
