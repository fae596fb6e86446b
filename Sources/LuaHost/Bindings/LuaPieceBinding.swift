import CLua
import CLuaShim
import PieceKit

/// A piece written in Lua: a state table and a layout function `layout(state, env) -> { element = {...} }`,
/// and optional handlers for touches, keys and accessibility (see `LuaPieceInteraction.swift`).
/// The stage animates, samples and logs its elements exactly as it does a Swift piece's.
package final class LuaPiece: HoldsScriptTexts {
    package let name: String
    let state: LuaState
    /// For reading the animations handlers return.
    let context: BindingContext
    /// Where the piece's script values are kept (its stage's table, `StageValues`), and the keys of the layout
    /// function and the state table there.
    let values: StageValues
    let layoutRef: Int32
    let stateRef: Int32
    /// The keys of the optional handlers; LUA_NOREF when not given.
    var handlers = Handlers()
    /// The part names the script declared (`parts`), the first being the default; nil: every published element.
    var declaredParts: [String]?
    var lastGood: [Element] = []
    /// Reads the layout's tables, keeping its buffers and names from one layout to the next.
    private var reader = LuaPieceElements()
    /// The key of the `env` table the layout is handed: made once, refreshed before every call.
    private(set) var environmentRef = LUA_NOREF
    /// `timeline = { minimumInterval = 1/60 }`: the layout is asked again at each update and reads `env.time`.
    var timeline: StageTimeline?
    /// `methods = { beat = function(self, ...) end }`: this piece's own methods (its key in the stage's
    /// table, copied when made) and their names, so `card:beat()` works as a Swift piece's methods do.
    var methodsRef = LUA_NOREF
    var methodNames: [String] = []
    /// `readings = { angle = function(state, env) ... end }`: values read as fields (`v.angle`), as a Swift piece's
    /// readings are; the key of the copied table among the stage's values, and the names.
    var readingsRef = LUA_NOREF
    var readingNames: [String] = []
    /// `tasks`, `timeline.paused` as a function, `player`: nil for a piece that uses none of them, so its layout
    /// does no more than it did (see `LuaPieceHooks`).
    var hooks: LuaPieceHooks?
    /// `order`: how the layout's elements and properties are listed (nil: by name).
    var order: ElementOrder?

    struct Handlers {
        var onTouch = LUA_NOREF
        var onKey = LUA_NOREF
        var accessibility = LUA_NOREF
        var perform = LUA_NOREF
        var onPlayer = LUA_NOREF
    }

    /// Its script values go with it (`LuaState.release`): a stage let go of frees its pieces' states.
    deinit { values.release(heldKeys) }

    /// Every value the piece holds in its stage's table.
    private var heldKeys: [Int32] {
        var all = [layoutRef, stateRef, environmentRef, methodsRef, readingsRef,
                   handlers.onTouch, handlers.onKey, handlers.accessibility, handlers.perform, handlers.onPlayer]
        if let hooks {
            all.append(hooks.pausedRef)
            for task in hooks.tasks {
                all += [task.idRef, task.runRef, task.lastRef]
                if let later = task.pendingLater { all.append(later.ref) }
            }
        }
        return all
    }

    init(name: String, state: LuaState, context: BindingContext, values: StageValues, layoutRef: Int32, stateRef: Int32) {
        self.name = name; self.state = state; self.context = context; self.values = values
        self.layoutRef = layoutRef; self.stateRef = stateRef
    }

    /// Posts an error for the script: raised when the host call from Lua that ran this piece returns.
    func record(_ error: String) { state.post(error) }

    /// Calls this piece's function `role` (its layout, a handler) under `nargs` arguments on the stack, as every
    /// call into a script's function goes (`LuaState.callOut`: no clock moves inside it, a failure said once and
    /// posted for the script). Returns whether it returned.
    func protectedCall(_ role: String, _ nargs: Int32, results: Int32, handler: Int32, reads: Bool = false) -> Bool {
        state.callOut(.init(.piece, owner: name, role: role, reads: reads), nargs: nargs, results: results,
                      handler: handler) == nil
    }

    /// The texts and names its layout made it keep (the reader's, shared by the elements the stage holds), and its
    /// `parts`.
    package var heldTextBytes: Int { readerBytes + partBytes }
    /// The reader's held texts as of its latest read: kept apart, since the host may count the stage's share while
    /// a read is under way (to make room for what it copies) and the reader is not to be read then.
    private var readerBytes = 0
    /// The names in `parts`, as `FrameSize` counts texts.
    var partBytes = 0

    /// Calls the Lua layout. A script error keeps the last good elements and is raised when the call that caused
    /// the change returns.
    package func elements(in environment: PieceEnvironment, tokens: MotionTokens) -> [Element] {
        let L = state.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        pb_push_traceback_handler(L)
        values.push(layoutRef, L)
        values.push(stateRef, L)
        if environmentRef == LUA_NOREF {
            lua_createtable(L, 0, 10)
            environmentRef = values.keep(L)
        }
        values.push(environmentRef, L)
        EnvironmentOptions.write(environment, into: lua_gettop(L), L)
        if let timeline { TimelineOption.setTime(timeline, L) }
        if let hooks { runHooks(hooks, env: lua_gettop(L)) }
        guard protectedCall("layout", 2, results: 1, handler: top + 1, reads: true) else { return lastGood }
        do {
            let elements = try reader.read(L, -1, order: order)
            readerBytes = reader.heldTextBytes
            lastGood = elements
            return elements
        } catch {
            record("\(name): layout returned \(error)")
            return lastGood
        }
    }
}

