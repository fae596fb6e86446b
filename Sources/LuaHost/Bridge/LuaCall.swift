import CLua
import CLuaShim
import Foundation

/// The arguments of one Lua → Swift call, read with raw access, plus helpers to push results.
/// `function` names the call in errors ("stage:advance"); `offset` is 1 for methods, whose first stack
/// slot is the object, so that argument 1 in an error is the first argument the user wrote.
/// `L` is the thread that called (a coroutine's, when called from one), and the state's `L` is the same
/// thread for as long as the call runs.
public struct LuaCall {
    @usableFromInline package let L: OpaquePointer
    package var function: String = "?"
    @usableFromInline package var offset: Int32 = 0
    /// The rules of the arguments the called method or library function declared: whatever dispatched the call holds
    /// their declarations for as long as it runs. Nil for a call that declares none (its reads say what they expect
    /// themselves).
    @usableFromInline package var declared: UnsafeMutablePointer<ArgumentTable>?
    /// A budget of its own, for reads outside a call from Lua; nil inside one, where the state keeps the count.
    private let ownBudget: ReadBudget?

    package init(_ L: OpaquePointer, budget: ReadBudget? = nil) {
        self.L = L
        self.ownBudget = budget ?? ReadBudget(roomIn: L)
    }

    /// A call from Lua: its read budget is counted in the state, which the trampoline starts at zero for every
    /// call, so making one allocates nothing.
    package init(hostCall L: OpaquePointer, function: String = "?", offset: Int32 = 0,
                 declared: ArgumentDeclarations? = nil) {
        self.L = L
        self.function = function
        self.offset = offset
        self.declared = declared?.table
        self.ownBudget = nil
    }

    /// What every read of this call (all its arguments and options together) may copy out of Lua.
    package var budget: ReadBudget { ownBudget ?? ReadBudget(countedIn: L) }

    /// The state the call runs in (nil only once it has closed).
    package var state: LuaState? { pb_limits_of(L).flatMap { LuaState.owning($0) } }

    package func named(_ function: String, method: Bool = false) -> LuaCall {
        var c = self
        c.function = function
        c.offset = method ? 1 : 0
        return c
    }

    /// How many arguments the user passed (not counting the object of a method call).
    package var count: Int32 { max(0, lua_gettop(L) - offset) }

    package func type(_ arg: Int32) -> Int32 { lua_type(L, arg + offset) }
    package func isNil(_ arg: Int32) -> Bool { lua_type(L, arg + offset) <= 0 }

    /// What argument `arg` is, in an error's "got ...": "no value", its Lua type, or a host object's class.
    package func typeName(_ arg: Int32) -> String { TypeName.of(L, arg + offset) }

    /// The error every binding raises for a wrong argument: function, position, expectation, what came.
    package func argumentError(_ arg: Int32, _ expected: String) -> LuaHostError {
        argumentError(arg, expected, got: typeName(arg))
    }

    /// Argument `arg` is outside `range`, known only when the call runs (a page's sections): its declared phrase
    /// followed by the range ("a section number from 1 to 2").
    package func argumentError(_ arg: Int32, within range: ClosedRange<Int>, got: String) -> LuaHostError {
        let base = declaration(arg)?.typeExpected ?? "a whole number"
        return argumentError(arg, "\(base) from \(range.lowerBound) to \(range.upperBound)", got: got)
    }

    /// Argument `arg` was wrong, as its declaration words it: what it must be and what came (by default its type).
    package func argumentError(_ arg: Int32, got: String? = nil) -> LuaHostError {
        argumentError(arg, expectation(arg, nil, "a valid value"), got: got ?? typeName(arg))
    }

    /// The declaration of argument `arg`, when the call's method or library function declared its arguments.
    @inline(__always)
    package func declaration(_ arg: Int32) -> ArgumentSpec? {
        declared?.pointee.declarations.spec(arg)
    }

    /// What a read of argument `arg` checks (bounds, default, a string's rules): plain values, nothing retained.
    @inline(__always)
    private func rule(_ arg: Int32) -> ArgumentRule {
        declared?.rule(arg)?.pointee ?? .none
    }

    /// This call, reading its arguments through `declarations` (the dispatch hands every declared call its own).
    package func declaring(_ declarations: ArgumentDeclarations) -> LuaCall {
        var c = self
        c.declared = declarations.table
        return c
    }

    /// What argument `arg` must be, in an error: the read's own words (reads outside a declared call), else the
    /// declaration's (`ArgumentSpec.expected`), else the type's `fallback`.
    private func expectation(_ arg: Int32, _ given: String?, _ fallback: String) -> String {
        given ?? declaration(arg)?.typeExpected ?? fallback
    }

