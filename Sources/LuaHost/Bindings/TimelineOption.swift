import CLua
import CLuaShim
import PieceKit

/// A Lua piece's `timeline = { minimumInterval = 1/60, paused = false }`: the same `StageTimeline` the Swift
/// pieces use, so a plugin can write its own spinner. The layout is asked again at each update (background work:
/// it never keeps a settle waiting) and finds the update's time in `env.time`.
enum TimelineOption {
    static let keys = ["minimumInterval", "paused"]

    /// The timeline in the options table at stack index `t`, or nil when the key is absent.
    static func make(_ L: OpaquePointer, _ t: Int32, _ c: LuaCall, stage: Stage, piece: String) throws -> StageTimeline? {
        lua_pushstring(L, "timeline")
        lua_rawget(L, t)
        let value = try LuaValue.read(L, -1)
        clua_pop(L, 1)
        if value.isNil { return nil }
        guard case .table(let table) = value else {
            throw c.optionError("timeline", "a table such as { minimumInterval = 1/60 }", got: "\(value.typeName)")
        }
        let opts = Options(function: c.function + ": timeline", table: table)
        for key in table.keys where !keys.contains(key) {
            throw c.refusal("option 'timeline' has an unknown key '\(key)' (known: \(keys.joined(separator: ", ")))")
        }
        let interval = try opts.number("minimumInterval", "a number of seconds of at least 0") ?? 0
        guard interval >= 0 else {
            throw c.refusal("timeline.minimumInterval must be seconds of at least 0, got \(interval)")
        }
        return StageTimeline(context: stage, minimumInterval: interval, paused: try opts.boolean("paused", default: false),
                             label: "\(piece): timeline")
    }

    /// Sets `time` on the environment table on top of the stack.
    static func setTime(_ timeline: StageTimeline, _ L: OpaquePointer) {
        lua_pushstring(L, "time")
        pushNumber(L, timeline.drawnTime)
        lua_rawset(L, -3)
    }
}