package enum LuaPieceBinding: StageMadeBinding {
    static let example = """
        { name = "card", state = { n = 0 }, layout = function(state) return { surface = { x = 0, y = 0, w = 100 + (state.n or 0), h = 50 } } end }
        """
    /// `stage:piece{ name = "card", state = { open = false }, layout = function(state, env) ... end }`.
    static func make(on stage: Stage, _ c: LuaCall, context: BindingContext) throws -> LuaPiece {
        let state = context.state
        let values = try context.values(of: stage, c)
        let L = c.L
        guard c.type(1) == LUA_TTABLE else { throw c.argumentError(1, "a table { name = ..., state = {...}, layout = function(state, env) ... end }") }
        let t = 1 + c.offset
        try c.checkOptionKeys(1, allowed: options.lazy.map(\.name))
        lua_pushstring(L, "name"); lua_rawget(L, t)
        guard lua_type(L, -1) == LUA_TSTRING else {
            throw c.optionError("name", "the piece's name (a string)", got: TypeName.of(L, -1))
        }
        try c.budget.spend(entries: 0, bytes: Int(lua_rawlen(L, -1)))
        let name = try Options.checkedPieceName(LuaValue.bytes(L, -1), in: c.function)
        clua_pop(L, 1)
        lua_pushstring(L, "layout"); lua_rawget(L, t)
        if lua_type(L, -1) == LUA_TNIL {
            clua_pop(L, 1)
            // `body` (a view tree, LuaPieceBody) instead of `layout`: called through a layout function of its own.
            if try !LuaPieceBody.pushLayout(L, t, c, state: state) { lua_pushnil(L) }
        } else if LuaPieceBody.isGiven(L, t) {
            clua_pop(L, 1)
            throw c.refusal("give 'layout' (elements) or 'body' (a view tree), not both")
        }
        guard lua_type(L, -1) == LUA_TFUNCTION else {
            let got = TypeName.of(L, -1)
            clua_pop(L, 1)
            throw c.optionError("layout", "a function(state, env) that returns the elements (or give 'body', a function(state, env) that returns a view)", got: got)
        }
        let layoutRef = values.keep(L)
        lua_pushstring(L, "state"); lua_rawget(L, t)
        if lua_type(L, -1) == LUA_TNIL { clua_pop(L, 1); clua_newtable(L) }
        guard lua_type(L, -1) == LUA_TTABLE else {
            let got = TypeName.of(L, -1)
            clua_pop(L, 1)
            values.release([layoutRef])
            throw c.optionError("state", "a table", got: got)
        }
        let stateRef = values.keep(L)
        // From here every reference taken is the piece's at once, so a later refusal, which drops the piece, lets
        // go of them all (its deinit).
        let piece = LuaPiece(name: name, state: state, context: context, values: values, layoutRef: layoutRef, stateRef: stateRef)
        piece.handlers.onTouch = try handlerRef(L, t, "onTouch", "function(state, touch)", c, values)
        piece.handlers.onKey = try handlerRef(L, t, "onKey", "function(state, key)", c, values)
        piece.handlers.accessibility = try handlerRef(L, t, "accessibility", "function(state, env) that returns the elements", c, values)
        piece.handlers.perform = try handlerRef(L, t, "perform", "function(state, action, element)", c, values)
        piece.declaredParts = try partNames(L, t, c)
        piece.partBytes = piece.declaredParts?.reduce(0) { $0 + 16 + FrameSize.textBytes(count: $1.utf8.count) } ?? 0
        let timeline = try TimelineOption.make(L, t, c, stage: stage, values: values, piece: name)
        piece.timeline = timeline?.timeline
        if let pausedRef = timeline?.pausedRef, pausedRef != LUA_NOREF {
            piece.hooks = LuaPieceHooks(stage: stage)
            piece.hooks?.pausedRef = pausedRef
        }
        piece.order = try ElementOrder.read(L, t, c)
        let taken = Set(luaClass(context).memberNames(L))
        if let methods = try readOwnFunctions("methods", "function(self, ...)", L, t, c, values, taken: taken) {
            (piece.methodsRef, piece.methodNames) = methods
        }
        if let readings = try readOwnFunctions("readings", "function(state, env) that returns the value", L, t, c, values,
                                               taken: taken.union(piece.methodNames)) {
            (piece.readingsRef, piece.readingNames) = readings
        }
        piece.partBytes += (piece.methodNames + piece.readingNames).reduce(0) {
            $0 + 16 + FrameSize.textBytes(count: $1.utf8.count)
        }
        piece.handlers.onPlayer = try handlerRef(L, t, "onPlayer", "function(state, report, env)", c, values)
        let player = try playerOption(L, t, c, stage: stage, context: context, onPlayer: piece.handlers.onPlayer)
        let tasks = try LuaPieceTasks.read(L, t, c, values: values)
        if !tasks.isEmpty {
            piece.hooks = piece.hooks ?? LuaPieceHooks(stage: stage)
            piece.hooks?.tasks = tasks
        }
        if let player {
            piece.hooks = piece.hooks ?? LuaPieceHooks(stage: stage)
            piece.hooks?.player = player
            // Told the player's state as it is now, then every report, as a Swift piece reads its player.
            piece.playerReported(PlayerReport(at: stage.workTime, reason: .tick, time: player.reportedTime,
                                              isPlaying: player.isPlaying, trackIndex: nil),
                                 reason: "appear", on: stage)
        }
        // Its first layout reads the tasks' ids: the initial ones run before the constructor returns.
        let added: Result<Void, StageError> = piece.asOwnCall { Result { () throws(StageError) in try stage.add(piece) } }
        if case .failure(let error) = added { throw c.refusal("\(error.description)") }
        // Only a piece on the stage hears the player's reports.
        player?.observe { [weak piece, weak stage] report in
            guard let piece, let stage else { return }
            piece.playerReported(report, on: stage)
        }
        // What the piece keeps (its name, parts, the texts its layout gave) is counted now, not at the next frame.
        if let reason = stage.interruption?() { throw LuaHostError.message(reason) }
        return piece
    }

    package static let options: [OptionSpec] = [
        .init("name", "string", "The piece's name in the frame log"),
        .init("state", "table", "The piece's state, handed to layout"),
        .init("layout", "fun(state: table, env: piecebox.env): table", "Gives the piece's elements for a state (or give body)"),
        .init("body", "fun(state: table, env: piecebox.env): piecebox.view",
              "Instead of layout: gives a view tree (ui), laid out on the screen; each view given an id is an element"),
        .init("onTouch", HandlerTypes.handlers["onTouch"] ?? "function", "Handles a touch on the piece"),
        .init("onKey", HandlerTypes.handlers["onKey"] ?? "function", "Handles a key press"),
        .init("accessibility", HandlerTypes.handlers["accessibility"] ?? "function", "Gives the accessibility elements"),
        .init("perform", HandlerTypes.handlers["perform"] ?? "function", "Performs an accessibility action"),
        .init("parts", "table", "Where gestures aim, by part name"),
        .init("timeline", "table", "A timeline that redraws the piece as time passes: { minimumInterval, paused = boolean or function(state, env) }"),
        .init("methods", "table<string, function>", "Methods of its own, called piece:name(...) with the piece as self"),
        .init("readings", "table<string, function>", "Values read as fields, piece.name: each a function(state, env) that returns it"),
        .init("player", "piecebox.player|table", "A player whose reports onPlayer is told (needs onPlayer)"),
        .init("onPlayer", "fun(state: table, report: table, env: piecebox.env)",
              "Handles the player's state when made (reason \"appear\") and each report it sends"),
        .init("tasks", "table[]",
              "Like .task(id:): { id = function(state, env), run = function(state, env), initial = true }, run when the id changes"),
        .init("order", "table",
              "The frame log's order: { elements = { names }, properties = { names } }; others after, by name"),
    ]

    /// `methods = { beat = function(self, ...) end }` and `readings = { angle = function(state, env) ... end }`:
    /// copied into a table of the piece's own, each a function whose name is not one the piece already answers
    /// (`tap`, `set`, `state`, or one of its own methods: the new name would hide it). Nil when not given.
    private static func readOwnFunctions(_ option: String, _ shape: String, _ L: OpaquePointer, _ t: Int32,
                                         _ c: LuaCall, _ values: StageValues, taken: Set<String>) throws -> (ref: Int32, names: [String])? {
        lua_pushstring(L, option)
        lua_rawget(L, t)
        defer { clua_pop(L, 1) }
        if lua_type(L, -1) == LUA_TNIL { return nil }
        guard lua_type(L, -1) == LUA_TTABLE else {
            let example = option == "methods" ? "{ beat = function(self) ... end }" : "{ angle = function(state, env) ... end }"
            throw c.optionError(option, "a table of functions such as \(example)",
                                got: TypeName.of(L, -1))
        }
        let source = lua_gettop(L)
        lua_createtable(L, 0, 4)
        let copy = lua_gettop(L)
        var names: [String] = []
        lua_pushnil(L)
        while lua_next(L, source) != 0 {
            guard lua_type(L, -2) == LUA_TSTRING, let key = try? LuaValue.textKey(L, -2), !key.isEmpty else {
                clua_pop(L, 3)
                throw c.refusal("option '\(option)' must have names (strings) for keys")
            }
            try c.budget.spend(entries: 1, bytes: key.utf8.count)
            guard lua_type(L, -1) == LUA_TFUNCTION else {
                let got = TypeName.of(L, -1)
                clua_pop(L, 3)
                throw c.valueError("option '\(option)': '\(key)'", "a \(shape)", got: got)
            }
            guard !taken.contains(key) else {
                clua_pop(L, 3)
                throw c.refusal("option '\(option)': '\(key)' is already the piece's own (a \(option == "methods" ? "method" : "reading") of the same name would hide it)")
            }
            names.append(key)
            lua_pushvalue(L, -2)
            clua_insert(L, -2)
            lua_rawset(L, copy)
        }
        return (values.keep(L), names.sorted())
    }

    /// `player = p` (a `s:player{}` or a Lua player, read as every piece bound to a player reads it); it needs
    /// `onPlayer`, which alone would never be called.
    private static func playerOption(_ L: OpaquePointer, _ t: Int32, _ c: LuaCall, stage: Stage,
                                     context: BindingContext, onPlayer: Int32) throws -> (any MediaPlayer)? {
        lua_pushstring(L, "player")
        let type = lua_rawget(L, t)
        let typeName = TypeName.of(L, -1)
        clua_pop(L, 1)
        guard type != LUA_TNIL else { return nil }
        let opts = Options(function: c.function, table: LuaTable(fields: [("player", .opaque(typeName))]))
        let player = try PlayerOption.read(c, opts, on: stage, context: context)
        guard onPlayer != LUA_NOREF else {
            throw c.refusal("option 'player' needs 'onPlayer', a function(state, report, env) told each report")
        }
        return player
    }

    /// The key (among the stage's values) of the function at `t[key]`, or LUA_NOREF when the key is absent.
    private static func handlerRef(_ L: OpaquePointer, _ t: Int32, _ key: String, _ shape: String, _ c: LuaCall,
                                   _ values: StageValues) throws -> Int32 {
        lua_pushstring(L, key)
        switch lua_rawget(L, t) {
        case LUA_TNIL:
            clua_pop(L, 1)
            return LUA_NOREF
        case LUA_TFUNCTION:
            return values.keep(L)
        default:
            let got = TypeName.of(L, -1)
            clua_pop(L, 1)
            throw c.optionError(key, "a \(shape)", got: got)
        }
    }

    /// `parts = { "surface", "grabber" }`: the element names gestures may aim at, the first by default.
    private static func partNames(_ L: OpaquePointer, _ t: Int32, _ c: LuaCall) throws -> [String]? {
        lua_pushstring(L, "parts")
        lua_rawget(L, t)
        defer { clua_pop(L, 1) }
        let value: LuaValue
        do { value = try LuaValue.read(L, -1, budget: c.budget) } catch let LuaHostError.message(m) {
            throw c.refusal("option 'parts': \(m)")
        }
        if value.isNil { return nil }
        let shape = "a list of element names such as { \"surface\", \"grabber\" }"
        guard case .table(let list) = value, list.fields.isEmpty, !list.array.isEmpty else {
            throw c.optionError("parts", shape, got: value.typeName)
        }
        return try list.array.enumerated().map { i, v in
            guard case .string(let name) = v, !name.isEmpty else {
                throw c.optionError("parts", shape, got: "\(v.described()) as item \(i + 1)")
            }
            return name
        }
    }

    package static func describe(_ cls: LuaClass<Bound<LuaPiece>>, context: BindingContext) {
        cls.reading("name", "string", "The piece's name in the frame log") { o, c in c.push(o.value.name); return 1 }
        cls.reading("state", "table",
                    "The piece's state table") { o, c in o.value.values.push(o.value.stateRef, c.L); return 1 }
        // The piece's target elements (where they are going), by name: card.layout.surface.h
        cls.reading("layout", "table", "The piece's target elements (where they are going), by name") { o, c in
            let elements = o.stage.targets(of: o.value.name) ?? []
            lua_createtable(c.L, 0, Int32(elements.count))
            for e in elements {
                lua_pushstring(c.L, e.name)
                FrameTables.push(ElementFrame(name: e.name, numberNames: e.numbers.map(\.name),
                                              values: e.numbers.map(\.value), attributes: e.attributes), c.L)
                lua_rawset(c.L, -3)
            }
            return 1
        }
        InteractionBinding.addMethods(to: cls, context: context)
        // Its own methods (`methods = {...}`), after the class's: p:beat(...) calls beat(p, ...).
        // Then its readings (`readings = {...}`): p.angle is angle(state, env), read now.
        cls.objectMembers({ o, key, c in
            if let found = ownFunction(o.value.methodsRef, of: o.value, key, c.L) { return found }
            guard ownFunction(o.value.readingsRef, of: o.value, key, c.L) != nil else { return nil }
            clua_pop(c.L, 1)
            return o.value.read(key, on: o.stage)
        }, names: { ($0.value.methodNames + $0.value.readingNames).sorted() })
        // set(changes[, animation]): merges the changes into the state inside one transaction.
        cls.method("set", "Merges changes into the state inside one transaction",
                   [.arg("changes", "table", must: "a table of state changes"), .opt("animation", "piecebox.animation")]) { o, c in
            guard c.type(1) == LUA_TTABLE else { throw c.argumentError(1) }
            try c.refuseChange(on: o.stage, "change \(o.value.name)'s state")
            let animation = c.isNil(2) ? nil : try MotionBinding.animationArgument(c, 2, context: context)
            let L = c.L
            let changes = 1 + c.offset
            o.value.asOwnCall { o.stage.transact(Transaction(animation: animation)) {
                o.value.values.push(o.value.stateRef, L)
                let target = lua_gettop(L)
                lua_pushnil(L)
                while lua_next(L, changes) != 0 {
                    lua_pushvalue(L, -2)
                    clua_insert(L, -2)
                    lua_rawset(L, target)
                }
                clua_pop(L, 1)
            } }
            // The layout may keep new texts: counted now, not at the next frame.
            if let reason = o.stage.interruption?() { throw LuaHostError.message(reason) }
            return 0
        }
    }
}
