import CLua
import CLuaShim
import PieceKit

/// `s:events{ kind, piece, name, from, to }` and the stage half of `toHaveEmitted`: the events of the kept frames as
/// a series (each value an event's table, each time its frame's), so no scenario loops over `f.events` by hand.
package enum EventSeries {
    static let options: [OptionSpec] = [
        .init("kind", "string", "Only events of this kind (haptic, callback, announcement, focus, merge, or a plugin's)",
              must: "an event kind (a string)"),
        .init("piece", "string", "Only events this piece emitted", must: "a piece's name (a string)"),
        .init("name", "string", "Only events whose name field is this (a haptic's \"land\", a callback's \"onSeek\")",
              must: "an event name (a string)"),
        .init("from", "number", unit: "s", "The earliest frame's time", must: "a time in seconds"),
        .init("to", "number", unit: "s", "The latest frame's time", must: "a time in seconds"),
    ]

    /// What to keep: nil fields keep everything.
    struct Filter {
        var kind: String?
        var piece: String?
        var name: String?
        var from = -Double.infinity
        var to = Double.infinity

        init() {}

        init(_ opts: Options) throws {
            kind = try opts.string("kind")
            piece = try opts.string("piece")
            name = try opts.string("name")
            from = try opts.number("from") ?? -.infinity
            to = try opts.number("to") ?? .infinity
        }

        func keeps(_ event: StageEvent) -> Bool {
            if let kind, event.kind.rawValue != kind { return false }
            if let piece, event.piece != piece { return false }
            if let name {
                guard case .text(let text)? = event.detail(named: "name"), text == name else { return false }
            }
            return true
        }
    }

    /// Pushes `series(events, times)` of `stage`'s kept frames, built by the test framework's own constructor
    /// (nil when a script broke it). The tables are Lua's, counted by its allocator as they are made; the walk
    /// over the frames asks the file's limits every so many frames, so a long history stops at them.
    static func push(_ stage: Stage, _ filter: Filter, _ c: LuaCall, context: BindingContext) throws {
        let frames = try StageBinding.stageCall(c) { try stage.keptFrames(from: filter.from, to: filter.to) }
        let L = c.L
        context.state.push(.series)
        let fn = lua_gettop(L)
        lua_createtable(L, 0, 0)
        lua_createtable(L, 0, 0)
        let values = fn + 1, times = fn + 2
        var n: lua_Integer = 0
        for (i, frame) in frames.enumerated() {
            if i & 1023 == 1023, let reason = stage.interruption?() { throw LuaHostError.message(reason) }
            for event in frame.events where filter.keeps(event) {
                // Past the memory cap the rest is not built; the call raises the limit's error once it returns.
                if c.isStopped { break }
                n += 1
                FrameTables.push(event, L)
                lua_rawseti(L, values, n)
                lua_pushnumber(L, frame.time)
                lua_rawseti(L, times, n)
            }
        }
        if lua_type(L, fn) != LUA_TFUNCTION || pb_pcall(L, 2, 1, 0) != LUA_OK {
            lua_settop(L, fn - 1)
            lua_pushnil(L)
        }
    }

    /// The stage `toHaveEmitted` was given (argument 1), or an error naming what the value was. No stage class yet
    /// means no stage has been made, so the value cannot be one.
    private static func stage(_ c: LuaCall, _ state: LuaState) throws -> Stage {
        let stages = state.classCache["stage"] as? LuaClass<StageObject>
        guard c.type(1) == LUA_TUSERDATA, let stages,
              let object = try? stages.object(c, stack: 1, what: "toHaveEmitted") else {
            throw ArgumentErrors.inside("toHaveEmitted", "expect()", mustBe: "given a stage or a series of events (s:events{...})",
                                        got: c.typeName(1))
        }
        return object.stage
    }

    /// `host.events(stage)`, for `expect(s).toHaveEmitted{...}`: every kept frame's events, or an error naming what
    /// the value was when it is no stage.
    package static func pushHostFunction(_ state: LuaState, context: BindingContext) {
        state.pushLastingFunction { call in
            let c = call.named("toHaveEmitted")
            try push(try stage(c, state), Filter(), c, context: context)
            return 1
        }
    }

    /// `host.emitted(stage, fields)`, for `expect(s).toHaveEmitted{...}` on a stage: how many of its kept frames'
    /// events have every field of `fields` (compared as Lua's `==` does), how many events there are, and the first
    /// `shown` events with their times, for the message. Matched in the host, so no event is copied into Lua but
    /// the few the message shows: a stage whose events carry megabytes fails with the matcher's own message.
    package static func pushEmittedHostFunction(_ state: LuaState, context: BindingContext, shown: Int = 10) {
        state.pushLastingFunction(declaring([.arg("stage", "piecebox.stage"), .arg("fields", "table", must: "a table of fields")]) { call in
            let c = call.named("toHaveEmitted")
            let given = try stage(c, state)
            guard case .table(let pattern) = try c.value(2) else { throw c.argumentError(2) }
            let stage = given
            let frames = try StageBinding.stageCall(c) { try stage.keptFrames(from: -.infinity, to: .infinity) }
            let L = c.L
            lua_createtable(L, Int32(shown), 0)
            let listed = lua_gettop(L)
            var found = 0, total = 0
            for (i, frame) in frames.enumerated() {
                if i & 1023 == 1023, let reason = stage.interruption?() { throw LuaHostError.message(reason) }
                for event in frame.events {
                    total += 1
                    // A listed value (pattern[1]) is a field no event has, as in Lua.
                    if pattern.array.isEmpty,
                       pattern.fields.allSatisfy({ key, value in matches(value, field(key, of: event)) }) { found += 1 }
                    guard total <= shown else { continue }
                    lua_createtable(L, 2, 0)
                    lua_pushnumber(L, frame.time)
                    lua_rawseti(L, -2, 1)
                    FrameTables.push(event, L)
                    lua_rawseti(L, -2, 2)
                    lua_rawseti(L, listed, lua_Integer(total))
                }
            }
            lua_pushinteger(L, lua_Integer(found))
            lua_pushinteger(L, lua_Integer(total))
            lua_pushvalue(L, listed)
            return 3
        })
    }

    /// An event's field as its Lua table would hold it (`FrameTables.push`).
    private static func field(_ key: String, of event: StageEvent) -> LuaValue {
        if key == "kind" { return .string(event.kind.rawValue) }
        if key == "piece" { return .string(event.piece) }
        switch event.detail(named: key) {
        case .text(let text)?: return .string(text)
        case .number(let n)?: return .number(n)
        case .bool(let b)?: return .boolean(b)
        case nil: return .nil
        }
    }

    /// Lua's `==` on two plain values: strings byte for byte, numbers as numbers (nan equals nothing); a table or
    /// a function in the pattern equals no event's field.
    private static func matches(_ wanted: LuaValue, _ value: LuaValue) -> Bool {
        switch (wanted, value) {
        case (.string(let a), .string(let b)): return a.utf8.elementsEqual(b.utf8)
        case (.number(let a), .number(let b)): return a == b
        case (.boolean(let a), .boolean(let b)): return a == b
        case (.nil, .nil): return true
        default: return false
        }
    }
}