    /// Argument `arg` as a finite number within its declared bounds; its declared default when left out.
    /// The declaration is consulted only for what the read needs (the bounds of a number given, the default of one
    /// left out), and the refusals are worded and thrown out of line: a method's arguments are read on every call,
    /// and the read is made where the binding reads, not in a call of its own.
    @inlinable @inline(__always)
    package func number(_ arg: Int32, _ expected: String? = nil) throws -> Double {
        let type = lua_type(L, arg + offset)
        if type == LUA_TNUMBER {
            let n = lua_tonumberx(L, arg + offset, nil)
            if n.isFinite, declared?.rule(arg)?.pointee.admits(n) ?? true { return n }
        } else if type <= LUA_TNIL, let rule = declared?.rule(arg), rule.pointee.hasDefault {
            return rule.pointee.numberDefault
        }
        try refuseNumber(arg, expected)
    }

    /// Throws why argument `arg` is not a number `number(_:)` takes.
    @inline(never) @usableFromInline
    func refuseNumber(_ arg: Int32, _ expected: String?) throws -> Never { throw numberRefusal(arg, expected) }

    /// Why argument `arg` is not a number `number(_:)` takes: not a number, not finite, or outside its bounds.
    private func numberRefusal(_ arg: Int32, _ expected: String?) -> LuaHostError {
        guard lua_type(L, arg + offset) == LUA_TNUMBER else { return argumentError(arg, expectation(arg, expected, "a number")) }
        let n = lua_tonumberx(L, arg + offset, nil)
        guard n.isFinite else { return argumentError(arg, expectation(arg, expected, "a number"), got: "\(number: n)") }
        return argumentError(arg, declaration(arg)?.expected ?? expectation(arg, expected, "a number"), got: "\(number: n)")
    }

    /// Argument `arg` as `number(_:)` reads it, or nil when it is left out and declares no default.
    package func optionalNumber(_ arg: Int32, _ expected: String? = nil) throws -> Double? {
        isNil(arg) && !rule(arg).hasDefault ? nil : try number(arg, expected)
    }

    /// Argument `arg` as a whole number, checked as `number(_:)` checks it; a fraction is refused.
    package func integer(_ arg: Int32, _ expected: String? = nil) throws -> Int {
        let n: Double
        do { n = try number(arg, expected) } catch {
            // Worded as a whole number's, not a number's, unless the declaration or the read says more.
            guard declaration(arg) == nil, expected == nil else { throw error }
            throw argumentError(arg, "a whole number", got: lua_type(L, arg + offset) == LUA_TNUMBER
                ? "\(number: lua_tonumberx(L, arg + offset, nil))" : typeName(arg))
        }
        guard n == n.rounded(), abs(n) < 1e15 else {
            throw argumentError(arg, expectation(arg, expected, "a whole number"), got: "\(number: n)")
        }
        return Int(n)
    }

    /// A string argument, copied whole: its bytes count in the call's read budget (and so against the memory cap)
    /// before the copy is made, as a string inside a table does. A declared choice refuses any other string, with
    /// a hint at the nearest allowed one.
    package func string(_ arg: Int32, _ expected: String? = nil) throws -> String {
        guard lua_type(L, arg + offset) == LUA_TSTRING else { throw argumentError(arg, expectation(arg, expected, "a string")) }
        var len = 0
        guard let p = lua_tolstring(L, arg + offset, &len) else { throw argumentError(arg, expectation(arg, expected, "a string")) }
        do { try budget.spend(entries: 0, bytes: len) } catch let LuaHostError.message(m) {
            throw refusal("argument \(arg): \(m)")
        }
        let s = String(decoding: UnsafeRawBufferPointer(start: p, count: len), as: UTF8.self)
        guard rule(arg).checksString, let spec = declaration(arg) else { return s }
        if s.isEmpty, spec.nonEmpty {
            throw argumentError(arg, "\(spec.typeExpected), not empty", got: "\"\"")
        }
        if let choices = spec.choices, !choices.contains(s) {
            throw argumentError(arg, expectation(arg, expected, "a string"),
                                got: "\"\(LuaValue.shown(s))\"" + NearName.hint(for: s, among: choices))
        }
        return s
    }

