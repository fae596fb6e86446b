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
}

extension Options {
    /// This call's refusal: "<function>: <detail>".
    package func refusal(_ detail: String) -> LuaHostError { ArgumentErrors.refusal(function, detail) }

    /// Option `key` was wrong: `got` says what came (by default its Lua type).
    package func optionError(_ key: String, _ expected: String, got: String? = nil) -> LuaHostError {
        ArgumentErrors.option(function, key, mustBe: expected, got: got ?? table[key].typeName)
    }
}
