/// Host work whose length or size a script decides, asking the host's limits as it goes.
///
/// The stage asks its `interruption` between frames and between batches of scheduled work. Work inside one of those
/// (a glass group's merge check over thirty thousand shapes, a golden built from a long stage) runs no Lua for the
/// limits' hook to see, and a host allocation is not a Lua allocation the counting allocator could refuse. Such
/// work holds one of these: `step()` in each loop a script can lengthen asks for time every `stride` steps, and
/// `reserve(_:)` asks before anything whose size the script decided is made, with everything the work holds so
/// far, so the memory cap counts it before it exists. A refusal is thrown; the work gives up and leaves things as
/// they were, and the host stops the file with the limit's own message.
///
/// The rule itself is the host's, in one place (the Lua host's is `BindingContext.checkLimits`); this only
/// carries the question. With no host (`HostWork()`), nothing is refused.
public struct HostWork {
    /// The host's answer for `bytes` held (0 when only time is asked): nil to go on, or why to stop.
    private let ask: ((Int) -> String?)?
    /// Bytes this work holds, counted as it reserved them.
    public private(set) var held = 0
    /// What `held` was when the host last agreed: reservations are gathered until they pass it by `slack`.
    private var agreed = 0
    private var untilAsk = HostWork.stride

    /// Bytes a work may reserve beyond what the host last agreed to before it asks again. Small work (a handful of
    /// glass shapes every frame) then never asks at all, while large work asks every 64 KiB: what the cap may miss
    /// is at most this much, the same order as the frame the host's own count may lag by.
    public static let slack = 64 << 10

    /// Steps between two asks for time: a few microseconds of work, so a limit is noticed within a millisecond
    /// while the ask itself (a clock read) stays a small part of the loop.
    public static let stride = 1024

    public init(_ ask: ((Int) -> String?)? = nil) {
        self.ask = ask
    }

    /// Counts one pass of a loop a script can lengthen; every `stride` passes, asks the host whether to go on.
    @inline(__always)
    public mutating func step() throws(HostLimitReached) {
        untilAsk -= 1
        if untilAsk <= 0 { try askNow() }
    }

    /// Counts `count` passes at once (a loop whose inner step is too small to count one by one).
    public mutating func steps(_ count: Int) throws(HostLimitReached) {
        untilAsk -= max(count, 0)
        if untilAsk <= 0 { try askNow() }
    }

    /// Asks before making `bytes` more (once they pass `slack` beyond what the host last agreed to): the host
    /// checks them, with everything this work already holds, against the memory cap (and its time limit). Throws
    /// without counting them when they do not fit.
    public mutating func reserve(_ bytes: Int) throws(HostLimitReached) {
        guard bytes > 0 else { return }
        let total = held.addingReportingOverflow(bytes)
        let asked = total.overflow ? Int.max : total.partialValue
        guard asked - agreed > Self.slack else { held = asked; return }
        if let ask, let reason = ask(asked) { throw HostLimitReached(reason: reason) }
        held = asked
        agreed = asked
        untilAsk = Self.stride
    }

    /// Hands back bytes the work has let go of, so later reservations are measured against what it still holds.
    public mutating func release(_ bytes: Int) {
        held = max(held - max(bytes, 0), 0)
        agreed = min(agreed, held)
    }

    private mutating func askNow() throws(HostLimitReached) {
        untilAsk = Self.stride
        if let ask, let reason = ask(held) { throw HostLimitReached(reason: reason) }
    }
}

/// The host refused to let work go on: `reason` is the limit's own message ("memory limit of 64 MiB exceeded").
public struct HostLimitReached: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: String
    public init(reason: String) { self.reason = reason }
    public var description: String { reason }
}

/// Rough sizes of what host work makes, for `HostWork.reserve`: on the safe side, so the count is never below what
/// the allocation costs.
public enum HostBytes {
    /// A Swift string of `utf8` bytes: its storage (with its header) when it does not fit in the value itself.
    @inline(__always)
    public static func string(_ utf8: Int) -> Int { utf8 > 15 ? 32 + utf8 : 0 }

    /// An array of `count` values of `T` (its header, and the storage rounded up as the allocator does).
    @inline(__always)
    public static func array<T>(_ count: Int, of type: T.Type) -> Int {
        let stride = MemoryLayout<T>.stride
        let (bytes, overflow) = max(count, 0).multipliedReportingOverflow(by: stride)
        return overflow ? Int.max / 2 : 32 + bytes
    }
}
