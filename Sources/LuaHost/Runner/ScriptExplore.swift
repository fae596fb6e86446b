import CLua
import CLuaShim
import Foundation
import PieceKit

/// The host's half of `explore` (explore.lua runs the runs and shrinks them): the budget, the draws (one rule for
/// every value, `ChoiceAsk`, so a fresh run and a replayed one agree), whether a stage is at rest, whether a
/// failed gesture was only "not now", the quiet of the runs' stages, and the text of a function (for the minimal
/// scenario it prints).
enum ScriptExplore {
    static func push(_ state: LuaState, context: BindingContext, path: String, options: RunOptions, chunks: ChunkTexts) {
        let L = state.L
        let budget = options.exploration
        lua_createtable(L, 0, 8)
        func field(_ key: String, _ body: @escaping HostFunction) {
            lua_pushstring(L, key)
            state.pushFunction(body)
            lua_rawset(L, -3)
        }
        field("runs") { call in
            let asked = lua_type(call.L, 1) == LUA_TNUMBER ? Int(lua_tointegerx(call.L, 1, nil)) : nil
            lua_pushinteger(call.L, lua_Integer(budget.runs(asked: asked)))
            lua_pushinteger(call.L, lua_Integer(budget.shard))
            lua_pushinteger(call.L, lua_Integer(budget.shards))
            return 3
        }
        field("steps") { call in
            let asked = lua_type(call.L, 1) == LUA_TNUMBER ? Int(lua_tointegerx(call.L, 1, nil)) : 20
            lua_pushinteger(call.L, lua_Integer(budget.steps ?? asked))
            return 1
        }
        // The seed in decimal (every 64-bit seed, exactly), as messages say it.
        field("seed") { call in
            call.push(String(budget.seed))
            return 1
        }
        // start(run, name): where run `run`'s generator starts (a 64-bit pattern in a Lua integer).
        field("start") { call in
            let run = UInt64(bitPattern: Int64(lua_tointegerx(call.L, 1, nil)))
            let name = boundedString(call.L, 2, limit: 4096) ?? ""
            let g = SplitMix64.forRun(run, seed: SplitMix64.seed(budget.seed, for: name))
            lua_pushinteger(call.L, lua_Integer(Int64(bitPattern: g.position)))
            return 1
        }
        field("draw") { call in try draw(call) }
        field("atRest") { call in
            let stages = state.classCache["stage"] as? LuaClass<StageObject>
            guard call.type(1) == LUA_TUSERDATA, let stages,
                  let object = try? stages.object(call, stack: 1, what: "explore") else {
                throw LuaHostError.message("explore: setup must return a stage first (return s, world), got \(call.typeName(1))")
            }
            call.push(!object.stage.isBusy)
            return 1
        }
        // notNow(message): whether `message` is the refusal of a part that cannot be touched now (then forgotten).
        field("notNow") { call in
            let message = boundedString(call.L, 1, limit: 1 << 16) ?? ""
            let refusal = state.lastNotNow
            state.lastNotNow = nil
            call.push(refusal.map { message == $0 || message.hasSuffix(": " + $0) } ?? false)
            return 1
        }
        // quiet(cap): the stages made from now on are a run's (no frame log, at most `cap` frames); quiet() ends it.
        field("quiet") { call in
            context.exploringFrameCap = lua_type(call.L, 1) == LUA_TNUMBER ? Int(lua_tointegerx(call.L, 1, nil)) : nil
            return 0
        }
        // runBudget(n): the instructions the run starting now may use (0 ends the run's budget).
        field("runBudget") { call in
            pb_set_run_budget(call.L, lua_type(call.L, 1) == LUA_TNUMBER ? Int64(lua_tointegerx(call.L, 1, nil)) : 0)
            return 0
        }
        field("source") { call in try source(call, chunks: chunks) }
        // near(name, list...): the name of the list a misspelt one was probably meant to be (`NearName`), or nil.
        field("near") { call in
            let typed = boundedString(call.L, 1, limit: 256) ?? ""
            var known: [String] = []
            for i in stride(from: 2, through: lua_gettop(call.L), by: 1) {
                if let k = boundedString(call.L, i, limit: 256) { known.append(k) }
            }
            if let near = NearName.nearest(to: typed, among: known) { call.push(near) } else { call.pushNil() }
            return 1
        }
        field("replay") { call in try replay(call, path: path, options: options) }
        // The most bytes a minimal scenario may have: what a report keeps whole.
        lua_pushstring(L, "limit")
        lua_pushinteger(L, lua_Integer(TestResult.messageLimit))
        lua_rawset(L, -3)
        // expression(value): the Lua that makes a spring or an animation again, or nil.
        field("expression") { call in
            let tokens = context.tokens(reduceMotion: false)
            if let s = SpringBinding.object(call, at: 1) { call.push(MotionExpression.lua(s.spring, tokens: tokens)); return 1 }
            if let a = AnimationBinding.object(call, at: 1) {
                call.push(MotionExpression.lua(a.animation, tokens: tokens)); return 1
            }
            call.pushNil()
            return 1
        }
        // minimal(text): the failing exploration's minimal scenario, for `--save` (see `TestLifecycle`).
        field("minimal") { call in
            context.minimalScenario = boundedString(call.L, 1, limit: TestResult.messageLimit)
            return 0
        }
        lua_pushstring(L, "file")
        lua_pushstring(L, PathText.lastComponent(path))
        lua_rawset(L, -3)
    }

