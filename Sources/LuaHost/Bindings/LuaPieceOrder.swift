import CLua
import CLuaShim

/// A Lua piece's `order = { elements = { "disc", "ring.1", ... }, properties = { "angle", "speed" } }`: the order
/// its elements, and each element's properties, take in frames and the log, as a Swift piece lists them in the
/// order it makes them. A Lua table keeps no order, so without it elements and properties go by name. Named ones
/// come first, in the order given; the others follow by name. `x, y, w, h` always lead an element's numbers, and
/// numbers always come before texts and flags (as in every frame).
///
/// Read once when the piece is made, and used only when the layout's table is read in full (a layout that keeps its
/// names reuses the last read's order), so it costs a frame nothing.
struct ElementOrder {
    var elements: [String: Int] = [:]
    var properties: [String: Int] = [:]

    func element(_ a: String, before b: String) -> Bool {
        Self.before(a, b, elements)
    }

    func property(_ a: String, before b: String) -> Bool {
        Self.before(a, b, properties)
    }

    private static func before(_ a: String, _ b: String, _ ranks: [String: Int]) -> Bool {
        switch (ranks[a], ranks[b]) {
        case let (x?, y?): return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return a < b
        }
    }

    static let keys = ["elements", "properties"]

    /// The order in the options table at stack index `t`, or nil when `order` is absent.
    static func read(_ L: OpaquePointer, _ t: Int32, _ c: LuaCall) throws -> ElementOrder? {
        lua_pushstring(L, "order")
        lua_rawget(L, t)
        defer { clua_pop(L, 1) }
        if lua_type(L, -1) == LUA_TNIL { return nil }
        let shape = "a table such as { elements = { \"disc\", \"art\" }, properties = { \"angle\" } }"
        let value: LuaValue
        do { value = try LuaValue.read(L, -1, budget: c.budget) } catch let LuaHostError.message(m) {
            throw c.refusal("option 'order': \(m)")
        }
        guard case .table(let table) = value, table.array.isEmpty else {
            throw c.optionError("order", shape, got: value.typeName == "table" ? "a list" : value.typeName)
        }
        for key in table.keys.sorted() where !keys.contains(key) {
            throw c.refusal("option 'order' has an unknown key '\(LuaValue.shown(key))' (known: \(keys.joined(separator: ", ")))")
        }
        var order = ElementOrder()
        for key in keys {
            let given = table[key]
            if given.isNil { continue }
            guard case .table(let list) = given, list.fields.isEmpty else {
                throw c.valueError("option 'order': '\(key)'", "a list of names such as { \"disc\", \"art\" }", got: given.typeName)
            }
            var ranks: [String: Int] = [:]
            for (i, item) in list.array.enumerated() {
                guard case .string(let name) = item, !name.isEmpty else {
                    throw c.valueError("option 'order': '\(key)' item \(i + 1)", "a name (a string)", got: item.typeName)
                }
                guard ranks[name] == nil else {
                    throw c.refusal("option 'order': '\(key)' names '\(LuaValue.shown(name))' twice")
                }
                ranks[name] = i
            }
            if key == "elements" { order.elements = ranks } else { order.properties = ranks }
        }
        return order
    }
}
