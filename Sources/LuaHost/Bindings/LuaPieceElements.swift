import CLua
import CLuaShim
import Foundation
import PieceKit

/// Turns what a Lua piece's layout returned into elements, straight from the Lua stack: one walk over the tables
/// (no copy of them into `LuaValue`s first), then one pass per element that checks and builds it. A layout may run
/// every frame, so the reader keeps what it can between runs: its buffers, and the Swift strings of the names it
/// has seen.
///
/// What comes out, and every message for a wrong value, is what reading the table as a whole gave: elements in
/// name order; in each, x, y, w, h first, then the other numbers by name, then the texts and flags by name (or, for
/// a piece that gives an `order`, the names it lists first, in its order: `ElementOrder`). An element's
/// `background = { ... }` marks numbers as background motion; a piece that uses it is read in full every time.
///
/// A layout mostly hands back the same names, walked in the same order, with some numbers moved. After each full
/// read the reader keeps that walk (see `LastWalk`); the next read first walks the new table against it, checking
/// every name byte for byte and every value's kind, and only notes which numbers differ. When all matches, the
/// elements that kept their numbers are the very ones handed out last time (the stage then sees the same storage
/// and compares nothing) and only the others are made again; at the first difference of any other kind the table
/// is read in full, so results and messages are those of a full read.
struct LuaPieceElements {
    /// One property as read: a number, a text, a flag, or anything else (kept only by its type name, for the error).
    enum Property {
        case number(Double)
        case text(String)
        case flag(Bool)
        /// `background = { "angle" }`: the element's numbers that move as background motion.
        case background([String])
        /// A `background` that is not a list of names: refused when its element is built, in name order, like
        /// any other wrong property (the walk that found it goes in Lua's seeded hash order).
        case notANameList
        case other(String)

