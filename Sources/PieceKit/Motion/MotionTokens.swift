/// The five spring tiers of the SwiftPieces motion language, from firmest to softest give.
public enum MotionTier: String, Sendable, CaseIterable {
    case tight, responsive, elastic, expressive, calm

    /// The tier's spring as the seeds define it. Overshoot and 90 % times are for a step from rest.
    public var standardSpring: Spring {
        switch self {
        case .tight: return Spring(duration: 0.14, bounce: 0)          // no overshoot, 90 % in ≈ 87 ms
        case .responsive: return Spring(duration: 0.32, bounce: 0.25)  // ≈ 2.8 %, 90 % in ≈ 142 ms
        case .elastic: return Spring(duration: 0.42, bounce: 0.38)     // ≈ 8.4 %
        case .expressive: return Spring(duration: 0.48, bounce: 0.48)  // ≈ 15 %
        case .calm: return Spring(duration: 0.5, bounce: 0.2)          // ≈ 1.5 %
        }
    }
}

/// A named moment in which a piece moves. Pieces pick the role, never a raw spring, so one override or the
/// Reduce Motion setting changes every piece alike.
public enum MotionRole: String, Sendable, CaseIterable {
    case press, release, settle, snap, value, rebound, morph, reveal, dismiss, success, error, ambient

    /// Whether Reduce Motion puts a substitute of its own in this role's place. Every role but press does: a press
    /// lands under the finger on the same frame, so the seeds give it one form.
    public var hasReducedForm: Bool { self != .press }
}

/// Replacements a scenario asks for: a spring per tier and an animation per role. Anything left out keeps the
/// standard token.
public struct MotionOverrides: Sendable, Equatable {
    public var tiers: [MotionTier: Spring]
    public var roles: [MotionRole: Animation]
    /// Tiers and roles a plugin or a token set adds under names of its own (`wobble`): no built-in piece uses
    /// them, but Lua pieces read them like the built-in ones, and the frame log's header lists them.
    public var addedTiers: [String: Spring] = [:]
    public var addedRoles: [String: Animation] = [:]
    /// Reduce Motion forms given by name (`reduced = { roles = { wobble = ..., dismiss = ... } }`). Without one, an
    /// added token takes the foundation's: a tier loses its overshoot (bounce 0 at its duration), a role holds
    /// still (the still spring, 0.25 s with no bounce). A built-in role may be given one too, in place of its
    /// substitute, since overriding its spring leaves the substitute alone; built-in tiers have none (the seeds
    /// give Reduce Motion forms to roles, not tiers), so only added tiers appear here.
    public var reducedTiers: [String: Spring] = [:]
    public var reducedRoles: [String: Animation] = [:]

    public init(tiers: [MotionTier: Spring] = [:], roles: [MotionRole: Animation] = [:]) {
        self.tiers = tiers
        self.roles = roles
    }

    /// `more` laid over these: a later value for the same token wins.
    public mutating func merge(_ more: MotionOverrides) {
        tiers.merge(more.tiers) { $1 }
        roles.merge(more.roles) { $1 }
        addedTiers.merge(more.addedTiers) { $1 }
        addedRoles.merge(more.addedRoles) { $1 }
        reducedTiers.merge(more.reducedTiers) { $1 }
        reducedRoles.merge(more.reducedRoles) { $1 }
    }

    public subscript(tier: MotionTier) -> Spring? {
        get { tiers[tier] }
        set { tiers[tier] = newValue }
    }

    public subscript(role: MotionRole) -> Animation? {
        get { roles[role] }
        set { roles[role] = newValue }
    }
}

/// The motion tokens one stage runs with: tiers, roles and the helpers built on them, for the current
/// Reduce Motion setting and any overrides.
///
/// Precedence: under Reduce Motion a reduced form given for the role comes first. Otherwise an override changes
/// a role's own motion, not its Reduce Motion substitute. In the seeds each role
/// reads "the substitute under Reduce Motion, else its spring", so a different spring leaves the substitute in
/// place, and a token set or a file's override never brings overshoot back under Reduce Motion. Press, which has
/// no substitute, takes its override either way. An overridden tier flows into every role built on it, and Reduce
/// Motion still replaces those roles with their substitutes, for the same reason.
public struct MotionTokens: Sendable, Equatable {
    public let reduceMotion: Bool
    public let overrides: MotionOverrides

    public init(reduceMotion: Bool = false, overrides: MotionOverrides? = nil) {
        self.reduceMotion = reduceMotion
        self.overrides = overrides ?? MotionOverrides()
    }

    /// The spring Reduce Motion puts in place of every settling spring: short, with no overshoot.
    public static let stillSpring = Spring(duration: 0.25, bounce: 0)

    public func tier(_ tier: MotionTier) -> Spring {
        overrides[tier] ?? tier.standardSpring
    }

    public func role(_ role: MotionRole) -> Animation {
        if reduceMotion, let reduced = overrides.reducedRoles[role.rawValue] { return reduced }
        if let replaced = overrides[role], !(reduceMotion && role.hasReducedForm) { return replaced }
        return standardRole(role)
    }

