import CLua
import CLuaShim
import PieceKit

/// A stage as scripts hold it.
package final class StageObject: OnStage {
    package let stage: Stage
    /// The file's record of this stage: what it counts, and the long call rendering on it.
    let entry: StageEntry
    /// The script values the stage's objects hold (its userdata carries their table).
    var values: StageValues { entry.values }
    init(_ stage: Stage, entry: StageEntry) { self.stage = stage; self.entry = entry }

    /// Runs a long call (`s:advance`, a `s:runUntil` step) with its record set, so a memory breach inside it can
    /// say the call may never end. The record goes as the call returns or fails, and stays only when a limit
    /// stopped the file (`isStopped`), for the breach message; the caller clears it once the whole call is over.
    func running<T>(_ call: StageCall, _ c: LuaCall, _ body: () throws -> T) throws -> T {
        entry.call = call
        do {
            return try body()
        } catch {
            if !c.isStopped { entry.call = nil }
            throw error
        }
    }

    /// Brings the host's count of what the stage holds up to date after a script's call made it hold more (an
    /// event, a label), and stops the file when that passed its memory cap. The stage's `interruption` is the
    /// host's check that counts the stage's share afresh (it is asked before every frame for the same reason).
    func recount() throws {
        if let reason = stage.interruption?() { throw LuaHostError.message(reason) }
    }
}

/// `Stage{...}` and its methods: the clock (advance, frames, settle, jump, now), the frames, the environment,
/// and the pieces put on it.
enum StageBinding: ClassBinding {
    /// `s:frames{ from, to }`: the kept frames between two times.
    static let framesOptions: [OptionSpec] = [
        .init("from", "number", unit: "s", "The earliest frame's time", must: "a time in seconds"),
        .init("to", "number", unit: "s", "The latest frame's time", must: "a time in seconds"),
    ]
    /// `s:settle{ maxFrames }`.
    static let settleOptions: [OptionSpec] = [
        .init("maxFrames", "integer", bounds: .atLeast(0, must: "a whole number of frames of at least 0"), "The most frames to render before giving up",
              must: "a number of frames"),
    ]
    static let options: [OptionSpec] = EnvironmentOptions.options + [
        .init("fps", number: 120, type: "integer", bounds: .between(1, 1000, must: "a whole number from 1 to 1000"), "Frames per second",
              must: "a frame rate (frames per second)"),
        .init("history", "number|\"all\"", unit: "s", default: "\"all\"", "How many seconds of frames the stage keeps"),
        .init("gesturePrediction", "number", bounds: .between(0, GesturePhysics.maximumDecelerationRate,
                                                     must: "a deceleration rate from 0 to 0.9999"), default: "0.99",
              "The per-millisecond decay a touch's predictedEndTranslation coasts by (a guess)",
              must: "a deceleration rate from 0 to 0.9999"),
    ]

    /// Sets the global `Stage{...}` and the globals the types made on a stage bring (the `metal` library). The
    /// stage's class, its methods written in Lua and the frames' views are made at the first `Stage{...}` (see
    /// `prepared`): most of a file's set-up cost, and a file that makes no stage never needs them.
    static func install(into context: BindingContext) {
        let state = context.state
        for binding in BindingRegistry.madeOnStage { binding.installGlobals(context: context) }
        state.setGlobal("Stage") { c in
            let c = c.named("Stage")
            let cls = prepared(context)
            let opts = try c.options(1, declared: options)
            let env = try EnvironmentOptions.apply(opts, to: PieceEnvironment())
            let fpsValue = try opts.number(declared: "fps")
            let stage: Stage
            do {
                stage = try Stage(environment: env, fps: Int(fpsValue), overrides: context.overrides)
            } catch { throw ArgumentErrors.refusal("Stage", "\(error)") }
            stage.retention = try retention(opts, c)
            if let rate = try opts.number("gesturePrediction") {
                stage.gesturePrediction = rate
            }
            // The one rule for the clock inside the host's calls into the script (`LuaState.callOut`).
            stage.callouts = state.callouts
            if state.recountHost == nil {
                state.recountHost = { [weak context] in
                    guard let context else { return }
                    context.recountStages()
                    _ = context.state.chargeHost(context.hostBytes)
                }
            }
            let entry = try context.stageCreated(stage, values: StageValues(state: state))
            // The stage's table of values is on the stack until the stage's userdata holds it.
            state.push(StageObject(stage, entry: entry), as: cls, holding: entry.values)
            clua_remove(c.L, -2)
            return 1
        }
    }

