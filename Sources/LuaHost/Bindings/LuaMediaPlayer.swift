import CLua
import CLuaShim
import PieceKit

/// A player written in Lua, as the pieces bound to it see it: a `MediaPlayer` backed by a Lua table.
///
/// The table is the player protocol in Lua (docs/pieces/player.md, "A player written in Lua"): the fields `title`, `artist`,
/// `duration`, `isPlaying` and `time`, and the functions `observe(self, report)`, `onPlayPause(self)`,
/// `onSkip(self, direction)` and `onSeek(self, time)`. The piece reads the fields only when the player reports
/// (and once when it is bound), as a SwiftUI view sees its parameters only when its parent re-renders it; so the
/// fields are copied then, checked, and kept.
///
/// Calls from Swift into the table's functions are protected: an error there is posted (the piece goes on), and
/// raised at the script line of the call that caused it (`s:advance`, a tap…; see `CalloutMailbox`), never
/// unwound through Swift.
final class LuaMediaPlayer: MediaPlayer {
    let state: LuaState
    weak var stage: Stage?
    /// Where the table is kept (its stage's values: `StageValues`), and its key there.
    let values: StageValues
    let tableRef: Int32

    private(set) var title = ""
    private(set) var artist = ""
    private(set) var duration = 0.0
    private(set) var isPlaying = false
    private(set) var reportedTime = 0.0

    /// The functions every Lua player must have, and the fields it must hold.
    static let functions = ["observe", "onPlayPause", "onSeek", "onSkip"]
    static let shape = "a table with title, artist, duration, isPlaying, time and the functions observe, onPlayPause, onSkip, onSeek"

    private init(state: LuaState, stage: Stage, values: StageValues, tableRef: Int32) {
        self.state = state; self.stage = stage; self.values = values; self.tableRef = tableRef
    }

    /// Its table goes with it (`StageValues.release`).
    deinit { values.release([tableRef]) }

    /// The table at stack index `index` as a player, checked now so a wrong field is named at the line that bound it.
    static func bind(_ L: OpaquePointer, _ index: Int32, state: LuaState, stage: Stage, values: StageValues,
                     what: String) throws -> LuaMediaPlayer {
        let index = lua_absindex(L, index)
        for name in functions {
            lua_pushstring(L, name)
            let type = lua_rawget(L, index)
            clua_pop(L, 1)
            guard type == LUA_TFUNCTION else {
                throw ArgumentErrors.refusal(what, "the Lua player has no function '\(name)' (a player is \(shape))")
            }
        }
        let fields = try read(L, index, what: what, report: nil)
        lua_pushvalue(L, index)
        let player = LuaMediaPlayer(state: state, stage: stage, values: values, tableRef: values.keep(L))
        player.take(fields)
        player.reportedTime = fields.time
        return player
    }

    // MARK: Fields

    struct Fields {
        var title: String, artist: String, duration: Double, isPlaying: Bool, time: Double
    }

    private func take(_ f: Fields) {
        title = f.title; artist = f.artist; duration = f.duration; isPlaying = f.isPlaying
    }

    /// The table's fields, read raw (no metamethod runs), with a report's `time` and `isPlaying` in place of the
    /// table's when it gives them.
    private static func read(_ L: OpaquePointer, _ index: Int32, what: String, report: LuaTable?) throws -> Fields {
        let index = lua_absindex(L, index)
        func field(_ name: String) throws -> LuaValue {
            if let report, !report[name].isNil { return report[name] }
            lua_pushstring(L, name)
            lua_rawget(L, index)
            defer { clua_pop(L, 1) }
            return try LuaValue.read(L, -1)
        }
        func wrong(_ name: String, _ expected: String, _ value: LuaValue) -> LuaHostError {
            ArgumentErrors.inside(what, "the Lua player's '\(name)'", mustBe: expected, got: value.described())
        }
        let title = try field("title"), artist = try field("artist"), duration = try field("duration")
        let isPlaying = try field("isPlaying"), time = try field("time")
        guard case .string(let t) = title else { throw wrong("title", "a string", title) }
        var a = ""
        switch artist {
        case .nil: break
        case .string(let s): a = s
        default: throw wrong("artist", "a string", artist)
        }
        guard case .number(let d) = duration, !d.isNaN else {
            throw wrong("duration", "a number of seconds (0 for a live stream)", duration)
        }
        guard case .boolean(let p) = isPlaying else { throw wrong("isPlaying", "true or false", isPlaying) }
        guard case .number(let s) = time, s.isFinite else { throw wrong("time", "a position in seconds", time) }
        return Fields(title: t, artist: a, duration: d, isPlaying: p, time: s)
    }

    // MARK: MediaPlayer

