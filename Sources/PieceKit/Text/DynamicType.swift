import Foundation

/// Dynamic Type: how big each text style is at each content size category, and how `@ScaledMetric` grows a number
/// alongside it. Numbers come from `shared/reference/dynamic-type.json` (see `DynamicTypeTable.swift`).
public enum DynamicType {
    /// The device's pixels per point. `@ScaledMetric` lands on the pixel grid, so results depend on it; the
    /// reference grid was measured at @3x, the scale of every current iPhone.
    public static let defaultDisplayScale: Double = 3

    /// The style's point size at `category`, as `UIFont.preferredFont(forTextStyle:)` reports it.
    public static func size(_ style: TextStyle, _ category: DynamicTypeSize) -> Double {
        Double(row(style).value(\.sizes, category))
    }

    /// The HIG's recommended baseline-to-baseline spacing for the style at `category`. Not a line box height: use
    /// `TextMetrics.lineHeight(for:)` for that.
    public static func leading(_ style: TextStyle, _ category: DynamicTypeSize) -> Double {
        Double(row(style).value(\.leadings, category))
    }

    /// The multiplier `@ScaledMetric(relativeTo: style)` applies at `category`, before pixel rounding. It is the ratio
    /// of the style's line spacing to its spacing at `.large`, not the ratio of point sizes: body at `.medium` is
    /// 21/22, not 16/17.
    public static func scaleFactor(_ style: TextStyle, _ category: DynamicTypeSize) -> Double {
        let r = row(style)
        let base = r.value(\.scalingLeadings, .large)
        guard base > 0 else { return 1 }
        return Double(r.value(\.scalingLeadings, category)) / Double(base)
    }

    /// `@ScaledMetric(relativeTo: style)` holding `value`, read at `category`.
    ///
    /// The product is rounded half up to the pixel grid (1/`displayScale` pt), as `UIFontMetrics.scaledValue(for:)`
    /// was measured to do and as the open re-implementations of `ScaledMetric` do; that is what turns body 17 at
    /// `.medium` into the measured 16.333 rather than 16.227. Pass a `displayScale` of 0 to skip the rounding.
    public static func scaled(_ value: Double, relativeTo style: TextStyle, _ category: DynamicTypeSize,
                              displayScale: Double = defaultDisplayScale) -> Double {
        // At the default size the metric is what the piece wrote: nothing is scaled, so nothing is rounded
        // (a 2.5 pt stroke stays 2.5, not the nearest third of a point).
        if category == .large { return value }
        let r = row(style)
        let base = Double(r.value(\.scalingLeadings, .large))
        let here = Double(r.value(\.scalingLeadings, category))
        guard base > 0 else { return value }
        guard displayScale > 0, displayScale.isFinite else { return value * here / base }
        // One product of whole numbers and one division, so exact ties (15 × 58/20 × 3 = 130.5) stay exact.
        let pixels = (value * here * displayScale) / base
        return (pixels + 0.5).rounded(.down) / displayScale
    }

    /// One text style's row of the reference table, one entry per content size category.
    struct StyleRow: Sendable {
        var sizes: [Int]
        var leadings: [Int]
        var scalingLeadings: [Int]

        /// The entry for `category`; a short row (which the generated table never has) answers with its last entry.
        func value(_ column: KeyPath<StyleRow, [Int]>, _ category: DynamicTypeSize) -> Int {
            let values = self[keyPath: column]
            let i = category.rank
            if values.indices.contains(i) { return values[i] }
            return values.last ?? 0
        }
    }
}
