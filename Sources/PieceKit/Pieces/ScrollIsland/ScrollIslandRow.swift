/// One row's parts: the section number in a column sized for the longest number, the title (truncating), and the
/// detail held at the row's trailing end.
public struct ScrollIslandRowLayout: Equatable, Sendable {
    public var frame: Rect
    public var number: Rect
    public var title: Rect
    public var titleTruncated: Bool
    public var detail: Rect?

    /// The number column: `meta size × 0.62` per digit of the section count, plus 2, so numbers line up down the list.
    public static func numberColumnWidth(count: Int, metrics: ScrollIslandMetrics) -> Double {
        let digits = String(max(count, 0)).count
        return Double(digits) * metrics.metaSize * ScrollIslandMetrics.rowNumberDigitShare
            + ScrollIslandMetrics.rowNumberExtra
    }

    /// Lays out a row in `frame` (left to right), given the measured title and detail widths.
    public init(frame: Rect, count: Int, titleWidth: Double, detailWidth: Double?, metrics: ScrollIslandMetrics,
                titleLineHeight: Double, metaLineHeight: Double) {
        let pad = ScrollIslandMetrics.rowPadding
        let gap = ScrollIslandMetrics.rowSpacing
        let numberWidth = Self.numberColumnWidth(count: count, metrics: metrics)
        let detailW = detailWidth.map { $0.isFinite ? max($0, 0) : 0 }
        // Stack: number, gap, title, gap, spacer (≥ 8), then gap and detail when there is one.
        var fixed = 2 * pad + numberWidth + gap + gap + ScrollIslandMetrics.rowSpacerMinimum
        if let detailW { fixed += gap + detailW }
        let room = max(frame.width - fixed, 0)
        let wanted = titleWidth.isFinite ? max(titleWidth, 0) : 0
        self.frame = frame
        number = Rect(x: frame.minX + pad, y: frame.midY - metaLineHeight / 2, width: numberWidth, height: metaLineHeight)
        title = Rect(x: number.maxX + gap, y: frame.midY - titleLineHeight / 2, width: min(wanted, room),
                     height: titleLineHeight)
        titleTruncated = wanted > room + 0.001
        detail = detailW.map {
            Rect(x: frame.maxX - pad - $0, y: frame.midY - metaLineHeight / 2, width: $0, height: metaLineHeight)
        }
    }

    /// Mirrored across a span `width` wide from `originX`, for right-to-left.
    public func mirrored(originX: Double, width: Double) -> ScrollIslandRowLayout {
        var copy = self
        copy.frame = frame.scrollIslandMirrored(originX: originX, width: width)
        copy.number = number.scrollIslandMirrored(originX: originX, width: width)
        copy.title = title.scrollIslandMirrored(originX: originX, width: width)
        copy.detail = detail.map { $0.scrollIslandMirrored(originX: originX, width: width) }
        return copy
    }
}