        /// The value as `LuaValue` describes it in messages.
        var asLuaValue: LuaValue {
            switch self {
            case .number(let n): return .number(n)
            case .text(let s): return .string(s)
            case .flag(let b): return .boolean(b)
            case .background, .notANameList: return .table(LuaTable())
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
        /// Where its walk starts in the walk being recorded.
        var step = 0
    }

    private var entries: [Entry] = []
    private var properties: [(name: String, value: Property)] = []
    /// The latest full read's walk, for the next read to check against; nil when there is none to trust.
    private var lastWalk: LastWalk?
    /// Numbers that differ from the last walk's, in walk order: (element in `lastWalk.elements`, number, value).
    private var moved: [(element: Int, number: Int, value: Double)] = []

    /// A full read's walk, in the order `lua_next` went: each element's name and where it went in the output, and
    /// each property's name and where its value went (or the text or flag it was). Names are kept as their bytes.
    private struct LastWalk {
        struct Step {
            /// The name's bytes in `names`.
            let name: Range<Int>
            /// Elements: the index in `elements`. Numbers: the index in that element's numbers.
            let index: Int
            /// Elements: how many properties follow in `properties`. Properties: what the value must be.
            let count: Int
            let kind: Kind
        }
        enum Kind { case element, number, text(String), flag(Bool) }
        var names: [UInt8] = []
        var steps: [Step] = []
        var elements: [Element] = []
    }
    /// Names by the address of their Lua string. Short Lua strings are interned, so a name a layout writes every
    /// frame comes back at the same address while it lives; each hit is compared byte for byte, so a string made
    /// later at an address a collected one had is never taken for it.
    private var names: [UnsafeRawPointer: String] = [:]
    /// The bytes of the names in `names`: the cache starts again past `namesByteLimit`, so what it keeps is bounded
    /// however long the names a layout makes.
    private var namesBytes = 0
    static let namesByteLimit = 1 << 20
    /// What the reader keeps of the latest full read: its texts, the walk's names and the cache of names.
    private(set) var heldTextBytes = 0

    /// Reads the value at `index` of `L`. Throws the message the layout's error gives after "layout returned".
    /// `order` is the piece's (nil: by name); a read that walks as the last one did keeps the last one's order.
    mutating func read(_ L: OpaquePointer, _ index: Int32, order: ElementOrder? = nil) throws -> [Element] {
        let table = lua_absindex(L, index)
        if let again = readAgain(L, table) { return again }
        lastWalk = nil
        let elements = try readInFull(L, table, order: order)
        return elements
    }

    /// The elements when the table at `table` walks exactly as the last full read's did (names, kinds, texts and
    /// flags alike; numbers finite), else nil. Leaves the stack as it found it.
    private mutating func readAgain(_ L: OpaquePointer, _ table: Int32) -> [Element]? {
        guard var walk = lastWalk, lua_type(L, table) == LUA_TTABLE, lua_checkstack(L, 4) != 0 else { return nil }
        // Held here alone while it is checked and changed, so changing it copies nothing.
        lastWalk = nil
        let top = lua_gettop(L)
        moved.removeAll(keepingCapacity: true)
        let matched: Bool = walk.names.withUnsafeBufferPointer { names in
            walk.steps.withUnsafeBufferPointer { steps in
                var step = 0
                func sameName(_ index: Int32, _ expected: Range<Int>) -> Bool {
                    guard lua_type(L, index) == LUA_TSTRING else { return false }
                    var length = 0
                    guard let p = lua_tolstring(L, index, &length), length == expected.count else { return false }
                    guard length > 0, let base = names.baseAddress else { return length == 0 }
                    return memcmp(p, base + expected.lowerBound, length) == 0
                }
                lua_pushnil(L)
                while lua_next(L, table) != 0 {
                    guard step < steps.count, sameName(-2, steps[step].name), lua_type(L, -1) == LUA_TTABLE else {
                        return false
                    }
                    let element = steps[step].index
                    let properties = steps[step].count
                    let elementIndex = lua_gettop(L)
                    step += 1
                    var seen = 0
                    lua_pushnil(L)
                    while lua_next(L, elementIndex) != 0 {
                        guard seen < properties, sameName(-2, steps[step].name) else { return false }
                        switch steps[step].kind {
                        case .number:
                            guard lua_type(L, -1) == LUA_TNUMBER else { return false }
                            let value = lua_tonumberx(L, -1, nil)
                            guard value.isFinite else { return false }
                            let number = steps[step].index
                            // Compared by bits: -0 is a new value to write, though it equals 0.
                            if value.bitPattern != walk.elements[element].numbers[number].value.bitPattern {
                                moved.append((element, number, value))
                            }
                        case .text(let text):
                            guard lua_type(L, -1) == LUA_TSTRING else { return false }
                            var length = 0
                            guard let p = lua_tolstring(L, -1, &length) else { return false }
                            var expected = text
                            guard expected.withUTF8({ $0.elementsEqual(UnsafeRawBufferPointer(start: p, count: length)) })
                            else { return false }
                        case .flag(let flag):
                            guard lua_type(L, -1) == LUA_TBOOLEAN, (lua_toboolean(L, -1) != 0) == flag else { return false }
                        case .element:
                            return false
                        }
                        clua_pop(L, 1)
                        seen += 1
                        step += 1
                    }
                    guard seen == properties else { return false }
                    clua_pop(L, 1)
                }
                return step == steps.count
            }
        }
        lua_settop(L, top)
        guard matched else { return nil }
        if moved.isEmpty {
            lastWalk = walk
            return walk.elements
        }
        // The moved numbers come element by element (the walk reads each element's properties together).
        var start = 0
        while start < moved.count {
            let index = moved[start].element
            var end = start
            while end < moved.count, moved[end].element == index { end += 1 }
            let old = walk.elements[index]
            var values = old.numbers.map(\.value)
            for change in moved[start..<end] { values[change.number] = change.value }
            var remade = Element(old.name)
            for (number, value) in zip(old.numbers, values) {
                remade.append(.init(number.name, value, animation: number.animation, isBackground: number.isBackground))
            }
            for attribute in old.attributes { remade.append(attribute) }
            walk.elements[index] = remade
            start = end
        }
        lastWalk = walk
        return walk.elements
    }

    private mutating func readInFull(_ L: OpaquePointer, _ table: Int32, order: ElementOrder?) throws -> [Element] {
        guard lua_type(L, table) == LUA_TTABLE else {
            throw LuaHostError.message("a \(Self.typeName(L, table)), not a table of elements such as { surface = { x = 0, y = 0, w = 100, h = 50 } }")
        }
        guard lua_checkstack(L, 4) != 0 else { throw LuaHostError.message("no stack left to read a table") }
        entries.removeAll(keepingCapacity: true)
        properties.removeAll(keepingCapacity: true)
        // Reading stops at as many values as any host read may copy.
        var visited = 0
        var textBytes = 0
        // Counted against the file's memory cap as well, before each copy (see `ReadBudget`); every name read is
        // counted as text copied, cached or not, on the safe side.
        func spend(_ bytes: Int = 0, entry: Bool = true) throws {
            if entry { visited += 1 }
            textBytes += bytes
            try ReadBudget.check(entries: visited, bytes: textBytes, L)
        }

        // The walk as it goes, for the next read to check against (see `LastWalk`). A list part or a value that is
        // no element's leaves nothing to check against: the next read is a full one.
        var walk = LastWalk()
        var walkNames: [String] = []
        var checkable = true
        func note(_ name: String, _ kind: LastWalk.Kind) {
            let start = walk.names.count
            walk.names.append(contentsOf: name.utf8)
            walk.steps.append(.init(name: start..<walk.names.count, index: 0, count: 0, kind: kind))
            walkNames.append(name)
        }

        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            defer { clua_pop(L, 1) }
            try spend()
            // Only named entries are elements; a list part is not one.
            guard lua_type(L, -2) == LUA_TSTRING else { checkable = false; continue }
            // An element's name is text copied out of Lua like any other.
            try spend(Int(lua_rawlen(L, -2)), entry: false)
            let name = try key(L, -2)
            guard lua_type(L, -1) == LUA_TTABLE else {
                entries.append(Entry(name: name, first: 0, count: 0, notATable: Self.typeName(L, -1)))
                continue
            }
            let element = lua_gettop(L)
            let first = properties.count
            let step = walk.steps.count
            note(name, .element)
            lua_pushnil(L)
            while lua_next(L, element) != 0 {
                defer { clua_pop(L, 1) }
                try spend()
                guard lua_type(L, -2) == LUA_TSTRING else { checkable = false; continue }
                try spend(Int(lua_rawlen(L, -2)), entry: false)
                let property = try key(L, -2)
                switch lua_type(L, -1) {
                case LUA_TNUMBER:
                    properties.append((property, .number(lua_tonumberx(L, -1, nil))))
                    note(property, .number)
                case LUA_TBOOLEAN:
                    let flag = lua_toboolean(L, -1) != 0
                    properties.append((property, .flag(flag)))
                    note(property, .flag(flag))
                case LUA_TSTRING:
                    try spend(Int(lua_rawlen(L, -1)))
                    let text = LuaValue.bytes(L, -1)
                    properties.append((property, .text(text)))
                    note(property, .text(text))
                case LUA_TTABLE where property == "background":
                    // Read in full every time: only a piece that marks background motion pays for it.
                    properties.append((property, try Self.backgroundNames(L, spend: { try spend($0) })))
                    checkable = false
                default:
                    properties.append((property, .other(Self.typeName(L, -1))))
                    checkable = false
                }
            }
            var entry = Entry(name: name, first: first, count: properties.count - first, notATable: nil)
            entry.step = step
            entries.append(entry)
        }

        let out = try builtElements(order: order)
        if checkable { checkable = Self.place(&walk, entries: entries, names: walkNames, in: out) }
        if checkable {
            walk.elements = out
            lastWalk = walk
        }
        heldTextBytes = textBytes + (lastWalk?.names.count ?? 0) + namesBytes
        return out
    }

