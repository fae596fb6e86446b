/// Where the glass tab bar, its tabs, the search lens and the bottom accessory sit, expanded or minimized.
///
/// Apple documents the behaviour (with `.onScrollDown` the bar minimizes when scrolling down starts and expands when
/// scrolling back up; minimizing is for iPhone) but not the geometry. Every number here is a judgement, named:
/// expanded, a floating capsule of tabs with a separate round search lens beside it, and the accessory (a mini
/// player) as a capsule above them; minimized, the bar shrinks to a circle showing the selected tab at the leading
/// edge, the lens to a circle at the trailing edge, and the accessory drops into the row between them.
public struct TabBarLayout: Equatable, Sendable {
    /// The expanded bar's height, and the search lens's diameter.
    public static let barHeight = 62.0
    /// The minimized row's height: the minimized bar, the lens and the inline accessory.
    public static let minimizedHeight = 48.0
    /// From the screen's sides to the bar, the lens and the accessory.
    public static let sideMargin = 21.0
    /// The bar sinks this far into the bottom safe area (never more than the safe area itself).
    public static let intoSafeArea = 13.0
    /// Between the tabs' capsule and the search lens, and between the minimized row's three parts.
    public static let lensGap = 12.0
    /// The accessory's height expanded, and its gap above the bar.
    public static let accessoryHeight = 48.0
    public static let accessoryGap = 8.0
    /// A tab's highlight sits this far inside the capsule.
    public static let tabInset = 4.0
    /// A scroll this far in one direction since it last turned minimizes (down) or expands (up) the bar: "when
    /// downwards scrolling starts", read as a small dead zone so a finger's jitter does not flap the bar.
    public static let trigger = 10.0

    public var bar: Rect
    public var tabs: [Rect]
    public var search: Rect
    public var accessory: Rect?

    /// The layout for `tabCount` tabs on the stage's screen.
    public init(in environment: PieceEnvironment, tabCount: Int, minimized: Bool, accessory: Bool) {
        let w = environment.size.width
        let bottom = environment.size.height - environment.safeArea.bottom
            + min(Self.intoSafeArea, max(environment.safeArea.bottom, 0))
        let count = max(tabCount, 1)
        if minimized {
            let side = Self.minimizedHeight
            let y = bottom - side
            bar = Rect(x: Self.sideMargin, y: y, width: side, height: side)
            search = Rect(x: w - Self.sideMargin - side, y: y, width: side, height: side)
            // Every tab gathers into the minimized bar; only the selected one shows (the piece's opacity).
            tabs = Array(repeating: bar.insetBy(dx: Self.tabInset, dy: Self.tabInset), count: count)
            let left = bar.maxX + Self.lensGap
            self.accessory = accessory
                ? Rect(x: left, y: y, width: max(search.minX - Self.lensGap - left, 0), height: side) : nil
        } else {
            let h = Self.barHeight
            let y = bottom - h
            search = Rect(x: w - Self.sideMargin - h, y: y, width: h, height: h)
            bar = Rect(x: Self.sideMargin, y: y, width: max(search.minX - Self.lensGap - Self.sideMargin, 0), height: h)
            let inner = bar.insetBy(dx: Self.tabInset, dy: Self.tabInset)
            let each = max(inner.width, 0) / Double(count)
            tabs = (0..<count).map { i in Rect(x: inner.x + Double(i) * each, y: inner.y, width: each, height: inner.height) }
            self.accessory = accessory
                ? Rect(x: Self.sideMargin, y: y - Self.accessoryGap - Self.accessoryHeight,
                       width: max(w - 2 * Self.sideMargin, 0), height: Self.accessoryHeight) : nil
        }
        if environment.isRightToLeft {
            bar = bar.mirrored(in: w)
            search = search.mirrored(in: w)
            tabs = tabs.map { $0.mirrored(in: w) }
            self.accessory = self.accessory?.mirrored(in: w)
        }
    }
}
