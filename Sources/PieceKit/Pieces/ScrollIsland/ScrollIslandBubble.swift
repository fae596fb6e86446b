/// The round back-to-top bubble: out, it rests beside the island's leading end, joined to it by a 4-point neck; home,
/// it sits inside that end, shrunk, where the two glass shapes are one.
public struct ScrollIslandBubble: Equatable, Sendable {
    /// Where the bubble is laid out (before `scale`, which is about its centre). A bar-height circle.
    public var frame: Rect
    public var scale: Double
    /// The arrow inside: gone while home, so it never rides over the island's own content.
    public var contentOpacity: Double
    public var isOut: Bool

    /// The bubble for an island glass `island` (left to right), out or home. Under Reduce Motion it never travels: it
    /// stays at rest and closes to nothing in place while its content fades.
    public init(island: Rect, barHeight: Double, isOut: Bool, reduceMotion: Bool) {
        let rest = island.minX - barHeight - ScrollIslandMetrics.joined
        let home = island.minX
        let x = reduceMotion || isOut ? rest : home
        frame = Rect(x: x, y: island.maxY - barHeight, width: barHeight, height: barHeight)
        if reduceMotion {
            scale = isOut ? 1 : 0.001
            contentOpacity = isOut ? 1 : 0
        } else {
            scale = isOut ? 1 : ScrollIslandMetrics.bubbleHomeScale
            contentOpacity = isOut ? 1 : 0
        }
        self.isOut = isOut
    }

    /// The bubble as drawn: its frame scaled about its centre.
    public var presentedFrame: Rect {
        Rect(center: frame.center, size: Size(width: frame.width * scale, height: frame.height * scale))
    }

    /// Whether the bubble is wanted out: it is switched on, there is somewhere to go back to (more than one section,
    /// the reader past the first), and the contents are closed.
    public static func wanted(showsTopButton: Bool, count: Int, selectedIndex: Int, isOpen: Bool) -> Bool {
        showsTopButton && count > 1 && selectedIndex > 0 && !isOpen
    }
}