    /// Hands the table a Lua function `report{ reason = "tick", time = 48.5, isPlaying = true }` that tells the
    /// piece; the table keeps it and calls it whenever it has something to say.
    func observe(_ handler: @escaping (PlayerReport) -> Void) {
        call("observe", what: "observe") { [weak self] L in
            guard let self else { return 0 }
            self.state.pushFunction(declaring([Self.reportArgument]) { [weak self] c in
                let c = c.named("player report")
                guard let self else { return 0 }
                handler(try self.report(c))
                return 0
            })
            return 1
        }
    }

    func onPlayPause() { call("onPlayPause", what: "onPlayPause") { _ in 0 } }

    func onSkip(_ direction: SkipDirection) {
        call("onSkip", what: "onSkip") { L in pushBytes(L, direction.rawValue); return 1 }
    }

    func onSeek(_ target: Double) {
        call("onSeek", what: "onSeek") { L in pushNumber(L, target); return 1 }
    }

    /// What the report function takes.
    static var reportArgument: ArgumentSpec {
        .arg("report", "table", must: "a report such as { reason = \"tick\", time = 48.5, isPlaying = true }")
    }

    /// What a report call tells the piece: its reason, the time and whether it plays (the table's own fields when
    /// the report leaves them out), the track's place, and the fields read afresh.
    private func report(_ c: LuaCall) throws -> PlayerReport {
        guard c.type(1) == LUA_TTABLE, case .table(let t) = try c.value(1) else { throw c.argumentError(1) }
        let reasons = ["tick", "play", "pause", "seek", "skip", "trackEnd", "queue"]
        for key in t.keys where !["reason", "time", "isPlaying", "track"].contains(key) {
            throw c.refusal("unknown key '\(LuaValue.shown(key))' (known: reason, time, isPlaying, track)")
        }
        guard let reason = PlayerReport.Reason(rawValue: try c.string(t["reason"], at: "'reason'", among: reasons)) else {
            throw c.valueError("'reason'", "a report's reason", got: t["reason"].described())
        }
        var track: Int?
        switch t["track"] {
        case .nil: track = nil
        case .number(let n) where n >= 1 && n < 1e9 && n == n.rounded(): track = Int(n) - 1
        default: throw c.valueError("'track'", "a track number from 1", got: t["track"].described())
        }
        values.push(tableRef, c.L)
        defer { clua_pop(c.L, 1) }
        let fields = try Self.read(c.L, -1, what: c.function, report: t)
        take(fields)
        reportedTime = fields.time
        return PlayerReport(at: stage?.workTime ?? 0, reason: reason, time: fields.time, isPlaying: fields.isPlaying,
                            trackIndex: track)
    }

    /// Calls `table:name(...)` protected, with the arguments `pushArgs` pushes. An error is posted for the script.
    private func call(_ name: String, what: String, pushArgs: (OpaquePointer) -> Int32) {
        let L = state.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard lua_checkstack(L, 6) != 0 else { record("player:\(what): no Lua stack left"); return }
        pb_push_traceback_handler(L)
        values.push(tableRef, L)
        // Gone only once every object that reaches the stage was let go of: nothing is left to tell.
        guard lua_type(L, -1) == LUA_TTABLE else { return }
        lua_pushstring(L, name)
        lua_rawget(L, -2)
        guard lua_type(L, -1) == LUA_TFUNCTION else {
            record("player:\(what): the Lua player's '\(name)' is no longer a function")
            return
        }
        clua_insert(L, -2)  // the function, then the table as `self`
        let n = pushArgs(L)
        state.callOut(.init(.player, owner: "player", role: what), nargs: 1 + n, results: 0, handler: top + 1)
    }

    private func record(_ error: String) { state.post(error) }
}

/// `player = ...` in a piece's options (NowPlaying, the mini player, the vinyl): the one reading of that option
/// every player-bound piece uses. A player made with `s:player{...}` on this stage (checked as any registry value
/// is, `PlayerBinding.value(inOption:...)`), or a Lua table that is a player (see `LuaMediaPlayer`).
enum PlayerOption {
    static func read(_ c: LuaCall, _ opts: Options, on stage: Stage, context: BindingContext) throws -> any MediaPlayer {
        let L = c.L
        lua_pushstring(L, "player")
        let type = lua_rawget(L, 1 + c.offset)
        defer { clua_pop(L, 1) }
        switch type {
        case LUA_TTABLE:
            return try LuaMediaPlayer.bind(L, -1, state: context.state, stage: stage,
                                            values: try context.values(of: stage, c), what: "\(c.function): option 'player'")
        case LUA_TUSERDATA:
            return try PlayerBinding.value(inOption: "player", of: opts, c, on: stage)
        default:
            throw opts.optionError("player", "a player made with s:player{...}",
                                   got: "\(opts.table["player"].typeName) (or a Lua player: \(LuaMediaPlayer.shape))")
        }
    }
}
