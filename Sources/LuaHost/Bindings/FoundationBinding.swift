import CLua
import CLuaShim
import PieceKit

/// The foundation the Swift pieces stand on, for Lua pieces: the liquid split and home animations
/// (`motion.liquid.split`, `.home`, and their Reduce Motion forms under `motion.reduced.liquid`), the press anchor
/// (`motion.pressAnchor`), whether ambient motion may run (`motion.allowsAmbient`, false under `motion.reduced`),
/// and the letter morph (`text.morph(old, new)`). Each reads the PieceKit value the Swift pieces use; none is
/// computed here again.
enum FoundationBinding {
    static func install(into context: BindingContext) {
        let L = context.state.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        if lua_getglobal(L, "motion") == LUA_TTABLE { fillMotion(lua_gettop(L), context) }
        clua_newtable(L)
        fillText(lua_gettop(L), context)
        context.state.setGlobalValue("text")
    }

    /// Adds the foundation's fields to the `motion` table at `motion`: the liquid values and `pressAnchor`.
    static func fillMotion(_ motion: Int32, _ context: BindingContext) {
        let state = context.state
        let L = state.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }

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

        state.setFunctions(motion, LibraryFunction.table(motionFunctions, in: "motion"))
    }

    /// Sets the `text` library's functions in the table at `lib`.
    static func fillText(_ lib: Int32, _ context: BindingContext) {
        context.state.setFunctions(lib, LibraryFunction.table(textFunctions(context), in: "text"))
    }

    /// What this adds to `motion`.
    static var motionFunctions: [LibraryFunction] { [
        LibraryFunction("pressAnchor", "Where a pressed surface scales from, in unit space, leaning toward the touch",
                        [.arg("touch", "{x: number, y: number}?", must: "a touch point { x, y } in the surface's coordinates, or nil"),
                         .arg("size", "{w: number, h: number}", must: "a size { w, h }"),
                         .opt("lean", "number", default: 0.6, bounds: .between(0, 1), must: "a lean")], returns: "{x: number, y: number}") { c in
            try pressAnchor(c.named("motion.pressAnchor"))
        },
    ] }

    /// The `text` library.
    static func textFunctions(_ context: BindingContext) -> [LibraryFunction] {
        [LibraryFunction("morph", "Each letter of the new line with its fate and delay, then the old line's leaving letters",
                         [.arg("old", "string", must: "the old line (a string)"), .arg("new", "string", must: "the new line (a string)"),
                          .opt("options", "{reduceMotion?: boolean}")],
                         returns: "{text: string, place: integer, fate: string, delay?: number, from?: number}[]") { c in
            try morph(c.named("text.morph"), context: context)
        }]
    }

    /// `motion.pressAnchor(touch, size[, lean])`: where a pressed surface scales from, in unit space, leaning
    /// `lean` (0.6) of the way from its centre toward the touch. `touch` is `{ x, y }` in the surface's own
    /// coordinates, or nil (the centre); `size` is `{ w, h }` (an element or a rect will do).
    static func pressAnchor(_ c: LuaCall) throws -> Int32 {
        var touch: Point?
        if !c.isNil(1) {
            guard case .table(let t) = try c.value(1), let x = t["x"].number, let y = t["y"].number else {
                throw c.argumentError(1)
            }
            touch = Point(x: x, y: y)
        }
        guard case .table(let s) = try c.value(2), let w = s["w"].number, let h = s["h"].number else {
            throw c.argumentError(2)
        }
        let lean = try c.number(3)
        let anchor = GesturePhysics.pressAnchor(touch: touch, in: Size(width: w, height: h), lean: lean)
        LuaValue.table(LuaTable(fields: [("x", .number(anchor.x)), ("y", .number(anchor.y))])).push(c.L)
        return 1
    }

    static let morphOptions = ["reduceMotion"]

    /// `text.morph(old, new[, { reduceMotion = false }])`: each letter of `new`, in order, with its fate and the
    /// delay of its arrival, as the Swift pieces morph a line (`MorphLetters`): `{ text = "M", place = 1,
    /// fate = "holds" | "arrives", delay = 0.022 × (place − 1), from = 0.6 }`; a line whose script can't be cut
    /// arrives whole (one entry, `from = 0.9`). Then the letters of `old` that leave, `fate = "leaves"`.
    static func morph(_ c: LuaCall, context: BindingContext) throws -> Int32 {
        let old = try c.string(1), new = try c.string(2)
        let opts = try c.options(3, allowed: morphOptions)
        let rm = try opts.boolean("reduceMotion", default: false)
        // Both lines are cut into letters (a record, a text and a place in a set each, at most one per byte),
        // counted before they are made; the list goes straight to Lua, whose allocator counts it.
        var work = context.hostWork()
        do { try work.reserve((old.utf8.count + new.utf8.count) * bytesPerLetter) } catch {
            throw c.refusal("\(error.reason)")
        }
        let arriving = MorphLetters.arriving(from: old, to: new)
        let letters = MorphLetters(new) { _ in 0 }
        let from = MorphLetters.startScale(splits: letters.splits, reduceMotion: rm)
        // The old line's letters that the new one does not keep in place.
        let kept = Array(new)
        let oldLetters = MorphLetters(old) { _ in 0 }
        let leaving = new == old ? [] : oldLetters.letters.filter { letter in
            !(oldLetters.splits && letters.splits && letter.place < kept.count && String(kept[letter.place]) == letter.text)
        }
        let L = c.L
        lua_createtable(L, Int32(min(letters.letters.count + leaving.count, 1 << 20)), 0)
        var n: lua_Integer = 0
        func entry(_ fields: [(String, LuaValue)]) -> Bool {
            if n & 255 == 255, c.isStopped { return false }
            LuaValue.table(LuaTable(fields: fields)).push(L)
            n += 1
            lua_rawseti(L, -2, n)
            return true
        }
        for letter in letters.letters {
            let arrives = arriving.contains(letter.place)
            let delay = MorphLetters.delay(place: letter.place, splits: letters.splits, reduceMotion: rm)
            guard entry([
                ("delay", .number(arrives ? delay : 0)), ("fate", .string(arrives ? "arrives" : "holds")),
                ("from", .number(arrives ? from : 1)), ("place", .number(Double(letter.place + 1))),
                ("text", .string(letter.text)),
            ]) else { return 1 }
        }
        for letter in leaving {
            guard entry([
                ("delay", .number(0)), ("fate", .string("leaves")), ("place", .number(Double(letter.place + 1))),
                ("text", .string(letter.text)),
            ]) else { return 1 }
        }
        return 1
    }

    /// What cutting a line costs per byte of it, on the safe side: a letter's record (its text, offset, width and
    /// place), its glyph in the list compared against, and its place in the set of arrivals.
    static let bytesPerLetter = 160
}
