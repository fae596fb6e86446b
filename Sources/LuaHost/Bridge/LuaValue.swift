import CLua
import PieceKit
import CLuaShim
import Foundation

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

    /// A wrong value as an error message shows it: a number as Lua prints it (`NumberText`: "nan", "inf" and
    /// "-inf" for the non-finite), a string in quotes (or, without
    /// `quotingStrings`, as "string"), anything else by its Lua type. The value says more than its type.
    package func described(quotingStrings: Bool = true) -> String {
        switch self {
        case .number(let n): return NumberText.of(n)
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

/// How much one host call may copy out of Lua. Shared subtables are copied each time they are reached, so a
/// kilobyte of Lua (a table whose fields all point at one table, nested) could otherwise expand into gigabytes;
/// every table entry visited and every string byte copied counts, and reading stops once either runs out.
///
/// What a call copies is host memory a script sized, so it is also counted against the file's memory cap before
/// it is copied (`hostRoom`): a read that would take the file past its cap trips it as a memory breach.
package final class ReadBudget {
    static let maxEntries = 200_000
    static let maxBytes = 16 << 20
    /// What one value read costs the host beyond its text: its box, its place in a list or beside its key, on the
    /// safe side.
    static let bytesPerEntry = 64

    /// The state's counters of the running host call, or nil to count here.
    private let counted: UnsafeMutablePointer<pb_limits>?
    /// The calling thread: whose state's cap the copies must fit under, and whose line a breach names; nil for no
    /// cap (a budget made without a state).
    private let L: OpaquePointer?
    private var ownEntries = 0
    private var ownBytes = 0

    init() { counted = nil; L = nil }

    /// A budget of its own whose copies must fit under the cap of `L`'s state.
    init(roomIn L: OpaquePointer) { counted = nil; self.L = L }

    /// A budget whose counts live in the state of `L` for the host call that runs (see `LuaCall.budget`).
    init(countedIn L: OpaquePointer) { counted = pb_limits_of(L); self.L = L }

    var entries: Int { counted.map { Int($0.pointee.read_entries) } ?? ownEntries }
    var bytes: Int { counted.map { Int($0.pointee.read_bytes) } ?? ownBytes }
    /// About what the copies made so far hold: what the memory cap is asked about.
    package var copiedBytes: Int { bytes + entries * Self.bytesPerEntry }

    /// Counts `n` entries and `b` string bytes about to be copied; throws when either limit, or the memory cap,
    /// would be passed (the cap's breach stops the state).
    package func spend(entries n: Int = 1, bytes b: Int = 0) throws {
        if let counted {
            counted.pointee.read_entries += Int64(n)
            counted.pointee.read_bytes += Int64(b)
        } else {
            ownEntries += n
            ownBytes += b
        }
        try Self.check(entries: entries, bytes: bytes, L)
    }

    /// Refuses counts past either limit, and (given the state's counters) a copy that does not fit the memory cap;
    /// readers that keep their own counts (a Lua piece's layout walk) ask here too, so every read over budget says
    /// the same thing.
    package static func check(entries: Int, bytes: Int, _ L: OpaquePointer? = nil) throws {
        if entries > maxEntries {
            throw LuaHostError.message(
                "more than \(maxEntries) values to read (a table reached through many paths counts each time)")
        }
        if bytes > maxBytes {
            throw LuaHostError.message(
                "more than \(maxBytes >> 20) MiB of text to read (a string reached through many paths counts each time)")
        }
        if let L, !hostRoom(L, for: bytes + entries * bytesPerEntry) {
            // The copy is not made: the state stops as if Lua had asked for the memory.
            throw LuaHostError.message("memory limit exceeded (copying \(bytes) bytes of text out of Lua)")
        }
    }
}

extension LuaValue {
    /// How deep `read` follows nested tables; deeper (or cyclic) data is refused, not recursed into.
    static let maxDepth = 16

    /// Copies the value at `index` without calling metamethods. Tables nested deeper than `maxDepth`, and more
    /// data than `budget` allows, throw. Reserves the stack it uses on `L`, whichever thread that is.
    package static func read(_ L: OpaquePointer, _ index: Int32, budget: ReadBudget? = nil) throws -> LuaValue {
        try read(L, lua_absindex(L, index), depth: 0, budget: budget ?? ReadBudget(roomIn: L))
    }

    private static func read(_ L: OpaquePointer, _ idx: Int32, depth: Int, budget: ReadBudget) throws -> LuaValue {
        switch lua_type(L, idx) {
        case LUA_TNIL, LUA_TNONE: return .nil
        case LUA_TBOOLEAN: return .boolean(lua_toboolean(L, idx) != 0)
        case LUA_TNUMBER: return .number(lua_tonumberx(L, idx, nil))
        case LUA_TSTRING:
            // Counted before the copy; text that was not UTF-8 may grow as it is mended, and the rest counts after.
            let raw = Int(lua_rawlen(L, idx))
            try budget.spend(entries: 0, bytes: raw)
            let s = bytes(L, idx)
            if s.utf8.count > raw { try budget.spend(entries: 0, bytes: s.utf8.count - raw) }
            return .string(s)
        case LUA_TTABLE:
            guard depth < maxDepth else {
                throw LuaHostError.message("table nested deeper than \(maxDepth) levels (or a table that contains itself)")
            }
            // Each level holds a key and a value (or an array item) on the stack.
            guard lua_checkstack(L, 3) != 0 else {
                throw LuaHostError.message("no stack left to read a table")
            }
            var table = LuaTable()
            let n = Int(lua_rawlen(L, idx))
            try budget.spend(entries: min(n, Int(Int32.max)))
            for i in 0..<n {
                lua_rawgeti(L, idx, lua_Integer(i + 1))
                defer { clua_pop(L, 1) }
                table.array.append(try read(L, lua_gettop(L), depth: depth + 1, budget: budget))
            }
            var named: [(String, LuaValue)] = []
            lua_pushnil(L)
            while lua_next(L, idx) != 0 {
                do {
                    // The array part was counted above; every other entry visited counts here.
                    let k = lua_isinteger(L, -2) != 0 ? lua_tointegerx(L, -2, nil) : 0
                    if k < 1 || k > n { try budget.spend() }
                    if lua_type(L, -2) == LUA_TSTRING {
                        try budget.spend(entries: 0, bytes: Int(lua_rawlen(L, -2)))
                        let key = try textKey(L, -2)
                        named.append((key, try read(L, lua_gettop(L), depth: depth + 1, budget: budget)))
                    }
                } catch {
                    clua_pop(L, 2)
                    throw error
                }
                clua_pop(L, 1)
            }
            // Lua's hash order changes from run to run; sort so everything built from it is deterministic.
            table.fields = named.sorted { $0.0 < $1.0 }
            return .table(table)
        default:
            return .opaque(TypeName.of(L, idx))
        }
    }

    /// Every byte of the string at `idx` (embedded NULs included). Invalid UTF-8 is replaced, so only use this
    /// for values; keys go through `textKey`, where two different keys must stay two.
    package static func bytes(_ L: OpaquePointer, _ idx: Int32) -> String {
        var len = 0
        guard let p = lua_tolstring(L, idx, &len) else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: p, count: len), as: UTF8.self)
    }

    /// The string key at `idx`, read with its length. A key that is not UTF-8 text is refused: replacing its
    /// bytes would make two different keys one.
    package static func textKey(_ L: OpaquePointer, _ idx: Int32) throws -> String {
        var len = 0
        guard let p = lua_tolstring(L, idx, &len) else { return "" }
        guard let key = String(validating: UnsafeRawBufferPointer(start: p, count: len), as: UTF8.self) else {
            throw LuaHostError.message("a key that is not UTF-8 text")
        }
        return key
    }

    /// A key as error messages show it: control characters (a NUL inside a key, say) escaped, long keys cut.
    package static func shown(_ key: String) -> String {
        var out = ""
        for scalar in key.unicodeScalars.prefix(80) {
            if scalar.value < 0x20 || scalar.value == 0x7f {
                out += "\\" + String(scalar.value, radix: 10)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return key.unicodeScalars.count > 80 ? out + "..." : out
    }

    /// Pushes the value. Only for host code (the allocator is relaxed there). Uses the one slot its result
    /// takes; each nested table reserves the two more it needs.
    package func push(_ L: OpaquePointer) {
        switch self {
        case .nil, .opaque: lua_pushnil(L)
        case .boolean(let b): lua_pushboolean(L, b ? 1 : 0)
        case .number(let n): pushNumber(L, n)
        case .string(let s): pushBytes(L, s)
        case .table(let t):
            guard lua_checkstack(L, 3) != 0 else { lua_pushnil(L); return }
            lua_createtable(L, Int32(min(t.array.count, 1 << 20)), Int32(min(t.fields.count, 1 << 20)))
            let limits = pb_limits_of(L)
            for (i, v) in t.array.enumerated() {
                // A state stopped meanwhile (memory past the cap) gets the rest no more; it raises on return.
                if i & 255 == 255, limits?.pointee.tripped != Int32(PB_TRIP_NONE) { break }
                v.push(L)
                lua_rawseti(L, -2, lua_Integer(i + 1))
            }
            for (k, v) in t.fields {
                pushBytes(L, k)
                v.push(L)
                lua_rawset(L, -3)
            }
        }
    }
}

/// Pushes integral values as Lua integers so scripts see `3`, not `3.0`, when they print a count. Whole is tested
/// by a round trip through an integer (no call to the C library's rounding): NaN and infinities fail the range test.
@inline(__always)
package func pushNumber(_ L: OpaquePointer, _ n: Double) {
    if abs(n) < 9.0e15, Double(Int64(n)) == n {
        lua_pushinteger(L, lua_Integer(n))
    } else {
        lua_pushnumber(L, n)
    }
}

/// Pushes `bytes` as one Lua string, exactly (a source file, say, which need not be UTF-8).
package func pushBytes(_ L: OpaquePointer, _ bytes: Data) {
    bytes.withUnsafeBytes { raw in
        _ = lua_pushlstring(L, raw.baseAddress?.assumingMemoryBound(to: CChar.self), raw.count)
    }
}

/// Pushes every byte of `s`, embedded NULs included (lua_pushstring would stop at the first).
package func pushBytes(_ L: OpaquePointer, _ s: String) {
    var s = s
    s.withUTF8 { buf in
        _ = buf.withMemoryRebound(to: CChar.self) { lua_pushlstring(L, $0.baseAddress, $0.count) }
    }
}
