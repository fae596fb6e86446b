import CLua
import CLuaShim
import PieceKit

/// What a Lua piece may ask for beyond a layout and handlers, so a plugin can write what a Swift piece does with
/// its context (the vinyl is the proof, `examples/plugins/vinyl_lua`):
///
/// ```lua
/// s:piece{ ...,
///   player = p,                                        -- a s:player{} or a Lua player
///   onPlayer = function(state, report, env) state.isPlaying = report.isPlaying end,
///   tasks = { { id = function(state, env) return state.isPlaying, env.reduceMotion end,
///               run = function(state, env) ... return 0.95, function(state, env) state.easing = false end end } },
///   timeline = { minimumInterval = 1 / 60, paused = function(state, env) return not state.isPlaying end },
/// }
/// ```
///
/// - `onPlayer` is a handler like `onKey`: it is told the player's state when the piece is made (reason "appear"),
///   then every report the player sends, as a Swift piece observes its player.
/// - A task is SwiftUI's `.task(id:)`: its `id` is read at every layout; when it differs (each value compared with
///   `rawequal`), and once when the piece appears unless `initial = false` (then it is `.onChange(of:)`), `run`
///   runs: inside the piece's own call that changed it, once that call's transaction is done (as the Swift vinyl
///   reacts to a new `isPlaying`), or, for any other change (the environment), as work at that moment (as it
///   reacts to Reduce Motion). Never inside a layout. What it changes snaps. It may return seconds and a function:
///   that runs then (blocking work, so a settle waits for it, like a task's sleep), and is cancelled when the id
///   changes again. The function may return the same, and so on.
/// - `timeline.paused` may be a function of the state and the environment, read again after a layout once what
///   changed has run its course (see `pausedMayHaveChanged`): the timeline pauses and resumes with it, and a
///   paused one asks for no layout.
///
/// Every handler and task gets the environment with `time`, the stage's time now; `id` and `paused` get the
/// layout's (on a timeline, `env.time` is its latest update).
final class LuaPieceHooks {
    /// The stage the piece is on: where its tasks' work is scheduled.
    weak var stage: Stage?
    init(stage: Stage) { self.stage = stage }
    /// `timeline.paused` when it is a function.
    var pausedRef = LUA_NOREF
    var tasks: [LuaPieceTask] = []
    /// At most this many values from a task's `id`: a fixed bound on what each layout compares.
    static let idLimit = 8
    /// Whether the ids have been read once (the first read runs the initial tasks).
    var appeared = false
    /// The check that reads `paused` again, when one is waiting.
    var pausedCheck: ScheduledID?
    /// How deep the piece's own calls (`set`, a handler, a task) are now: a task whose id they change runs when
    /// the outermost ends.
    var ownCalls = 0
    /// At most this many task runs at the end of one call: tasks that keep changing each other's ids would never
    /// end, and are the script's error past it.
    static let runsPerCall = 64
    /// The player the piece follows: held here, as a Swift piece holds its player (a Lua player's binding lives
    /// only as long as someone holds it).
    var player: (any MediaPlayer)?
}

extension LuaPiece {
    // MARK: Before each layout

    /// Reads `timeline.paused` and every task's `id` with the layout's `env` (the table at `env` on the stack).
    func runHooks(_ hooks: LuaPieceHooks, env: Int32) {
        let L = state.L
        if !hooks.tasks.isEmpty {
            let first = !hooks.appeared
            hooks.appeared = true
            for index in hooks.tasks.indices {
                // Read into a copy: the id's function may reach this piece again, which must not find it borrowed.
                var task = hooks.tasks[index]
                let changed = readID(&task, index: index, env: env, L)
                hooks.tasks[index].lastRef = task.lastRef
                guard let changed else { continue }
                guard changed || (first && hooks.tasks[index].initial) else { continue }
                if changed { cancelLater(hooks, index) }
                // A change the piece's own call made (set, a handler, a task): run when that call's transaction
                // ends, inside the call, as a Swift piece reacts to its parameters. Any other (the environment):
                // as work at this moment, after the layout, as the Swift vinyl reacts to Reduce Motion.
                if hooks.ownCalls > 0 {
                    hooks.tasks[index].isDue = true
                } else if hooks.tasks[index].pendingRun == nil, let stage = hooks.stage {
                    hooks.tasks[index].pendingRun = stage.schedule(after: 0, label: "\(name): task \(index + 1)") { [weak self] in
                        self?.startTask(index)
                    }
                }
            }
        }
        if hooks.pausedRef != LUA_NOREF { pausedMayHaveChanged(hooks) }
    }

