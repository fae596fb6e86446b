import CLua
import CLuaShim
import Foundation
import PieceKit

/// One sandboxed Lua state: the safe libraries, the hardening prelude, the limits, and the host functions.
/// Not thread-safe: a state lives on the one thread that made it.
public final class LuaState {
    /// The main Lua thread, which owns the registry and runs the file's top level.
    private let main: OpaquePointer
    /// The Lua thread the host works on: during a host call, the thread (main or coroutine) that made the call,
    /// as the trampoline records it; otherwise the main thread. Every push, read and call back into Lua made
    /// through the state goes here, so a binding called from a coroutine answers on the coroutine's stack.
    package var L: OpaquePointer { limitsPointer.pointee.current ?? main }
    private let limitsPointer: UnsafeMutablePointer<pb_limits>
    public let limits: SandboxLimits
    private var closed = false

    /// Host objects that must live as long as the state (class descriptions behind metatables).
    var keepAlive: [AnyObject] = []
    /// The boxes of the functions the state keeps (`pushLastingFunction`), released when it closes.
    private var lastingBoxes: [UnsafeMutableRawPointer] = []
    /// The kept methods' (box, class) pairs, one block per class filled (`keepMethods`), freed at close.
    private var lastingMethods: [UnsafeMutablePointer<pb_method>] = []
    /// Class descriptions by name, so every binding pushes the same class for the same type.
    package var classCache: [String: AnyObject] = [:]
    /// The library tables not filled yet, by the table's address (`setLazyGlobal`).
    var lazyTables: [UnsafeRawPointer: LazyTable] = [:]

    /// How many tables, functions, coroutines and host userdata the state has numbered as it made them (the order
    /// `pairs` gives them); a lazy table's fill takes the numbers set aside for it when the table was made.
    var births: UInt64 {
        get { limitsPointer.pointee.births }
        set { limitsPointer.pointee.births = newValue }
    }

    /// The host's calls into the script's own functions that are running now (see `callOut`), shared with every
    /// stage the script makes, so none moves its clock inside one.
    package let callouts = StageCallouts()
    /// The failure `callOut` reported last, so a failure that carries it is said as one chain.
    var lastCalloutFailure: CalloutFailure?
    /// The last gesture refused because its part cannot be touched now (`InteractionError.unreachablePart`), as the
    /// script read it: an exploration treats that step as not applicable, not as a failure (`ScriptExplore`).
    package var lastNotNow: String?
    /// Where the failures of those calls wait for the host call from Lua that ran them to end.
    let mailbox = CalloutMailbox()
    /// Counts the host's share of the cap afresh (stages the script let go no longer count) and applies it: asked
    /// before a copy is refused for want of room (`hostRoom`), since the share last applied may be out of date.
    package var recountHost: (() -> Void)?

    /// Where `print` output goes; the runner points it at the test that is running.
    package var printSink: (String) -> Void = { _ in }

    /// Makes a state with only the safe libraries. Throws only if Lua itself cannot start. `failingAllocation`
    /// is for tests: see `failAllocation(number:)`.
    public init(limits: SandboxLimits = .default, failingAllocation: Int = 0) throws {
        _ = Bridge.installed
        self.limits = limits
        limitsPointer = UnsafeMutablePointer<pb_limits>.allocate(capacity: 1)
        limitsPointer.initialize(to: pb_limits())
        limitsPointer.pointee.limit = limits.memoryBytes > 0 ? limits.memoryBytes : 0
        limitsPointer.pointee.instr_limit = limits.instructions > 0 ? limits.instructions : 0
        limitsPointer.pointee.count = 1000
        limitsPointer.pointee.fail_at = Int64(failingAllocation)
        guard let state = pb_newstate(limitsPointer) else {
            limitsPointer.deallocate()
            throw LuaHostError.message("could not create a Lua state")
        }
        main = state
        pb_setup_begin(main)
        defer { pb_setup_end(main, 0) }
        guard pb_open_safe_libs(main) == LUA_OK else {
            lua_close(main)
            pb_arena_release(limitsPointer)
            limitsPointer.deallocate()
            throw LuaHostError.message("could not open Lua's libraries")
        }
        limitsPointer.pointee.host = Unmanaged.passUnretained(self).toOpaque()
    }

    /// The state whose limits are `limits` (nil when it has closed), for host code handed only a thread.
    static func owning(_ limits: UnsafeMutablePointer<pb_limits>) -> LuaState? {
        limits.pointee.host.map { Unmanaged<LuaState>.fromOpaque($0).takeUnretainedValue() }
    }

