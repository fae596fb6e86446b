import CLua
import CLuaShim
import PieceKit

/// A Lua piece's `timeline = { minimumInterval = 1/60, paused = false }`: the same `StageTimeline` the Swift
/// pieces use, so a plugin can write its own spinner. The layout is asked again at each update (background work:
/// it never keeps a settle waiting) and finds the update's time in `env.time`.
///
/// `paused` may be a function `paused(state, env)`, read again once a change has run its course (see
/// `LuaPiece.pausedMayHaveChanged`), as SwiftUI's `TimelineView(.animation(paused:))` reads its flag from the
/// view's state at each update: the vinyl pauses its timeline when it is still or under Reduce Motion. A paused
/// timeline schedules nothing, so it asks no layout.
enum TimelineOption {
    static let keys = ["minimumInterval", "paused"]

    /// The timeline in the options table at stack index `t`, or nil when the key is absent; with it, the key (among the
    /// stage's values) of `paused` when that is a function (LUA_NOREF otherwise).
    static func make(_ L: OpaquePointer, _ t: Int32, _ c: LuaCall, stage: Stage, values: StageValues,
                     piece: String) throws -> (timeline: StageTimeline, pausedRef: Int32)? {
        lua_pushstring(L, "timeline")
        lua_rawget(L, t)
        defer { clua_pop(L, 1) }
        if lua_type(L, -1) == LUA_TNIL { return nil }
        let shape = "a table such as { minimumInterval = 1/60 }"
        guard lua_type(L, -1) == LUA_TTABLE else {
            throw c.optionError("timeline", shape, got: TypeName.of(L, -1))
        }
        let timeline = lua_gettop(L)
        let value: LuaValue
        do { value = try LuaValue.read(L, timeline, budget: c.budget) } catch let LuaHostError.message(m) {
            throw c.refusal("option 'timeline': \(m)")
        }
        guard case .table(let table) = value else { throw c.optionError("timeline", shape, got: value.typeName) }
        for key in table.keys.sorted() where !keys.contains(key) {
            throw c.refusal("option 'timeline' has an unknown key '\(LuaValue.shown(key))' (known: \(keys.joined(separator: ", ")))")
        }
        let interval = table["minimumInterval"].isNil ? 0
            : try c.number(table["minimumInterval"], at: "timeline.minimumInterval", bounds: .atLeast(0),
                           must: "seconds of at least 0")
        var pausedRef = LUA_NOREF
        var paused = false
        lua_pushstring(L, "paused")
        switch lua_rawget(L, timeline) {
        case LUA_TNIL:
            clua_pop(L, 1)
        case LUA_TBOOLEAN:
            paused = lua_toboolean(L, -1) != 0
            clua_pop(L, 1)
        case LUA_TFUNCTION:
            // Paused until its first read, which its first layout, when it is added, asks for.
            paused = true
            pausedRef = values.keep(L)
        default:
            let got = TypeName.of(L, -1)
            clua_pop(L, 1)
            throw c.valueError("option 'timeline': 'paused'", "true, false or a function(state, env) that returns one of them",
                               got: got)
        }
        return (StageTimeline(context: stage, minimumInterval: interval, paused: paused, label: "\(piece): timeline"),
                pausedRef)
    }

    /// Sets `time` on the environment table on top of the stack.
    static func setTime(_ timeline: StageTimeline, _ L: OpaquePointer) {
        lua_pushstring(L, "time")
        pushNumber(L, timeline.drawnTime)
        lua_rawset(L, -3)
    }
}
