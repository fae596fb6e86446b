/// BorderBeam's fixed numbers and the decisions its specification leaves open (docs/pieces/borderBeam.md).
public enum BorderBeam {
    /// Seconds per lap (4–6 for buttons, 6–10 for cards, 2–3 while something works).
    public static let defaultLap = 5.0
    /// The tail's length as a fraction of the path.
    public static let defaultTail = 0.25
    /// The line's width, the same as the glass rim's.
    public static let defaultWidth = 1.5
    /// The glow copy's blur radius (0: no glow).
    public static let defaultBloom = 4.0
    /// White, or an accent on light glass (the specification's two uses).
    public static let defaultColor = "white"
    /// The colours a beam may be given by name: SwiftUI's standard colours and `accent` (the app's accent colour);
    /// any other is `#RRGGBB` or `#RRGGBBAA`.
    public static let colorNames: Set<String> = [
        "accent", "black", "blue", "brown", "cyan", "gray", "green", "indigo", "mint", "orange", "pink", "primary",
        "purple", "red", "secondary", "teal", "white", "yellow",
    ]

    /// Whether `color` is a colour a beam can be: one of `colorNames` or a hex colour.
    public static func isColor(_ color: String) -> Bool {
        if colorNames.contains(color) { return true }
        let hex = color.utf8.dropFirst()
        return color.hasPrefix("#") && (hex.count == 6 || hex.count == 8)
            && hex.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x46) || ($0 >= 0x61 && $0 <= 0x66) }
    }
    /// The tail is built from this many overlapping strokes, each ending at the head.
    public static let strokeCount = 16
    /// The glow copy is this many times as wide as the line, and this opaque.
    public static let bloomWidthFactor = 2.0
    public static let bloomOpacity = 0.8
    /// The second of twin beams starts half a lap on.
    public static let twinStarts = [0.0, 0.5]

    /// Decision: the head counts laps from the stage's time 0, where the original counts from the reference date
    /// (1 January 2001), a moment a headless stage does not have. `start` still shifts the phase.
    public static let lapsCountFromStageTimeZero = true

    /// How much of the tail is stacked at piece k (0…15): `((k + 1) / 16)²`, and 0 before the first piece.
    public static func stackedOpacity(_ k: Int) -> Double {
        guard k >= 0 else { return 0 }
        let share = Double(k + 1) / Double(strokeCount)
        return share * share
    }

    /// The opacity of stroke k, chosen so that the strokes stacked over piece k add up to `stackedOpacity(k)`:
    /// `1 − (1 − T(k)) / (1 − T(k − 1))`.
    public static func strokeOpacity(_ k: Int) -> Double {
        1 - (1 - stackedOpacity(k)) / (1 - stackedOpacity(k - 1))
    }

    /// The head's place along the path at `time`: the fractional part of `time / lap + start`, in 0..<1.
    public static func head(at time: Double, lap: Double, start: Double) -> Double {
        let laps = time / lap + start
        guard laps.isFinite else { return 0 }
        let head = laps - laps.rounded(.down)
        return head < 1 ? head : 0
    }

    /// One stroke's span along the path, ending at the head.
    public struct Span: Equatable, Sendable {
        /// Where the stroke starts and ends, as fractions of the path (0…1).
        public let from: Double
        public let to: Double
        /// True when the stroke runs across the path's start: it is drawn from `from` to 1 and from 0 to `to`.
        public let wraps: Bool
    }

    /// Stroke k's span for a head and tail: `[head − tail·(16 − k)/16, head]`, moved into 0…1 across the path's
    /// start (a head at exactly 0 draws its stroke up to 1, the end of the path, which is the same place).
    public static func span(stroke k: Int, head: Double, tail: Double) -> Span {
        let from = head - tail * Double(strokeCount - k) / Double(strokeCount)
        if head <= 0 { return Span(from: from + 1, to: 1, wraps: false) }
        if from < 0 { return Span(from: from + 1, to: head, wraps: true) }
        return Span(from: from, to: head, wraps: false)
    }
}
