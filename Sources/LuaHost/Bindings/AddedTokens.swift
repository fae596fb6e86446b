import CLua
import CLuaShim
import Foundation
import PieceKit

/// Tiers and roles of an override table's `tiers = { ... }` and `roles = { ... }`: a built-in name overrides that
/// token, any other name adds a token of its own (`motion.roles.wobble`), which Lua pieces read like the others.
enum AddedTokens {
    /// Reads the table at `index` (the value of `key`, "tiers" or "roles") into `o`.
    static func read(_ key: String, at index: Int32, into o: inout MotionOverrides, _ c: LuaCall,
                     context: BindingContext) throws {
        let L = c.L
        let what = key == "tiers" ? "a table of springs such as { calm = { duration = 0.6, bounce = 0.2 } }"
            : "a table of animations such as { wobble = motion.spring{ duration = 0.6, bounce = 0.4 } }"
        guard lua_type(L, index) == LUA_TTABLE else {
            throw ArgumentErrors.inside("motion.override", "'\(key)'", mustBe: what,
                                        got: TypeName.of(L, index))
        }
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            defer { clua_pop(L, 1) }
            // The type first: converting a number key in place would break lua_next.
            guard lua_type(L, -2) == LUA_TSTRING, let name = try? LuaValue.textKey(L, -2), isName(name) else {
                let shown = lua_type(L, -2) == LUA_TSTRING ? "'\(LuaValue.shown(LuaValue.bytes(L, -2)))'" : "a \(TypeName.of(L, -2))"
                clua_pop(L, 1)
                throw ArgumentErrors.inside("motion.override", "\(key) names", mustBe: "names such as wobble (letters, digits and _)",
                                            got: shown)
            }
            var sub = c
            sub.offset = 0
            let valueIndex = lua_gettop(L)
            let kind = lua_type(L, valueIndex)
            guard kind == LUA_TTABLE || kind == LUA_TUSERDATA else {
                let expected = key == "tiers" ? "a spring (motion.spring{...} or a table such as { duration = 0.5, bounce = 0.2 })"
                    : "an animation (motion.spring{...}, motion.easeOut(0.2), a table such as { duration = 0.5, bounce = 0.2 }, ...)"
                throw ArgumentErrors.inside("motion.override", "\(key == "tiers" ? "tier" : "role") '\(name)'", mustBe: expected,
                                            got: TypeName.of(L, valueIndex))
            }
            if key == "tiers" {
                sub.function = "motion.override: tier '\(name)'"
                let spring = try MotionBinding.springArgument(sub, valueIndex, context: context)
                if let tier = MotionTier(rawValue: name) { o.tiers[tier] = spring } else { o.addedTiers[name] = spring }
            } else {
                sub.function = "motion.override: role '\(name)'"
                let animation = try MotionBinding.animationArgument(sub, valueIndex, context: context)
                if let role = MotionRole(rawValue: name) { o.roles[role] = animation } else { o.addedRoles[name] = animation }
            }
        }
    }

    /// `reduced = { tiers = {...}, roles = {...} }`: Reduce Motion forms, for tokens added under names of their own
    /// and in place of a built-in role's substitute (an override of the role's spring leaves the substitute alone;
    /// see `MotionTokens`). Built-in tiers have no Reduce Motion form to replace.
    static func readReduced(at index: Int32, into o: inout MotionOverrides, _ c: LuaCall, context: BindingContext) throws {
        let L = c.L
        guard lua_type(L, index) == LUA_TTABLE else {
            throw ArgumentErrors.inside("motion.override", "'reduced'",
                                        mustBe: "a table { tiers = {...}, roles = {...} } of Reduce Motion forms: for roles, and for tiers of your own",
                                        got: TypeName.of(L, index))
        }
        for key in ["tiers", "roles"] {
            lua_pushstring(L, key)
            lua_rawget(L, index)
            defer { clua_pop(L, 1) }
            if lua_type(L, -1) == LUA_TNIL { continue }
            var forms = MotionOverrides()
            try read(key, at: lua_gettop(L), into: &forms, c, context: context)
            if let name = forms.tiers.keys.map(\.rawValue).sorted().first {
                throw LuaHostError.message("motion.override: reduced.tiers.\(name): a built-in tier has no Reduce Motion form (the roles built on it take their substitutes); give reduced forms to roles, or to tiers of your own")
            }
            o.reducedTiers.merge(forms.addedTiers) { $1 }
            o.reducedRoles.merge(forms.addedRoles) { $1 }
            for (role, animation) in forms.roles { o.reducedRoles[role.rawValue] = animation }
        }
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            defer { clua_pop(L, 1) }
            let key = lua_type(L, -2) == LUA_TSTRING ? LuaValue.bytes(L, -2) : "?"
            guard key == "tiers" || key == "roles" else {
                clua_pop(L, 1)
                throw LuaHostError.message("motion.override: reduced has an unknown key '\(LuaValue.shown(key))' (known: roles, tiers)")
            }
        }
    }

    /// A token's name reads as a field (`motion.roles.wobble`): a letter or _, then letters, digits or _.
    static func isName(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, s.unicodeScalars.count <= 64 else { return false }
        func letter(_ u: Unicode.Scalar) -> Bool { (u >= "a" && u <= "z") || (u >= "A" && u <= "Z") || u == "_" }
        return letter(first) && s.unicodeScalars.allSatisfy { letter($0) || ($0 >= "0" && $0 <= "9") }
    }
}
