/// Names one piece of scheduled work so it can be cancelled. Also its place in scheduling order:
/// ids grow with every `schedule`, which is what breaks ties between work due at the same time.
public struct ScheduledID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64

    public static func < (a: ScheduledID, b: ScheduledID) -> Bool { a.rawValue < b.rawValue }

    public var description: String { "#\(rawValue)" }
}