    /// The stage's class with its Lua-written methods, and the frames' views, made the first time they are needed.
    /// A script cannot tell this from making them before its first line: no stage, frame or stage method exists
    /// before the first `Stage{...}`, the class's metatable is made the same way at that point, and neither chunk
    /// sets a global.
    @discardableResult
    static func prepared(_ context: BindingContext) -> LuaClass<StageObject> {
        let cls = luaClass(context)
        installLuaMethods(cls, context.state)
        FrameTables.install(in: context.state)
        return cls
    }

    static func describe(_ cls: LuaClass<StageObject>, context: BindingContext) {
        describeClock(cls, context: context)
        describeFrames(cls, context: context)
    }

    /// What moves the clock: advance, frames, events, settle, jump, now.
    static func describeClock(_ cls: LuaClass<StageObject>, context: BindingContext) {
        cls.method("advance", "Moves the clock on, rendering every frame on the way; gives the frames rendered",
                   [.arg("seconds", "number", "s", bounds: .atLeast(0))], returns: "integer") { o, c in
            let seconds = try c.number(1)
            let call = StageCall(name: "s:advance", start: o.stage.now, end: o.stage.now + seconds)
            let count = try o.running(call, c) { try stageCall(c) { try o.stage.advance(seconds) } }
            o.entry.call = nil
            c.push(Double(count))
            return 1
        }
        // frames(n) renders n frames; frames() or frames{ from = t0, to = t1 } returns the rendered frames as a series.
        cls.method("frames",
                   "frames(n) renders n frames and gives n; frames() or frames{ from, to } gives the kept frames as a series",
                   [.opt("n", "integer|" + OptionSpec.tableType(framesOptions), bounds: .atLeast(0, must: "a number of frames of at least 0"),
                        must: "a number of frames (a whole number)")], returns: "piecebox.series|integer") { o, c in
            if c.type(1) == LUA_TNUMBER {
                let n = try c.integer(1)
                _ = try stageCall(c) { try o.stage.frames(n) }
                c.push(Double(n))
                return 1
            }
            let opts = try c.options(1, declared: framesOptions)
            let from = try opts.number("from") ?? -Double.infinity
            let to = try opts.number("to") ?? Double.infinity
            let frames = try stageCall(c) { try o.stage.keptFrames(from: from, to: to) }
            pushSeries(frames, c, context: context)
            return 1
        }
        cls.method("events",
                   "The kept frames' events (of a kind, a piece, a name, between two times) as a series of event tables at their frames' times",
                   [.opt("options", OptionSpec.tableType(EventSeries.options))], returns: "piecebox.series") { o, c in
            let opts = try c.options(1, declared: EventSeries.options)
            try EventSeries.push(o.stage, try EventSeries.Filter(opts), c, context: context)
            return 1
        }
        cls.method("settle", "Renders frames until nothing moves; gives the frames rendered",
                   [.opt("options", OptionSpec.tableType(settleOptions))], returns: "integer") { o, c in
            let opts = try c.options(1, declared: settleOptions)
            let maxFrames = try opts.number("maxFrames").map { n -> Int in
                // More than ten million frames is a runaway, not a wait: held there (the time limit applies anyway).
                return Int(min(n, 10_000_000))
            }
            c.push(Double(try stageCall(c) { try o.stage.settle(maxFrames: maxFrames) }))
            return 1
        }
        cls.method("jump", "Moves the clock on without rendering the frames between; gives the frames rendered",
                   [.arg("seconds", "number", "s", bounds: .atLeast(0))], returns: "integer") { o, c in
            let seconds = try c.number(1)
            c.push(Double(try stageCall(c) { try o.stage.jump(seconds) }))
            return 1
        }
        cls.method("now", "The stage's virtual time", returns: "number") { o, c in c.push(o.stage.now); return 1 }
    }

