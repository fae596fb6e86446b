import CLua
import CLuaShim
import PieceKit

/// A script's `s:after` or `s:every` as scripts hold it: `w:cancel()`, `w.active`, `w.label`.
///
/// The work itself is held by the stage's scheduler, as Swift work is: it runs until it is done or cancelled,
/// whether or not the script keeps this handle (the handle only lets the script cancel it).
final class ScriptWork {
    static let labelPrefix = "script: "
    /// Held weakly: the stage's scheduler holds the work (through its closure), and a stage the script let go must
    /// not be kept alive by its own pending work.
    weak var stage: Stage?
    /// The scheduler's label, "script: <label>": the one copy of the script's label the host keeps.
    let scheduledLabel: String
    var id: ScheduledID?
    var active = true
    /// The key of the callback among the stage's values (`StageValues`); let go of when the work ends or is
    /// cancelled, or when the work goes with a stage the script let go of before it ran.
    var functionRef: Int32
    let values: StageValues
    init(stage: Stage, scheduledLabel: String, functionRef: Int32, values: StageValues) {
        self.stage = stage; self.scheduledLabel = scheduledLabel; self.functionRef = functionRef; self.values = values
    }

    deinit { values.release([functionRef]) }

    /// The label as the script gave it (or as it was made for it): the scheduled label without its prefix.
    var label: Substring {
        scheduledLabel[scheduledLabel.utf8.index(scheduledLabel.startIndex, offsetBy: Self.labelPrefix.utf8.count)...]
    }
}

/// `s:after(seconds, fn[, { background = true, label = "..." }])`, `s:every(seconds, fn[, {...}])` and
/// `s:emit{ kind = "haptic", style = "selection" }`: the piece context's clock and events, for scripts and Lua pieces.
/// Work runs on the virtual clock between frames, in (time, order) order with the pieces' own work; background work
/// never keeps `settle` waiting. A callback's error is raised at the script line that moved the clock (a callback
/// runs inside the stage's frame loop, where a Lua error must not unwind; see `CalloutMailbox`).
///
/// What these make the host hold (an event's details until its frame, a label while its work waits) is counted
/// against the file's memory cap: each text is spent from the call's read budget before it is copied (which
/// refuses a copy the cap has no room for), and the stage counts what it holds (`Stage.heldBytes`) once it holds it.
enum StageWorkBinding: ClassBinding {
    static let options: [OptionSpec] = [
        .init("background", "boolean", default: "false", "Background work never keeps settle waiting"),
        .init("label", "string", "The work's label in the frame log"),
    ]
    /// Its keys, made once: `s:after` and `s:every` check them on every call.
    static let optionKeys = OptionSpec.names(options)

    static func install(on cls: LuaClass<StageObject>, context: BindingContext) {
        let state = context.state
        let works = luaClass(context)

        cls.method("after", "Runs fn once after a delay on the virtual clock",
                   [.arg("seconds", "number", "s", bounds: .atLeast(0)), .arg("fn", "function", must: "a function to run"),
                    .opt("options", OptionSpec.tableType(options), must: "a table of options")], returns: "piecebox.work") { o, c in
            try schedule(o, c, repeating: false, works: works, state: state)
        }
        cls.method("every", "Runs fn every interval on the virtual clock until cancelled",
                   [.arg("seconds", "number", "s", bounds: .above(0)), .arg("fn", "function", must: "a function to run"),
                    .opt("options", OptionSpec.tableType(options), must: "a table of options")], returns: "piecebox.work") { o, c in
            try schedule(o, c, repeating: true, works: works, state: state)
        }
        cls.method("emit", "Logs an event in the next frame (a haptic, a sound)", [.arg("event", "table", must: "an event table such as { kind = \"haptic\", style = \"selection\" }")]) { o, c in
            let event = try emittedEvent(c)
            o.stage.emit(event)
            try o.recount()
            return 0
        }
    }

    static func describe(_ cls: LuaClass<ScriptWork>, context: BindingContext) {
        let state = context.state
        cls.reading("active", "boolean", "Whether the work is still to run") { o, c in c.push(o.active); return 1 }
        cls.reading("label", "string", "The work's label in the frame log") { o, c in
            var label = o.label
            label.withUTF8 { buf in
                _ = buf.withMemoryRebound(to: CChar.self) { lua_pushlstring(c.L, $0.baseAddress, $0.count) }
            }
            return 1
        }
        // cancel(): stops the work before its next run; true when it was still to run.
        cls.method("cancel", "Stops the work before its next run; true when it was still to run",
                   returns: "boolean") { o, c in
            let was = o.active
            if let id = o.id { o.stage?.cancel(id) }
            finish(o, state)
            c.push(was)
            return 1
        }
    }

    private static func schedule(_ o: StageObject, _ c: LuaCall, repeating: Bool, works: LuaClass<ScriptWork>,
                                 state: LuaState) throws -> Int32 {
        let seconds = try c.number(1)
        guard c.type(2) == LUA_TFUNCTION else { throw c.argumentError(2) }
        let (background, label) = try workOptions(c, seconds: seconds)
        lua_pushvalue(c.L, 2 + c.offset)
        let ref = o.values.keep(c.L)
        let work = ScriptWork(stage: o.stage, scheduledLabel: label, functionRef: ref, values: o.values)
        let start = o.stage.workTime
        scheduleRun(work, at: start + seconds, every: repeating ? seconds : nil, index: 1, origin: start,
                    background: background, state: state, kind: c.function)
        try o.recount()
        state.push(work, as: works)
        return 1
    }