    deinit { close() }

    /// Runs `body` as the host's set-up of this state (`pb_setup_begin`): Lua's collector stopped, and blocks taken
    /// from the set-up's arena, then the collector restarted as a finished cycle would leave it (the next cycle
    /// once the state has doubled). A fresh state's set-up (the host's chunks, the libraries) makes almost only
    /// what it keeps, so a cycle during it, or just after, walks live objects for nothing, and thousands of small
    /// blocks each made and freed on their own cost more than the rest of a one-test file. The allocator still
    /// counts every byte against the cap, and Lua collects in full before it ever reports memory exhausted. Only
    /// host set-up goes through here, never a script.
    package func settingUp<T>(_ body: () throws -> T) rethrows -> T {
        pb_setup_begin(main)
        defer { pb_setup_end(main, 1) }
        return try body()
    }

    /// Closes the state; every box it held is released by its finalizer.
    public func close() {
        guard !closed else { return }
        closed = true
        limitsPointer.pointee.current = nil
        limitsPointer.pointee.host = nil
        lua_close(main)
        pb_arena_release(limitsPointer)
        limitsPointer.deallocate()
        releaseLastingBoxes()
    }

    /// Whether the state has closed (everything in it is freed).
    var isClosed: Bool { closed }
    /// Stages' tables of values made so far (`StageValues`): the next one's number.
    var stageValueCount = 0
    /// The registry key of the weak table that finds each stage's values by its number (0: not made yet).
    var stageValuesSlot: Int32 = 0

    /// Starts the wall-time clock for this state: the hook stops Lua code once it passes.
    package func startDeadline() {
        if limits.seconds > 0 {
            limitsPointer.pointee.deadline_ns = pb_now_ns() + UInt64(limits.seconds * 1e9)
        }
    }

    /// For Swift loops that run no Lua (a stage rendering a billion frames): once the wall-time limit has passed,
    /// trips the state as the hook would, so the next Lua instruction stops too, and says which limit it was.
    /// Also reports a limit already tripped. nil while the file is within its limits.
    package func stopReason() -> String? {
        let limits = limitsPointer
        if limits.pointee.tripped == Int32(PB_TRIP_NONE), limits.pointee.deadline_ns > 0,
           pb_now_ns() > limits.pointee.deadline_ns {
            limits.pointee.tripped = Int32(PB_TRIP_TIME)
            noteWhere()
        }
        return breach?.description
    }

