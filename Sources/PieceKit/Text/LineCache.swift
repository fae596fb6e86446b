/// Widths and letter cuts of the lines a piece shows, kept from one layout to the next.
///
/// A piece is laid out many times a second while its text rarely changes, and measuring a line walks its
/// characters through the font tables. Measuring is a pure function of the text and the font, so a remembered
/// answer is the same answer. The cache is per piece (no shared mutable state) and forgets everything once it
/// holds `limit` lines, so a piece whose text changes every frame cannot make it grow. Keyed by the measure's whole
/// question; `PIECEBOX_MEMO=off` (`MemoSwitch`) measures every time.
public final class LineCache {
    private struct Key: Hashable {
        let text: String
        let font: Font
    }

    private let metrics: TextMetrics
    private var widths: [Key: Double] = [:]
    private var cuts: [Key: MorphLetters] = [:]
    public static let limit = 256

    public init(metrics: TextMetrics = .systemFont) {
        self.metrics = metrics
    }

    /// `metrics.width(of: text, font: font)`.
    public func width(of text: String, font: Font) -> Double {
        guard MemoSwitch.on else { return metrics.width(of: text, font: font) }
        let key = Key(text: text, font: font)
        if let known = widths[key] { return known }
        if widths.count >= Self.limit { widths.removeAll(keepingCapacity: true) }
        let measured = metrics.width(of: text, font: font)
        widths[key] = measured
        return measured
    }

    /// `text` cut into letters measured in `font` (`MorphLetters`).
    public func letters(of text: String, font: Font) -> MorphLetters {
        guard MemoSwitch.on else { return MorphLetters(text) { [metrics] in metrics.width(of: $0, font: font) } }
        let key = Key(text: text, font: font)
        if let known = cuts[key] { return known }
        if cuts.count >= Self.limit { cuts.removeAll(keepingCapacity: true) }
        let metrics = self.metrics
        let cut = MorphLetters(text) { metrics.width(of: $0, font: font) }
        cuts[key] = cut
        return cut
    }
}
