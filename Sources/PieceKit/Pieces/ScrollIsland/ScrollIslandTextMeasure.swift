/// The text style a scaled size follows, as `@ScaledMetric(relativeTo:)` takes it. The island scales its bar, ring,
/// rows and title with body, and its small print and chevron with footnote.
public enum ScrollIslandScaleBase: String, Sendable {
    case body, footnote
}

/// What the island's geometry needs from text metrics: widths of its semibold system-font labels, their line height,
/// and the Dynamic Type curve. A protocol so the geometry stays pure and testable with any table.
public protocol ScrollIslandTextMeasure: Sendable {
    /// The width of `text` in the semibold system font at `size` points; `monospacedDigits` for counters.
    func width(of text: String, size: Double, monospacedDigits: Bool) -> Double
    /// The line height of the system font at `size` points.
    func lineHeight(size: Double) -> Double
    /// `value` as `@ScaledMetric(relativeTo: base)` scales it at `dynamicTypeSize`.
    func scaled(_ value: Double, relativeTo base: ScrollIslandScaleBase, at dynamicTypeSize: DynamicTypeSize) -> Double
}
