import CLua
import PieceKit

/// Frames as Lua tables: `{ frame = 12, t = 0.1, events = {...}, nowPlaying = { surface = { x, y, w, h, ... } } }`.
/// Built with raw sets only; element keys keep the piece's order for numbers, then attributes. Names are pushed
/// with their length, so two names that differ after a NUL stay two keys.
enum FrameTables {
    static func push(_ frame: Frame, _ L: OpaquePointer) {
        lua_createtable(L, 0, Int32(frame.pieces.count + 3))
        let t = lua_gettop(L)
        lua_pushstring(L, "frame"); lua_pushinteger(L, lua_Integer(frame.index)); lua_rawset(L, t)
        lua_pushstring(L, "t"); lua_pushnumber(L, frame.time); lua_rawset(L, t)
        for piece in frame.pieces {
            pushBytes(L, piece.name)
            lua_createtable(L, 0, Int32(piece.elements.count))
            let p = lua_gettop(L)
            for element in piece.elements {
                pushBytes(L, element.name)
                push(element, L)
                lua_rawset(L, p)
            }
            lua_rawset(L, t)
        }
        lua_pushstring(L, "events")
        lua_createtable(L, Int32(frame.events.count), 0)
        for (i, event) in frame.events.enumerated() {
            push(event, L)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
        lua_rawset(L, t)
    }

    static func push(_ element: ElementFrame, _ L: OpaquePointer) {
        lua_createtable(L, 0, Int32(element.values.count + element.attributes.count))
        let e = lua_gettop(L)
        for (name, value) in zip(element.numberNames, element.values) {
            pushBytes(L, name)
            lua_pushnumber(L, value)
            lua_rawset(L, e)
        }
        for attribute in element.attributes {
            pushBytes(L, attribute.name)
            push(attribute.value, L)
            lua_rawset(L, e)
        }
    }

    static func push(_ event: StageEvent, _ L: OpaquePointer) {
        lua_createtable(L, 0, Int32(event.details.count + 2))
        let e = lua_gettop(L)
        lua_pushstring(L, "kind"); lua_pushstring(L, event.kind.rawValue); lua_rawset(L, e)
        lua_pushstring(L, "piece"); lua_pushstring(L, event.piece); lua_rawset(L, e)
        for d in event.details {
            pushBytes(L, d.name)
            push(d.value, L)
            lua_rawset(L, e)
        }
    }

    static func push(_ value: ElementValue, _ L: OpaquePointer) {
        switch value {
        case .number(let n): lua_pushnumber(L, n)
        case .text(let s): pushBytes(L, s)
        case .bool(let b): lua_pushboolean(L, b ? 1 : 0)
        }
    }
}
