import CLua
import CLuaShim
import Foundation
import PieceKit

/// The host's half of writing an exploration's minimal scenario (writer.lua writes it): a function's exact text
/// and its upvalues, the near name of a misspelt rule or option, the written test replayed in a fresh state, and
/// what the scenario's header names.
extension ScriptExplore {
    /// Sets the writing fields on the table at the top of the stack.
    static func pushWriting(_ state: LuaState, context: BindingContext, path: String, options: RunOptions,
                            chunks: ChunkTexts) {
        let L = state.L
        func field(_ key: String, _ body: @escaping HostFunction) {
            lua_pushstring(L, key)
            state.pushFunction(body)
            lua_rawset(L, -3)
        }
        field("source") { call in try source(call, chunks: chunks, context: context) }
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
        lua_pushstring(L, "file")
        lua_pushstring(L, PathText.lastComponent(path))
        lua_rawset(L, -3)
        // The plugin folders the scenario's header names, as written: its minimal scenario names them too.
        // Read from the bytes, which skips the parse when no line can be a header (most files), as the runner does.
        let header = chunks.text(of: "@" + path).map { $0.prefix(4096).withUnsafeBytes { ScenarioHeader.parse(utf8: $0) } }
        lua_pushstring(L, "plugins")
        lua_createtable(L, Int32(header?.plugins.count ?? 0), 0)
        for (i, folder) in (header?.plugins ?? []).enumerated() {
            lua_pushstring(L, folder)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
        lua_rawset(L, -3)
    }

    /// source(fn): the exact text of a function of the scenario file or of a module it requires (`FunctionSource`),
    /// then its upvalues but _ENV as a list of { name, value, id } (id tells two variables of one name apart); or
    /// nil and why not.
    static func source(_ call: LuaCall, chunks: ChunkTexts, context: BindingContext) throws -> Int32 {
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
        // Its copy and its tokens (at most one of 16 bytes a byte) are asked for room under the memory cap first.
        if let reason = context.checkLimits(holding: 17 * text.count) { throw LuaHostError.message(reason) }
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
        // The replay's state is memory this file's script sized: it gets the room the file's cap leaves beside
        // the exploration's own state, never a whole cap of its own (both are alive at once).
        if let lim = pb_limits_of(call.L) {
            replayOptions.limits.memoryBytes = replayMemory(cap: replayOptions.limits.memoryBytes,
                                                            share: Int(lim.pointee.limit), used: Int(lim.pointee.used))
        }
        replayOptions.libraryFolders = options.libraryFolders
        replayOptions.pluginFolders = options.pluginFolders
        replayOptions.tokenSet = options.tokenSet
        // A replay only compares: it writes no golden and no frame log (the run's outputs are planned elsewhere).
        replayOptions.goldens = options.goldens
        replayOptions.goldens.record = .never
        let stem = PathText.lastComponent(path).hasSuffix(".lua") ? String(path.dropLast(4)) : path
        let report = ScenarioRunner.replay(text: text, asFile: stem + ".minimal.lua", options: replayOptions)
        let reported = TestResult.clip(name, limit: TestResult.nameLimit)
        guard let result = report.tests.first(where: { $0.name == reported }) else {
            call.pushNil()
            call.push(report.tests.first.map { "its test did not run: \($0.message)" } ?? "it declares no test")
            return 2
        }
        call.push(result.status == .failed)
        call.push(result.message)
        return 2
    }

    /// The memory cap of a replay made while a file's state holds `used` of its Lua `share` (0: no cap): the
    /// smaller of its own `cap` and that room, at least a byte, since 0 would mean no cap at all.
    static func replayMemory(cap: Int, share: Int, used: Int) -> Int {
        guard share > 0 else { return cap }
        let room = max(share - used, 1)
        return cap > 0 ? min(cap, room) : room
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
