import CLua
import Foundation
import CLuaShim
import PieceKit

/// Where the host table and the lists the declarations fill are kept (registry references).
struct HostRefs {
    let host: Int32
    let tests: Int32
    let groups: Int32
}

extension ScenarioRunner {
    /// Makes the host table the preludes receive (the file's seed, print, readModule, matchGolden, and the tests
    /// and groups lists they fill), runs the preludes with it, and hands the error explainer and the frame tables'
    /// miss recorder to where the C handler and `FrameTables` find them.
    static func installHost(_ state: LuaState, context: BindingContext, path: String, options: RunOptions,
                            modules: ModulePaths, source: Data,
                            goldens: HeldGoldens = HeldGoldens()) -> Result<HostRefs, FileProblem> {
        let L = state.L
        // The texts of the file and of the modules it requires, for the functions a minimal scenario copies.
        let chunks = ChunkTexts()
        chunks.keep(source, chunkName: "@" + path)
        lua_createtable(L, 0, 4)
        let hostIndex = lua_gettop(L)
        func field(_ key: String, _ push: () -> Void) {
            lua_pushstring(L, key)
            push()
            lua_rawset(L, hostIndex)
        }
        field("seed") { lua_pushinteger(L, lua_Integer(Self.seed(for: PathText.lastComponent(path)))) }
        field("print") { pushPrint(state) }
        // The number each table, function, coroutine or userdata got as it was made: `pairs`' order (sandbox.lua).
        field("birth") { lua_pushcclosure(L, pb_birth, 0) }
        // What an error calls a value ("piecebox.stage", "table"): the host's one rule (`TypeName`), for the chunks.
        field("typeName") { lua_pushcclosure(L, pb_lua_type_name, 0) }
        field("readModule") { pushReadModule(state, modules: modules, chunks: chunks) }
        // expect(stage).toMatchGolden(name[, options]): see ScriptGoldens.
        field("matchGolden") { pushMatchGolden(state, context: context, path: path, options: options, held: goldens) }
        // expect(stage).toHaveEmitted{...}: see EventSeries.
        field("events") { EventSeries.pushHostFunction(state, context: context) }
        field("emitted") { EventSeries.pushEmittedHostFunction(state, context: context) }
        // expect(stage).toBeFinite(), .toBeContinuous{...}, .toBeStillUnderReduceMotion{...}: see ScriptInvariants.
        field("invariant") { ScriptInvariants.push(state, context: context) }
        // A failing expectation's note after a stale s:frame() (BindingContext.staleFrameNote), or nil.
        field("staleFrameNote") {
            state.pushLastingFunction { call in
                if let note = context.staleFrameNote() { pushBytes(call.L, note) } else { lua_pushnil(call.L) }
                return 1
            }
        }
        // series:overshoot() and toOvershootBy: the motion summary's rule for a segment.
        field("overshoot") { pushOvershoot(state, context: context) }
        // The chunks loaded on first use, each handed to the chunk that runs it then (framework.lua, sandbox.lua).
        field("loadFramework") { HostChunks.pushLoader(state, HostChunk.expect) }
        field("loadExplainer") { HostChunks.pushLoader(state, HostChunk.explain) }
        field("loadTestOptions") { HostChunks.pushLoader(state, HostChunk.testOptions) }
        field("loadExplore") { HostChunks.pushLoader(state, HostChunk.explore) }
        field("loadWriter") { HostChunks.pushLoader(state, HostChunk.writer) }
        field("loadRuns") { HostChunks.pushLoader(state, HostChunk.runs) }
        field("loadShrink") { HostChunks.pushLoader(state, HostChunk.shrink) }
        field("loadSearch") { HostChunks.pushLoader(state, HostChunk.search) }
        // explore's draws, budget and the quiet of its runs' stages: see ScriptExplore.
        field("exploring") { ScriptExplore.push(state, context: context, path: path, options: options, chunks: chunks) }
        var lists: [Int32] = []
        for key in ["tests", "groups"] {
            field(key) {
                clua_newtable(L)
                lua_pushvalue(L, -1)
                lists.append(luaL_ref(L, CLUA_REGISTRYINDEX))
            }
        }
        let refs = HostRefs(host: luaL_ref(L, CLUA_REGISTRYINDEX), tests: lists[0], groups: lists[1])

        func pushHost(_ L: OpaquePointer) -> Int32 {
            lua_rawgeti(L, CLUA_REGISTRYINDEX, lua_Integer(refs.host))
            return 1
        }
        for chunk in [HostChunk.sandbox, .framework, .tests] {
            if case .error(let message, _) = state.run(text: chunk.text, chunkName: chunk.chunkName, pushArgs: pushHost) {
                return .failure(FileProblem(message: "\(path): the sandbox could not start: \(message)"))
            }
        }
        lua_rawgeti(L, CLUA_REGISTRYINDEX, lua_Integer(refs.host))
        lua_pushstring(L, "series")
        lua_rawget(L, -2)
        state.fill(.series)
        lua_pushstring(L, "own")
        lua_rawget(L, -2)
        state.fill(.ownFunctions)
        for (field, key) in [("explain", PB_EXPLAIN_KEY), ("frameMiss", FrameTables.missKey)] {
            lua_pushstring(L, field)
            lua_rawget(L, -2)
            lua_setfield(L, CLUA_REGISTRYINDEX, key)
        }
        clua_pop(L, 1)
        return .success(refs)
    }

