import CLua
import CLuaShim
import PieceKit

/// A Spring as a Lua value.
package final class SpringObject {
    package let spring: Spring
    init(_ spring: Spring) { self.spring = spring }
}

/// An Animation as a Lua value.
package final class AnimationObject {
    package let animation: Animation
    init(_ animation: Animation) { self.animation = animation }
}

/// `motion.tiers` and `motion.roles` (and `motion.reduced.*`): views of the scenario's current tokens,
/// so an override shows up in them at once.
final class TokenView {
    enum Kind { case tiers, roles }
    let kind: Kind
    let reduceMotion: Bool
    let context: BindingContext
    init(_ kind: Kind, reduceMotion: Bool, context: BindingContext) {
        self.kind = kind; self.reduceMotion = reduceMotion; self.context = context
    }
}

/// `motion.*`: the motion tokens, springs and curves to sample, gesture physics, and overrides.
package enum MotionBinding {
    static func install(into context: BindingContext) {
        clua_newtable(context.state.L)
        fill(lua_gettop(context.state.L), context)
        context.state.setGlobalValue("motion")
    }

    /// Sets the library's fields in the table at `lib` (FoundationBinding adds its own after).
    static func fill(_ lib: Int32, _ context: BindingContext) {
        let state = context.state
        let views = TokenViewBinding.luaClass(context)
        let L = state.L
        state.setFunctions(lib, LibraryFunction.table(functions(context), in: "motion"))
        state.push(TokenView(.tiers, reduceMotion: false, context: context), as: views); state.setField(lib, "tiers")
        state.push(TokenView(.roles, reduceMotion: false, context: context), as: views); state.setField(lib, "roles")
        lua_createtable(L, 0, 2)
        let reduced = lua_gettop(L)
        state.push(TokenView(.tiers, reduceMotion: true, context: context), as: views); state.setField(reduced, "tiers")
        state.push(TokenView(.roles, reduceMotion: true, context: context), as: views); state.setField(reduced, "roles")
        // The foundation's functions under Reduce Motion: follow and cascade hold still, transitions fade.
        for function in foundationFunctions(context, reduceMotion: true) {
            state.pushLastingFunction(function.body(in: "motion.reduced")); state.setField(reduced, function.name)
        }
        state.setField(lib, "reduced")
        LuaValue.table(LuaTable(fields: [
            ("apart", .number(Liquid.apart)), ("homeScale", .number(Liquid.homeScale)),
            ("joined", .number(Liquid.joined)), ("merge", .number(Liquid.merge)),
        ])).push(L)
        state.setField(lib, "liquid")
    }

    /// The library's functions, each declared where its body is (FoundationBinding adds `pressAnchor`).
    static func functions(_ context: BindingContext) -> [LibraryFunction] {
        curveFunctions(context) + gestureFunctions() + tokenFunctions(context)
            + foundationFunctions(context, reduceMotion: false)
    }

    /// The foundation's follow-through, cascade and transitions, as its specification signs them; `motion.*` with
    /// Reduce Motion off and `motion.reduced.*` with it on (the same functions, each reading its own tokens).
    static func foundationFunctions(_ context: BindingContext, reduceMotion rm: Bool) -> [LibraryFunction] {
        let prefix = rm ? "motion.reduced." : "motion."
        func pushAnimation(_ a: Animation) { AnimationBinding.push(AnimationObject(a), context: context) }
        return [
            LibraryFunction("follow", "Follow-through: the animation of the rank-th follower (rank 0 leads), on the "
                            + "elastic tier or the spring given",
                            [.opt("spring", "piecebox.spring|piecebox.springOptions"), .arg("rank", "integer", must: "a rank (a whole number)")],
                            returns: "piecebox.animation", { c in
                let c = c.named(prefix + "follow")
                // follow(rank) or follow(spring, rank), as the foundation's `follow(_ spring: = elastic, rank:)`.
                let spring: Spring?, rankArg: Int32
                if c.type(1) == LUA_TNUMBER {
                    guard c.isNil(2) else {
                        throw c.refusal("give the spring first: \(prefix)follow(spring, rank), or \(prefix)follow(rank)")
                    }
                    spring = nil; rankArg = 1
                } else {
                    spring = try springArgument(c, 1, context: context); rankArg = 2
                }
                // follow(rank) reads the rank first, worded as its declaration (argument 2) words it.
                let rank = rankArg == 2 ? try c.integer(2) : try c.integer(1, c.declaration(2)?.typeExpected)
                pushAnimation(context.tokens(reduceMotion: rm).follow(spring, rank: rank)); return 1
            }),
            LibraryFunction("cascade", "An entrance delayed for the index-th item (30 ms a place, capped at the "
                            + "seventh; none under Reduce Motion)",
                            [.arg("animation", "piecebox.animation|piecebox.spring"), .arg("index", "integer", must: "an index (a whole number)"),
                             .opt("step", "number", "s", default: 0.03, must: "a step in seconds")], returns: "piecebox.animation", { c in
                let c = c.named(prefix + "cascade")
                let a = try animationArgument(c, 1, context: context)
                let index = try c.integer(2), step = try c.number(3)
                pushAnimation(context.tokens(reduceMotion: rm).cascade(a, index: index, step: step)); return 1
            }),
            LibraryFunction("transition", "A moving transition by name, or \"opacity\" (a plain fade) under "
                            + "Reduce Motion", [.arg("transition", "string", must: "a transition's name (a string)")], returns: "string", { c in
                let c = c.named(prefix + "transition")
                let name = try c.string(1)
                c.push(rm ? "opacity" : name); return 1
            }),
            LibraryFunction("swap", "The transition for content replaced in place: \"blurReplace\", or \"opacity\" "
                            + "under Reduce Motion", [], returns: "string", { c in
                c.push(rm ? "opacity" : "blurReplace"); return 1
            }),
        ]
    }

    /// `motion.spring`, the curves and `interpolatingSpring`: animations to sample or hand to a piece.
    private static func curveFunctions(_ context: BindingContext) -> [LibraryFunction] {
        func pushSpring(_ s: Spring) { SpringBinding.push(SpringObject(s), context: context) }
        func pushAnimation(_ a: Animation) { AnimationBinding.push(AnimationObject(a), context: context) }
        return [
            LibraryFunction("spring", "A spring from { duration, bounce }, { response, dampingRatio }, "
                            + "{ mass, stiffness, damping } or { settlingDuration, dampingRatio }",
                            [.arg("options", "piecebox.springOptions")], returns: "piecebox.spring", { c in
                let c = c.named("motion.spring")
                pushSpring(try springFromOptions(c, 1)); return 1
            }),
            LibraryFunction("easeIn", "An ease-in curve", [curveDurationArgument], returns: "piecebox.animation", { c in
                pushAnimation(.easeIn(duration: try curveDuration(c.named("motion.easeIn")))); return 1
            }),
            LibraryFunction("easeOut", "An ease-out curve", [curveDurationArgument], returns: "piecebox.animation", { c in
                pushAnimation(.easeOut(duration: try curveDuration(c.named("motion.easeOut")))); return 1
            }),
            LibraryFunction("easeInOut", "An ease-in-out curve", [curveDurationArgument], returns: "piecebox.animation", { c in
                pushAnimation(.easeInOut(duration: try curveDuration(c.named("motion.easeInOut")))); return 1
            }),
            LibraryFunction("linear", "A linear curve", [curveDurationArgument], returns: "piecebox.animation", { c in
                pushAnimation(.linear(duration: try curveDuration(c.named("motion.linear")))); return 1
            }),
            LibraryFunction("timingCurve", "A cubic Bézier timing curve",
                            [.arg("x1", "number", must: "the first control point's x"), .arg("y1", "number", must: "the first control point's y"),
                             .arg("x2", "number", must: "the second control point's x"), .arg("y2", "number", must: "the second control point's y"),
                             .opt("duration", "number", "s", default: Animation.defaultCurveDuration, must: "a duration in seconds")], returns: "piecebox.animation", { c in
                let c = c.named("motion.timingCurve")
                let x1 = try c.number(1), y1 = try c.number(2), x2 = try c.number(3), y2 = try c.number(4)
                let d = try c.number(5)
                pushAnimation(.timingCurve(x1, y1, x2, y2, duration: d)); return 1
            }),
            LibraryFunction("interpolatingSpring", "A spring animation that keeps its velocity when retargeted",
                            [.arg("spring", "piecebox.spring|piecebox.springOptions"), .opt("initialVelocity",
                             "number", default: 0, must: "an initial velocity in whole distances per second")], returns: "piecebox.animation", { c in
                let c = c.named("motion.interpolatingSpring")
                let s = try springArgument(c, 1, context: context)
                let v = try c.number(2)
                pushAnimation(.interpolatingSpring(s, initialVelocity: v)); return 1
            })
        ]
    }

    /// The gesture physics: rubber banding, projection, the nearest stop, the press scale.
    private static func gestureFunctions() -> [LibraryFunction] {
        [
            LibraryFunction("rubberBand", "How far a pull past an edge shows, rubber-banded",
                            [.arg("pull", "number", "pt", must: "a pull in points"), .arg("limit", "number", "pt", must: "a limit in points"),
                             coefficientArgument], returns: "number", { c in
                let c = c.named("motion.rubberBand")
                let x = try c.number(1), limit = try c.number(2), k = try c.number(3)
                c.push(GesturePhysics.rubberBand(x, limit: limit, coefficient: k)); return 1
            }),
            LibraryFunction("rubberBandIn", "A value rubber-banded into a range",
                            [.arg("value", "number", must: "a value"), .arg("lower", "number", must: "the range's lower end"),
                             .arg("upper", "number", must: "the range's upper end"), .arg("limit", "number", "pt", must: "a limit in points"),
                             coefficientArgument], returns: "number", { c in
                let c = c.named("motion.rubberBandIn")
                let x = try c.number(1), lo = try c.number(2), hi = try c.number(3)
                let limit = try c.number(4), k = try c.number(5)
                c.push(GesturePhysics.rubberBand(x, lower: lo, upper: hi, limit: limit, coefficient: k)); return 1
            }),
            LibraryFunction("project", "Where a fling from a position at a velocity comes to rest",
                            [.arg("position", "number", "pt", must: "a position in points"),
                             .arg("velocity", "number", "pt/s", must: "a velocity in points per second"),
                             .opt("decelerationRate", "number", default: 0.99, must: "a deceleration rate")], returns: "number", { c in
                let c = c.named("motion.project")
                let p = try c.number(1), v = try c.number(2), rate = try c.number(3)
                c.push(GesturePhysics.project(p, velocity: v, decelerationRate: rate)); return 1
            }),
            LibraryFunction("nearest", "The nearest of a list of stops to a value",
                            [.arg("value", "number", must: "a value"), .arg("stops", "number[]", must: "a list of numbers")], returns: "number", { c in
                let c = c.named("motion.nearest")
                let v = try c.number(1)
                guard case .table(let t) = try c.value(2) else { throw c.argumentError(2) }
                let candidates = t.array.compactMap(\.number)
                guard candidates.count == t.array.count else { throw c.argumentError(2) }
                c.push(GesturePhysics.nearest(v, in: candidates)); return 1
            }),
            LibraryFunction("pressScale", "The scale a pressed surface of a size shrinks to",
                            [.arg("w", "number", "pt", must: "a width"), .arg("h", "number", "pt", must: "a height"),
                             .opt("depth", "number", "pt", default: 2.5, must: "a depth in points")], returns: "number", { c in
                let c = c.named("motion.pressScale")
                let w = try c.number(1), h = try c.number(2), depth = try c.number(3)
                c.push(GesturePhysics.pressScale(for: Size(width: w, height: h), depth: depth)); return 1
            })
        ]
    }

    /// The foundation's tokens made from the file's overrides (`settle`, `follow`, `cascade`) and the overrides.
    private static func tokenFunctions(_ context: BindingContext) -> [LibraryFunction] {
        func pushAnimation(_ a: Animation) { AnimationBinding.push(AnimationObject(a), context: context) }
        return [
            LibraryFunction("settle", "The animation that settles a thrown value from one place to another",
                            [.arg("options", OptionSpec.tableType(settleOptions))], returns: "piecebox.animation", { c in
                let c = c.named("motion.settle")
                let o = try c.options(1, declared: settleOptions, optional: false)
                let v = try o.number(required: "velocity"), from = try o.number(required: "from")
                let to = try o.number(required: "to")
                let tokens = context.tokens(reduceMotion: try o.boolean(declared: "reduceMotion"))
                let spring = try o.has("spring") ? springFromValue(o.table["spring"], c, "option 'spring'", context: context) : nil
                pushAnimation(tokens.settle(velocity: v, from: from, to: to, spring: spring)); return 1
            }),
            LibraryFunction("override", "Overrides roles and tiers (or adds new ones) for the rest of the test or file",
                            [.arg("overrides", "table<string, piecebox.animation|piecebox.spring|table>", must: "a table of overrides")], { c in
                let c = c.named("motion.override")
                let more = try overridesFromOptions(c, context: context)
                // Tokens stay until reset, and a script can name as many of its own as it likes: what a call adds
                // counts for the file.
                let added = addedBytes(more, to: context.overrides)
                try context.applyOverride(more)
                if added > 0 { try context.charge(added) }
                return 0
            }),
            LibraryFunction("resetOverrides", "Drops the overrides set since the test or file began",
                            [], { _ in context.resetOverrides(); return 0 })
        ]
    }

    /// About what laying `more` over `current` adds: each token `current` does not have yet (its entry, a spring
    /// or an animation with its key, and the name of one a script added). Costs the size of `more`.
    static func addedBytes(_ more: MotionOverrides, to current: MotionOverrides) -> Int {
        let entry = 128
        var bytes = 0
        for key in more.tiers.keys where current.tiers[key] == nil { bytes += entry }
        for key in more.roles.keys where current.roles[key] == nil { bytes += entry }
        for key in more.addedTiers.keys where current.addedTiers[key] == nil {
            bytes += entry + HostBytes.string(key.utf8.count)
        }
        for key in more.addedRoles.keys where current.addedRoles[key] == nil {
            bytes += entry + HostBytes.string(key.utf8.count)
        }
        for key in more.reducedTiers.keys where current.reducedTiers[key] == nil {
            bytes += entry + HostBytes.string(key.utf8.count)
        }
        for key in more.reducedRoles.keys where current.reducedRoles[key] == nil {
            bytes += entry + HostBytes.string(key.utf8.count)
        }
        return bytes
    }

    /// A curve's duration argument: above 0 seconds, the curve's default when left out.
    static var curveDurationArgument: ArgumentSpec {
        .opt("duration", "number", "s", default: Animation.defaultCurveDuration, bounds: .above(0, must: "a duration above 0 s"),
             must: "a duration in seconds")
    }

    /// The rubber band's coefficient argument, 0.55 (the platform's) when left out.
    static var coefficientArgument: ArgumentSpec { .opt("coefficient", "number", default: 0.55, must: "a coefficient") }

    /// A curve's duration, as `curveDurationArgument` declares it (argument 1).
    static func curveDuration(_ c: LuaCall) throws -> Double { try c.number(1) }

    /// `motion.settle{...}`.
    static let settleOptions: [OptionSpec] = [
        .init("velocity", "number", required: true, missing: "a number", "The thrown value's velocity"),
        .init("from", "number", required: true, missing: "a number", "Where the value is"),
        .init("to", "number", required: true, missing: "a number", "Where it comes to rest"),
        .init("spring", "piecebox.springOptions", "The spring to settle with (the tokens' own when left out)"),
        .init("reduceMotion", "boolean", default: "false", "Settle as under Reduce Motion"),
    ]
    static let springOptions: [OptionSpec] = [
        .init("duration", "number", unit: "s", bounds: .above(0), "The perceptual duration (with bounce)"),
        .init("bounce", "number", bounds: .inside(-1, 1), "How bouncy (with duration)"),
        .init("response", "number", unit: "s", bounds: .above(0), "The response (with dampingRatio)"),
        .init("dampingRatio", "number", bounds: .above(0), "The damping ratio (with response or settlingDuration)"),
        .init("mass", "number", bounds: .above(0), "The mass (with stiffness and damping)"),
        .init("stiffness", "number", bounds: .above(0), "The stiffness (with damping)"),
        .init("damping", "number", bounds: .atLeast(0), "The damping (with stiffness)"),
        .init("settlingDuration", "number", unit: "s", bounds: .above(0),
              "How long until it settles (with dampingRatio)"),
    ]
    static let springKeys = OptionSpec.names(springOptions)

    /// A spring from `{ duration, bounce }`, `{ response, dampingRatio }`, `{ mass, stiffness, damping }`
    /// or `{ settlingDuration, dampingRatio }`.
    static func springFromOptions(_ c: LuaCall, _ arg: Int32) throws -> Spring {
        let o = try c.options(arg, declared: springOptions, optional: false)
        return try spring(from: o, c.function)
    }

    /// Every value's bounds are `springOptions`' declarations, enforced by the reads.
    static func spring(from given: Options, _ function: String) throws -> Spring {
        var o = given
        o.specs = springOptions
        try o.checkDeclaredValues()
        func positive(_ key: String) throws -> Double? { try o.number(key) }
        if let k = try positive("stiffness") {
            guard let d = try o.number("damping") else {
                throw ArgumentErrors.refusal(function, "with stiffness, give damping (a number of at least 0)")
            }
            return Spring(mass: try positive("mass") ?? 1, stiffness: k, damping: d, allowOverDamping: true)
        }
        if let r = try positive("response") {
            return Spring(response: r, dampingRatio: try o.number("dampingRatio") ?? 1)
        }
        if let s = try positive("settlingDuration") {
            return Spring(settlingDuration: s, dampingRatio: try o.number("dampingRatio") ?? 1)
        }
        let bounce = try o.number("bounce") ?? 0
        return Spring(duration: try positive("duration") ?? 0.5, bounce: bounce)
    }

    static func springArgument(_ c: LuaCall, _ arg: Int32, context: BindingContext) throws -> Spring {
        if let box = SpringBinding.object(c, at: arg + c.offset) { return box.spring }
        if c.type(arg) == LUA_TTABLE { return try springFromOptions(c, arg) }
        throw c.argumentError(arg, ArgumentSpec.phrase(type: "piecebox.spring", unit: nil))
    }

    static func animationArgument(_ c: LuaCall, _ arg: Int32, context: BindingContext) throws -> Animation {
        if let box = AnimationBinding.object(c, at: arg + c.offset) { return box.animation }
        if let box = SpringBinding.object(c, at: arg + c.offset) { return .spring(box.spring) }
        if c.type(arg) == LUA_TTABLE { return .spring(try springFromOptions(c, arg)) }
        throw c.argumentError(arg, ArgumentSpec.phrase(type: "piecebox.animation", unit: nil))
    }

    static func springFromValue(_ v: LuaValue, _ c: LuaCall, _ what: String, context: BindingContext) throws -> Spring {
        guard case .table(let t) = v else {
            throw c.valueError(what, "a table such as { duration = 0.5, bounce = 0.2 }", got: v.typeName)
        }
        for k in t.keys where !springKeys.contains(k) {
            throw c.refusal("\(what) has an unknown key '\(k)' (known: \(springKeys.joined(separator: ", ")))")
        }
        return try spring(from: Options(function: c.function, table: t), c.function)
    }

    /// `motion.override{ reveal = <animation or spring>, tiers = { calm = <spring> } }`.
    package static func overridesFromOptions(_ c: LuaCall, context: BindingContext) throws -> MotionOverrides {
        guard c.type(1) == LUA_TTABLE else { throw c.argumentError(1) }
        var o = MotionOverrides()
        let L = c.L
        let idx = 1 + c.offset
        // Walk the keys raw; values may be host objects, which LuaValue does not carry.
        lua_pushnil(L)
        while lua_next(L, idx) != 0 {
            defer { clua_pop(L, 1) }
            guard lua_type(L, -2) == LUA_TSTRING else {
                throw ArgumentErrors.inside("motion.override", "its keys", mustBe: "role names or 'tiers'",
                                            got: "a \(TypeName.of(L, -2)) key")
            }
            try c.budget.spend(entries: 1, bytes: Int(lua_rawlen(L, -2)))
            let key = LuaValue.bytes(L, -2)
            let valueIndex = lua_gettop(L)
            if key == "tiers" || key == "roles" {
                // Built-in names override; other names add tokens of their own (`roles = { wobble = ... }`).
                try AddedTokens.read(key, at: valueIndex, into: &o, c, context: context)
                continue
            }
            if key == "reduced" {
                // The Reduce Motion forms of added tokens: `reduced = { roles = { wobble = ... } }`.
                try AddedTokens.readReduced(at: valueIndex, into: &o, c, context: context)
                continue
            }
            guard let role = MotionRole(rawValue: key) else {
                throw ArgumentErrors.refusal("motion.override", "unknown role '\(key)' (roles: \(MotionRole.allCases.map(\.rawValue).joined(separator: ", ")); or tiers = { ... }, roles = { ... } to add tokens of your own, reduced = { ... } for Reduce Motion forms)")
            }
            var sub = c
            sub.offset = 0
            sub.function = "motion.override: role '\(key)'"
            o.roles[role] = try animationArgument(sub, valueIndex, context: context)
        }
        return o
    }
}

/// The object of class `tname` at absolute stack index `index`, if it is one.
func pb_object<T: AnyObject>(_ c: LuaCall, _ index: Int32, _ tname: String) -> T? {
    guard let raw = pb_object_box(c.L, index, tname) else { return nil }
    return Unmanaged<ObjectBox>.fromOpaque(raw).takeUnretainedValue().object as? T
}