    /// Argument `arg` as one of `T`'s declared choices (the declaration lists `T`'s raw values).
    package func choice<T: RawRepresentable>(_ arg: Int32, _ type: T.Type) throws -> T where T.RawValue == String {
        let s = try string(arg)
        guard let value = T(rawValue: s) else { throw argumentError(arg, expectation(arg, nil, "a string"), got: "\"\(LuaValue.shown(s))\"") }
        return value
    }

    package func boolean(_ arg: Int32, _ expected: String? = nil) throws -> Bool {
        guard lua_type(L, arg + offset) == LUA_TBOOLEAN else { throw argumentError(arg, expectation(arg, expected, "a boolean")) }
        return lua_toboolean(L, arg + offset) != 0
    }

    package func value(_ arg: Int32) throws -> LuaValue {
        do { return try LuaValue.read(L, arg + offset, budget: budget) } catch let LuaHostError.message(m) {
            throw refusal("argument \(arg): \(m)")
        }
    }

    /// An options table (`Stage{ width = 393 }`). Unknown keys are refused by name, so a typo is never ignored;
    /// they are refused before any value is copied, and only the allowed keys' values are read.
    package func options(_ arg: Int32, allowed: some Collection<String>, optional: Bool = true) throws -> Options {
        if isNil(arg) && optional { return Options(function: function, table: LuaTable()) }
        guard lua_type(L, arg + offset) == LUA_TTABLE else { throw argumentError(arg, "a table of options") }
        try checkOptionKeys(arg, allowed: allowed)
        let t = lua_absindex(L, arg + offset)
        var fields: [(String, LuaValue)] = []
        for key in allowed.sorted() {
            pushBytes(L, key)
            lua_rawget(L, t)
            defer { clua_pop(L, 1) }
            if lua_type(L, -1) == LUA_TNIL { continue }
            do { fields.append((key, try LuaValue.read(L, -1, budget: budget))) } catch let LuaHostError.message(m) {
                throw refusal("option '\(key)': \(m)")
            }
        }
        return Options(function: function, table: LuaTable(fields: fields))
    }

    /// Refuses any key of the table at argument `arg` that is not in `allowed` (or not a name at all), reading
    /// keys only. Of several wrong keys the first in sorted order is named, so the message is the same every run.
    package func checkOptionKeys(_ arg: Int32, allowed: some Collection<String>) throws {
        let t = lua_absindex(L, arg + offset)
        var unknown: String?
        var otherKey: Double?
        var otherType: String?
        lua_pushnil(L)
        while lua_next(L, t) != 0 {
            clua_pop(L, 1)
            switch lua_type(L, -1) {
            case LUA_TSTRING:
                var len = 0
                guard let p = lua_tolstring(L, -1, &len) else { continue }
                // Compared as bytes: "width\0x" is not "width". Kept as text only when it is not allowed.
                let raw = UnsafeRawBufferPointer(start: p, count: len)
                if allowed.contains(where: { $0.utf8.elementsEqual(raw) }) { continue }
                let key = String(decoding: raw, as: UTF8.self)
                if unknown.map({ key < $0 }) ?? true { unknown = key }
            case LUA_TNUMBER:
                let n = lua_tonumberx(L, -1, nil)
                if otherKey.map({ n < $0 }) ?? true { otherKey = n }
            default:
                otherType = otherType ?? TypeName.of(L, -1)
            }
        }
        let known = "(known: \(allowed.joined(separator: ", ")))"
        if let unknown {
            throw refusal("unknown option '\(LuaValue.shown(unknown))' \(known)")
        }
        if let otherKey {
            let shown = otherKey == otherKey.rounded() && abs(otherKey) < 1e15 ? "\(Int(otherKey))" : "\(otherKey)"
            throw argumentError(arg, "a table of named options", got: "a value at [\(shown)] \(known)")
        }
        if let otherType {
            throw argumentError(arg, "a table of named options", got: "a \(otherType) key \(known)")
        }
    }

    /// Checks the keys of the table at argument `arg`, a list of `items` (1...`limit`) with the named `options`
    /// beside it (`{ spacing = 8, viewA, viewB }`), reading keys only; gives the list's last index. Any other key is
    /// refused: "argument 1 must be a list of views and the options spacing, alignment, got a key 'gap'".
    package func checkListKeys(_ arg: Int32, items: String, options names: [String], limit: Int) throws -> Int {
        let t = lua_absindex(L, arg + offset)
        var last = 0
        lua_pushnil(L)
        while lua_next(L, t) != 0 {
            clua_pop(L, 1)
            if lua_type(L, -1) == LUA_TSTRING, let key = try? LuaValue.textKey(L, -1), names.contains(key) { continue }
            let n = lua_isinteger(L, -1) != 0 ? Int(lua_tointegerx(L, -1, nil)) : 0
            guard n >= 1, n <= limit else {
                let key = LuaValue.shown((try? LuaValue.textKey(L, -1)) ?? TypeName.of(L, -1))
                clua_pop(L, 1)
                let known = names.isEmpty ? "" : " and the options \(names.joined(separator: ", "))"
                throw argumentError(arg, "a list of \(items)\(known)", got: "a key '\(key)'")
            }
            last = max(last, n)
        }
        return last
    }