    /// The options `{ background = true, label = "..." }`, read raw, and the scheduler's label: "script: " and the
    /// script's label (or "after(0.5)"), made in one copy out of Lua once the read budget has room for it.
    private static func workOptions(_ c: LuaCall, seconds: Double) throws -> (background: Bool, label: String) {
        let kind = c.function.split(separator: ":").last.map(String.init) ?? "work"
        let made = { ScriptWork.labelPrefix + "\(kind)(\(seconds))" }
        guard !c.isNil(3) else { return (false, made()) }
        guard c.type(3) == LUA_TTABLE else { throw c.argumentError(3) }
        try c.checkOptionKeys(3, allowed: optionKeys)
        let L = c.L
        let t = lua_absindex(L, 3 + c.offset)
        lua_pushstring(L, "background")
        let backgroundType = lua_rawget(L, t)
        let background = lua_toboolean(L, -1) != 0
        let backgroundName = TypeName.of(L, -1)
        clua_pop(L, 1)
        guard backgroundType == LUA_TNIL || backgroundType == LUA_TBOOLEAN else {
            throw c.optionError("background", "true or false", got: backgroundName)
        }
        lua_pushstring(L, "label")
        defer { clua_pop(L, 1) }
        switch lua_rawget(L, t) {
        case LUA_TNIL: return (background, made())
        case LUA_TSTRING:
            var length = 0
            guard let bytes = lua_tolstring(L, -1, &length) else { return (background, made()) }
            let prefix = ScriptWork.labelPrefix.utf8
            try c.budget.spend(entries: 0, bytes: prefix.count + length)
            let label = String(unsafeUninitializedCapacity: prefix.count + length) { buffer in
                var at = buffer.initialize(fromContentsOf: prefix)
                for i in 0..<length { buffer[at] = UInt8(bitPattern: bytes[i]); at += 1 }
                return at
            }
            return (background, label)
        default:
            throw c.optionError("label", "a label (a string)", got: TypeName.of(L, -1))
        }
    }

    /// Runs are due at `origin + k·interval` (times derived, never summed), like the stage's own ticks. The
    /// scheduled closure holds the work, so the work lives while it is scheduled, whatever the script keeps.
    private static func scheduleRun(_ work: ScriptWork, at time: Double, every interval: Double?, index: Int,
                                    origin: Double, background: Bool, state: LuaState, kind: String) {
        guard let stage = work.stage else { return }
        work.id = stage.schedule(at: time, label: work.scheduledLabel, background: background) {
            guard work.active else { return }
            if let interval {
                scheduleRun(work, at: origin + Double(index + 1) * interval, every: interval, index: index + 1,
                            origin: origin, background: background, state: state, kind: kind)
            }
            run(work, state: state, kind: kind)
            if interval == nil { finish(work, state) }
        }
    }

    private static func run(_ work: ScriptWork, state: LuaState, kind: String) {
        let L = state.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        pb_push_traceback_handler(L)
        work.values.push(work.functionRef, L)
        if state.callOut(.init(.scheduled, owner: work.label, role: kind), nargs: 0, results: 0,
                         handler: top + 1) != nil {
            if let id = work.id { work.stage?.cancel(id) }
            finish(work, state)
        }
    }

    private static func finish(_ work: ScriptWork, _ state: LuaState) {
        guard work.active else { return }
        work.active = false
        work.values.release([work.functionRef])
        work.functionRef = LUA_NOREF
    }

    /// `{ kind = "haptic", piece = "toast", style = "selection" }`: every other key is a detail of the event, in key
    /// order; details are strings, numbers or booleans.
    static func emittedEvent(_ c: LuaCall) throws -> StageEvent {
        guard c.type(1) == LUA_TTABLE, case .table(let t) = try c.value(1) else {
            throw c.argumentError(1)
        }
        guard case .string(let kind) = t["kind"], !kind.isEmpty else {
            throw c.refusal("the event needs a 'kind' (a string such as \"haptic\", \"focus\", \"announcement\", \"callback\" or one of your own)")
        }
        let piece: String
        switch t["piece"] {
        case .nil: piece = "stage"
        case .string(let p) where !p.isEmpty: piece = p
        default: throw c.valueError("'piece'", "a piece name (a string)", got: t["piece"].described())
        }
        var details: [NamedValue] = []
        for (key, value) in t.fields where key != "kind" && key != "piece" {
            switch value {
            case .string(let s): details.append(NamedValue(key, .text(s)))
            case .boolean(let b): details.append(NamedValue(key, .bool(b)))
            case .number(let n) where n.isFinite: details.append(NamedValue(key, .number(n)))
            default:
                throw c.valueError("detail '\(key)'", "a string, a finite number or a boolean", got: value.described())
            }
        }
        if !t.array.isEmpty {
            throw c.refusal("an event's details are named (style = \"selection\"), not listed")
        }
        return StageEvent(StageEvent.Kind(kind), piece: piece, details: details)
    }
}
