import CLua
import CLuaShim
import PieceKit

/// A Lua piece written with `body = function(state, env) return ui.VStack{...} end` instead of `layout`: the body is
/// called through a layout function of its own (`Lua/ui.lua`), which hands its view to `elements` here; the engine
/// lays it out on the piece's screen and each view given an `id` becomes an element (`BodyElements`). Everything
/// else a Lua piece has reads that layout function as it reads `layout`, so it works with `body` unchanged.
enum LuaPieceBody {
    /// Takes the function at `t.body` and pushes the layout function that calls it; pushes
    /// nothing and gives false when there is no body. Throws when `body` is not a function.
    static func pushLayout(_ L: OpaquePointer, _ t: Int32, _ c: LuaCall, state: LuaState) throws -> Bool {
        lua_pushstring(L, "body")
        let type = lua_rawget(L, t)
        guard type != LUA_TNIL else { clua_pop(L, 1); return false }
        guard type == LUA_TFUNCTION else {
            let got = TypeName.of(L, -1)
            clua_pop(L, 1)
            throw c.optionError("body", "a function(state, env) that returns a view", got: got)
        }
        let body = lua_gettop(L)
        // The layout function comes with the ui library, which is filled the first time it is touched.
        if state.push(.bodyLayout) != LUA_TTABLE {
            lua_settop(L, body)
            state.fillLazyGlobal("ui")
            state.push(.bodyLayout)
        }
        guard lua_type(L, -1) == LUA_TTABLE else { lua_settop(L, body - 1); throw c.refusal("the ui library is missing") }
        lua_pushstring(L, "wrap")
        lua_rawget(L, -2)
        lua_pushvalue(L, body)
        // Making a closure runs no script code; protected all the same, so not even a memory error unwinds here.
        guard pb_pcall(L, 1, 1, 0) == LUA_OK, lua_type(L, -1) == LUA_TFUNCTION else {
            lua_settop(L, body - 1)
            throw c.refusal("option 'body': could not make its layout function")
        }
        lua_copy(L, -1, body)
        lua_settop(L, body)
        return true
    }

    /// Whether the options table at `t` has a `body`.
    static func isGiven(_ L: OpaquePointer, _ t: Int32) -> Bool {
        lua_pushstring(L, "body")
        defer { clua_pop(L, 1) }
        return lua_rawget(L, t) != LUA_TNIL
    }

    /// `elementsOf(view, env)`: the body's view laid out on the screen `env` describes, as the elements
    /// table a `layout` would have returned.
    static func elements(_ c: LuaCall, host: BindingContext) throws -> Int32 {
        // Raised through the piece's layout call, which names the piece: "bar: layout failed: file:line: body: ...".
        let c = c.named("body")
        guard let view = MadeView.at(c, 1) else {
            throw c.refusal("must return a view (ui.VStack{...}, ui.Text(...), ...), got \(c.typeName(1))")
        }
        guard c.type(2) == LUA_TTABLE else { throw c.refusal("was given no env table") }
        // Only the fields a layout reads: a script may keep anything else in its env.
        var fields: [(String, LuaValue)] = []
        for key in OptionSpec.names(UIBinding.screenOptions) {
            pushBytes(c.L, key)
            lua_rawget(c.L, 2)
            defer { clua_pop(c.L, 1) }
            fields.append((key, try LuaValue.read(c.L, -1, budget: c.budget)))
        }
        let screen = Options(function: c.function, table: LuaTable(fields: fields))
        let environment = try EnvironmentOptions.apply(screen, to: PieceEnvironment())
        let result = try UIBinding.laidOut(view.view, in: LayoutContext(environment), c, host: host)
        let L = c.L
        lua_createtable(L, 0, Int32(result.views.count))
        for laid in result.views {
            let p = BodyElements.properties(of: laid)
            pushBytes(L, laid.id)
            lua_createtable(L, 0, Int32(p.numbers.count + p.texts.count + p.flags.count))
            for (key, value) in p.numbers { pushBytes(L, key); pushNumber(L, value); lua_rawset(L, -3) }
            for (key, value) in p.texts { pushBytes(L, key); pushBytes(L, value); lua_rawset(L, -3) }
            for (key, value) in p.flags { pushBytes(L, key); lua_pushboolean(L, value ? 1 : 0); lua_rawset(L, -3) }
            lua_rawset(L, -3)
        }
        return 1
    }
}