    /// True once a limit has stopped the state (memory the host allocated for Lua passed the cap, say): a host
    /// loop building a large result stops early, as the trampoline raises the limit's error once it returns.
    package var isStopped: Bool { pb_limits_of(L).pointee.tripped != Int32(PB_TRIP_NONE) }

    // MARK: results

    package func push(_ n: Double) { pushNumber(L, n) }
    package func push(_ s: String) { pushBytes(L, s) }
    package func push(_ bytes: Data) { pushBytes(L, bytes) }
    package func push(_ b: Bool) { lua_pushboolean(L, b ? 1 : 0) }
    package func push(_ v: LuaValue) { v.push(L) }
    package func pushNil() { lua_pushnil(L) }
}

/// Typed reads of an options table, with errors that name the function and the option.
public struct Options {
    package let function: String
    package let table: LuaTable
    /// The keys' declarations, when the call declared them: a read's error then says what the spec says.
    package var specs: [OptionSpec] = []

    package init(function: String, table: LuaTable) { self.function = function; self.table = table }

    /// What option `key` must be, as its spec says, for a reader of its own (the vinyl's `rpm`).
    package func mustBe(_ key: String) -> String { expectation(key, nil, "a valid value") }

    /// What option `key` must be, in an error: the text a read gives, else its spec's, else the type's `fallback`.
    private func expectation(_ key: String, _ given: String?, _ fallback: String) -> String {
        given ?? specs.first { $0.name == key }?.expected ?? fallback
    }

    package func has(_ key: String) -> Bool { !table[key].isNil }

    private func wrong(_ key: String, _ expected: String) -> LuaHostError {
        optionError(key, expected, got: table[key].typeName)
    }

    /// Refuses every given number its declaration refuses (past its bounds, or a fraction for an integer), and
    /// every given value of a plain declared type (number, integer, string, boolean) that is of another, read or
    /// not: a key the binding reads only in some cases (a spring's `mass` without `stiffness`, a vinyl's `w` once
    /// all four of its frame are given) is held to its declaration all the same, before any rule across keys.
    package func checkDeclaredValues() throws {
        for spec in specs where !table[spec.name].isNil {
            switch (spec.type, table[spec.name]) {
            case ("number", .number(let n)), ("integer", .number(let n)):
                if n.isFinite && (spec.bounds != nil || spec.isInteger) { _ = try number(spec.name) }
            case ("number", _), ("integer", _): _ = try number(spec.name)
            case ("string", _) where spec.choices == nil: _ = try string(spec.name)
            case ("boolean", .boolean): break
            case ("boolean", _): throw wrong(spec.name, expectation(spec.name, nil, "true or false"))
            default: break
            }
        }
    }

    /// The spec of `key`, when the call declared its options.
    package func spec(_ key: String) -> OptionSpec? { specs.first { $0.name == key } }

    /// Option `key` as its declaration decodes it: a finite number within its declared bounds (whole when it is
    /// an `integer`), or its declared default when it is left out. Every refusal is worded here.
    package func number(_ key: String, _ expected: String? = nil) throws -> Double? {
        switch table[key] {
        case .nil: return spec(key)?.numberDefault
        case .number(let n) where n.isFinite:
            guard let spec = spec(key) else { return n }
            if spec.isInteger, n.rounded() != n {
                throw optionError(key, spec.bounds?.mustBe ?? "a whole number", got: "\(number: n)")
            }
            if let bounds = spec.bounds, !bounds.admits(n) { throw optionError(key, bounds.mustBe, got: "\(number: n)") }
            return n
        // Not a number or infinite: the value is named, as an argument's is, not its type ("got number").
        case .number(let n): throw optionError(key, expectation(key, expected, "a number"), got: "\(number: n)")
        default: throw wrong(key, expectation(key, expected, "a number"))
        }
    }

