import CLua
import CLuaShim
import PieceKit

/// Turns what a Lua piece's layout returned into elements, straight from the Lua stack: one walk over the tables
/// (no copy of them into `LuaValue`s first), then one pass per element that checks and builds it. A layout may run
/// every frame, so the reader keeps what it can between runs: its buffers, and the Swift strings of the names it
/// has seen.
///
/// What comes out, and every message for a wrong value, is what reading the table as a whole gave: elements in
/// name order; in each, x, y, w, h first, then the other numbers by name, then the texts and flags by name.
struct LuaPieceElements {
    /// One property as read: a number, a text, a flag, or anything else (kept only by its type name, for the error).
    enum Property {
        case number(Double)
        case text(String)
        case flag(Bool)
        case other(String)

        /// The value as `LuaValue` describes it in messages.
        var asLuaValue: LuaValue {
            switch self {
            case .number(let n): return .number(n)
            case .text(let s): return .string(s)
            case .flag(let b): return .boolean(b)
            case .other(let type): return type == "table" ? .table(LuaTable()) : .opaque(type)
            }
        }
    }

    /// An element as read: its name and where its properties lie in `properties`; or the type of what stood there.
    private struct Entry {
        let name: String
        let first: Int
        let count: Int
        /// Not a table: its type name.
        let notATable: String?
    }

    private var entries: [Entry] = []
    private var properties: [(name: String, value: Property)] = []
    /// Names by the address of their Lua string. Short Lua strings are interned, so a name a layout writes every
    /// frame comes back at the same address while it lives; each hit is compared byte for byte, so a string made
    /// later at an address a collected one had is never taken for it.
    private var names: [UnsafeRawPointer: String] = [:]

    /// Reads the value at `index` of `L`. Throws the message the layout's error gives after "layout returned".
    mutating func read(_ L: OpaquePointer, _ index: Int32) throws -> [Element] {
        let table = lua_absindex(L, index)
        guard lua_type(L, table) == LUA_TTABLE else {
            throw LuaHostError.message("a \(Self.typeName(L, table)), not a table of elements such as { surface = { x = 0, y = 0, w = 100, h = 50 } }")
        }
        guard lua_checkstack(L, 4) != 0 else { throw LuaHostError.message("no stack left to read a table") }
        entries.removeAll(keepingCapacity: true)
        properties.removeAll(keepingCapacity: true)
        // Reading stops at as many values as any host read may copy.
        var visited = 0
        var textBytes = 0
        func spend(_ bytes: Int = 0) throws {
            visited += 1
            textBytes += bytes
            try ReadBudget.check(entries: visited, bytes: textBytes)
        }

        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            defer { clua_pop(L, 1) }
            try spend()
            // Only named entries are elements; a list part is not one.
            guard lua_type(L, -2) == LUA_TSTRING else { continue }
            let name = try key(L, -2)
            guard lua_type(L, -1) == LUA_TTABLE else {
                entries.append(Entry(name: name, first: 0, count: 0, notATable: Self.typeName(L, -1)))
                continue
            }
            let element = lua_gettop(L)
            let first = properties.count
            lua_pushnil(L)
            while lua_next(L, element) != 0 {
                defer { clua_pop(L, 1) }
                try spend()
                guard lua_type(L, -2) == LUA_TSTRING else { continue }
                let property = try key(L, -2)
                switch lua_type(L, -1) {
                case LUA_TNUMBER: properties.append((property, .number(lua_tonumberx(L, -1, nil))))
                case LUA_TBOOLEAN: properties.append((property, .flag(lua_toboolean(L, -1) != 0)))
                case LUA_TSTRING:
                    let text = LuaValue.bytes(L, -1)
                    try spend(text.utf8.count)
                    properties.append((property, .text(text)))
                default: properties.append((property, .other(Self.typeName(L, -1))))
                }
            }
            entries.append(Entry(name: name, first: first, count: properties.count - first, notATable: nil))
        }

        // Lua's hash order changes from run to run; names in order make every frame the same.
        entries.sort { $0.name < $1.name }
        var out: [Element] = []
        out.reserveCapacity(entries.count)
        for entry in entries {
            if let type = entry.notATable {
                throw LuaHostError.message("element '\(entry.name)' as a \(type); each element is a table of properties")
            }
            properties[entry.first..<(entry.first + entry.count)].sort { $0.name < $1.name }
            out.append(try Self.element(entry.name, properties[entry.first..<(entry.first + entry.count)]))
        }
        return out
    }

    /// Checks one element's properties (sorted by name) and builds it: a non-finite number, or x, y, w or h that is
    /// not a number, is named first; then anything that is neither a number, a text nor a flag.
    private static func element(_ name: String, _ properties: ArraySlice<(name: String, value: Property)>) throws -> Element {
        var rect: [Double?] = [nil, nil, nil, nil]
        for (key, value) in properties {
            // A frame's geometry is numbers, and every number is finite: a NaN would reach the log as null,
            // an infinity as a number no layout means.
            let corner = rectIndex(key)
            if case .number(let n) = value {
                guard n.isFinite else {
                    throw LuaHostError.message("element '\(LuaValue.shown(name))': property '\(LuaValue.shown(key))' is \(value.asLuaValue.described()); numbers must be finite")
                }
                if let corner { rect[corner] = n }
            } else if corner != nil {
                throw LuaHostError.message("element '\(LuaValue.shown(name))': property '\(key)' is \(value.asLuaValue.described()); x, y, w and h must be numbers")
            }
        }
        var e = Element(name)
        for (i, key) in rectKeys.enumerated() { if let n = rect[i] { e.append(.init(key, n)) } }
        for (key, value) in properties {
            if case .number(let n) = value, rectIndex(key) == nil { e.append(.init(key, n)) }
        }
        for (key, value) in properties {
            switch value {
            case .text(let s): e.append(NamedValue(key, .text(s)))
            case .flag(let b): e.append(NamedValue(key, .bool(b)))
            case .number: break
            case .other(let type):
                throw LuaHostError.message("element '\(name)': property '\(key)' is a \(type); use numbers, strings or booleans")
            }
        }
        return e
    }

    private static let rectKeys = ["x", "y", "w", "h"]

    /// Where `key` goes in x, y, w, h, if it is one of them.
    private static func rectIndex(_ key: String) -> Int? {
        switch key {
        case "x": return 0
        case "y": return 1
        case "w": return 2
        case "h": return 3
        default: return nil
        }
    }

    /// The string key at `index` as a Swift string, from the cache when the same bytes were read before. A key that
    /// is not UTF-8 text is refused, as everywhere: replacing its bytes would make two different keys one.
    private mutating func key(_ L: OpaquePointer, _ index: Int32) throws -> String {
        var length = 0
        guard let p = lua_tolstring(L, index, &length) else { return "" }
        let bytes = UnsafeRawBufferPointer(start: p, count: length)
        let address = UnsafeRawPointer(p)
        if var cached = names[address], cached.utf8.count == length,
           cached.withUTF8({ $0.elementsEqual(bytes) }) {
            return cached
        }
        guard let key = String(validating: bytes, as: UTF8.self) else {
            throw LuaHostError.message("a key that is not UTF-8 text")
        }
        // Bounded: a layout that makes new names every frame starts the cache again rather than growing it.
        if names.count >= 1 << 16 { names.removeAll(keepingCapacity: true) }
        names[address] = key
        return key
    }

    private static func typeName(_ L: OpaquePointer, _ index: Int32) -> String {
        let t = lua_type(L, index)
        return t == LUA_TNONE ? "nil" : String(cString: lua_typename(L, t))
    }
}
