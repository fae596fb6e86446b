// Generated once from shared/reference/dynamic-type.json by a throwaway script; edit the JSON and regenerate rather
// than editing numbers here. Columns follow DynamicTypeSize order: xSmall, small, medium, large, xLarge, xxLarge,
// xxxLarge, accessibility1 … accessibility5.

extension DynamicType {
    /// Point size, HIG leading and the line spacing `UIFontMetrics` scales by, for one text style.
    static func row(_ style: TextStyle) -> StyleRow {
        switch style {
        case .largeTitle: return Rows.largeTitle
        case .title: return Rows.title
        case .title2: return Rows.title2
        case .title3: return Rows.title3
        case .headline: return Rows.headline
        case .body: return Rows.body
        case .callout: return Rows.callout
        case .subheadline: return Rows.subheadline
        case .footnote: return Rows.footnote
        case .caption: return Rows.caption
        case .caption2: return Rows.caption2
        }
    }

    /// One stored row per style, so a lookup never builds arrays.
    private enum Rows {
        static let largeTitle = StyleRow(
            sizes: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],
            leadings: [38, 39, 40, 41, 43, 46, 48, 52, 57, 61, 66, 70],
            scalingLeadings: [38, 39, 40, 41, 43, 46, 48, 52, 57, 61, 66, 70])
        static let title = StyleRow(
            sizes: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],
            leadings: [31, 32, 33, 34, 37, 39, 41, 46, 51, 57, 62, 68],
            scalingLeadings: [31, 32, 33, 34, 36, 38, 41, 46, 51, 57, 61, 68])
        static let title2 = StyleRow(
            sizes: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],
            leadings: [24, 25, 26, 28, 30, 32, 34, 41, 47, 52, 59, 66],
            scalingLeadings: [24, 25, 26, 28, 30, 32, 34, 41, 47, 52, 59, 66])
        static let title3 = StyleRow(
            sizes: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],
            leadings: [22, 23, 24, 25, 28, 30, 32, 38, 44, 51, 58, 65],
            scalingLeadings: [22, 23, 24, 25, 28, 30, 32, 38, 44, 51, 58, 65])
        static let headline = StyleRow(
            sizes: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
            leadings: [19, 20, 21, 22, 24, 26, 29, 34, 40, 48, 56, 62],
            scalingLeadings: [19, 20, 21, 22, 24, 26, 29, 34, 40, 48, 51, 62])
        static let body = StyleRow(
            sizes: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
            leadings: [19, 20, 21, 22, 24, 26, 29, 34, 40, 48, 56, 62],
            scalingLeadings: [19, 20, 21, 22, 24, 26, 29, 34, 40, 48, 56, 62])
        static let callout = StyleRow(
            sizes: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],
            leadings: [18, 19, 20, 21, 23, 25, 28, 32, 39, 46, 52, 60],
            scalingLeadings: [18, 19, 20, 21, 23, 25, 28, 32, 39, 46, 52, 60])
        static let subheadline = StyleRow(
            sizes: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],
            leadings: [16, 18, 19, 20, 22, 24, 28, 31, 37, 43, 50, 58],
            scalingLeadings: [16, 18, 19, 20, 22, 24, 26, 31, 36, 43, 50, 58])
        static let footnote = StyleRow(
            sizes: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],
            leadings: [16, 16, 16, 18, 20, 22, 24, 29, 33, 40, 46, 52],
            scalingLeadings: [16, 16, 16, 18, 20, 22, 24, 29, 33, 40, 46, 52])
        static let caption = StyleRow(
            sizes: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],
            leadings: [13, 13, 13, 16, 19, 21, 23, 28, 32, 39, 44, 51],
            scalingLeadings: [13, 13, 13, 16, 19, 21, 23, 27, 32, 39, 44, 51])
        static let caption2 = StyleRow(
            sizes: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],
            leadings: [13, 13, 13, 13, 18, 20, 22, 25, 30, 35, 41, 48],
            scalingLeadings: [13, 13, 13, 13, 18, 20, 22, 25, 29, 35, 41, 48])
    }
}
