/// Reads of a value inside an argument or an option (a key of a shape table, an item of a list), checked against a
/// rule stated as data (bounds, wholeness, a list of allowed strings), as `Options` checks an option's own value: the
/// refusal is worded once, by `ArgumentErrors.inside` ("<function>: shapes[1].shape.radius must be ..., got -1").
package enum InnerValues {
    /// `value` as a finite number within `bounds` (and whole, when `whole`); `must` is what the refusal says.
    package static func number(_ value: LuaValue, in function: String, at place: String, bounds: OptionBounds?, whole: Bool,
                       must: String) throws -> Double {
        guard case .number(let n) = value, n.isFinite, bounds?.admits(n) ?? true, !whole || n == n.rounded() else {
            throw ArgumentErrors.inside(function, place, mustBe: must, got: value.described())
        }
        return n
    }

    /// `value` as one of `choices`; the refusal says `must` (else "one of" them) and hints at the nearest.
    package static func string(_ value: LuaValue, in function: String, at place: String, among choices: [String],
                       must: String?) throws -> String {
        guard case .string(let s) = value else {
            throw ArgumentErrors.inside(function, place, mustBe: must ?? "one of " + choices.map { "\"\($0)\"" }.joined(separator: ", "),
                                        got: value.described())
        }
        if let wrong = ArgumentErrors.notAmong(s, choices, must: must) {
            throw ArgumentErrors.inside(function, place, mustBe: wrong.mustBe, got: wrong.got)
        }
        return s
    }
}

extension LuaCall {
    /// `value` as a finite number within `bounds` (whole, when `whole`); `must` is what the refusal says it must be.
    package func number(_ value: LuaValue, at place: String, bounds: OptionBounds? = nil, whole: Bool = false,
                        must: String) throws -> Double {
        try InnerValues.number(value, in: function, at: place, bounds: bounds, whole: whole, must: must)
    }

    /// `value` as one of `choices`; the refusal says `must` (else "one of" them) and hints at the nearest.
    package func string(_ value: LuaValue, at place: String, among choices: [String], must: String? = nil) throws -> String {
        try InnerValues.string(value, in: function, at: place, among: choices, must: must)
    }

    /// `value` as one of `T`'s values, by their raw strings, refused as `string(_:at:among:must:)` refuses.
    package func choice<T: RawRepresentable & CaseIterable>(_ value: LuaValue, at place: String, _ type: T.Type,
                                                            must: String? = nil) throws -> T where T.RawValue == String {
        let s = try string(value, at: place, among: T.allCases.map(\.rawValue), must: must)
        guard let chosen = T(rawValue: s) else { throw valueError(place, must ?? "a valid value", got: value.described()) }
        return chosen
    }
}

extension Options {
    /// `value` (inside option `key`'s table, at `place`) as a finite number within `bounds`: as `LuaCall`'s.
    package func number(_ value: LuaValue, at place: String, bounds: OptionBounds? = nil, whole: Bool = false,
                        must: String) throws -> Double {
        try InnerValues.number(value, in: function, at: place, bounds: bounds, whole: whole, must: must)
    }
}
