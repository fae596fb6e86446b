import CLua
import CLuaShim
import Foundation
import PieceKit

/// The host's half of `explore` (explore.lua runs the runs and shrinks them): the budget, the draws (one rule for
/// every value, `ChoiceAsk`, so a fresh run and a replayed one agree), whether a stage is at rest, whether a
/// failed gesture was only "not now", the quiet of the runs' stages, and the text of a function (for the minimal
/// scenario it prints).
enum ScriptExplore {
    static func push(_ state: LuaState, context: BindingContext, path: String, budget: ExploreBudget) {
        let L = state.L
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
        field("source") { call in try source(call, path: path, context: context) }
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

    /// source(fn): the text of a function the scenario file itself defines (from its `function` keyword to its
    /// last `end`), for the minimal scenario, or nil and why not.
    static func source(_ call: LuaCall, path: String, context: BindingContext) throws -> Int32 {
        let L = call.L
        guard lua_type(L, 1) == LUA_TFUNCTION else { call.pushNil(); call.push("not a function"); return 2 }
        var info = lua_Debug()
        lua_pushvalue(L, 1)
        guard lua_getinfo(L, ">Su", &info) != 0, info.linedefined > 0 else {
            call.pushNil(); call.push("it is not a Lua function"); return 2
        }
        // Only a function of the scenario file itself (chunk "@" + path): a module's or a plugin's is not copied.
        // The file is read again: its size is asked for room under the memory cap first.
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        if let size, let reason = context.checkLimits(holding: 2 * size) { throw LuaHostError.message(reason) }
        guard let source = info.source, String(cString: source) == "@" + path, let size, size <= 16 << 20,
              let data = FileManager.default.contents(atPath: path) else {
            call.pushNil(); call.push("it is not defined in the scenario file"); return 2
        }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let first = Int(info.linedefined), last = Int(info.lastlinedefined)
        guard first >= 1, last >= first, last <= lines.count else {
            call.pushNil(); call.push("its lines are not in the scenario file"); return 2
        }
        var text = lines[(first - 1)...(last - 1)].joined(separator: "\n")
        // From the keyword that starts it to the `end` that closes it: what a table field or assignment adds
        // around it (`setup = `, a trailing comma) is not the function's.
        guard let start = text.range(of: "function"), let end = text.range(of: "end", options: .backwards),
              start.lowerBound < end.lowerBound else {
            call.pushNil(); call.push("its text was not found"); return 2
        }
        text = dedented(String(text[start.lowerBound..<end.upperBound]))
        // `function card(s)` (a named one) is written as the value it is: `function(s)`.
        let name = text.dropFirst("function".count).prefix { $0 != "(" }
        if name.count < text.count - "function".count,
           name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == " " }) {
            text = "function" + text.dropFirst("function".count + name.count)
        }
        call.push(text)
        // Its upvalues but _ENV, by name, so the scenario can write out what it uses of its file.
        lua_createtable(L, 0, Int32(info.nups))
        let table = lua_gettop(L)
        for n in stride(from: 1, through: Int32(info.nups), by: 1) {
            guard let name = lua_getupvalue(L, 1, n) else { break }
            if String(cString: name) == "_ENV" { clua_pop(L, 1); continue }
            lua_setfield(L, table, name)
        }
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