    /// Records the calling script's "file:line" as where the trip was noticed: the script's own line, not one of
    /// the host's Lua helpers (`s:runUntil` is written in Lua) that happened to be running.
    private func noteWhere() {
        let L = self.L
        withUnsafeMutableBytes(of: &limitsPointer.pointee.where) { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self) else { return }
            _ = pb_script_where(L, 1, base, raw.count)
        }
    }

    /// The limit that stopped this state, if any. Sticky: once tripped, nothing more runs.
    public var breach: LimitBreach? {
        switch Int32(limitsPointer.pointee.tripped) {
        case Int32(PB_TRIP_INSTRUCTIONS): return .instructions(limits.instructions)
        case Int32(PB_TRIP_MEMORY): return .memory(limits.memoryBytes)
        case Int32(PB_TRIP_TIME): return .time(limits.seconds)
        case Int32(PB_TRIP_CANCEL): return .time(limits.seconds)
        default: return nil
        }
    }

    /// "file.lua:12", where the breach was noticed, when known.
    var breachLocation: String? {
        let s = withUnsafeBytes(of: limitsPointer.pointee.where) { raw -> String in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
        return s.isEmpty ? nil : s
    }

    public var memoryInUse: Int { Int(pb_memory_used(main)) }

    /// The most the state ever held, host allocations for Lua included: a cap holds when this stays near it.
    public var memoryPeak: Int { Int(limitsPointer.pointee.peak) }

    /// Allocations (and growths) the state has made so far.
    var allocationCount: Int { Int(limitsPointer.pointee.allocations) }

    /// For tests: the allocation numbered `n` (counting from the state's birth) is treated as if it passed the
    /// memory cap, so every point of a scenario can be shown to stop cleanly when memory runs out there.
    func failAllocation(number n: Int) {
        limitsPointer.pointee.fail_at = Int64(n)
    }

    // MARK: host functions

    /// Pushes a Swift function as a Lua function.
    package func pushFunction(_ body: @escaping HostFunction) {
        let box = HostFunctionBox(body)
        pb_push_swift_function(L, Unmanaged.passRetained(box).toOpaque())
    }

    /// Pushes a Swift function the state makes once and keeps (a library's, a class's method, the host table's):
    /// the state holds its box until it closes, so the Lua function is one closure, with no userdata of its own
    /// and no finalizer to run when the state closes. Functions pushed again and again while a script runs (a
    /// callout's) use `pushFunction`, whose box goes when Lua collects the function.
    package func pushLastingFunction(_ body: @escaping HostFunction) {
        pb_push_lasting_function(L, keepLasting(HostFunctionBox(body)))
    }

    /// Holds `box` until the state closes; its address, for a closure's light upvalue.
    package func keepLasting(_ box: AnyObject) -> UnsafeMutableRawPointer {
        let raw = Unmanaged.passRetained(box).toOpaque()
        lastingBoxes.append(raw)
        return raw
    }

    /// Room for `count` kept methods of one class, each a box (from `keepLasting`) beside its class's metatable
    /// address: what a kept method's one upvalue points at. Freed when the state closes.
    package func keepMethods(count: Int) -> UnsafeMutablePointer<pb_method> {
        let block = UnsafeMutablePointer<pb_method>.allocate(capacity: max(count, 1))
        lastingMethods.append(block)
        return block
    }

    /// Releases what `keepLasting` held, as a finalizer would have (counted by `BoxCensus`).
    private func releaseLastingBoxes() {
        for block in lastingMethods { block.deallocate() }
        lastingMethods.removeAll()
        for raw in lastingBoxes {
            Unmanaged<AnyObject>.fromOpaque(raw).release()
            BoxCensus.released.add(1, ordering: .relaxed)
        }
        lastingBoxes.removeAll()
    }

    /// Sets `_G[name]` with raw access (the global table has no metatable while the host sets it up).
    package func setGlobal(_ name: String, _ body: @escaping HostFunction) {
        clua_pushglobaltable(L)
        lua_pushstring(L, name)
        pushLastingFunction(body)
        lua_rawset(L, -3)
        clua_pop(L, 1)
    }

    /// Pushes `object` as a userdata of class `cls`; `holding`: the userdata carries that stage's table of values
    /// (its user value), so they live while the object does.
    package func push<T: AnyObject>(_ object: T, as cls: LuaClass<T>, holding values: StageValues? = nil) {
        cls.ensureMetatable(in: self)
        let box = Unmanaged.passRetained(ObjectBox(object)).toOpaque()
        guard let values else { pb_push_object(L, box, cls.name); return }
        values.pushTable(L)
        pb_push_object_holding(L, box, cls.name)
    }

    /// The names in the methods table of the class registered as `registryName`: its Swift methods and any
    /// written in Lua. Read raw; empty when the class has no metatable yet.
    func methodTableNames(ofClass registryName: String) -> [String] {
        let L = self.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard lua_checkstack(L, 4) != 0 else { return [] }
        lua_pushstring(L, registryName)
        guard lua_rawget(L, CLUA_REGISTRYINDEX) == LUA_TTABLE else { return [] }
        lua_pushstring(L, "__methods")
        guard lua_rawget(L, -2) == LUA_TTABLE else { return [] }
        var names: [String] = []
        lua_pushnil(L)
        while lua_next(L, -2) != 0 {
            if lua_type(L, -2) == LUA_TSTRING { names.append(LuaValue.bytes(L, -2)) }
            clua_pop(L, 1)
        }
        return names.sorted()
    }

    // MARK: running Lua

    /// The result of running Lua from the host.
    package enum Outcome {
        case ok
        /// A script error: its message (with file:line) and a short traceback.
        case error(message: String, traceback: String)
        case breach(LimitBreach, location: String?)
    }

    /// Loads the host's own `text` and runs it with the values `pushArgs` pushes; leaves no values. Loaded from
    /// its bytecode, compiled once per process (see `HostChunks`).
    package func run(text: String, chunkName: String, pushArgs: (OpaquePointer) -> Int32 = { _ in 0 }) -> Outcome {
        guard let bytecode = HostChunks.bytecode(of: text, chunkName: chunkName) else {
            return run(source: Data(text.utf8), chunkName: chunkName, pushArgs: pushArgs)
        }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        pb_push_traceback_handler(L)
        let L = self.L
        let status = bytecode.withUnsafeBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { luaL_loadbufferx(L, $0.baseAddress, $0.count, chunkName, "b") }
        }
        if status != LUA_OK {
            return .error(message: errorText(at: -1), traceback: "")
        }
        let nargs = pushArgs(L)
        return finishCall(status: pb_pcall(L, nargs, 0, top + 1))
    }

    /// Loads `source` exactly as given (Lua source is bytes: a Latin-1 byte in a string literal is one byte, never
    /// repaired into U+FFFD) and runs it as `run(text:)` does.
    package func run(source: Data, chunkName: String, pushArgs: (OpaquePointer) -> Int32 = { _ in 0 }) -> Outcome {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        pb_push_traceback_handler(L)
        let L = self.L
        let status = source.withUnsafeBytes { raw -> Int32 in
            // An empty source may have no base address: load "" then.
            guard let base = raw.baseAddress, raw.count > 0 else { return pb_loadtext(L, "", 0, chunkName) }
            return pb_loadtext(L, base.assumingMemoryBound(to: CChar.self), raw.count, chunkName)
        }
        if status != LUA_OK {
            return .error(message: errorText(at: -1), traceback: "")
        }
        let nargs = pushArgs(L)
        return finishCall(status: pb_pcall(L, nargs, 0, top + 1))
    }

    /// Calls the function on top of the stack with no arguments, protected, with a traceback.
    package func callTop() -> Outcome {
        let fn = lua_gettop(L)
        pb_push_traceback_handler(L)
        clua_insert(L, fn)
        let status = pb_pcall(L, 0, 0, fn)
        let outcome = finishCall(status: status)
        lua_settop(L, fn - 1)
        return outcome
    }

    private func finishCall(status: Int32) -> Outcome {
        if let breach { return .breach(breach, location: breachLocation) }
        if status == LUA_OK { return .ok }
        if status == LUA_ERRMEM { return .error(message: "not enough memory", traceback: "") }
        let text = errorText(at: -1)
        if let range = text.range(of: "\nstack traceback:") {
            return .error(message: String(text[..<range.lowerBound]),
                          traceback: Self.shortTraceback(String(text[range.upperBound...])))
        }
        return .error(message: text, traceback: "")
    }

    /// The error value as text, without calling any metamethod.
    func errorText(at index: Int32) -> String {
        switch lua_type(L, index) {
        case LUA_TSTRING: return clua_tostring(L, index).map { String(cString: $0) } ?? ""
        case LUA_TNIL: return "error with a nil value"
        case LUA_TNUMBER: return "error with value \(number: lua_tonumberx(L, index, nil))"
        default: return "error with a \(TypeName.of(L, index)) value"
        }
    }

    /// Keeps the scenario's own frames: drops the host's prelude and C frames, and caps the length.
    static func shortTraceback(_ raw: String) -> String {
        let lines = raw.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let kept = lines.filter { line in
            !line.isEmpty && !line.hasPrefix("[C]") && !line.hasPrefix("(...tail calls...)")
                && !line.contains("[string \"=") && !line.hasPrefix("[string \"piecebox") && !line.hasPrefix("piecebox:")
        }
        return kept.prefix(8).map { "  " + $0 }.joined(separator: "\n")
    }
}

extension LuaState {
    /// Pushes a new table of host functions (a library such as `motion`).
    package func pushLibrary(_ functions: [(String, HostFunction)]) {
        lua_createtable(L, 0, Int32(functions.count))
        setFunctions(lua_gettop(L), functions)
    }

    /// Sets `table[name] = function` raw for each of `functions`; `table` is a stack index.
    package func setFunctions(_ table: Int32, _ functions: [(String, HostFunction)]) {
        let table = lua_absindex(L, table)
        for (name, body) in functions {
            lua_pushstring(L, name)
            pushLastingFunction(body)
            lua_rawset(L, table)
        }
    }

    /// Sets `table[key] = value on top`, raw, and pops the value. `table` is an absolute index.
    package func setField(_ table: Int32, _ key: String) {
        lua_pushstring(L, key)
        clua_insert(L, -2)
        lua_rawset(L, table)
    }

    /// Sets the global `name` to the value on top of the stack, and pops it.
    package func setGlobalValue(_ name: String) {
        clua_pushglobaltable(L)
        lua_pushstring(L, name)
        lua_pushvalue(L, -3)
        lua_rawset(L, -3)
        clua_pop(L, 2)
    }
}
