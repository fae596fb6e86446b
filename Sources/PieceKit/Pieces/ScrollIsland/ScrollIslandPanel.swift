/// The open contents: the island's glass grown upward in place, with the bar still at its bottom and the rows above
/// it. Centred in the space it is given, up to `style.maxWidth` wide and about 60% of that space tall; longer lists
/// scroll inside it. All rects are in stage coordinates.
public struct ScrollIslandPanel: Equatable, Sendable {
    public var metrics: ScrollIslandMetrics
    /// Rows, one per section.
    public var count: Int
    /// The space the island is given (the scroll view it floats over, inside the safe area and above the keyboard).
    public var container: Rect
    public var maxWidth: Double

    public init(metrics: ScrollIslandMetrics, count: Int, container: Rect, maxWidth: Double) {
        self.metrics = metrics
        self.count = max(count, 0)
        self.container = container
        self.maxWidth = maxWidth
    }

    // MARK: Size

    /// The panel's width: the room inside the side margins, up to `maxWidth`, and never under three bar heights.
    /// With no known width the room is `maxWidth`.
    public var width: Double {
        let room = container.width > 0 ? container.width - 2 * ScrollIslandMetrics.margin : maxWidth
        return max(min(room, maxWidth), metrics.barHeight * 3)
    }

    /// Every row stacked.
    public var rowsHeight: Double { Double(count) * metrics.rowHeight }

    /// The rows' window: all of them while they fit in 60% of the space less the bar and the gaps, and no fewer than
    /// two and a half rows' worth once they don't.
    public var rowsViewport: Double {
        let share = container.height > 0
            ? container.height * ScrollIslandMetrics.panelHeightShare
            : ScrollIslandMetrics.unknownContainerRowsRoom
        let room = share - metrics.barHeight - ScrollIslandMetrics.inset - ScrollIslandMetrics.rowsGap
        return min(rowsHeight, max(room, metrics.rowHeight * ScrollIslandMetrics.minimumVisibleRows))
    }

    /// Whether the rows scroll inside the panel (then a tap picks; a slide doesn't).
    public var scrolls: Bool { rowsViewport < rowsHeight - ScrollIslandMetrics.scrollSlack }

    /// The bar, the inset above the rows, the rows' window and the gap under it.
    public var height: Double {
        metrics.barHeight + ScrollIslandMetrics.inset + rowsViewport + ScrollIslandMetrics.rowsGap
    }

    /// The island's bottom edge, the same open or closed: 8 points above the bottom of the space.
    public var bottom: Double { container.maxY - ScrollIslandMetrics.bottomGap }

    /// The open glass, centred across the space.
    public var frame: Rect {
        Rect(x: container.midX - width / 2, y: bottom - height, width: width, height: height)
    }

    /// The rows' window, inset 6 from the panel's sides and top, 2 above the bar.
    public var rowsFrame: Rect {
        let f = frame
        return Rect(x: f.minX + ScrollIslandMetrics.inset, y: f.minY + ScrollIslandMetrics.inset,
                    width: max(f.width - 2 * ScrollIslandMetrics.inset, 0), height: rowsViewport)
    }

    // MARK: Rows

    /// Row `index`, with the rows scrolled `rowsOffset` points down the list. It may lie outside the window.
    public func rowFrame(_ index: Int, rowsOffset: Double = 0) -> Rect {
        let w = rowsFrame
        return Rect(x: w.minX, y: w.minY + Double(index) * metrics.rowHeight - rowsOffset,
                    width: w.width, height: metrics.rowHeight)
    }

    /// The rows at least partly inside the window.
    public func visibleRows(rowsOffset: Double = 0) -> Range<Int> {
        guard count > 0, metrics.rowHeight > 0 else { return 0..<0 }
        let offset = clampedRowsOffset(rowsOffset)
        let first = Int((offset / metrics.rowHeight).rounded(.down))
        let last = Int(((offset + rowsViewport) / metrics.rowHeight).rounded(.up))
        let lo = min(max(first, 0), count), hi = min(max(last, lo), count)
        return lo..<hi
    }

    /// The row under a finger sliding over the rows (every row in view), or `nil` once it leaves them. Generous: the
    /// area reaches 24 points past each side and above the top row and 4 below the last, and a point in the slop
    /// takes the nearest row. Rows are counted from the window's top.
    public func row(at point: Point) -> Int? {
        guard count > 0, metrics.rowHeight > 0 else { return nil }
        let lower = bottom - metrics.barHeight - ScrollIslandMetrics.rowsGap
        let upper = lower - rowsViewport
        guard abs(point.x - container.midX) <= width / 2 + ScrollIslandMetrics.rowHitSideSlop,
              point.y >= upper - ScrollIslandMetrics.rowHitAboveSlop,
              point.y <= lower + ScrollIslandMetrics.rowHitBelow else { return nil }
        let raw = ((point.y - upper) / metrics.rowHeight).rounded(.down)
        return clampRow(raw)
    }

    /// The row a tap lands on in a scrolled list: exactly inside a row's rect and inside the window, no slop.
    public func tappedRow(at point: Point, rowsOffset: Double = 0) -> Int? {
        let w = rowsFrame
        guard count > 0, metrics.rowHeight > 0, w.contains(point) else { return nil }
        let raw = ((point.y - w.minY + clampedRowsOffset(rowsOffset)) / metrics.rowHeight).rounded(.down)
        return clampRow(raw)
    }

    private func clampRow(_ raw: Double) -> Int? {
        guard raw.isFinite, count > 0 else { return nil }
        return Int(min(max(raw, 0), Double(count - 1)))
    }

    // MARK: Scrolling rows

    /// How far the rows can scroll.
    public var maxRowsOffset: Double { max(rowsHeight - rowsViewport, 0) }

    public func clampedRowsOffset(_ offset: Double) -> Double {
        guard offset.isFinite else { return 0 }
        return min(max(offset, 0), maxRowsOffset)
    }

    /// Opening scrolls the rows so the current section sits in the middle of the window (as far as the ends allow).
    public func openingRowsOffset(for row: Int) -> Double {
        let centre = (Double(row) + 0.5) * metrics.rowHeight
        return clampedRowsOffset(centre - rowsViewport / 2)
    }

    /// The puck moved to `row` while open: the rows scroll the least that brings it wholly into view.
    public func rowsOffset(revealing row: Int, from current: Double) -> Double {
        let offset = clampedRowsOffset(current)
        let top = Double(row) * metrics.rowHeight
        let bottom = top + metrics.rowHeight
        if top < offset { return clampedRowsOffset(top) }
        if bottom > offset + rowsViewport { return clampedRowsOffset(bottom - rowsViewport) }
        return offset
    }

    // MARK: Puck

    /// The red puck between its two edges, given in rows from the top of the list (row `i` rests at i…i+1): full row
    /// width, a capsule. Never negative in height while the edges cross mid-flight.
    public func puckFrame(top: Double, bottom: Double, rowsOffset: Double = 0) -> Rect {
        let w = rowsFrame
        let t = top.isFinite ? top : 0
        let b = bottom.isFinite ? bottom : t
        return Rect(x: w.minX, y: w.minY - rowsOffset + t * metrics.rowHeight,
                    width: w.width, height: max(b - t, 0) * metrics.rowHeight)
    }
}