    /// `series:overshoot()` (and so `toOvershootBy`): `MotionSummary.overshoot(ofSegment:)`, the rule the golden
    /// summaries, `piecebox diff` and the plots use, so there is one definition. The values are copied under the
    /// call's read budget and the file's limits, one step each.
    private static func pushOvershoot(_ state: LuaState, context: BindingContext) {
        state.pushLastingFunction { call in
            let c = call.named("series:overshoot")
            guard case .table(let list) = try c.value(1) else {
                throw c.valueError("the series' values", "a list", got: c.typeName(1))
            }
            var work = context.hostWork()
            try work.reserve(HostBytes.array(list.array.count, of: Double.self))
            var values: [Double] = []
            values.reserveCapacity(list.array.count)
            for (i, value) in list.array.enumerated() {
                try work.step()
                guard case .number(let n) = value else { throw c.valueError("value \(i + 1)", "a number", got: value.typeName) }
                values.append(n)
            }
            c.push(MotionSummary.overshoot(ofSegment: values) ?? 0)
            return 1
        }
    }

    /// The host's print: output is kept by the host, outside the memory cap, so it has a cap of its own.
    private static func pushPrint(_ state: LuaState) {
        var printed = 0
        state.pushLastingFunction { call in
            guard printed < Self.printLimit else { return 0 }
            // Copied only up to what may still be kept: a line of a gigabyte costs no more than the cap.
            let line = lua_type(call.L, 1) == LUA_TSTRING
                ? boundedString(call.L, 1, limit: Self.printLimit - printed) ?? "" : ((try? call.string(1)) ?? "")
            printed += line.utf8.count + 1
            if printed >= Self.printLimit {
                state.printSink("... (output truncated: a file may print at most \(Self.printLimit >> 10) KiB)")
            } else {
                state.printSink(line)
            }
            return 0
        }
    }

    /// `require`'s reader: a module's source and chunk name, or nil and why.
    private static func pushReadModule(_ state: LuaState, modules: ModulePaths, chunks: ChunkTexts) {
        state.pushLastingFunction(declaring([.arg("name", "string", must: "a module name (a string)")]) { call in
            let name = try call.named("require").string(1)
            switch modules.resolve(name) {
            case .success(let found):
                chunks.keep(found.source, chunkName: found.chunkName)
                call.push(found.source); call.push(found.chunkName)
            case .failure(let error):
                call.pushNil(); call.push(error.description)
            }
            return 2
        })
    }

    /// `expect(stage).toMatchGolden`'s host half: compares a stage's frames with a golden, under the file's limits.
    private static func pushMatchGolden(_ state: LuaState, context: BindingContext, path: String,
                                        options: RunOptions, held: HeldGoldens) {
        state.pushLastingFunction(declaring([.arg("stage", "piecebox.stage"), .arg("name", "string", must: "a golden name (a string)"),
                                      .opt("options", "table")]) { call in
            let c = call.named("toMatchGolden")
            // No stage class yet means no stage has been made, so the value cannot be one.
            let stages = state.classCache["stage"] as? LuaClass<StageObject>
            guard c.type(1) == LUA_TUSERDATA, let stages,
                  let object = try? stages.object(c, stack: 1, what: "toMatchGolden") else {
                throw c.valueError("expect()", "given a stage (expect(s).toMatchGolden(\"name\"))", got: c.typeName(1))
            }
            let name = try c.string(2)
            let opts = try c.options(3, allowed: ["elements", "tolerance"])
            let tolerance = c.isNil(3) ? LuaValue.nil : opts.table["tolerance"]
            // Under the file's limits: the log, the golden and their copies are counted before they are made.
            var work = context.hostWork()
            let verdict = try ScriptGoldens.match(stage: object.stage, name: name, options: opts,
                                                  optionsTolerance: tolerance, scenario: path,
                                                  settings: options.goldens, held: held, work: &work)
            // A held recording outlives this call: its text is counted against the file's memory for good.
            let kept = held.takeUncounted()
            if kept > 0 { _ = context.count(kept) }
            c.push(verdict.pass)
            c.push(verdict.detail)
            return 2
        })
    }

    /// How much a file may print; the rest is dropped, with a note saying so.
    static let printLimit = 1 << 20

    /// A stable seed per file name, so math.random repeats from run to run and clone to clone (FNV-1a).
    static func seed(for name: String) -> UInt32 {
        var h: UInt32 = 2_166_136_261
        for b in name.utf8 { h = (h ^ UInt32(b)) &* 16_777_619 }
        return h
    }
}