    /// What reads the kept frames and the environment, and the stage's readings.
    static func describeFrames(_ cls: LuaClass<StageObject>, context: BindingContext) {
        cls.method("frame", "The latest frame, or frame i of those kept (nil when it is not kept)",
                   [.opt("i", "integer", must: "a frame index (a whole number)")], returns: "piecebox.frame?") { o, c in
            if c.isNil(1) {
                // A new stage has rendered nothing; a nil here only failed later, as a bare "index a nil value".
                guard let f = o.stage.latestFrame else {
                    throw c.refusal("no frame has been rendered yet; render one first "
                        + "(s:frames(1), s:advance(seconds) or s:settle())")
                }
                if o.stage.hasUnrenderedChange { context.staleRead = (WeakStage(o.stage), f.index) }
                FrameTables.push(f, c.L)
                return 1
            }
            let i = try c.integer(1)
            guard let f = try stageCall(c, { try o.stage.keptFrame(at: i) }) else { c.pushNil(); return 1 }
            FrameTables.push(f, c.L)
            return 1
        }
        cls.method("frameAt", "The kept frame shown at a time (nil when none is kept)",
                   [.arg("time", "number", "s", must: "a time in seconds")], returns: "piecebox.frame?") { o, c in
            let time = try c.number(1)
            guard let f = try stageCall(c, { try o.stage.keptFrame(atTime: time) }) else { c.pushNil(); return 1 }
            FrameTables.push(f, c.L)
            return 1
        }
        cls.method("environment",
                   "Gives the environment; with a table, changes it (with an animation, animated) and gives the new one",
                   [.opt("changes", OptionSpec.tableType(EnvironmentOptions.options)), .opt("animation", "piecebox.animation")],
                   returns: "table") { o, c in
            if c.isNil(1) { EnvironmentOptions.value(o.stage.environment).push(c.L); return 1 }
            try c.refuseChange(on: o.stage, "change the environment")
            let opts = try c.options(1, declared: EnvironmentOptions.options)
            let env = try EnvironmentOptions.apply(opts, to: o.stage.environment)
            let animation = c.isNil(2) ? nil : try MotionBinding.animationArgument(c, 2, context: context)
            o.stage.setEnvironment(env, transaction: Transaction(animation: animation))
            EnvironmentOptions.value(o.stage.environment).push(c.L)
            return 1
        }
        cls.luaMethod("runUntil",
                      "Renders frames until the predicate holds for a frame (timing out after 10 s); gives the frames rendered",
                      [.arg("predicate", "fun(frame: table): boolean"), .opt("timeout", "number", "s")],
                      returns: "integer")
        StageWorkBinding.install(on: cls, context: context)
        for binding in BindingRegistry.madeOnStage { binding.install(on: cls, context: context) }
        cls.reading("fps", "integer",
                    "Frames per second the stage renders") { o, c in c.push(Double(o.stage.fps)); return 1 }
        cls.reading("frameIndex", "integer",
                    "The number of the latest frame rendered") { o, c in c.push(Double(o.stage.frameIndex)); return 1 }
        cls.reading("width", "number",
                    unit: "pt", "The screen's width") { o, c in c.push(o.stage.environment.size.width); return 1 }
        cls.reading("height", "number",
                    unit: "pt", "The screen's height") { o, c in c.push(o.stage.environment.size.height); return 1 }
    }

