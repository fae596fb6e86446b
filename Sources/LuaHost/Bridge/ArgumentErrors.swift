/// The one place a call's refusals of what it was given are worded, as lauxlib's `luaL_argerror` is C Lua's: the
/// call's name first ("stage:advance: ..."), then for a wrong argument or option what it must be and what came.
/// Every reader of arguments (`LuaCall`) and options (`Options`) and every binding's own check raises through here,
/// so a message's shape is decided once.
package enum ArgumentErrors {
    /// "<function>: <detail>".
    package static func refusal(_ function: String, _ detail: String) -> LuaHostError {
        .message("\(function): \(detail)")
    }

    /// "<where> must be <expected>, got <what came>", for a value inside an argument ("stage:player: track 2").
    package static func value(_ place: String, mustBe expected: String, got: String) -> LuaHostError {
        .message("\(place) must be \(expected), got \(got)")
    }

    /// "<function>: argument <n> must be <expected>, got <what came>".
    static func argument(_ function: String, _ arg: Int32, mustBe expected: String, got: String) -> LuaHostError {
        refusal(function, "argument \(arg) must be \(expected), got \(got)")
    }

    /// "<function>: option '<key>' must be <expected>, got <what came>".
    package static func option(_ function: String, _ key: String, mustBe expected: String, got: String) -> LuaHostError {
        refusal(function, "option '\(key)' must be \(expected), got \(got)")
    }

    /// "<function>: <place> must be <expected>, got <what came>", for a value inside an argument or an option that
    /// the caller names by its place ("shapes[2].shape.radius", "messages.title", "'reason'").
    package static func inside(_ function: String, _ place: String, mustBe expected: String, got: String) -> LuaHostError {
        refusal(function, "\(place) must be \(expected), got \(got)")
    }

    /// "<function>: argument <n> is one too many (it takes at most <n - 1>), got <its type>": the one rule of
    /// arguments past the last a call takes, so a misplaced value is never ignored.
    static func tooMany(_ function: String, after last: Int32, got: String) -> LuaHostError {
        let takes = last == 0 ? "no arguments" : "at most \(last)"
        return refusal(function, "argument \(last + 1) is one too many (it takes \(takes)), got \(got)")
    }

    /// A string checked against `choices` known only when the call runs (a page's section ids, a tab bar's tabs):
    /// nil when it is one of them, else what it must be ("one of \"a\", \"b\"") and what came, with a hint at the
    /// nearest choice, worded as a declared choice is.
    static func notAmong(_ s: String, _ choices: [String], must: String?) -> (mustBe: String, got: String)? {
        guard !choices.contains(s) else { return nil }
        return (must ?? "one of " + choices.map { "\"\($0)\"" }.joined(separator: ", "),
                "\"\(LuaValue.shown(s))\"" + NearName.hint(for: s, among: choices))
    }
}

extension LuaCall {
    /// This call's refusal: "<function>: <detail>".
    package func refusal(_ detail: String) -> LuaHostError { ArgumentErrors.refusal(function, detail) }

    /// Argument `arg` was wrong: `got` says what came (a value, or by default its Lua type).
    package func argumentError(_ arg: Int32, _ expected: String, got: String) -> LuaHostError {
        ArgumentErrors.argument(function, arg, mustBe: expected, got: got)
    }

    /// Option `key` was wrong: `got` says what came.
    package func optionError(_ key: String, _ expected: String, got: String) -> LuaHostError {
        ArgumentErrors.option(function, key, mustBe: expected, got: got)
    }

    /// A value inside an argument or option was wrong: "<function>: <place> must be <expected>, got <what came>".
    package func valueError(_ place: String, _ expected: String, got: String) -> LuaHostError {
        ArgumentErrors.inside(function, place, mustBe: expected, got: got)
    }

    /// Refuses a non-nil argument past the declared ones, so a misplaced value (`lineLimit(3, true)`) is never
    /// ignored: the dispatch of a class's methods and of a library's functions asks it of every call, before the
    /// body reads anything, naming the call `name` in the refusal.
    @inline(__always)
    package func noneUndeclared(as name: String) throws {
        guard let declared, count > declared.declaredCount else { return }
        try named(name, method: offset == 1).noMore(after: declared.declaredCount)
    }

    /// Refuses any non-nil argument past `last`: "argument 3 is one too many (it takes at most 2), got number".
    package func noMore(after last: Int32) throws {
        guard count > last else { return }
        var trailing = count
        while trailing > last && isNil(trailing) { trailing -= 1 }
        guard trailing > last else { return }
        throw ArgumentErrors.tooMany(function, after: last, got: typeName(last + 1))
    }
}

extension Options {
    /// This call's refusal: "<function>: <detail>".
    package func refusal(_ detail: String) -> LuaHostError { ArgumentErrors.refusal(function, detail) }

    /// Option `key` was wrong: `got` says what came (by default its Lua type).
    package func optionError(_ key: String, _ expected: String, got: String? = nil) -> LuaHostError {
        ArgumentErrors.option(function, key, mustBe: expected, got: got ?? table[key].typeName)
    }

    /// A value inside an option was wrong: "<function>: <place> must be <expected>, got <what came>".
    package func valueError(_ place: String, _ expected: String, got: String) -> LuaHostError {
        ArgumentErrors.inside(function, place, mustBe: expected, got: got)
    }

    /// String option `key` (already read as `s`) checked against `choices` known only when the call runs: "one of"
    /// them, with a hint at the nearest.
    package func check(_ key: String, _ s: String, among choices: [String]) throws {
        guard let wrong = ArgumentErrors.notAmong(s, choices, must: nil) else { return }
        throw optionError(key, wrong.mustBe, got: wrong.got)
    }
}