    /// The elements read, in name order (Lua's hash order changes from run to run; names in order make every frame
    /// the same), each checked and built from its properties, also sorted by name; `order` puts the names it lists
    /// first.
    private mutating func builtElements(order: ElementOrder?) throws -> [Element] {
        if let order {
            entries.sort { order.element($0.name, before: $1.name) }
        } else {
            entries.sort { $0.name < $1.name }
        }
        var out: [Element] = []
        out.reserveCapacity(entries.count)
        for entry in entries {
            if let type = entry.notATable {
                throw LuaHostError.message("element '\(entry.name)' as a \(type); each element is a table of properties")
            }
            if let order {
                properties[entry.first..<(entry.first + entry.count)].sort { order.property($0.name, before: $1.name) }
            } else {
                properties[entry.first..<(entry.first + entry.count)].sort { $0.name < $1.name }
            }
            out.append(try Self.element(entry.name, properties[entry.first..<(entry.first + entry.count)]))
        }
        return out
    }

    /// Writes into `walk` where each walked element went in `out`, and each walked number in its element, so the
    /// next read can check against it. False when a number cannot be found again (the walk cannot be kept).
    private static func place(_ walk: inout LastWalk, entries: [Entry], names walkNames: [String],
                              in out: [Element]) -> Bool {
        for (index, entry) in entries.enumerated() {
            let head = walk.steps[entry.step]
            walk.steps[entry.step] = .init(name: head.name, index: index, count: entry.count, kind: .element)
            for step in (entry.step + 1)..<(entry.step + 1 + entry.count) {
                guard case .number = walk.steps[step].kind else { continue }
                let name = walkNames[step]
                guard let number = out[index].numbers.firstIndex(where: { $0.name == name }) else { return false }
                let old = walk.steps[step]
                walk.steps[step] = .init(name: old.name, index: number, count: 0, kind: .number)
            }
        }
        return true
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
        var background: [String] = []
        for (key, value) in properties {
            switch value {
            case .text(let s): e.append(NamedValue(key, .text(s)))
            case .flag(let b): e.append(NamedValue(key, .bool(b)))
            case .number: break
            case .background(let names): background = names
            case .notANameList:
                throw LuaHostError.message("element '\(LuaValue.shown(name))': background must be a list of its numbers' names such as { \"angle\" }")
            case .other(let type):
                throw LuaHostError.message("element '\(name)': property '\(key)' is a \(type); use numbers, strings or booleans")
            }
        }
        guard !background.isEmpty else { return e }
        // Each name is looked up among the element's numbers once, in a set of them: as long as the two lists, never
        // their product (both are as long as the layout likes, up to the read's limit, and no hook runs here).
        let numbers = Set(e.numbers.lazy.map(\.name))
        if let unknown = background.first(where: { !numbers.contains($0) }) {
            throw LuaHostError.message("element '\(LuaValue.shown(name))': background names '\(LuaValue.shown(unknown))', which is not one of its numbers")
        }
        // Marked as a Swift piece marks them (`Element.background`), so the stage's one rule applies: their motion
        // never keeps a settle waiting.
        return e.background(Set(background))
    }

