import CLua
import CLuaShim
import Foundation
import PieceKit

/// The host's half of `explore` (explore.lua runs the runs and shrinks them): the budget, the draws (one rule for
/// every value, `ChoiceAsk`, so a fresh run and a replayed one agree), whether a stage is at rest, whether a
/// failed gesture was only "not now", the quiet of the runs' stages; and what writing the minimal scenario needs
/// (`ScriptExploreWriting.swift`).
enum ScriptExplore {
    static func push(_ state: LuaState, context: BindingContext, path: String, options: RunOptions, chunks: ChunkTexts) {
        let L = state.L
        let budget = options.exploration
        lua_createtable(L, 0, 8)
        func field(_ key: String, _ body: @escaping HostFunction) { Self.field(state, key, body) }
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
        pushShares(state, context: context, budget: budget)
        pushWriting(state, context: context, path: path, options: options, chunks: chunks)
    }

    /// One function of the table on top of the stack.
    static func field(_ state: LuaState, _ key: String, _ body: @escaping HostFunction) {
        lua_pushstring(state.L, key)
        state.pushLastingFunction(body)
        lua_rawset(state.L, -3)
    }

    /// What lies beyond one worker's runs: its share under `--jobs`, the failure database's records, the shares'
    /// findings, and the outcome handed back to the runner.
    static func pushShares(_ state: LuaState, context: BindingContext, budget: ExploreBudget) {
        func field(_ key: String, _ body: @escaping HostFunction) { Self.field(state, key, body) }
        // share(): this worker's share of the runs, the shares, and its mode (`ExploreBudget.mode`).
        field("share") { call in
            lua_pushinteger(call.L, lua_Integer(budget.share))
            lua_pushinteger(call.L, lua_Integer(budget.shares))
            call.push(budget.mode)
            return 3
        }
        // stored(name): the records the failure database keeps for the exploration, and a problem to say, or nil.
        field("stored") { call in
            let name = boundedString(call.L, 1, limit: TestResult.nameLimit) ?? ""
            let (records, problem) = budget.database.map { FailureDatabase.read(folder: $0, exploration: name) } ?? ([], nil)
            try pushJSON(.array(records.map(JSONValue.string)), call.L, depth: 0)
            if let problem { call.push(problem) } else { call.pushNil() }
            return 2
        }
        // found(name): what the shares found and counted for the exploration (a table), or nil.
        field("found") { call in
            let name = boundedString(call.L, 1, limit: TestResult.nameLimit) ?? ""
            guard let text = budget.found, let value = JSONValue.parse(text)?[name] else { call.pushNil(); return 1 }
            try pushJSON(value, call.L, depth: 0)
            return 1
        }
        // outcome(json): what the exploration found and counted, for the runner (`TestResult.exploration`).
        field("outcome") { call in
            context.exploreOutcome = boundedString(call.L, 1, limit: 4 * TestResult.messageLimit)
            return 0
        }
    }

    /// draw(kind, low, high, position, recorded, earlier): a fresh value when `position` is given (then the next
    /// position), leaning now and then to a boundary or to one of `earlier` (the run's numbers so far),
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
            // Argument 6: the numbers the run drew before, which a fresh number may lean to (`ChoiceAsk.draw`).
            let earlierCount = lua_type(L, 6) == LUA_TTABLE ? Int(lua_rawlen(L, 6)) : 0
            choice = ask.draw(&g, earlierCount: earlierCount) { i in
                lua_rawgeti(L, 6, lua_Integer(i + 1))
                defer { clua_pop(L, 1) }
                return lua_type(L, -1) == LUA_TNUMBER ? lua_tonumberx(L, -1, nil) : nil
            }
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

    /// A JSON value the host made (a database's records, the shares' findings) as a Lua value: objects and arrays
    /// as tables, whole numbers as integers.
    static func pushJSON(_ value: JSONValue, _ L: OpaquePointer, depth: Int) throws {
        guard depth < 32, lua_checkstack(L, 4) != 0 else { throw LuaHostError.message("explore: the host's findings nest too deeply") }
        switch value {
        case .null: lua_pushnil(L)
        case .bool(let b): lua_pushboolean(L, b ? 1 : 0)
        case .number(let x):
            if x.rounded() == x, abs(x) < 9.0e15 { lua_pushinteger(L, lua_Integer(x)) } else { pushNumber(L, x) }
        case .string(let s): pushBytes(L, s)
        case .array(let items):
            lua_createtable(L, Int32(clamping: items.count), 0)
            for (i, item) in items.enumerated() {
                try pushJSON(item, L, depth: depth + 1)
                lua_rawseti(L, -2, lua_Integer(i + 1))
            }
        case .object(let fields):
            lua_createtable(L, 0, Int32(clamping: fields.count))
            for field in fields {
                pushBytes(L, field.key)
                try pushJSON(field.value, L, depth: depth + 1)
                lua_rawset(L, -3)
            }
        }
    }

    private static func push(_ choice: Choice, _ L: OpaquePointer) {
        switch choice {
        case .integer(_, _, let v): lua_pushinteger(L, lua_Integer(v))
        case .number(_, _, let v): pushNumber(L, v)
        case .bool(let v): lua_pushboolean(L, v ? 1 : 0)
        case .pick(_, let i): lua_pushinteger(L, lua_Integer(i))
        }
    }
}
