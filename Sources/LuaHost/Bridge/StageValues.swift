import CLua
import CLuaShim
import PieceKit

/// The script's values a stage's objects hold (a Lua piece's layout, state, handlers, methods, readings, tasks and
/// their pending work, a Lua player's table, `s:after`/`s:every` functions), kept where Lua's collector sees them.
///
/// They used to be registry references, and the registry is a root: a handler that mentions its stage (a closure
/// over `s`) kept the stage alive through the host, so the cycle stage → piece → handler → stage was never
/// collected. Now each stage has one Lua table of them, and that table is the user value of every userdata whose
/// Swift object holds the stage (the stage itself, its pieces, players and fingers, `OnStage`): the collector
/// follows userdata → table → handler → stage as an ordinary cycle, and a stage nobody references goes with
/// everything it holds. The table lives exactly as long as some object that can reach the stage's Swift side does,
/// so a value is never gone while something could still call it.
///
/// Swift finds the table through one registry table with weak values (`LuaState.stageValuesSlot`) keyed by the
/// stage's number: it holds nothing alive. Keys are handed out and taken back here (one free list per stage).
package final class StageValues {
    /// The stage's number in the weak table (unique in the state).
    let number: lua_Integer
    private let state: LuaState
    private var next: Int32 = 1
    private var free: [Int32] = []

    /// Makes the stage's table and leaves it on the stack, for the stage's userdata to take as its user value
    /// (`LuaState.push(_:as:)`); until then the stack is what keeps it alive.
    package init(state: LuaState) {
        self.state = state
        state.stageValueCount += 1
        number = lua_Integer(state.stageValueCount)
        let L = state.L
        clua_newtable(L)
        guard pushWeakTable(L, creating: true) else { return }
        lua_pushvalue(L, -2)
        lua_rawseti(L, -2, number)
        clua_pop(L, 1)
    }

    /// Pushes the registry's weak table of stages' tables; makes it when `creating`. False (nothing pushed) when absent.
    /// Found by an integer key the state keeps, so the read on every call is one raw index.
    private func pushWeakTable(_ L: OpaquePointer, creating: Bool) -> Bool {
        if state.stageValuesSlot > 0 {
            lua_rawgeti(L, CLUA_REGISTRYINDEX, lua_Integer(state.stageValuesSlot))
            return true
        }
        guard creating else { return false }
        clua_newtable(L)
        clua_newtable(L)
        lua_pushstring(L, "v")
        lua_setfield(L, -2, "__mode")
        lua_setmetatable(L, -2)
        lua_pushvalue(L, -1)
        state.stageValuesSlot = luaL_ref(L, CLUA_REGISTRYINDEX)
        return true
    }

    /// Pushes the stage's table, or nil once it is gone (the stage's objects were all let go of: only their
    /// finalizers can still run, and they call nothing).
    func pushTable(_ L: OpaquePointer) {
        guard pushWeakTable(L, creating: false) else { lua_pushnil(L); return }
        lua_rawgeti(L, -1, number)
        clua_remove(L, -2)
    }

    /// Keeps the value on top of the stack (popping it) and returns its key; LUA_REFNIL for nil, as `luaL_ref`.
    package func keep(_ L: OpaquePointer) -> Int32 {
        guard lua_type(L, -1) != LUA_TNIL else { clua_pop(L, 1); return LUA_REFNIL }
        pushTable(L)
        guard lua_type(L, -1) == LUA_TTABLE else { clua_pop(L, 2); return LUA_NOREF }
        let key = free.popLast() ?? next
        if key == next { next += 1 }
        clua_insert(L, -2)
        lua_rawseti(L, -2, lua_Integer(key))
        clua_pop(L, 1)
        return key
    }

    /// Pushes the value kept under `key` (nil for LUA_NOREF, LUA_REFNIL, or once the table is gone).
    package func push(_ key: Int32, _ L: OpaquePointer) {
        guard key > 0 else { lua_pushnil(L); return }
        pushTable(L)
        guard lua_type(L, -1) == LUA_TTABLE else { return }
        lua_rawgeti(L, -1, lua_Integer(key))
        clua_remove(L, -2)
    }

    /// Lets go of the values under `keys`, as their holder goes: the one place a stage's held values are let go
    /// of. Nothing is done once the state has closed, when the table is gone (everything in it goes with it), or
    /// when the stack has no room.
    package func release(_ keys: [Int32]) {
        guard !state.isClosed else { return }
        let L = state.L
        guard lua_checkstack(L, 3) != 0 else { return }
        pushTable(L)
        defer { clua_pop(L, 1) }
        guard lua_type(L, -1) == LUA_TTABLE else { return }
        for key in keys where key > 0 {
            lua_pushnil(L)
            lua_rawseti(L, -2, lua_Integer(key))
            free.append(key)
        }
    }
}

/// A Swift object scripts hold that holds a stage (the stage's own handle, a `Bound` piece, player or finger): its
/// userdata carries the stage's `StageValues` table, so the values live while anything that can reach the stage does.
package protocol OnStage: AnyObject {
    var stage: Stage { get }
}
