/// The island's colours and the widest it may grow. Colours are 0xRRGGBB pairs for light and dark appearance; red is
/// the read arc and the puck, nothing else.
public struct ScrollIslandStyle: Equatable, Sendable {
    /// A colour for each appearance.
    public struct Ink: Equatable, Sendable {
        public var light: UInt32
        public var dark: UInt32
        public init(light: UInt32, dark: UInt32) { self.light = light; self.dark = dark }
        public init(_ both: UInt32) { self.init(light: both, dark: both) }
        public func value(in scheme: ColorScheme) -> UInt32 { scheme == .dark ? dark : light }
    }

    /// The smallest `maxWidth` honoured, so a careless style can't squeeze the bar below its ring and chevron.
    public static let narrowestMaxWidth = 200.0

    /// The read arc and the contents' puck.
    public var accent: Ink
    /// Text on the puck.
    public var onAccent: Ink
    /// Titles.
    public var label: Ink
    /// The position, the read amount, row numbers and details.
    public var secondaryLabel: Ink
    /// The ring's track under the arc.
    public var track: Ink
    /// The widest the island and the contents panel grow, in points (they also keep 16 from each side).
    public let maxWidth: Double

    public init(accent: Ink = Ink(0xFF0000), onAccent: Ink = Ink(0x141414),
                label: Ink = Ink(light: 0x141414, dark: 0xF4F3EF),
                secondaryLabel: Ink = Ink(light: 0x5C5A56, dark: 0xA6A49F),
                track: Ink = Ink(light: 0xDCD9D1, dark: 0x4A4946),
                maxWidth: Double = 360) {
        self.accent = accent; self.onAccent = onAccent; self.label = label
        self.secondaryLabel = secondaryLabel; self.track = track
        self.maxWidth = maxWidth.isFinite ? max(maxWidth, Self.narrowestMaxWidth) : 360
    }

    public static let standard = ScrollIslandStyle()
}
