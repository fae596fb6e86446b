import CLua
import CLuaShim

/// A library table the host fills the first time it is touched: most files use one or two libraries, and filling
/// `motion`, `text` and `ui` was a sixth of what a one-test file cost. Nothing a script can do tells the two apart:
/// reading, writing, walking (`pairs`, `next`), `getmetatable`, `setmetatable`, `rawget` and `rawset` all fill it
/// first (the last four through the sandbox, sandbox.lua), its metatable is gone once it is filled and no script
/// can reach it before, and what the fill makes is numbered for `pairs`' order as if made with the table.
struct LazyTable {
    /// The global's name (`fillLazyGlobal`, `addToLazyGlobal`).
    let name: String
    /// The table's registry reference, so the host can fill it even if the script moved the global.
    let reference: Int32
    /// What fills it, in the order the eager install ran them: each part with the first of the numbers set aside
    /// for what it makes, and the function that fills the table at the stack index it is given.
    var parts: [(firstBirth: UInt64, fill: (Int32) -> Void)]
}

extension LuaState {
    /// The numbers set aside for one lazy table's fill: far more than any library makes (hundreds), so they can
    /// never reach the numbers of what was made after the table.
    static let birthsSetAside: UInt64 = 1 << 32

    /// Sets the global `name` to a table that `fill` fills (handed the table's stack index) the first time anything
    /// touches it. `fill` must only set the table's fields, as the eager install did.
    package func setLazyGlobal(_ name: String, fill: @escaping (Int32) -> Void) {
        let L = self.L
        lua_createtable(L, 0, 0)
        let table = lua_gettop(L)
        let firstBirth = births
        births += Self.birthsSetAside
        lua_pushvalue(L, table)
        let reference = luaL_ref(L, CLUA_REGISTRYINDEX)
        lazyTables[UnsafeRawPointer(lua_topointer(L, table))!] =
            LazyTable(name: name, reference: reference, parts: [(firstBirth, fill)])
        pushLazyMetatable()
        lua_setmetatable(L, table)
        setGlobalValue(name)
    }

    /// Adds a part to the fill of the lazy global `name`, numbered from now: what a later binding added to the
    /// table when it was filled at once (the foundation's fields in `motion`, after the stage's globals).
    package func addToLazyGlobal(_ name: String, fill: @escaping (Int32) -> Void) {
        guard let key = lazyTables.first(where: { $0.value.name == name })?.key else { return }
        lazyTables[key]?.parts.append((births, fill))
        births += Self.birthsSetAside
    }

    /// Fills the table at `index` if it is a lazy table not filled yet; otherwise does nothing.
    package func fillLazyTable(at index: Int32) {
        let L = self.L
        let table = lua_absindex(L, index)
        guard let key = lua_topointer(L, table), let lazy = lazyTables.removeValue(forKey: key) else { return }
        lua_pushnil(L)
        lua_setmetatable(L, table)
        luaL_unref(L, CLUA_REGISTRYINDEX, lazy.reference)
        let now = births
        for part in lazy.parts {
            births = part.firstBirth
            part.fill(table)
        }
        births = now
    }

    /// Fills the lazy global `name` (the host needs what its fill sets up, the ui library's layout function, say).
    package func fillLazyGlobal(_ name: String) {
        guard let lazy = lazyTables.values.first(where: { $0.name == name }) else { return }
        lua_rawgeti(L, CLUA_REGISTRYINDEX, lua_Integer(lazy.reference))
        fillLazyTable(at: -1)
        clua_pop(L, 1)
    }

    /// The one metatable of this state's lazy tables: reading or writing fills the table, then does it raw;
    /// `__fill` (which the sandbox's `pairs`, `next`, `rawget`, `rawset`, `getmetatable` and `setmetatable` call)
    /// only fills; `__lazy` marks it for them.
    private func pushLazyMetatable() {
        let L = self.L
        if push(.lazyMetatable) == LUA_TTABLE { return }
        clua_pop(L, 1)
        lua_createtable(L, 0, 4)
        let mt = lua_gettop(L)
        // __index(t, k) and __newindex(t, k, v): fill, then the same access raw.
        for (event, arguments, results) in [("__index", Int32(2), Int32(1)), ("__newindex", 3, 0)] {
            pushLastingFunction { [unowned self] c in
                self.fillLazyTable(at: 1)
                lua_settop(c.L, arguments)
                if results == 1 { lua_rawget(c.L, 1) } else { lua_rawset(c.L, 1) }
                return results
            }
            setField(mt, event)
        }
        pushLastingFunction { [unowned self] c in
            if lua_type(c.L, 1) == LUA_TTABLE { self.fillLazyTable(at: 1) }
            return 0
        }
        setField(mt, "__fill")
        lua_pushboolean(L, 1)
        setField(mt, "__lazy")
        lua_pushvalue(L, mt)
        fill(.lazyMetatable)
    }
}
