import CLua
import CLuaShim

/// The arguments of one Lua → Swift call, read with raw access, plus helpers to push results.
/// `function` names the call in errors ("stage:advance"); `offset` is 1 for methods, whose first stack
/// slot is the object, so that argument 1 in an error is the first argument the user wrote.
public struct LuaCall {
    let L: OpaquePointer
    var function: String = "?"
    var offset: Int32 = 0

    init(_ L: OpaquePointer) { self.L = L }

    func named(_ function: String, method: Bool = false) -> LuaCall {
        var c = self
        c.function = function
        c.offset = method ? 1 : 0
        return c
    }

    /// How many arguments the user passed (not counting the object of a method call).
    var count: Int32 { max(0, lua_gettop(L) - offset) }

    func type(_ arg: Int32) -> Int32 { lua_type(L, arg + offset) }
    func isNil(_ arg: Int32) -> Bool { lua_type(L, arg + offset) <= 0 }

    func typeName(_ arg: Int32) -> String {
        let t = lua_type(L, arg + offset)
        if t == LUA_TNONE { return "no value" }
        return String(cString: lua_typename(L, t))
    }

    /// The error every binding raises for a wrong argument: function, position, expectation, what came.
    func argumentError(_ arg: Int32, _ expected: String) -> LuaHostError {
        .message("\(function): argument \(arg) must be \(expected), got \(typeName(arg))")
    }

    func number(_ arg: Int32, _ expected: String = "a number") throws -> Double {
        guard lua_type(L, arg + offset) == LUA_TNUMBER else { throw argumentError(arg, expected) }
        let n = lua_tonumberx(L, arg + offset, nil)
        guard n.isFinite else { throw LuaHostError.message("\(function): argument \(arg) must be \(expected), got \(n)") }
        return n
    }

    func optionalNumber(_ arg: Int32, _ expected: String = "a number") throws -> Double? {
        isNil(arg) ? nil : try number(arg, expected)
    }

    func integer(_ arg: Int32, _ expected: String = "a whole number") throws -> Int {
        let n = try number(arg, expected)
        guard n == n.rounded(), abs(n) < 1e15 else {
            throw LuaHostError.message("\(function): argument \(arg) must be \(expected), got \(n)")
        }
        return Int(n)
    }

    func string(_ arg: Int32, _ expected: String = "a string") throws -> String {
        guard lua_type(L, arg + offset) == LUA_TSTRING else { throw argumentError(arg, expected) }
        var len = 0
        guard let p = lua_tolstring(L, arg + offset, &len) else { throw argumentError(arg, expected) }
        return String(decoding: UnsafeRawBufferPointer(start: p, count: len), as: UTF8.self)
    }

    func boolean(_ arg: Int32, _ expected: String = "a boolean") throws -> Bool {
        guard lua_type(L, arg + offset) == LUA_TBOOLEAN else { throw argumentError(arg, expected) }
        return lua_toboolean(L, arg + offset) != 0
    }

    func value(_ arg: Int32) throws -> LuaValue {
        do { return try LuaValue.read(L, arg + offset) } catch let LuaHostError.message(m) {
            throw LuaHostError.message("\(function): argument \(arg): \(m)")
        }
    }

    /// An options table (`Stage{ width = 393 }`). Unknown keys are refused by name, so a typo is never ignored.
    func options(_ arg: Int32, allowed: [String], optional: Bool = true) throws -> Options {
        if isNil(arg) && optional { return Options(function: function, table: LuaTable()) }
        guard lua_type(L, arg + offset) == LUA_TTABLE else { throw argumentError(arg, "a table of options") }
        guard case .table(let t) = try value(arg) else { throw argumentError(arg, "a table of options") }
        for key in t.keys where !allowed.contains(key) {
            throw LuaHostError.message(
                "\(function): unknown option '\(key)' (known: \(allowed.joined(separator: ", ")))")
        }
        return Options(function: function, table: t)
    }

    // MARK: results

    func push(_ n: Double) { pushNumber(L, n) }
    func push(_ s: String) { pushBytes(L, s) }
    func push(_ b: Bool) { lua_pushboolean(L, b ? 1 : 0) }
    func push(_ v: LuaValue) { v.push(L) }
    func pushNil() { lua_pushnil(L) }
}

/// Typed reads of an options table, with errors that name the function and the option.
public struct Options {
    let function: String
    let table: LuaTable

    func has(_ key: String) -> Bool { !table[key].isNil }

    private func wrong(_ key: String, _ expected: String) -> LuaHostError {
        .message("\(function): option '\(key)' must be \(expected), got \(table[key].typeName)")
    }

    func number(_ key: String, _ expected: String = "a number") throws -> Double? {
        switch table[key] {
        case .nil: return nil
        case .number(let n) where n.isFinite: return n
        default: throw wrong(key, expected)
        }
    }

    func string(_ key: String, _ expected: String = "a string") throws -> String? {
        switch table[key] {
        case .nil: return nil
        case .string(let s): return s
        default: throw wrong(key, expected)
        }
    }

    func boolean(_ key: String, default d: Bool) throws -> Bool {
        switch table[key] {
        case .nil: return d
        case .boolean(let b): return b
        default: throw wrong(key, "true or false")
        }
    }

    func table(_ key: String, _ expected: String = "a table") throws -> LuaTable? {
        switch table[key] {
        case .nil: return nil
        case .table(let t): return t
        default: throw wrong(key, expected)
        }
    }

    /// One of a fixed set of strings, e.g. layoutDirection = "rightToLeft".
    func choice<T: RawRepresentable>(_ key: String, _ type: T.Type, all: [T]) throws -> T? where T.RawValue == String {
        guard let s = try string(key) else { return nil }
        guard let v = T(rawValue: s) else {
            throw LuaHostError.message(
                "\(function): option '\(key)' must be one of \(all.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), got \"\(s)\"")
        }
        return v
    }
}
