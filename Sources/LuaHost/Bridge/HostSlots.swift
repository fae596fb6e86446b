import CLua
import CLuaShim

/// The host's named places in a state's Lua registry. One part of the host leaves a value there (the runner the
/// test framework's `series` constructor, the plugin loader the methods plugins add) and another finds it by name,
/// so classes and bindings never reach into the part that filled it. Scripts cannot see the registry.
package enum HostSlot: String {
    /// The test framework's `series(frames, times)` constructor, which `stage:frames{...}` returns through.
    case series = "piecebox.slot.series"
    /// The methods plugins add to the host's classes: `{ className = { method = function } }`.
    case pluginMethods = "piecebox.pluginMethods"
    /// `{ wrap = function(body) }`: makes the layout function a Lua piece's `body` is called through (`Lua/ui.lua`).
    case bodyLayout = "piecebox.slot.bodyLayout"
    /// The metatable every library table not filled yet carries (`LazyTable`).
    case lazyMetatable = "piecebox.slot.lazyMetatable"
    /// `{ next, rawget, rawset, setmetatable }` as Lua has them, before the sandbox puts its own in their place: for the
    /// host's chunks whose tables are never a library filled on first touch (the frames' views).
    case ownFunctions = "piecebox.slot.ownFunctions"
}

extension LuaState {
    /// Stores the value on top of the stack in `slot`, popping it.
    package func fill(_ slot: HostSlot) {
        let L = self.L
        lua_pushstring(L, slot.rawValue)
        clua_insert(L, -2)
        lua_rawset(L, CLUA_REGISTRYINDEX)
    }

    /// Pushes what `slot` holds (nil when empty) and returns its Lua type.
    @discardableResult
    package func push(_ slot: HostSlot) -> Int32 {
        let L = self.L
        lua_pushstring(L, slot.rawValue)
        return lua_rawget(L, CLUA_REGISTRYINDEX)
    }
}

/// Methods plugins add to the host's classes, kept in `HostSlot.pluginMethods`. A class consults them after its
/// own members, so a built-in name always wins.
package enum PluginMethods {
    /// Starts an empty table of plugin methods.
    package static func reset(in state: LuaState) {
        clua_newtable(state.L)
        state.fill(.pluginMethods)
    }

    /// Files the function at absolute stack index `function` as `className`'s method `method`.
    package static func add(_ method: String, to className: String, function: Int32, in state: LuaState) {
        let L = state.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard state.push(.pluginMethods) == LUA_TTABLE else { return }
        let registry = lua_gettop(L)
        lua_pushstring(L, className)
        if lua_rawget(L, registry) != LUA_TTABLE {
            clua_pop(L, 1)
            clua_newtable(L)
            lua_pushstring(L, className)
            lua_pushvalue(L, -2)
            lua_rawset(L, registry)
        }
        lua_pushstring(L, method)
        lua_pushvalue(L, function)
        lua_rawset(L, -3)
    }

    /// Pushes the plugin method of `className` named by the string at `keyIndex` and returns true, or pushes
    /// nothing and returns false.
    static func push(_ L: OpaquePointer, className: String, keyIndex: Int32) -> Bool {
        let top = lua_gettop(L)
        lua_pushstring(L, HostSlot.pluginMethods.rawValue)
        guard lua_rawget(L, CLUA_REGISTRYINDEX) == LUA_TTABLE else { lua_settop(L, top); return false }
        lua_pushstring(L, className)
        guard lua_rawget(L, -2) == LUA_TTABLE else { lua_settop(L, top); return false }
        lua_pushvalue(L, keyIndex)
        guard lua_rawget(L, -2) == LUA_TFUNCTION else { lua_settop(L, top); return false }
        clua_insert(L, top + 1)
        lua_settop(L, top + 1)
        return true
    }
}