    /// draw(kind, low, high, position, recorded): a fresh value when `position` is given (then the next position),
    /// else the recorded value when it still fits (then true) or the simplest (then false). A pick's value is its
    /// place from 0.
    static func draw(_ call: LuaCall) throws -> Int32 {
        let L = call.L
        let kind = boundedString(L, 1, limit: 16) ?? ""
        let a = lua_tonumberx(L, 2, nil), b = lua_tonumberx(L, 3, nil)
        let ask: ChoiceAsk
        switch kind {
        case "integer": ask = .integer(low: Int(lua_tointegerx(L, 2, nil)), high: Int(lua_tointegerx(L, 3, nil)))
        case "number": ask = .number(low: a, high: b)
        case "bool": ask = .bool
        case "pick": ask = .pick(count: Int(lua_tointegerx(L, 2, nil)))
        default: throw LuaHostError.message("explore: no draw of kind \(kind)")
        }
        let choice: Choice
        if lua_type(L, 4) == LUA_TNUMBER {
            var g = SplitMix64(seed: UInt64(bitPattern: Int64(lua_tointegerx(L, 4, nil))))
            choice = ask.draw(&g)
            push(choice, L)
            lua_pushinteger(L, lua_Integer(Int64(bitPattern: g.position)))
            return 2
        }
        let recorded: Choice?
        switch lua_type(L, 5) {
        case LUA_TBOOLEAN: recorded = .bool(lua_toboolean(L, 5) != 0)
        case LUA_TNUMBER where kind == "number": recorded = .number(low: a, high: b, value: lua_tonumberx(L, 5, nil))
        case LUA_TNUMBER where kind == "pick":
            recorded = lua_isinteger(L, 5) != 0 ? .pick(count: Int.max, index: Int(lua_tointegerx(L, 5, nil))) : nil
        case LUA_TNUMBER:
            recorded = lua_isinteger(L, 5) != 0 ? .integer(low: .min, high: .max, value: Int(lua_tointegerx(L, 5, nil))) : nil
        default: recorded = nil
        }
        let fitted = recorded.flatMap { ask.replay($0) }
        choice = fitted ?? ask.simplest
        push(choice, L)
        lua_pushboolean(L, fitted == nil ? 0 : 1)
        return 2
    }

    private static func push(_ choice: Choice, _ L: OpaquePointer) {
        switch choice {
        case .integer(_, _, let v): lua_pushinteger(L, lua_Integer(v))
        case .number(_, _, let v): pushNumber(L, v)
        case .bool(let v): lua_pushboolean(L, v ? 1 : 0)
        case .pick(_, let i): lua_pushinteger(L, lua_Integer(i))
        }
    }

