import CLua
import CLuaShim
import PieceKit

/// Frames as Lua values: `{ frame = 12, t = 0.1, events = {...}, nowPlaying = { surface = { x, y, w, h, ... } } }`.
///
/// A frame reaches a script as a lazy view: a table holding `frame`, `t` and its frame's userdata (under a key
/// no script can name, hidden from `pairs`), whose metatable builds a piece's
/// table, an element's table or the events list the first time the script asks for it (and keeps it in the view,
/// so a second read is a plain table read). Reading `f.nowPlaying.surface.h` builds one small table per level, not
/// the whole frame; the numbers stay in the stage's columns until then. Element tables and the events list are
/// plain tables, as before. `pairs` over a view, `toEqual` on one and the error messages that list what a frame
/// holds fill the view first (the metatable's `__fill`), so they see everything the frame holds.
///
/// A name a view does not hold still answers nil (`f.nowPlaying.forward == nil`), and is noted by the sandbox's
/// `frameMiss` so an error on that nil (`f.nowPlaying.card.x`) can list the piece's elements. Piece names `t`,
/// `frame` and `events` are refused (see `Options.reservedPieceNames`), so no piece hides those fields. Names are
/// pushed with their length, so two names that differ after a NUL stay two keys.
package enum FrameTables {
    /// Registry key of the sandbox's miss recorder, function(table, key) -> nil.
    package static let missKey = "piecebox.frameMiss"
    /// Registry key of the metatables made so far: [piece name] = metatable, and [true] for the frame's own
    /// (for frames built whole, in a state without views).
    static let metasKey = "piecebox.frameMetas"
    /// Registry keys of the views' metatable and of the key under which a view holds its frame's userdata.
    static let viewMetaKey = "piecebox.frameView"
    static let viewBoxKey = "piecebox.frameViewBox"
    /// The metatable name of the userdata that holds a frame for its views.
    static let frameDataName = "piecebox.frameData"

    /// Holds the frame a view reads (frames are values; a view keeps its own, so it stays readable).
    final class FrameBox {
        let frame: Frame
        init(_ frame: Frame) { self.frame = frame }
    }

    /// Makes the views' metatables in `state`, once. Without it frames are pushed whole (`pushTable`).
    static func install(in state: LuaState) {
        let L = state.L
        if lua_getfield(L, CLUA_REGISTRYINDEX, viewMetaKey) == LUA_TTABLE { clua_pop(L, 1); return }
        clua_pop(L, 1)
        pb_push_metatable(L, frameDataName)
        clua_pop(L, 1)
        _ = state.run(text: HostChunk.frames.text, chunkName: HostChunk.frames.chunkName) { L in
            state.pushFunction(build)
            state.pushFunction(keys)
            lua_getfield(L, CLUA_REGISTRYINDEX, missKey)
            state.pushFunction { c in
                // The chunk hands back the views' metatable and the key a view keeps its frame under.
                lua_settop(c.L, 2)
                lua_setfield(c.L, CLUA_REGISTRYINDEX, viewBoxKey)
                lua_setfield(c.L, CLUA_REGISTRYINDEX, viewMetaKey)
                return 0
            }
            state.push(.ownFunctions)
            return 5
        }
    }


    /// The frame behind a view's userdata (argument `index`).
    private static func frame(_ L: OpaquePointer, _ index: Int32) -> Frame? {
        guard let raw = pb_object_box(L, index, frameDataName) else { return nil }
        return Unmanaged<FrameBox>.fromOpaque(raw).takeUnretainedValue().frame
    }

    /// build(box, piece, key): in a frame (piece nil), `true` for a piece it holds, the events list for
    /// "events"; in a piece, the element's table; nil for a name not there.
    private static func build(_ c: LuaCall) throws -> Int32 {
        let L = c.L
        guard let frame = frame(L, 1), lua_type(L, 3) == LUA_TSTRING, let key = try? LuaValue.textKey(L, 3) else {
            lua_pushnil(L)
            return 1
        }
        if lua_type(L, 2) != LUA_TSTRING {
            if key == "events" {
                pushEvents(frame, L)
            } else if frame.piece(key) != nil {
                lua_pushboolean(L, 1)
            } else {
                lua_pushnil(L)
            }
            return 1
        }
        guard let pieceName = try? LuaValue.textKey(L, 2), let element = frame.piece(pieceName)?.element(key) else {
            lua_pushnil(L)
            return 1
        }
        push(element, L)
        return 1
    }

    /// keys(box, piece): every name a frame (its pieces and "events") or a piece (its elements) holds.
    private static func keys(_ c: LuaCall) throws -> Int32 {
        let L = c.L
        guard let frame = frame(L, 1) else { lua_createtable(L, 0, 0); return 1 }
        // Pushed straight from the frame: the list is Lua's (counted by its allocator), with no copy in Swift.
        if lua_type(L, 2) != LUA_TSTRING {
            let pieces = frame.pieces
            lua_createtable(L, Int32(min(pieces.count + 1, 1 << 20)), 0)
            pushNames(pieces.lazy.map(\.name), L)
            pushBytes(L, "events")
            lua_rawseti(L, -2, lua_Integer(pieces.count + 1))
        } else if let pieceName = try? LuaValue.textKey(L, 2), let piece = frame.piece(pieceName) {
            let elements = piece.elements
            lua_createtable(L, Int32(min(elements.count, 1 << 20)), 0)
            pushNames(elements.lazy.map(\.name), L)
        } else {
            lua_createtable(L, 0, 0)
        }
        return 1
    }

    /// Appends `names` to the list on top of the stack, stopping once a limit has stopped the state (its error is
    /// raised as the host call returns).
    private static func pushNames<Names: Sequence<String>>(_ names: Names, _ L: OpaquePointer) {
        for (i, name) in names.enumerated() {
            if i & 255 == 255, stopped(L) { return }
            pushBytes(L, name)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
    }

    /// True once a limit stopped the state: a loop building a table for Lua goes no further.
    private static func stopped(_ L: OpaquePointer) -> Bool {
        pb_limits_of(L).pointee.tripped != Int32(PB_TRIP_NONE)
    }

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

    /// Pushes `frame` as a view (or whole, in a state without views).
    static func push(_ frame: Frame, _ L: OpaquePointer) {
        guard lua_checkstack(L, 8) != 0 else { pushTable(frame, L); return }
        guard lua_getfield(L, CLUA_REGISTRYINDEX, viewMetaKey) == LUA_TTABLE else {
            clua_pop(L, 1)
            pushTable(frame, L)
            return
        }
        let meta = lua_gettop(L)
        guard lua_getfield(L, CLUA_REGISTRYINDEX, viewBoxKey) == LUA_TTABLE else {
            clua_pop(L, 2)
            pushTable(frame, L)
            return
        }
        lua_createtable(L, 0, 4)
        let v = lua_gettop(L)
        lua_pushstring(L, "frame"); lua_pushinteger(L, lua_Integer(frame.index)); lua_rawset(L, v)
        lua_pushstring(L, "t"); lua_pushnumber(L, frame.time); lua_rawset(L, v)
        lua_pushvalue(L, meta + 1)
        pb_push_object(L, Unmanaged.passRetained(FrameBox(frame)).toOpaque(), frameDataName)
        lua_rawset(L, v)
        lua_pushvalue(L, meta)
        _ = lua_setmetatable(L, v)
        lua_copy(L, v, meta)
        lua_settop(L, meta)
    }

    /// Pushes `frame` whole, every piece and element built now.
    static func pushTable(_ frame: Frame, _ L: OpaquePointer) {
        lua_createtable(L, 0, Int32(frame.pieces.count + 3))
        let t = lua_gettop(L)
        setMissMetatable(piece: nil, L)
        lua_pushstring(L, "frame"); lua_pushinteger(L, lua_Integer(frame.index)); lua_rawset(L, t)
        lua_pushstring(L, "t"); lua_pushnumber(L, frame.time); lua_rawset(L, t)
        for piece in frame.pieces {
            if stopped(L) { break }
            pushBytes(L, piece.name)
            lua_createtable(L, 0, Int32(min(piece.elements.count, 1 << 20)))
            let p = lua_gettop(L)
            for (i, element) in piece.elements.enumerated() {
                if i & 255 == 255, stopped(L) { break }
                pushBytes(L, element.name)
                push(element, L)
                lua_rawset(L, p)
            }
            setMissMetatable(piece: piece.name, L)
            lua_rawset(L, t)
        }
        lua_pushstring(L, "events")
        pushEvents(frame, L)
        lua_rawset(L, t)
    }

    static func pushEvents(_ frame: Frame, _ L: OpaquePointer) {
        lua_createtable(L, Int32(min(frame.events.count, 1 << 20)), 0)
        for (i, event) in frame.events.enumerated() {
            if i & 255 == 255, stopped(L) { break }
            push(event, L)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
    }

    static func push(_ element: ElementFrame, _ L: OpaquePointer) {
        lua_createtable(L, 0, Int32(element.count + element.attributes.count))
        let e = lua_gettop(L)
        for (index, name) in element.numberNames.enumerated() {
            pushBytes(L, name)
            lua_pushnumber(L, element.number(at: index))
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