    /// `background = { "angle", "speed" }` at the top of the stack: the names, each text spent from the read; or
    /// `notANameList`.
    private static func backgroundNames(_ L: OpaquePointer, spend: (Int) throws -> Void) throws -> Property {
        let list = lua_gettop(L)
        let count = Int(lua_rawlen(L, list))
        var names: [String] = []
        lua_pushnil(L)
        while lua_next(L, list) != 0 {
            defer { clua_pop(L, 1) }
            try spend(Int(lua_rawlen(L, -1)))
            var isInteger: Int32 = 0
            let index = lua_tointegerx(L, -2, &isInteger)
            guard lua_type(L, -2) == LUA_TNUMBER, isInteger != 0, index >= 1, index <= count,
                  lua_type(L, -1) == LUA_TSTRING else {
                // With the deferred pop, the value and the key: the walk ends here.
                clua_pop(L, 1)
                return .notANameList
            }
            names.append(LuaValue.bytes(L, -1))
        }
        return .background(names)
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
        // Bounded, in names and in bytes: a layout that makes new names every frame (long ones, even) starts the
        // cache again rather than growing it outside the file's memory cap.
        if names.count >= 1 << 16 || namesBytes + length > Self.namesByteLimit {
            names.removeAll(keepingCapacity: true)
            namesBytes = 0
        }
        names[address] = key
        namesBytes += length
        return key
    }

    private static func typeName(_ L: OpaquePointer, _ index: Int32) -> String {
        let t = lua_type(L, index)
        return t == LUA_TNONE ? "nil" : TypeName.of(L, index)
    }
}