    /// source(fn): the exact text of a function of the scenario file or of a module it requires (`FunctionSource`),
    /// then its upvalues but _ENV as a list of { name, value, id } (id tells two variables of one name apart); or
    /// nil and why not.
    static func source(_ call: LuaCall, chunks: ChunkTexts) throws -> Int32 {
        let L = call.L
        guard lua_type(L, 1) == LUA_TFUNCTION else { call.pushNil(); call.push("it is not a function"); return 2 }
        var info = lua_Debug()
        lua_pushvalue(L, 1)
        guard lua_getinfo(L, ">Su", &info) != 0, info.linedefined > 0, let chunk = info.source else {
            call.pushNil(); call.push("it is not a Lua function"); return 2
        }
        let name = String(cString: chunk)
        guard let text = chunks.text(of: name) else {
            call.pushNil(); call.push("it is defined in \(name.hasPrefix("@") ? String(name.dropFirst()) : "a chunk"), not in the scenario file or a module it requires")
            return 2
        }
        let shape = FunctionSource.Shape(first: Int(info.linedefined), last: Int(info.lastlinedefined),
                                         params: Int(info.nparams), vararg: info.isvararg != 0)
        switch FunctionSource.text(in: text, shape: shape) {
        case .failure(let refusal): call.pushNil(); call.push(refusal.reason); return 2
        case .success(let found): call.push(dedented(found))
        }
        lua_createtable(L, Int32(info.nups), 0)
        let list = lua_gettop(L)
        var n: lua_Integer = 0
        for u in stride(from: 1, through: Int32(info.nups), by: 1) {
            guard let upName = lua_getupvalue(L, 1, u) else { break }
            if String(cString: upName) == "_ENV" { clua_pop(L, 1); continue }
            lua_createtable(L, 0, 3)
            lua_rotate(L, -2, 1)
            lua_setfield(L, -2, "value")
            lua_pushstring(L, upName)
            lua_setfield(L, -2, "name")
            lua_pushlightuserdata(L, lua_upvalueid(L, 1, u))
            lua_setfield(L, -2, "id")
            n += 1
            lua_rawseti(L, list, n)
        }
        return 2
    }

    /// replay(text, test): runs the written scenario in a state of its own, as the scenario file's neighbour (its
    /// modules found the same way), under the file's limits and its own header's; gives whether the test named
    /// `test` failed and its message, or nil and what happened instead.
    static func replay(_ call: LuaCall, path: String, options: RunOptions) throws -> Int32 {
        let text = boundedString(call.L, 1, limit: TestResult.messageLimit) ?? ""
        let name = boundedString(call.L, 2, limit: TestResult.nameLimit) ?? ""
        var replayOptions = RunOptions()
        replayOptions.limits = ScenarioHeader.parse(text).limits(from: options.limits)
        replayOptions.libraryFolders = options.libraryFolders
        replayOptions.pluginFolders = options.pluginFolders
        replayOptions.tokenSet = options.tokenSet
        replayOptions.goldens = options.goldens
        let stem = PathText.lastComponent(path).hasSuffix(".lua") ? String(path.dropLast(4)) : path
        let report = ScenarioRunner.replay(text: text, asFile: stem + ".minimal.lua", options: replayOptions)
        guard let result = report.tests.first(where: { $0.name == name }) else {
            call.pushNil()
            call.push(report.tests.first.map { "its test did not run: \($0.message)" } ?? "it declares no test")
            return 2
        }
        call.push(result.status == .failed)
        call.push(result.message)
        return 2
    }

    /// The lines after the first moved left by what they share (the first starts at `function`).
    static func dedented(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count > 1 else { return text }
        let rest = lines.dropFirst().filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }
        let closing = lines.last.map { $0.prefix { $0 == " " || $0 == "\t" }.count } ?? 0
        let shared = min(rest.map { $0.prefix { $0 == " " || $0 == "\t" }.count }.min() ?? 0, closing)
        return ([String(lines[0])] + lines.dropFirst().map { String($0.dropFirst(min(shared, $0.prefix { $0 == " " || $0 == "\t" }.count))) })
            .joined(separator: "\n")
    }
}
