import CLua
import CLuaShim
import PieceKit

/// Frames as Lua tables: `{ frame = 12, t = 0.1, events = {...}, nowPlaying = { surface = { x, y, w, h, ... } } }`.
/// Built with raw sets only; element keys keep the piece's order for numbers, then attributes. Names are pushed
/// with their length, so two names that differ after a NUL stay two keys.
///
/// The frame table and each piece's table carry a metatable whose `__index` (the sandbox's `frameMiss`) notes a
/// name they do not hold and still answers nil, so `f.nowPlaying.forward == nil` keeps working while an error on
/// that nil (`f.nowPlaying.card.x`) can list the piece's elements. Piece names `t`, `frame` and `events` are
/// refused (see `Options.reservedPieceNames`), so no piece hides those fields.
enum FrameTables {
    /// Registry key of the sandbox's miss recorder, function(table, key) -> nil.
    static let missKey = "piecebox.frameMiss"
    /// Registry key of the metatables made so far: [piece name] = metatable, and [true] for the frame's own.
    static let metasKey = "piecebox.frameMetas"

    /// Sets the metatable for a frame (`piece` nil) or a piece's table on the table on top of the stack. Does
    /// nothing when the sandbox has no miss recorder (a bare state in tests).
    static func setMissMetatable(piece: String?, _ L: OpaquePointer) {
        guard lua_checkstack(L, 4) != 0 else { return }
        if lua_getfield(L, CLUA_REGISTRYINDEX, metasKey) != LUA_TTABLE {
            clua_pop(L, 1)
            guard lua_getfield(L, CLUA_REGISTRYINDEX, missKey) == LUA_TFUNCTION else { clua_pop(L, 1); return }
            clua_pop(L, 1)
            clua_newtable(L)
            lua_pushvalue(L, -1)
            lua_setfield(L, CLUA_REGISTRYINDEX, metasKey)
        }
        let metas = lua_gettop(L)
        if let piece { pushBytes(L, piece) } else { lua_pushboolean(L, 1) }
        if lua_rawget(L, metas) != LUA_TTABLE {
            clua_pop(L, 1)
            lua_createtable(L, 0, 2)
            lua_pushstring(L, "__index")
            lua_getfield(L, CLUA_REGISTRYINDEX, missKey)
            lua_rawset(L, -3)
            lua_pushstring(L, "__piece")
            if let piece { pushBytes(L, piece) } else { lua_pushboolean(L, 0) }
            lua_rawset(L, -3)
            if let piece { pushBytes(L, piece) } else { lua_pushboolean(L, 1) }
            lua_pushvalue(L, -2)
            lua_rawset(L, metas)
        }
        _ = lua_setmetatable(L, metas - 1)
        clua_pop(L, 1)
    }

    static func push(_ frame: Frame, _ L: OpaquePointer) {
        lua_createtable(L, 0, Int32(frame.pieces.count + 3))
        let t = lua_gettop(L)
        setMissMetatable(piece: nil, L)
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
            setMissMetatable(piece: piece.name, L)
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