    /// `timeline.paused` is read once what changed has run its course, as a check at this moment: after the call
    /// that changed something and the tasks it ran (never from a state half made: a pause before its task has
    /// started the easing), and once for all the changes made at one instant, as SwiftUI reads a view once per
    /// update (Reduce Motion turned on and off again between two frames never pauses the timeline). The check runs
    /// before the next frame's updates, so a pause or a resume shows on that frame, as an immediate one would.
    private func pausedMayHaveChanged(_ hooks: LuaPieceHooks) {
        guard hooks.pausedCheck == nil, let stage = hooks.stage else { return }
        // A check: reading it changes no element, so the stage asks no layout after it.
        hooks.pausedCheck = stage.scheduleCheck(at: stage.workTime, label: "\(name): timeline.paused") { [weak self] in
            guard let self, let hooks = self.hooks else { return }
            hooks.pausedCheck = nil
            self.readPausedNow(hooks)
        }
    }

    /// `paused(state, env)`: true or false; anything else is the script's error and leaves the timeline as it is.
    private func readPaused(_ ref: Int32, env: Int32, _ L: OpaquePointer) -> Bool? {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        pb_push_traceback_handler(L)
        values.push(ref, L)
        values.push(stateRef, L)
        lua_pushvalue(L, env)
        guard protectedCall("timeline.paused", 2, results: 1, handler: top + 1, reads: true) else { return nil }
        guard lua_type(L, -1) == LUA_TBOOLEAN else {
            record("\(name): timeline.paused returned a \(TypeName.of(L, -1)); return true or false")
            return nil
        }
        return lua_toboolean(L, -1) != 0
    }

    /// Reads a task's `id(state, env)` and keeps it. nil when it failed; otherwise whether it differs from the
    /// last (false on the first read).
    private func readID(_ task: inout LuaPieceTask, index: Int, env: Int32, _ L: OpaquePointer) -> Bool? {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        pb_push_traceback_handler(L)
        values.push(task.idRef, L)
        values.push(stateRef, L)
        lua_pushvalue(L, env)
        let role = "task \(index + 1) id"
        guard protectedCall(role, 2, results: LUA_MULTRET, handler: top + 1, reads: true) else { return nil }
        let count = lua_gettop(L) - (top + 1)
        guard count <= LuaPieceHooks.idLimit, lua_checkstack(L, 4) != 0 else {
            record("\(name): \(role) returned \(count) values; return at most \(LuaPieceHooks.idLimit)")
            return nil
        }
        let first = top + 2
        // An id is compared with the last one read: a NaN never equals itself, so the task would run again at every
        // layout, and the runaway would be blamed on tasks changing each other's ids. Named here instead.
        for i in 0..<count where lua_type(L, first + i) == LUA_TNUMBER && lua_tonumberx(L, first + i, nil).isNaN {
            record("\(name): \(role) returned nan (value \(i + 1)); an id must equal itself when nothing changed "
                   + "(nan never does), so return something else")
            return nil
        }
        if task.lastRef == LUA_NOREF {
            lua_createtable(L, Int32(LuaPieceHooks.idLimit), 1)
            task.lastRef = values.keep(L)
            store(task.lastRef, first: first, count: count, L)
            return false
        }
        values.push(task.lastRef, L)
        let last = lua_gettop(L)
        lua_pushstring(L, "n")
        lua_rawget(L, last)
        var same = lua_tointegerx(L, -1, nil) == lua_Integer(count)
        clua_pop(L, 1)
        var i: Int32 = 0
        while same && i < count {
            lua_rawgeti(L, last, lua_Integer(i + 1))
            same = lua_rawequal(L, -1, first + i) != 0
            clua_pop(L, 1)
            i += 1
        }
        if !same { store(task.lastRef, first: first, count: count, L) }
        return !same
    }

