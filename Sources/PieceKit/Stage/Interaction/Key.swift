/// A key on a hardware keyboard, by name ("space", "return", "escape", "left", "right", "up", "down", "tab").
/// An open set, like `StageEvent.Kind`: pieces act on the ones they know and say no to the rest.
public struct Key: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }

    public static let space = Key("space")
    public static let `return` = Key("return")
    public static let escape = Key("escape")
    public static let left = Key("left")
    public static let right = Key("right")
    public static let up = Key("up")
    public static let down = Key("down")
    public static let tab = Key("tab")

    /// The names scripts may use. Anything else is refused with this list, so a typo never passes silently.
    public static let known: [Key] = [.space, .return, .escape, .left, .right, .up, .down, .tab]
}