    /// Option `key` as a whole number, checked as `number(_:)` checks it; a fraction is refused.
    package func integer(_ key: String, _ expected: String? = nil) throws -> Int? {
        guard let n = try number(key, expected) else { return nil }
        guard n.rounded() == n, abs(n) < 9.0e15 else {
            throw optionError(key, spec(key)?.bounds?.mustBe ?? "a whole number", got: "\(number: n)")
        }
        return Int(n)
    }

    /// The refusal of a table without option `key`, worded by its declaration (`OptionSpec.missingDetail`).
    package func missingError(_ key: String) -> LuaHostError {
        refusal(spec(key)?.missingDetail ?? "option '\(key)' is required")
    }

    /// Option `key`, declared required: present (the declared read refused its absence already), checked as
    /// `number(_:)` checks it.
    package func number(required key: String) throws -> Double {
        guard let n = try number(key) else { throw missingError(key) }
        return n
    }

    /// Option `key`, declared required, as a table.
    package func table(required key: String) throws -> LuaTable {
        guard let t = try table(key) else { throw missingError(key) }
        return t
    }

    /// Option `key`, which its declaration gives a default (`OptionSpec(_:number:)`): never nil.
    package func number(declared key: String) throws -> Double {
        // A key declared without a default reads as required: a refusal, never a trap.
        guard let n = try number(key) else { throw missingError(key) }
        return n
    }

    /// Option `key` as a string; one of its declared choices when it declares them (with a hint at the nearest).
    /// A wrong string is refused as "one of" the choices, and a value of another type as "\"a\" or \"b\"", unless the
    /// declaration words them (`must:`).
    package func string(_ key: String, _ expected: String? = nil) throws -> String? {
        let choices = spec(key)?.choices
        switch table[key] {
        case .nil: return nil
        case .string(let s):
            if let choices, !choices.contains(s) {
                let list = choices.map { "\"\($0)\"" }
                throw optionError(key, expectation(key, expected, "one of " + list.joined(separator: ", ")),
                                  got: "\"\(LuaValue.shown(s))\"" + NearName.hint(for: s, among: choices))
            }
            return s
        default:
            let fallback = choices.map { $0.map { "\"\($0)\"" }.joined(separator: " or ") } ?? "a string"
            throw wrong(key, expectation(key, expected, fallback))
        }
    }

    /// Option `key`, which its declaration gives a default (`OptionSpec(_:choice:default:)`): never nil.
    package func string(declared key: String) throws -> String {
        guard let s = try string(key) ?? spec(key)?.stringDefault else { throw missingError(key) }
        return s
    }

    /// Option `key` as one of `T`'s values, by its declared choices (`OptionSpec(_:choice:default:)`); the default
    /// when it is left out.
    package func choice<T: RawRepresentable>(declared key: String, _ type: T.Type) throws -> T where T.RawValue == String {
        let s = try string(declared: key)
        guard let value = T(rawValue: s) else { throw optionError(key, expectation(key, nil, "a string"), got: "\"\(LuaValue.shown(s))\"") }
        return value
    }

    package func boolean(_ key: String, default d: Bool) throws -> Bool {
        switch table[key] {
        case .nil: return d
        case .boolean(let b): return b
        default: throw wrong(key, expectation(key, nil, "true or false"))
        }
    }

    /// Flag `key`, its declared default (`OptionSpec.boolDefault`) when left out: the default is written once.
    package func boolean(declared key: String) throws -> Bool {
        guard let d = spec(key)?.boolDefault else {
            if case .boolean(let b) = table[key] { return b }
            throw missingError(key)
        }
        return try boolean(key, default: d)
    }

    package func table(_ key: String, _ expected: String? = nil) throws -> LuaTable? {
        switch table[key] {
        case .nil: return nil
        case .table(let t): return t
        default: throw wrong(key, expectation(key, expected, "a table"))
        }
    }

    /// The former spelling, kept so callers written against it still compile: `all` is `T.allCases`.
    package func choice<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type, all: [T]) throws -> T?
        where T.RawValue == String {
        try choice(key, type)
    }

    /// One of a fixed set of strings, e.g. layoutDirection = "rightToLeft": its declared choices when it declares
    /// them (`OptionSpec.choosing`), else `all`'s raw values; nil when left out.
    package func choice<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws -> T? where T.RawValue == String {
        guard let s = try string(key) else { return nil }
        guard let v = T(rawValue: s) else {
            let all = T.allCases.map(\.rawValue)
            throw optionError(key, "one of " + all.map { "\"\($0)\"" }.joined(separator: ", "),
                              got: "\"\(LuaValue.shown(s))\"" + NearName.hint(for: s, among: all))
        }
        return v
    }
}
