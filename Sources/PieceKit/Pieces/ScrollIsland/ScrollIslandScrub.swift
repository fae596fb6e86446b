/// The closed island under a sideways drag: one section per 32 points, toward the trailing side for later sections,
/// and a rubber-band give past the first and last. Pure in the drag's translation.
public struct ScrollIslandScrub: Equatable, Sendable {
    /// The section under the finger now (a candidate until the finger lifts, which commits it).
    public var candidate: Int
    /// How far the island is pulled past the end, in points from the leading edge (negative toward leading).
    public var pull: Double

    /// A scrub that began on section `origin` of `count`, after `dx` points of sideways travel on screen.
    /// The nearest section to the finger wins, so the index changes half-way through each 32-point step (16, 48,
    /// 80 … points); an exact half rounds away from zero, as `Double.rounded()` does. Under Reduce Motion there is
    /// no give.
    public init(origin: Int, count: Int, dx: Double, layoutDirection: LayoutDirection, reduceMotion: Bool) {
        guard count > 0 else { candidate = 0; pull = 0; return }
        let travel = dx.isFinite ? (layoutDirection == .rightToLeft ? -dx : dx) : 0
        let start = Double(min(max(origin, 0), count - 1))
        let raw = start + travel / ScrollIslandMetrics.scrubStep
        let held = min(max(raw, 0), Double(count - 1))
        candidate = Int(held.rounded())
        let over = (raw - held) * ScrollIslandMetrics.scrubStep
        pull = reduceMotion ? 0 : ScrollPagePhysics.rubberBand(over, dimension: ScrollIslandMetrics.scrubGiveLimit)
    }

    /// Whether moving to this sample from one showing `previous` is worth a selection tick.
    public func ticks(from previous: Int) -> Bool { candidate != previous }
}

/// What a touch on the bar turns into once it has moved far enough to tell.
public enum ScrollIslandTouchIntent: Equatable, Sendable {
    /// Still within 8 points: a tap if it lifts now.
    case undecided
    /// Sideways on the closed island.
    case scrub
    /// Up: opens the panel (if closed). `slidesOntoRows` when every row is in view, so the finger can carry on onto a
    /// row and pick it like a menu; a scrolling panel leaves the rest of that touch alone.
    case open(slidesOntoRows: Bool)
    /// Down, or sideways while open: nothing.
    case cancelled

    /// Decides from the translation since touch-down. Sideways needs the larger horizontal component and a closed
    /// island; otherwise up opens and anything else is let go.
    public static func decide(dx: Double, dy: Double, isOpen: Bool, rowsScroll: Bool) -> ScrollIslandTouchIntent {
        guard dx.isFinite, dy.isFinite, (dx * dx + dy * dy).squareRoot() > ScrollIslandMetrics.axisDecision else {
            return .undecided
        }
        if !isOpen, abs(dx) > abs(dy) { return .scrub }
        if dy < 0 { return .open(slidesOntoRows: !rowsScroll) }
        return .cancelled
    }

    /// A swipe up that opened the panel turns into a pick once the finger is over a row and that row is not the
    /// current section, or it has travelled three quarters of a row since the swipe was decided at `startY`.
    public static func swipeBecomesPick(row: Int?, currentIndex: Int, y: Double, startY: Double,
                                        rowHeight: Double) -> Bool {
        guard let row else { return false }
        return row != currentIndex || abs(y - startY) > rowHeight * ScrollIslandMetrics.swipePickShare
    }
}