    /// A tier by name: a built-in one (with its override) or one added under a name of its own.
    public func tier(named name: String) -> Spring? {
        if let tier = MotionTier(rawValue: name) { return self.tier(tier) }
        guard let added = overrides.addedTiers[name] else { return nil }
        guard reduceMotion else { return added }
        return overrides.reducedTiers[name] ?? Spring(duration: added.duration, bounce: min(added.bounce, 0))
    }

    /// A role by name: a built-in one (for this Reduce Motion setting) or one added under a name of its own, which
    /// under Reduce Motion takes its reduced form (see `MotionOverrides.reducedRoles`).
    public func role(named name: String) -> Animation? {
        if let role = MotionRole(rawValue: name) { return self.role(role) }
        guard let added = overrides.addedRoles[name] else { return nil }
        guard reduceMotion else { return added }
        return overrides.reducedRoles[name] ?? .spring(Self.stillSpring)
    }

    /// Every tier name, the built-in ones first, then the added ones in name order.
    public var tierNames: [String] { MotionTier.allCases.map(\.rawValue) + overrides.addedTiers.keys.sorted() }
    public var roleNames: [String] { MotionRole.allCases.map(\.rawValue) + overrides.addedRoles.keys.sorted() }

    /// The role as the seeds define it, for this Reduce Motion setting and the current tiers.
    private func standardRole(_ role: MotionRole) -> Animation {
        let still = Animation.spring(Self.stillSpring)
        switch role {
        case .press:
            // Lands under the finger on the same frame, so it has nothing to reduce.
            return .spring(tier(.tight))
        case .release, .settle, .rebound:
            return reduceMotion ? still : .spring(tier(.elastic))
        case .snap:
            return reduceMotion ? still : .spring(tier(.responsive))
        case .value:
            // A number on screen never overshoots, so it never shows a value that isn't true.
            return reduceMotion ? still : .spring(duration: 0.35, bounce: 0)
        case .morph:
            return reduceMotion ? still : .spring(duration: 0.4, bounce: 0.2)
        case .reveal:
            return reduceMotion ? .easeOut(duration: 0.2) : .spring(tier(.calm))
        case .dismiss:
            // Closing is quicker and firmer than opening.
            return reduceMotion ? .easeIn(duration: 0.18) : .spring(duration: 0.3, bounce: 0.08)
        case .success:
            return reduceMotion ? .easeOut(duration: 0.24) : .spring(tier(.expressive))
        case .error:
            return reduceMotion ? .easeOut(duration: 0.2) : .spring(tier(.responsive))
        case .ambient:
            return reduceMotion ? .easeInOut(duration: 0.3) : .spring(tier(.calm))
        }
    }

    public var press: Animation { role(.press) }
    public var release: Animation { role(.release) }
    public var settle: Animation { role(.settle) }
    public var snap: Animation { role(.snap) }
    public var value: Animation { role(.value) }
    public var rebound: Animation { role(.rebound) }
    public var morph: Animation { role(.morph) }
    public var reveal: Animation { role(.reveal) }
    public var dismiss: Animation { role(.dismiss) }
    public var success: Animation { role(.success) }
    public var error: Animation { role(.error) }
    public var ambient: Animation { role(.ambient) }

    /// Loops, drifts and idle motion run only without Reduce Motion.
    public var allowsAmbient: Bool { !reduceMotion }

    /// A settle that leaves at the finger's speed. `velocity` is in points per second along one axis; the spring
    /// gets it in whole distances per second, capped so a hard flick adds give rather than a slingshot: 1.5 times
    /// the spring's angular frequency, or exactly that frequency under Reduce Motion, where a critically damped
    /// spring then cannot pass its target. Moves under a point get the plain spring. The default spring is the
    /// elastic tier (including any override of it).
    public func settle(velocity: Double, from current: Double, to destination: Double,
                       spring: Spring? = nil) -> Animation {
        let chosen = reduceMotion ? Self.stillSpring : (spring ?? tier(.elastic))
        let distance = destination - current
        guard abs(distance) >= 1 else { return .spring(chosen) }
        let cap = 2 * Double.pi / chosen.duration * (reduceMotion ? 1 : 1.5)
        let relative = velocity / distance
        guard relative.isFinite else { return .interpolatingSpring(chosen, initialVelocity: 0) }
        return .interpolatingSpring(chosen, initialVelocity: min(max(relative, -cap), cap))
    }

    /// Follow-through: rank 0 leads and each later rank (up to the sixth) arrives a little later on a slightly
    /// looser spring, 40 ms and 0.02 bounce per rank, bounce never past 0.55. The default is the elastic tier.
    public func follow(_ spring: Spring? = nil, rank: Int) -> Animation {
        guard !reduceMotion else { return .spring(Self.stillSpring) }
        let base = spring ?? tier(.elastic)
        let steps = Double(min(max(rank, 0), 6))
        return .spring(duration: base.duration + 0.04 * steps, bounce: min(base.bounce + 0.02 * steps, 0.55))
    }

    /// A one-shot entrance staggered by place: item `index` waits `step` seconds per place, counting at most seven
    /// places. The first item and everything under Reduce Motion start at once.
    public func cascade(_ animation: Animation, index: Int, step: Double = 0.03) -> Animation {
        guard index > 0, !reduceMotion else { return animation }
        let places = min(index, 7)
        return animation.delay(Double(places) * step)
    }
}
