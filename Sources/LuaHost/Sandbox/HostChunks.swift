import CLua
import Synchronization

/// The host's own Lua chunks (the sandbox's hardening, the test framework, the class index, the loaders), compiled
/// once per process and loaded into each new state from their bytecode. Parsing them was a third of what a fresh
/// state cost, and a long-lived worker makes one state per file. Only text the host wrote goes through here
/// (`LuaState.run(text:)`); a scenario's own source is always loaded as text, and scripts can never load bytecode.
/// The bytecode keeps its debug information, so messages and tracebacks name the same chunk and lines.
public enum HostChunks {
    /// By chunk name: the text compiled and its bytecode. Entries are only ever replaced by the compilation of
    /// another text under the same name, so a state always loads exactly the text it asked for.
    private static let compiled = Mutex<[String: (text: String, bytecode: [UInt8])]>([:])

    /// Compiles every chunk a file's set-up loads, ahead of the first file: a worker does it while it waits for
    /// its first request, instead of during that file. The same texts under the same names, so nothing a state
    /// loads changes.
    public static func compileAhead() {
        for chunk in HostChunk.compiledAhead { _ = bytecode(of: chunk.text, chunkName: chunk.chunkName) }
    }

    /// Pushes a host function that returns the chunk `text`, loaded but not run: how a chunk the host loads only
    /// when first used (the test framework, the error explainer) reaches the chunk that runs it then.
    package static func pushLoader(_ state: LuaState, _ chunk: HostChunk) {
        state.pushLastingFunction { call in
            try push(chunk.text, chunkName: chunk.chunkName, on: call.L)
            return 1
        }
    }

    /// Pushes the function of the host's chunk `text` onto `L`, loaded but not run. Throws Lua's message when it
    /// cannot be loaded (no memory left).
    static func push(_ text: String, chunkName: String, on L: OpaquePointer) throws {
        let status: Int32
        if let bytecode = bytecode(of: text, chunkName: chunkName) {
            status = bytecode.withUnsafeBufferPointer { raw in
                raw.withMemoryRebound(to: CChar.self) { luaL_loadbufferx(L, $0.baseAddress, $0.count, chunkName, "b") }
            }
        } else {
            var utf8 = Array(text.utf8)
            if utf8.isEmpty { utf8 = [0x20] }
            status = utf8.withUnsafeBufferPointer { raw in
                raw.withMemoryRebound(to: CChar.self) { luaL_loadbufferx(L, $0.baseAddress, $0.count, chunkName, "t") }
            }
        }
        guard status == LUA_OK else {
            let message = lua_type(L, -1) == LUA_TSTRING ? String(cString: lua_tolstring(L, -1, nil)) : "cannot load"
            lua_settop(L, -2)
            throw LuaHostError.message("\(chunkName.dropFirst()): \(message)")
        }
    }

    /// The bytecode of `text`, or nil when it does not compile (it is then loaded as text, for Lua's own message).
    static func bytecode(of text: String, chunkName: String) -> [UInt8]? {
        if let known = compiled.withLock({ $0[chunkName] }), known.text == text { return known.bytecode }
        guard let bytecode = compile(text, chunkName: chunkName) else { return nil }
        compiled.withLock { $0[chunkName] = (text, bytecode) }
        return bytecode
    }

    /// Compiles in a plain state of its own (no limits apply to the host's compiling) and dumps with debug info.
    private static func compile(_ text: String, chunkName: String) -> [UInt8]? {
        guard let L = luaL_newstate() else { return nil }
        defer { lua_close(L) }
        var source = Array(text.utf8)
        if source.isEmpty { source = [0x20] }
        let status = source.withUnsafeBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { luaL_loadbufferx(L, $0.baseAddress, $0.count, chunkName, "t") }
        }
        guard status == LUA_OK else { return nil }
        let sink = DumpSink()
        let dumped = withExtendedLifetime(sink) {
            lua_dump(L, { _, bytes, count, box in
                guard let bytes, let box else { return 1 }
                let sink = Unmanaged<DumpSink>.fromOpaque(box).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeRawBufferPointer(start: bytes, count: count))
                return 0
            }, Unmanaged.passUnretained(sink).toOpaque(), 0)
        }
        return dumped == 0 ? sink.bytes : nil
    }
}

/// Collects what `lua_dump` writes.
private final class DumpSink {
    var bytes: [UInt8] = []
}
