/// How the MiniPlayer's four texts are set: by the layout engine's one Text rule (`LayoutEngine.size(of:...)`), so
/// the hand-worked layout and a body written as SwiftUI (`examples/swiftui/expanding_mini_player.lua`) wrap at the
/// same spaces, truncate to the same ellipsis and land on the same pixel grid. SwiftUI's Text answers the width of
/// its widest line as set (a cut line with its ellipsis), rounded up to the pixel grid, never the room it was offered.
extension MiniPlayerLayout {
    /// A text as set in `room` points of width with at most `lineLimit` lines: its size and its line count.
    static func setText(_ text: String, _ font: LayoutFont, lineLimit: Int, room: Double, size: DynamicTypeSize,
                        metrics: TextMetrics) -> (size: Size, lines: Int) {
        let view = LayoutView(.text(text)).font(font).lineLimit(lineLimit)
        let context = LayoutContext(dynamicTypeSize: size)
        let set = LayoutEngine.size(of: view, proposed: ProposedSize(width: max(room, 0), height: nil), in: context,
                                    metrics: metrics)
        let box = metrics.lineBoxHeight(for: font.resolved(size))
        let lines = box > 0 ? Int((set.height / box).rounded()) : 0
        return (set, lines)
    }

    /// The piece's text styles as the engine takes them (the same styles and weights as `Fonts`).
    enum TextFonts {
        static let miniTitle = LayoutFont(.style(.subheadline), weight: .semibold)
        static let miniSubtitle = LayoutFont(.style(.caption))
        static let title = LayoutFont(.style(.title2), weight: .bold)
        static let subtitle = LayoutFont(.style(.body))
    }
}