    /// Methods that call back into Lua are written in Lua, so no Swift frame sits between two Lua calls.
    /// Once per state: a second call finds `runUntil` in the methods table and returns.
    static func installLuaMethods(_ cls: LuaClass<StageObject>, _ state: LuaState) {
        let L = state.L
        // The methods table exists only once the metatable is made; without this the Lua methods were lost.
        cls.ensureMetatable(in: state)
        pb_push_metatable(L, cls.name)
        lua_pushstring(L, "__methods")
        lua_rawget(L, -2)
        let methods = lua_gettop(L)
        lua_pushstring(L, "runUntil")
        let installed = lua_rawget(L, methods) != LUA_TNIL
        clua_pop(L, 1)
        if installed { clua_pop(L, 2); return }
        _ = state.run(text: HostChunk.stage.text, chunkName: HostChunk.stage.chunkName) { L in
            lua_pushvalue(L, methods)
            // step(stage, start, timeout): renders one frame as stage:frames(1) does (the same errors, named the
            // same) and hands back that frame's view, so each frame runUntil waits through is one call into the
            // host. The call's record (started at `start`, ending by `start + timeout`) is set for a memory breach.
            state.pushLastingFunction { c in
                let c = c.named("stage:frames", method: true)
                let o = try cls.object(c, stack: 1, what: "stage:frames")
                let start = lua_tonumberx(c.L, 2, nil), timeout = lua_tonumberx(c.L, 3, nil)
                let call = StageCall(name: "s:runUntil", start: start, end: start + timeout)
                _ = try o.running(call, c) { try stageCall(c) { try o.stage.frames(1) } }
                guard let frame = o.stage.latestFrame else { c.pushNil(); return 1 }
                FrameTables.push(frame, c.L)
                return 1
            }
            // finish(stage): runUntil has returned or timed out; its record goes.
            state.pushLastingFunction { c in
                let o = try cls.object(c.named("stage:runUntil", method: true), stack: 1, what: "stage:runUntil")
                o.entry.call = nil
                return 0
            }
            // What an error calls a value (`TypeName`).
            lua_pushcclosure(L, pb_lua_type_name, 0)
            return 4
        }
        clua_pop(L, 2)
    }


    /// The `history` option: how many seconds of frames the stage keeps (the latest stretch of virtual time), or
    /// "all" (the default).
    static func retention(_ opts: Options, _ c: LuaCall) throws -> FrameRetention {
        guard opts.has("history") else { return .all }
        let expected = "a number of seconds of frames to keep (0 or more) or \"all\""
        switch opts.table["history"] {
        case .string("all"): return .all
        case .string(let text): throw c.optionError("history", expected, got: "\"\(LuaValue.shown(text))\"")
        // A number of 0 or more (the bounds), else refused in the same words as any other value.
        case let value: return .seconds(try c.number(value, at: "option 'history'", bounds: .atLeast(0), must: expected))
        }
    }

    /// Runs a stage operation; a StageError becomes a message for the script. (What the script's own code that ran
    /// meanwhile raised is raised by the trampoline when the call returns: see `CalloutMailbox`.)
    static func stageCall<T>(_ c: LuaCall, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as LuaHostError { throw error } catch {
            throw LuaHostError.message("\(c.function): \(error)")
        }
    }

    /// Pushes `series(frames, times)` built by the test framework's own constructor.
    static func pushSeries(_ frames: [Frame], _ c: LuaCall, context: BindingContext) {
        let L = c.L
        context.state.push(.series)
        let fn = lua_gettop(L)
        lua_createtable(L, Int32(min(frames.count, 1 << 24)), 0)
        for (i, f) in frames.enumerated() {
            // Past the memory cap the rest is not built; the call raises the limit's error once it returns.
            if c.isStopped { break }
            FrameTables.push(f, L)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
        lua_createtable(L, Int32(min(frames.count, 1 << 24)), 0)
        for (i, f) in frames.enumerated() {
            lua_pushnumber(L, f.time)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
        // series() is the framework's own pure-Lua constructor; calling it protected keeps errors in Lua.
        if lua_type(L, fn) != LUA_TFUNCTION || pb_pcall(L, 2, 1, 0) != LUA_OK {
            lua_settop(L, fn - 1)
            lua_pushnil(L)
        }
    }
}
