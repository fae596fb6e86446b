import CLua
import CLuaShim
import PieceKit

/// A Lua piece's readings (`readings = { angle = function(state, env) ... end }`): values a script reads as fields,
/// `v.angle`, as it reads a Swift piece's (`s:vinyl{}.angle`). A reading is a function of the state and the
/// environment (with `time`, the stage's time now), called each time it is read; it reads and does not change
/// the state (a change made there is in no transaction, so nothing animates it).
extension LuaPiece {
    /// Pushes the reading `name`, read now; nil when it failed (its error is posted, raised when the read returns,
    /// naming the script's line). Returns the count pushed.
    func read(_ name: String, on context: any PieceContext) -> Int32 {
        let L = state.L
        guard readingsRef != LUA_NOREF, lua_checkstack(L, 6) != 0 else { lua_pushnil(L); return 1 }
        let top = lua_gettop(L)
        pb_push_traceback_handler(L)
        values.push(readingsRef, L)
        lua_pushstring(L, name)
        lua_rawget(L, -2)
        clua_remove(L, -2)
        values.push(stateRef, L)
        pushHookEnvironment(context, L, drawnTime: timeline?.drawnTime)
        guard protectedCall("reading '\(name)'", 2, results: 1, handler: top + 1) else {
            lua_settop(L, top)
            lua_pushnil(L)
            return 1
        }
        clua_remove(L, top + 1)
        return 1
    }
}

extension LuaPieceBinding {
    /// The function `key` in the piece's own table at `ref` (its methods or its readings), pushed; nil, with the
    /// stack as it was, when there is none.
    static func ownFunction(_ ref: Int32, of piece: LuaPiece, _ key: String, _ L: OpaquePointer) -> Int32? {
        guard ref != LUA_NOREF else { return nil }
        piece.values.push(ref, L)
        guard lua_type(L, -1) == LUA_TTABLE else { clua_pop(L, 1); return nil }
        lua_pushstring(L, key)
        guard lua_rawget(L, -2) == LUA_TFUNCTION else { clua_pop(L, 2); return nil }
        clua_remove(L, -2)
        return 1
    }
}
