/// Something a piece did that is not layout: a haptic, a callback to the app, a VoiceOver announcement, a focus
/// move, a liquid merge. Events are recorded in the frame that shows them: one emitted after frame k was rendered
/// (by a script, or by work run while preparing frame k+1) belongs to frame k+1. A `jump` renders no frame, so
/// events emitted during it wait for the next rendered frame.
public struct StageEvent: Sendable, Equatable {
    /// An open set of kinds, so plugins can add their own; the common ones are named.
    public struct Kind: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.rawValue = value }
        public var description: String { rawValue }

        public static let haptic = Kind("haptic")
        public static let callback = Kind("callback")
        public static let announcement = Kind("announcement")
        public static let focus = Kind("focus")
        public static let merge = Kind("merge")
    }

    public let kind: Kind
    /// The piece that emitted it ("" for the stage itself).
    public let piece: String
    /// Ordered fields ("style": "light", "text": "Playing").
    public let details: [NamedValue]

    public init(_ kind: Kind, piece: String, details: [NamedValue] = []) {
        self.kind = kind
        self.piece = piece
        self.details = details
    }

    public func detail(named name: String) -> ElementValue? {
        details.first { $0.name == name }?.value
    }
}
