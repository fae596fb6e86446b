/// A mock of a long SwiftUI `ScrollView` whose sections carry `.id(_:)` inside a `.scrollTargetLayout()`, read and
/// written through `.scrollPosition(id:anchor: .top)`.
///
/// It is a value: the page's layout plus where it rests and which section is selected. Everything that moves
/// (a drag, a fling, a jump to a section) is a pure function of time in `ScrollPageDrag`, `ScrollPageFling`, or a
/// target offset the stage animates, so any frame can be sampled without stepping through the ones before it.
///
/// Coordinates follow SwiftUI's `ScrollGeometry`: `contentOffset` is `-contentInsets.top` when the first section
/// sits just under the top bar, and grows as the reader moves down the page.
public struct ScrollPage: Equatable, Sendable {
    /// One section of the page, as the scroll view lays it out.
    public struct Section: Equatable, Sendable {
        /// The id the section's view carries, the value `scrollPosition(id:)` reads and writes.
        public var id: String
        public var title: String
        /// A short extra, such as a reading time, that a table of contents shows at the end of its row.
        public var detail: String?
        /// The section's height in points. Negative or non-finite heights count as zero.
        public var height: Double
        /// The text of the section, kept so a later pass can measure `height` with text metrics.
        public var paragraphs: [String]

        public init(id: String, title: String, detail: String? = nil, height: Double, paragraphs: [String] = []) {
            self.id = id; self.title = title; self.detail = detail
            self.height = height; self.paragraphs = paragraphs
        }

        /// The height the layout uses: never negative, never NaN.
        var laidOutHeight: Double { height.isFinite ? max(height, 0) : 0 }
    }

    public var sections: [Section] { didSet { restack() } }
    /// The scroll view's frame size. The content insets lie inside it.
    public var containerSize: Size { didSet { restack() } }
    /// Insets the content scrolls under (bars, the home indicator). Only `top` and `bottom` matter to a vertical page.
    public var contentInsets: EdgeInsets
    /// The keyboard's overlap with the bottom of the scroll view, 0 when it is down.
    public var keyboardInset: Double
    /// Space between sections, as a `LazyVStack(spacing:)`.
    public var spacing: Double { didSet { restack() } }
    /// Padding around the stack inside the content (part of the content size, unlike the insets).
    public var paddingTop: Double { didSet { restack() } }
    public var paddingBottom: Double { didSet { restack() } }

    /// Where the page rests (after the last drag, fling or jump settled).
    public var contentOffset: Double
    /// The binding shared with `scrollPosition(id:)`. `nil` until the reader scrolls or something picks a section.
    public var selection: String?
    /// The sections stacked, worked out again whenever what they are stacked from changes: the page is read many
    /// times a frame while it scrolls (where each section is, which one is at the anchor, how much has been read).
    public private(set) var stack = ScrollPageStack()

    public init(sections: [Section], containerSize: Size, contentInsets: EdgeInsets = .zero,
                keyboardInset: Double = 0, spacing: Double = 0, paddingTop: Double = 0, paddingBottom: Double = 0,
                selection: String? = nil) {
        self.sections = sections
        self.containerSize = containerSize
        self.contentInsets = contentInsets
        self.keyboardInset = keyboardInset
        self.spacing = spacing
        self.paddingTop = paddingTop
        self.paddingBottom = paddingBottom
        self.selection = selection
        self.contentOffset = -contentInsets.top
        restack()
        if let selection, let target = restingOffset(for: selection) { contentOffset = target }
    }

    // MARK: Layout

    /// The bottom inset the content actually scrolls above. The keyboard covers the home indicator, so the larger of
    /// the two wins, the way UIKit folds the keyboard into the adjusted content inset.
    public var effectiveBottomInset: Double { max(contentInsets.bottom, keyboardInset, 0) }

    private var topInset: Double { max(contentInsets.top, 0) }
    private var gap: Double { spacing.isFinite ? max(spacing, 0) : 0 }

    /// Each section's frame in content coordinates (y from the top of the content), in page order.
    public var sectionFrames: [Rect] { stack.frames }

    /// The content's full height: padding, sections and the gaps between them.
    public var contentHeight: Double { stack.contentHeight }

    private mutating func restack() {
        stack = ScrollPageStack(sections: sections, width: containerSize.width, gap: gap, paddingTop: paddingTop,
                                paddingBottom: paddingBottom)
    }

    /// The offsets the page may rest at. Content shorter than its viewport has a single resting offset, the top.
    public var offsetRange: ClosedRange<Double> {
        let low = -topInset
        let high = contentHeight + effectiveBottomInset - max(containerSize.height, 0)
        return low...max(low, high)
    }

    /// Pins an offset into `offsetRange`, as a scroll view does at rest.
    public func clamped(_ offset: Double) -> Double {
        guard offset.isFinite else { return offsetRange.lowerBound }
        return min(max(offset, offsetRange.lowerBound), offsetRange.upperBound)
    }

