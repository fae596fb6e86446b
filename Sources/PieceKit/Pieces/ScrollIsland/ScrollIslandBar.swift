/// What the bar holds, measured: the closed title, the open "Contents" label, the quiet position and the read amount.
/// Both label pairs are laid out at once (they cross-fade over each other), and only the closed ones size the bar.
public struct ScrollIslandBarContent: Equatable, Sendable {
    public var titleWidth: Double
    public var contentsWidth: Double
    public var positionWidth: Double
    public var readWidth: Double
    /// More than one section: the position and chevron show. One section shows its title alone.
    public var hasCluster: Bool
    public var metrics: ScrollIslandMetrics

    public init(titleWidth: Double, contentsWidth: Double, positionWidth: Double, readWidth: Double,
                hasCluster: Bool, metrics: ScrollIslandMetrics) {
        self.titleWidth = Self.sane(titleWidth); self.contentsWidth = Self.sane(contentsWidth)
        self.positionWidth = Self.sane(positionWidth); self.readWidth = Self.sane(readWidth)
        self.hasCluster = hasCluster; self.metrics = metrics
    }

    private static func sane(_ w: Double) -> Double { w.isFinite ? max(w, 0) : 0 }

    /// Whether "3 of 6" (closed) and the read amount (open) are on the bar.
    public var showsPosition: Bool { hasCluster && metrics.showsPosition }

    /// The position and chevron together, as one fixed-size group at the trailing end.
    public var clusterWidth: Double {
        guard hasCluster else { return 0 }
        let position = showsPosition ? positionWidth + ScrollIslandMetrics.positionSpacing : 0
        return position + metrics.chevronWidth
    }

    /// Everything but the title: the padding, the ring, the stack's gaps and the cluster. The stack's spacing also
    /// applies on both sides of its zero-width spacer (a guess about SwiftUI's stacks that the seed's layout leaves
    /// open), so one section's bar ends ring, gap, title, gap, spacer.
    public var fixedWidth: Double {
        let gap = ScrollIslandMetrics.barSpacing
        var w = metrics.barLeadingPadding + metrics.ringSize + gap + gap + ScrollIslandMetrics.barTrailingPadding
        if hasCluster { w += gap + clusterWidth }
        return w
    }

    /// The bar's own width with the whole title, before the capsule rounds it up.
    public var naturalWidth: Double { fixedWidth + titleWidth }

    /// The closed capsule hugging the bar: the natural width rounded up to a whole point plus one, but never wider
    /// than `widest` (the title truncates with an ellipsis beyond that).
    public func hugWidth(widest: Double) -> Double {
        min(naturalWidth.rounded(.up) + 1, widest)
    }

    /// Places the bar's parts in `frame` (left to right; mirror the result for right-to-left).
    public func layout(in frame: Rect, open: Bool, measure: some ScrollIslandTextMeasure) -> ScrollIslandBarLayout {
        let m = metrics
        let gap = ScrollIslandMetrics.barSpacing
        let ring = Rect(x: frame.minX + m.barLeadingPadding, y: frame.midY - m.ringSize / 2,
                        width: m.ringSize, height: m.ringSize)
        let titleLine = measure.lineHeight(size: m.titleSize)
        let metaLine = measure.lineHeight(size: m.metaSize)
        let room = max(frame.width - fixedWidth, 0)
        let titleShown = min(titleWidth, room)
        let title = Rect(x: ring.maxX + gap, y: frame.midY - titleLine / 2, width: titleShown, height: titleLine)
        let contents = Rect(x: title.minX, y: title.minY, width: contentsWidth, height: titleLine)
        var position: Rect?
        var read: Rect?
        var chevron: Rect?
        if hasCluster {
            let end = frame.maxX - ScrollIslandMetrics.barTrailingPadding
            let glyph = Rect(x: end - m.chevronWidth, y: frame.midY - m.chevronSize / 2,
                             width: m.chevronWidth, height: m.chevronSize)
            chevron = glyph
            if showsPosition {
                let slot = Rect(x: glyph.minX - ScrollIslandMetrics.positionSpacing - positionWidth,
                                y: frame.midY - metaLine / 2, width: positionWidth, height: metaLine)
                position = slot
                read = Rect(x: slot.maxX - readWidth, y: slot.minY, width: readWidth, height: metaLine)
            }
        }
        return ScrollIslandBarLayout(frame: frame, ring: ring, title: title, titleTruncated: titleWidth > room + 0.001,
                                     contents: contents, position: position, read: read, chevron: chevron,
                                     chevronRotation: open ? 180 : 0, isOpen: open)
    }
}

/// The bar's parts on the stage. Closed, the title and position show; open, "Contents" and the read amount show in
/// the same places (each pair cross-fades), and the chevron turns over.
public struct ScrollIslandBarLayout: Equatable, Sendable {
    public var frame: Rect
    public var ring: Rect
    /// The section title's slot; narrower than the title when it truncates.
    public var title: Rect
    public var titleTruncated: Bool
    /// The open label, from the title's leading edge at its own width.
    public var contents: Rect
    /// "3 of 6"; `nil` with one section or at the accessibility sizes.
    public var position: Rect?
    /// The open read amount, against the position's trailing edge.
    public var read: Rect?
    /// `nil` with one section.
    public var chevron: Rect?
    /// Degrees: the chevron points up closed and down open.
    public var chevronRotation: Double
    public var isOpen: Bool

    /// The same bar mirrored across a container `width` wide whose left edge is at `originX` (right-to-left).
    func mirrored(originX: Double, width: Double) -> ScrollIslandBarLayout {
        let flip = { (r: Rect) in r.scrollIslandMirrored(originX: originX, width: width) }
        var copy = self
        copy.frame = flip(frame); copy.ring = flip(ring); copy.title = flip(title); copy.contents = flip(contents)
        copy.position = position.map(flip); copy.read = read.map(flip); copy.chevron = chevron.map(flip)
        return copy
    }
}

extension Rect {
    /// Mirrored across the vertical midline of a span `width` wide starting at `originX`.
    func scrollIslandMirrored(originX: Double, width: Double) -> Rect {
        offsetBy(dx: -originX, dy: 0).mirrored(in: width).offsetBy(dx: originX, dy: 0)
    }
}
