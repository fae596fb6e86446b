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
    /// Applies `hostBytes` to the cap. Returns the breach message when the file is over its cap (or was already
    /// stopped by another limit), nil while it is within it.
    func chargeHost(_ hostBytes: Int) -> String? {
        if let stopped = breach { return stopped.description }
        let cap = limits.memoryBytes
        guard cap > 0, let lim = pb_limits_of(L) else { return nil }
        let luaBytes = Int(clamping: lim.pointee.used)
        if hostBytes >= cap || luaBytes > cap - hostBytes {
            lim.pointee.tripped = Int32(PB_TRIP_MEMORY)
            noteHostWhere(lim)
            return breach?.description
        }
        lim.pointee.limit = cap - hostBytes
        return nil
    }

    /// Records the calling script's "file:line" for a breach the host noticed (nothing is raised here: the cap is
    /// lifted while Swift runs).
    private func noteHostWhere(_ lim: UnsafeMutablePointer<pb_limits>) {
        guard withUnsafeBytes(of: lim.pointee.where, { $0.first ?? 0 }) == 0 else { return }
        let L = self.L
        withUnsafeMutableBytes(of: &lim.pointee.where) { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self) else { return }
            _ = pb_script_where(L, 1, base, raw.count)
        }
    }
}

/// A Lua string copied into Swift, at most `limit` bytes of it: a name or a label never costs more than its cap,
/// however long the script made it.
func boundedString(_ L: OpaquePointer, _ index: Int32, limit: Int) -> String? {
    var length = 0
    guard let pointer = lua_tolstring(L, index, &length) else { return nil }
    guard length > limit else { return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self) }
    let room = max(limit - 40, 0)
    var kept = String(decoding: UnsafeRawBufferPointer(start: pointer, count: room), as: UTF8.self)
    while kept.utf8.count > room { kept.removeLast() }
    return kept + "... (\(length - kept.utf8.count) more bytes)"
}

/// Asks, before the host copies `bytes` more out of Lua, whether they fit in the room the cap leaves: what Lua
/// holds and the host's share as last counted (`chargeHost` keeps the allocator's limit at `cap − host bytes`).
/// Past it the state is stopped as a memory breach, as `chargeHost` stops it, and nothing is copied. True when
/// the bytes fit (or there is no cap).
func hostRoom(_ L: OpaquePointer, for bytes: Int) -> Bool {
    guard let lim = pb_limits_of(L) else { return true }
    if lim.pointee.tripped != Int32(PB_TRIP_NONE) { return false }
    let limit = Int(clamping: lim.pointee.limit)
    guard limit > 0 else { return true }
    guard bytes > Int(clamping: lim.pointee.limit) - Int(clamping: lim.pointee.used) else { return true }
    // The host's share as last applied may count what is gone (a stage let go): counted afresh before refusing.
    LuaState.owning(lim)?.recountHost?()
    if lim.pointee.tripped != Int32(PB_TRIP_NONE) { return false }
    guard bytes > Int(clamping: lim.pointee.limit) - Int(clamping: lim.pointee.used) else { return true }
    lim.pointee.tripped = Int32(PB_TRIP_MEMORY)
    if withUnsafeBytes(of: lim.pointee.where, { $0.first ?? 0 }) == 0 {
        withUnsafeMutableBytes(of: &lim.pointee.where) { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self) else { return }
            _ = pb_script_where(L, 1, base, raw.count)
        }
    }
    return false
}