    // MARK: Selection (`scrollPosition(id:anchor: .top)`)

    /// Tolerance for "this section's top is at the anchor", so a page brought to a section reads that section back
    /// despite rounding in the stage's animation.
    static let anchorTolerance = 0.5

    /// The index of a section id, or `nil` for an id the page doesn't have.
    public func index(of id: String) -> Int? { stack.firstIndex[id] }

    /// Where the page rests once it has scrolled `id` to the top anchor: the section's top at the top of the visible
    /// area (just under the top inset), pulled back into `offsetRange` for sections near the end that can't reach it.
    /// `nil` for an id the page doesn't have, which SwiftUI ignores.
    public func restingOffset(for id: String) -> Double? {
        guard let i = index(of: id), stack.frames.indices.contains(i) else { return nil }
        return clamped(stack.frames[i].minY - topInset)
    }

    /// The section at the top anchor for an offset: the first one that still shows below the top of the visible
    /// area. Above the first section that is the first; past the last, the last. `nil` only for an empty page.
    public func selectionIndex(atOffset offset: Double) -> Int? {
        guard !sections.isEmpty else { return nil }
        let line = offset + topInset
        let tolerance = Self.anchorTolerance
        // Sections are stacked downward, so once one still shows below the line every later one does too: the
        // first that does is found by halving.
        let frames = stack.frames
        var low = 0, high = frames.count
        while low < high {
            let mid = (low + high) / 2
            if frames[mid].maxY > line + tolerance || frames[mid].minY >= line - tolerance { high = mid } else { low = mid + 1 }
        }
        return min(low, sections.count - 1)
    }

    /// The id at the top anchor for an offset, as `scrollPosition(id:)` writes it while the reader scrolls.
    public func selectionID(atOffset offset: Double) -> String? {
        guard let i = selectionIndex(atOffset: offset), sections.indices.contains(i) else { return nil }
        return sections[i].id
    }

    /// Sets the binding from the app's side (a pick, a scrub, back to top) and returns where the page goes. The stage
    /// animates from the presented offset to it, or jumps there when the change carries no animation. An id the page
    /// doesn't have (or `nil`) leaves the page where it is and returns `nil`; the binding keeps the value, as SwiftUI's does.
    @discardableResult
    public mutating func select(_ id: String?) -> Double? {
        selection = id
        guard let id, let target = restingOffset(for: id) else { return nil }
        return target
    }

    /// The page has come to rest at `offset` after the reader scrolled it: it clamps there and the binding reads the
    /// section now at the anchor.
    public mutating func settle(at offset: Double) {
        contentOffset = clamped(offset)
        selection = selectionID(atOffset: contentOffset)
    }

    /// The offset reached by a programmatic scroll: it rests there, and the binding keeps what the app set.
    public mutating func arrive(at offset: Double) {
        contentOffset = clamped(offset)
    }

    // MARK: Reading

    /// How much of the page has been read, 0 to 1, from an offset: the part of the scrollable travel (content plus
    /// both insets, less the container) already behind the reader. A page with no travel counts as fully read.
    public func readFraction(atOffset offset: Double) -> Double {
        let travel = contentHeight + topInset + effectiveBottomInset - max(containerSize.height, 0)
        guard travel > 0 else { return 1 }
        let raw = (offset + topInset) / travel
        guard raw.isFinite else { return 0 }
        return min(max(raw, 0), 1)
    }

    /// The reading at the resting offset.
    public var readFraction: Double { readFraction(atOffset: contentOffset) }
}

/// A page's sections stacked top to bottom (`ScrollPage.stack`): their frames, the content's height, and what the
/// island reads of them, worked out once per change of the sections or their spacing rather than on every read.
public struct ScrollPageStack: Equatable, Sendable {
    /// Each section's frame in content coordinates, in page order.
    public private(set) var frames: [Rect] = []
    public private(set) var contentHeight = 0.0
    /// The sections as the island lists them.
    public private(set) var islandSections: [ScrollIslandSection] = []
    /// Where each id first appears (a later section repeating an id is never found by it, as with a list search).
    public private(set) var firstIndex: [String: Int] = [:]

    init() {}

    init(sections: [ScrollPage.Section], width: Double, gap: Double, paddingTop: Double, paddingBottom: Double) {
        frames.reserveCapacity(sections.count)
        islandSections.reserveCapacity(sections.count)
        firstIndex.reserveCapacity(sections.count)
        var y = max(paddingTop, 0)
        var heights = 0.0
        for (i, section) in sections.enumerated() {
            let h = section.laidOutHeight
            frames.append(Rect(x: 0, y: y, width: max(width, 0), height: h))
            y += h + gap
            heights += h
            islandSections.append(section.islandSection)
            if firstIndex[section.id] == nil { firstIndex[section.id] = i }
        }
        let gaps = gap * Double(max(sections.count - 1, 0))
        contentHeight = max(paddingTop, 0) + heights + gaps + max(paddingBottom, 0)
    }
}