    /// Writes `count` values from stack index `first` into the table kept under `ref` (and their count as `n`).
    private func store(_ ref: Int32, first: Int32, count: Int32, _ L: OpaquePointer) {
        values.push(ref, L)
        let t = lua_gettop(L)
        for i in 0..<Int32(LuaPieceHooks.idLimit) {
            if i < count { lua_pushvalue(L, first + i) } else { lua_pushnil(L) }
            lua_rawseti(L, t, lua_Integer(i + 1))
        }
        lua_pushstring(L, "n")
        lua_pushinteger(L, lua_Integer(count))
        lua_rawset(L, t)
        clua_pop(L, 1)
    }

    // MARK: Running

    /// Runs `body`, one of the piece's own calls that may change its state, then the tasks whose ids it changed.
    @discardableResult
    func asOwnCall<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard let hooks else { return try body() }
        hooks.ownCalls += 1
        defer {
            hooks.ownCalls -= 1
            if hooks.ownCalls == 0 { runDueTasks(hooks) }
        }
        return try body()
    }

    /// `timeline.paused` with the environment the latest layout was handed.
    private func readPausedNow(_ hooks: LuaPieceHooks) {
        let L = state.L
        guard let timeline, environmentRef != LUA_NOREF, lua_checkstack(L, 6) != 0 else { return }
        values.push(environmentRef, L)
        defer { clua_pop(L, 1) }
        if let paused = readPaused(hooks.pausedRef, env: lua_gettop(L), L) { timeline.setPaused(paused) }
    }

    /// The tasks marked due, in order, until none is (each may make others due). Tasks that keep changing each
    /// other's ids would never end: past `runsPerCall` runs in one call the rest are dropped and the script is told.
    private func runDueTasks(_ hooks: LuaPieceHooks) {
        hooks.ownCalls += 1
        defer { hooks.ownCalls -= 1 }
        var runs = 0
        while let index = hooks.tasks.firstIndex(where: \.isDue) {
            guard runs < LuaPieceHooks.runsPerCall else {
                for i in hooks.tasks.indices { hooks.tasks[i].isDue = false }
                record("\(name): its tasks ran \(runs) times in one call and still change each other's ids (task \(index + 1) was due again); "
                       + "a task's run must not keep changing what another's id reads, and an id that is a new table or "
                       + "function each time never equals the last")
                return
            }
            hooks.tasks[index].isDue = false
            runs += 1
            // A run the environment started stays scheduled: it still runs at its time, as the Swift vinyl's
            // reaction to Reduce Motion does whatever its parameters did meanwhile.
            runTaskStep(index, ref: hooks.tasks[index].runRef, role: "task \(index + 1)")
        }
    }

    /// The task's `run`, as the work its id's change scheduled.
    private func startTask(_ index: Int) {
        guard let hooks, index < hooks.tasks.count else { return }
        hooks.tasks[index].pendingRun = nil
        asOwnCall { runTaskStep(index, ref: hooks.tasks[index].runRef, role: "task \(index + 1)") }
    }

    /// Calls `ref(state, env)` inside a transaction (what it changes snaps) and schedules what it returns for later.
    private func runTaskStep(_ index: Int, ref: Int32, role: String) {
        guard let stage = hooks?.stage else { return }
        let L = state.L
        var later: (seconds: Double, ref: Int32)?
        stage.transact(Transaction()) {
            let top = lua_gettop(L)
            defer { lua_settop(L, top) }
            pb_push_traceback_handler(L)
            values.push(ref, L)
            values.push(stateRef, L)
            pushHookEnvironment(stage, L, drawnTime: timeline?.drawnTime)
            guard protectedCall(role, 2, results: 2, handler: top + 1) else { return }
            switch (lua_type(L, top + 2), lua_type(L, top + 3)) {
            case (LUA_TNIL, LUA_TNIL):
                return
            case (LUA_TNUMBER, LUA_TFUNCTION) where lua_tonumberx(L, top + 2, nil).isFinite && lua_tonumberx(L, top + 2, nil) >= 0:
                lua_pushvalue(L, top + 3)
                later = (lua_tonumberx(L, top + 2, nil), values.keep(L))
            case (LUA_TNUMBER, LUA_TFUNCTION):
                // The right shape, at seconds no clock reaches: the number is what was wrong.
                let seconds = LuaValue.number(lua_tonumberx(L, top + 2, nil)).described()
                record("\(name): \(role) returned \(seconds) seconds; return nothing, "
                       + "or seconds (at least 0) and a function(state, env) to run then")
            default:
                record("\(name): \(role) returned \(typeName(L, top + 2)) and \(typeName(L, top + 3)); return nothing, "
                       + "or seconds (at least 0) and a function(state, env) to run then")
            }
        }
        guard let later, let hooks, index < hooks.tasks.count else {
            if let later { values.release([later.ref]) }
            return
        }
        cancelLater(hooks, index)
        let work = stage.schedule(after: later.seconds, label: "\(name): task \(index + 1), later") { [weak self] in
            guard let self else { return }
            if let hooks = self.hooks, index < hooks.tasks.count { hooks.tasks[index].pendingLater = nil }
            self.asOwnCall { self.runTaskStep(index, ref: later.ref, role: "task \(index + 1), later") }
            values.release([later.ref])
        }
        hooks.tasks[index].pendingLater = (work, later.ref)
    }

    /// Cancels what task `index` asked for later, if anything, and lets its function go.
    private func cancelLater(_ hooks: LuaPieceHooks, _ index: Int) {
        guard let later = hooks.tasks[index].pendingLater else { return }
        hooks.tasks[index].pendingLater = nil
        hooks.stage?.cancel(later.work)
        values.release([later.ref])
    }

    private func typeName(_ L: OpaquePointer, _ index: Int32) -> String { TypeName.of(L, index) }

    // MARK: The player

    /// `onPlayer(state, report, env)` with the player's report, as a handler (it may return an animation).
    func playerReported(_ report: PlayerReport, reason: String? = nil, on context: any PieceContext) {
        guard handlers.onPlayer != LUA_NOREF else { return }
        _ = call("onPlayer", handlers.onPlayer, on: context, handledByDefault: true) { L in
            Self.push(report, L, reason: reason)
            return 1
        }
    }

    /// `{ reason, at, time, isPlaying, track }` (`track` counted from 1, nil with nothing queued), as a Lua player
    /// reports.
    static func push(_ report: PlayerReport, _ L: OpaquePointer, reason: String? = nil) {
        lua_createtable(L, 0, 5)
        let t = lua_gettop(L)
        lua_pushstring(L, "reason"); pushBytes(L, reason ?? report.reason.rawValue); lua_rawset(L, t)
        lua_pushstring(L, "at"); pushNumber(L, report.at); lua_rawset(L, t)
        lua_pushstring(L, "time"); pushNumber(L, report.time); lua_rawset(L, t)
        lua_pushstring(L, "isPlaying"); lua_pushboolean(L, report.isPlaying ? 1 : 0); lua_rawset(L, t)
        if let track = report.trackIndex {
            lua_pushstring(L, "track"); pushNumber(L, Double(track) + 1); lua_rawset(L, t)
        }
    }
}

/// The environment a hook, a handler or a reading is handed: the stage's, with `time`, the time now, and for a
/// piece with a timeline `drawnTime`, when the timeline last drew (the `time` its layout was last handed), so what
/// it reads can agree with what is drawn (a spinning disc's angle as shown).
func pushHookEnvironment(_ context: any PieceContext, _ L: OpaquePointer, drawnTime: Double? = nil) {
    EnvironmentOptions.value(context.environment).push(L)
    lua_pushstring(L, "time")
    pushNumber(L, context.workTime)
    lua_rawset(L, -3)
    if let drawnTime {
        lua_pushstring(L, "drawnTime")
        pushNumber(L, drawnTime)
        lua_rawset(L, -3)
    }
}
