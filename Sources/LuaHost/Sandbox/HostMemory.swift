import CLua
import CLuaShim
import Foundation

/// Memory the host holds because of what a file asked for (frames its stages keep, its report, the copies of its
/// pages and text), counted against the same cap as its Lua memory.
///
/// The Lua allocator only sees Lua's own blocks. So the host adds up its own share and hands Lua what is left:
/// the allocator's cap becomes `cap − host bytes`, and once the host's share alone (with what Lua holds) passes
/// the cap the state is tripped as a memory breach, exactly as a refused Lua allocation trips it. Checked at frame
/// and scheduled-work boundaries, after each test and after each large copy, so resident memory stays within
/// one frame (or one copy) of the cap.
extension LuaState {
    /// Applies `hostBytes` to the cap, and asks whether `extra` bytes more (what host work is about to make and
    /// holds already, `HostWork`) fit beside them. Returns the breach message when the file is over its cap (or
    /// was already stopped by another limit), nil while it is within it. `extra` is asked about, not kept: Lua's
    /// share stays `cap − hostBytes`, so nothing is refused to Lua once the work is over.
    package func chargeHost(_ hostBytes: Int, holding extra: Int = 0) -> String? {
        if let stopped = breach { return stopped.description }
        let cap = limits.memoryBytes
        guard cap > 0, let lim = pb_limits_of(L) else { return nil }
        guard hostBytes < cap else { return tripHostMemory(lim) }
        lim.pointee.limit = cap - hostBytes
        return hostMemoryFits(lim, holding: extra) ? nil : tripHostMemory(lim)
    }

    private func tripHostMemory(_ lim: UnsafeMutablePointer<pb_limits>) -> String? {
        tripMemory(lim, L)
        return breach?.description
    }
}

/// The memory cap's one test for the host: Lua's blocks with `bytes` more fit in Lua's share, which the host's
/// count keeps at `cap − host bytes` (`chargeHost`). Reads the state's counters alone, so code that holds nothing
/// but a `lua_State` (a read out of Lua, `ReadBudget`) asks the same question. True when there is no cap.
func hostMemoryFits(_ lim: UnsafeMutablePointer<pb_limits>, holding bytes: Int) -> Bool {
    let share = lim.pointee.limit
    guard share > 0 else { return true }
    let used = lim.pointee.used
    guard bytes >= 0, used <= share else { return false }
    return bytes <= share - used
}

/// Trips the state as a memory breach the host noticed, naming the calling script's "file:line" (nothing is
/// raised here: the cap is lifted while Swift runs; the trampoline raises once the host call returns).
func tripMemory(_ lim: UnsafeMutablePointer<pb_limits>, _ L: OpaquePointer) {
    if lim.pointee.tripped == Int32(PB_TRIP_NONE) { lim.pointee.tripped = Int32(PB_TRIP_MEMORY) }
    guard withUnsafeBytes(of: lim.pointee.where, { $0.first ?? 0 }) == 0 else { return }
    withUnsafeMutableBytes(of: &lim.pointee.where) { raw in
        guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self) else { return }
        _ = pb_script_where(L, 1, base, raw.count)
    }
}

/// A Lua string copied into Swift, at most `limit` bytes of it: a name or a label never costs more than its cap,
/// however long the script made it.
package func boundedString(_ L: OpaquePointer, _ index: Int32, limit: Int) -> String? {
    var length = 0
    guard let pointer = lua_tolstring(L, index, &length) else { return nil }
    guard length > limit else { return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self) }
    let room = max(limit - 40, 0)
    var kept = String(decoding: UnsafeRawBufferPointer(start: pointer, count: room), as: UTF8.self)
    while kept.utf8.count > room { kept.removeLast() }
    return kept + "... (\(length - kept.utf8.count) more bytes)"
}

/// Asks, before the host copies `bytes` more out of Lua, whether they fit in the room the cap leaves
/// (`hostMemoryFits`). The host's share as last applied may count what is gone (a stage let go), so it is counted
/// afresh before refusing; past it the state is stopped as a memory breach, as `chargeHost` stops it, and nothing
/// is copied. True when the bytes fit (or there is no cap).
package func hostRoom(_ L: OpaquePointer, for bytes: Int) -> Bool {
    guard let lim = pb_limits_of(L) else { return true }
    if lim.pointee.tripped != Int32(PB_TRIP_NONE) { return false }
    if hostMemoryFits(lim, holding: bytes) { return true }
    LuaState.owning(lim)?.recountHost?()
    if lim.pointee.tripped != Int32(PB_TRIP_NONE) { return false }
    if hostMemoryFits(lim, holding: bytes) { return true }
    tripMemory(lim, L)
    return false
}
