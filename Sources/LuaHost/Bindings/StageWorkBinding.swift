import CLua
import CLuaShim
import PieceKit

/// What a script's timed work left behind while the clock ran: the first error a callback raised, kept until the
/// call that moved the clock returns, then raised there (a callback runs inside the stage's frame loop, where a Lua
/// error must not unwind).
final class ScriptWorkLedger {
    private(set) var pendingError: String?

    func record(_ error: String) {
        if pendingError == nil { pendingError = error }
    }

    func take() -> String? {
        defer { pendingError = nil }
        return pendingError
    }
}

/// A script's `s:after` or `s:every` as scripts hold it: `w:cancel()`, `w.active`.
final class ScriptWork {
    let stage: Stage
    let label: String
    var id: ScheduledID?
    var active = true
    /// Registry reference to the callback; released when the work ends or is cancelled.
    var functionRef: Int32
    init(stage: Stage, label: String, functionRef: Int32) {
        self.stage = stage; self.label = label; self.functionRef = functionRef
    }
}

/// `s:after(seconds, fn[, { background = true }])`, `s:every(seconds, fn[, { background = true }])` and
/// `s:emit{ kind = "haptic", style = "selection" }`: the piece context's clock and events, for scripts and Lua pieces.
/// Work runs on the virtual clock between frames, in (time, order) order with the pieces' own work; background work
/// never keeps `settle` waiting. A callback's error is raised at the script line that moved the clock.
enum StageWorkBinding: ClassBinding {
    static let workOptions = ["background", "label"]

    static func install(on cls: LuaClass<StageObject>, context: ScenarioContext) {
        let state = context.state
        let works = luaClass(context)

        cls.method("after") { o, c in
            try schedule(o, c, repeating: false, works: works, state: state)
        }
        cls.method("every") { o, c in
            try schedule(o, c, repeating: true, works: works, state: state)
        }
        cls.method("emit") { o, c in
            let event = try emittedEvent(c)
            o.stage.emit(event)
            return 0
        }
    }

    static func describe(_ cls: LuaClass<ScriptWork>, context: ScenarioContext) {
        let state = context.state
        cls.property("active") { o, c in c.push(o.active); return 1 }
        cls.property("label") { o, c in c.push(o.label); return 1 }
        // cancel(): stops the work before its next run; true when it was still to run.
        cls.method("cancel") { o, c in
            let was = o.active
            if let id = o.id { o.stage.cancel(id) }
            finish(o, state)
            c.push(was)
            return 1
        }
    }

    private static func schedule(_ o: StageObject, _ c: LuaCall, repeating: Bool, works: LuaClass<ScriptWork>,
                                 state: LuaState) throws -> Int32 {
        let seconds = try c.number(1, "a number of seconds")
        guard repeating ? seconds > 0 : seconds >= 0 else {
            throw LuaHostError.message("\(c.function): argument 1 must be a number of seconds \(repeating ? "above 0" : "of at least 0"), got \(seconds)")
        }
        guard c.type(2) == LUA_TFUNCTION else { throw c.argumentError(2, "a function to run") }
        let opts = try c.options(3, allowed: workOptions)
        let background = try opts.boolean("background", default: false)
        let label = try opts.string("label", "a label (a string)") ?? "\(c.function.split(separator: ":").last ?? "work")(\(seconds))"
        lua_pushvalue(c.L, 2 + c.offset)
        let ref = luaL_ref(c.L, CLUA_REGISTRYINDEX)
        let work = ScriptWork(stage: o.stage, label: label, functionRef: ref)
        let start = o.stage.workTime
        scheduleRun(work, at: start + seconds, every: repeating ? seconds : nil, index: 1, origin: start,
                    background: background, ledger: o.work, state: state)
        state.push(work, as: works)
        return 1
    }

    /// Runs are due at `origin + k·interval` (times derived, never summed), like the stage's own ticks.
    private static func scheduleRun(_ work: ScriptWork, at time: Double, every interval: Double?, index: Int,
                                    origin: Double, background: Bool, ledger: ScriptWorkLedger, state: LuaState) {
        work.id = work.stage.schedule(at: time, label: "script: \(work.label)", background: background) {
            [weak work] in
            guard let work, work.active else { return }
            if let interval {
                scheduleRun(work, at: origin + Double(index + 1) * interval, every: interval, index: index + 1,
                            origin: origin, background: background, ledger: ledger, state: state)
            }
            run(work, ledger: ledger, state: state)
            if interval == nil { finish(work, state) }
        }
    }

    private static func run(_ work: ScriptWork, ledger: ScriptWorkLedger, state: LuaState) {
        let L = state.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        pb_push_traceback_handler(L)
        lua_rawgeti(L, CLUA_REGISTRYINDEX, lua_Integer(work.functionRef))
        if pb_pcall(L, 0, 0, top + 1) != LUA_OK {
            let text = state.errorText(at: -1)
            ledger.record("\(work.label) failed: " + (text.components(separatedBy: "\nstack traceback:").first ?? text))
            if let id = work.id { work.stage.cancel(id) }
            finish(work, state)
        }
    }

    private static func finish(_ work: ScriptWork, _ state: LuaState) {
        guard work.active else { return }
        work.active = false
        luaL_unref(state.L, CLUA_REGISTRYINDEX, work.functionRef)
        work.functionRef = LUA_NOREF
    }

    /// `{ kind = "haptic", piece = "toast", style = "selection" }`: every other key is a detail of the event, in key
    /// order; details are strings, numbers or booleans.
    static func emittedEvent(_ c: LuaCall) throws -> StageEvent {
        guard c.type(1) == LUA_TTABLE, case .table(let t) = try c.value(1) else {
            throw c.argumentError(1, "an event table such as { kind = \"haptic\", style = \"selection\" }")
        }
        guard case .string(let kind) = t["kind"], !kind.isEmpty else {
            throw LuaHostError.message("\(c.function): the event needs a 'kind' (a string such as \"haptic\", \"focus\", \"announcement\", \"callback\" or one of your own)")
        }
        let piece: String
        switch t["piece"] {
        case .nil: piece = "stage"
        case .string(let p) where !p.isEmpty: piece = p
        default: throw LuaHostError.message("\(c.function): 'piece' must be a piece name (a string), got \(t["piece"].described())")
        }
        var details: [NamedValue] = []
        for (key, value) in t.fields where key != "kind" && key != "piece" {
            switch value {
            case .string(let s): details.append(NamedValue(key, .text(s)))
            case .boolean(let b): details.append(NamedValue(key, .bool(b)))
            case .number(let n) where n.isFinite: details.append(NamedValue(key, .number(n)))
            default:
                throw LuaHostError.message("\(c.function): detail '\(key)' must be a string, a finite number or a boolean, got \(value.described())")
            }
        }
        if !t.array.isEmpty {
            throw LuaHostError.message("\(c.function): an event's details are named (style = \"selection\"), not listed")
        }
        return StageEvent(StageEvent.Kind(kind), piece: piece, details: details)
    }
}
