import CLua
import CLuaShim

/// A Lua value copied into Swift with raw access only, so reading script data never runs script code
/// (no __index, no __tostring) and never raises.
public indirect enum LuaValue: Equatable, Sendable {
    case `nil`
    case boolean(Bool)
    case number(Double)
    case string(String)
    case table(LuaTable)
    /// A function, coroutine or userdata: Swift keeps only its type name.
    case opaque(String)

    public var typeName: String {
        switch self {
        case .nil: return "nil"
        case .boolean: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .table: return "table"
        case .opaque(let t): return t
        }
    }

    public var number: Double? { if case .number(let n) = self { return n }; return nil }
    public var string: String? { if case .string(let s) = self { return s }; return nil }
    public var boolean: Bool? { if case .boolean(let b) = self { return b }; return nil }
    public var table: LuaTable? { if case .table(let t) = self { return t }; return nil }
    public var isNil: Bool { if case .nil = self { return true }; return false }

    /// A wrong value as an error message shows it: a number as written ("nan", "inf" and "-inf" for the
    /// non-finite; a NaN's sign, which 0/0 sets on some machines, is left out), a string in quotes (or, without
    /// `quotingStrings`, as "string"), anything else by its Lua type. The value says more than its type.
    func described(quotingStrings: Bool = true) -> String {
        switch self {
        case .number(let n): return n.isNaN ? "nan" : "\(n)"
        case .string(let s) where quotingStrings: return "\"\(s)\""
        default: return typeName
        }
    }
}

/// A Lua table read into Swift: its array part (1...n) and its string-keyed fields, in a stable order.
public struct LuaTable: Equatable, Sendable {
    public var array: [LuaValue] = []
    public var fields: [(String, LuaValue)] = []

    public init(array: [LuaValue] = [], fields: [(String, LuaValue)] = []) {
        self.array = array; self.fields = fields
    }

    public subscript(key: String) -> LuaValue {
        fields.first { $0.0 == key }?.1 ?? .nil
    }

    public var keys: [String] { fields.map(\.0) }

    public static func == (a: LuaTable, b: LuaTable) -> Bool {
        a.array == b.array && a.fields.count == b.fields.count
            && zip(a.fields, b.fields).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    }
}

extension LuaValue {
    /// How deep `read` follows nested tables; deeper (or cyclic) data is refused, not recursed into.
    static let maxDepth = 16

    /// Copies the value at `index` without calling metamethods. Tables nested deeper than `maxDepth` throw.
    static func read(_ L: OpaquePointer, _ index: Int32, depth: Int = 0) throws -> LuaValue {
        let idx = lua_absindex(L, index)
        switch lua_type(L, idx) {
        case LUA_TNIL, LUA_TNONE: return .nil
        case LUA_TBOOLEAN: return .boolean(lua_toboolean(L, idx) != 0)
        case LUA_TNUMBER: return .number(lua_tonumberx(L, idx, nil))
        case LUA_TSTRING:
            var len = 0
            guard let p = lua_tolstring(L, idx, &len) else { return .string("") }
            return .string(String(decoding: UnsafeRawBufferPointer(start: p, count: len), as: UTF8.self))
        case LUA_TTABLE:
            guard depth < maxDepth else {
                throw LuaHostError.message("table nested deeper than \(maxDepth) levels (or a table that contains itself)")
            }
            var table = LuaTable()
            let n = Int(lua_rawlen(L, idx))
            for i in 0..<min(n, 1_000_000) {
                lua_rawgeti(L, idx, lua_Integer(i + 1))
                defer { clua_pop(L, 1) }
                table.array.append(try read(L, -1, depth: depth + 1))
            }
            var named: [(String, LuaValue)] = []
            lua_pushnil(L)
            while lua_next(L, idx) != 0 {
                if lua_type(L, -2) == LUA_TSTRING, let k = clua_tostring(L, -2) {
                    let key = String(cString: k)
                    do { named.append((key, try read(L, -1, depth: depth + 1))) } catch {
                        clua_pop(L, 2)
                        throw error
                    }
                }
                clua_pop(L, 1)
            }
            // Lua's hash order changes from run to run; sort so everything built from it is deterministic.
            table.fields = named.sorted { $0.0 < $1.0 }
            return .table(table)
        default:
            return .opaque(String(cString: lua_typename(L, lua_type(L, idx))))
        }
    }

    /// Pushes the value. Only for host code (the allocator is relaxed there).
    func push(_ L: OpaquePointer) {
        switch self {
        case .nil, .opaque: lua_pushnil(L)
        case .boolean(let b): lua_pushboolean(L, b ? 1 : 0)
        case .number(let n): pushNumber(L, n)
        case .string(let s): pushBytes(L, s)
        case .table(let t):
            lua_createtable(L, Int32(min(t.array.count, 1 << 20)), Int32(min(t.fields.count, 1 << 20)))
            for (i, v) in t.array.enumerated() {
                v.push(L)
                lua_rawseti(L, -2, lua_Integer(i + 1))
            }
            for (k, v) in t.fields {
                lua_pushstring(L, k)
                v.push(L)
                lua_rawset(L, -3)
            }
        }
    }
}

/// Pushes integral values as Lua integers so scripts see `3`, not `3.0`, when they print a count.
func pushNumber(_ L: OpaquePointer, _ n: Double) {
    if n.isFinite, n == n.rounded(), abs(n) < 9.0e15 {
        lua_pushinteger(L, lua_Integer(n))
    } else {
        lua_pushnumber(L, n)
    }
}

/// Pushes every byte of `s`, embedded NULs included (lua_pushstring would stop at the first).
func pushBytes(_ L: OpaquePointer, _ s: String) {
    var s = s
    s.withUTF8 { buf in
        _ = buf.withMemoryRebound(to: CChar.self) { lua_pushlstring(L, $0.baseAddress, $0.count) }
    }
}
