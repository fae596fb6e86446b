import CLua
import CLuaShim
import PieceKit

/// The foundation the Swift pieces stand on, for Lua pieces: the liquid split and home animations
/// (`motion.liquid.split`, `.home`, and their Reduce Motion forms under `motion.reduced.liquid`), the press anchor
/// (`motion.pressAnchor`), whether ambient motion may run (`motion.allowsAmbient`, false under `motion.reduced`),
/// and the letter morph (`text.morph(old, new)`). Each reads the PieceKit value the Swift pieces use; none is
/// computed here again.
enum FoundationBinding {
    static func install(into context: ScenarioContext) {
        let state = context.state
        let L = state.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard lua_getglobal(L, "motion") == LUA_TTABLE else { return }
        let motion = lua_gettop(L)

        func addLiquid(to table: Int32, reduceMotion: Bool) {
            lua_pushstring(L, "liquid")
            if lua_rawget(L, table) != LUA_TTABLE {
                clua_pop(L, 1)
                clua_newtable(L)
                lua_pushstring(L, "liquid")
                lua_pushvalue(L, -2)
                lua_rawset(L, table)
            }
            let liquid = lua_gettop(L)
            for (name, value) in [("apart", Liquid.apart), ("homeScale", Liquid.homeScale), ("joined", Liquid.joined),
                                  ("merge", Liquid.merge)] {
                lua_pushstring(L, name)
                pushNumber(L, value)
                lua_rawset(L, liquid)
            }
            lua_pushstring(L, "split")
            AnimationBinding.push(AnimationObject(Liquid.split(reduceMotion: reduceMotion)), context: context)
            lua_rawset(L, liquid)
            lua_pushstring(L, "home")
            AnimationBinding.push(AnimationObject(Liquid.home(reduceMotion: reduceMotion)), context: context)
            lua_rawset(L, liquid)
            clua_pop(L, 1)
            lua_pushstring(L, "allowsAmbient")
            lua_pushboolean(L, MotionTokens(reduceMotion: reduceMotion).allowsAmbient ? 1 : 0)
            lua_rawset(L, table)
        }
        addLiquid(to: motion, reduceMotion: false)
        lua_pushstring(L, "reduced")
        if lua_rawget(L, motion) == LUA_TTABLE { addLiquid(to: lua_gettop(L), reduceMotion: true) }
        clua_pop(L, 1)

        lua_pushstring(L, "pressAnchor")
        state.pushFunction { c in try pressAnchor(c.named("motion.pressAnchor")) }
        lua_rawset(L, motion)

        state.pushLibrary([("morph", { c in try morph(c.named("text.morph")) })])
        state.setGlobalValue("text")
    }

    /// `motion.pressAnchor(touch, size[, lean])`: where a pressed surface scales from, in unit space, leaning
    /// `lean` (0.6) of the way from its centre toward the touch. `touch` is `{ x, y }` in the surface's own
    /// coordinates, or nil (the centre); `size` is `{ w, h }` (an element or a rect will do).
    static func pressAnchor(_ c: LuaCall) throws -> Int32 {
        var touch: Point?
        if !c.isNil(1) {
            guard case .table(let t) = try c.value(1), let x = t["x"].number, let y = t["y"].number else {
                throw c.argumentError(1, "a touch point { x, y } in the surface's coordinates, or nil")
            }
            touch = Point(x: x, y: y)
        }
        guard case .table(let s) = try c.value(2), let w = s["w"].number, let h = s["h"].number else {
            throw c.argumentError(2, "a size { w, h }")
        }
        let lean = try c.optionalNumber(3, "a lean from 0 to 1") ?? 0.6
        let anchor = GesturePhysics.pressAnchor(touch: touch, in: Size(width: w, height: h), lean: lean)
        LuaValue.table(LuaTable(fields: [("x", .number(anchor.x)), ("y", .number(anchor.y))])).push(c.L)
        return 1
    }

    static let morphOptions = ["reduceMotion"]

    /// `text.morph(old, new[, { reduceMotion = false }])`: each letter of `new`, in order, with its fate and the
    /// delay of its arrival, as the Swift pieces morph a line (`MorphLetters`): `{ text = "M", place = 1,
    /// fate = "holds" | "arrives", delay = 0.022 × (place − 1), from = 0.6 }`; a line whose script can't be cut
    /// arrives whole (one entry, `from = 0.9`). Then the letters of `old` that leave, `fate = "leaves"`.
    static func morph(_ c: LuaCall) throws -> Int32 {
        let old = try c.string(1, "the old line (a string)")
        let new = try c.string(2, "the new line (a string)")
        let opts = try c.options(3, allowed: morphOptions)
        let rm = try opts.boolean("reduceMotion", default: false)
        let arriving = MorphLetters.arriving(from: old, to: new)
        let letters = MorphLetters(new) { _ in 0 }
        let from = MorphLetters.startScale(splits: letters.splits, reduceMotion: rm)
        var list: [LuaValue] = []
        for letter in letters.letters {
            let arrives = arriving.contains(letter.place)
            let delay = MorphLetters.delay(place: letter.place, splits: letters.splits, reduceMotion: rm)
            list.append(.table(LuaTable(fields: [
                ("delay", .number(arrives ? delay : 0)), ("fate", .string(arrives ? "arrives" : "holds")),
                ("from", .number(arrives ? from : 1)), ("place", .number(Double(letter.place + 1))),
                ("text", .string(letter.text)),
            ])))
        }
        // The old line's letters that the new one does not keep in place.
        let kept = Array(new)
        let oldLetters = MorphLetters(old) { _ in 0 }
        for letter in oldLetters.letters where new != old {
            let stays = oldLetters.splits && letters.splits && letter.place < kept.count
                && String(kept[letter.place]) == letter.text
            if stays { continue }
            list.append(.table(LuaTable(fields: [
                ("delay", .number(0)), ("fate", .string("leaves")), ("place", .number(Double(letter.place + 1))),
                ("text", .string(letter.text)),
            ])))
        }
        LuaValue.table(LuaTable(array: list)).push(c.L)
        return 1
    }
}
