/// The island's sizes at one Dynamic Type size, and its fixed spacing. Scaled values follow `@ScaledMetric`; the rest
/// are the same at every size.
public struct ScrollIslandMetrics: Equatable, Sendable {
    // MARK: Scaled (base values at the Large size)

    /// The bar's height, and the closed capsule's. Body.
    public var barHeight: Double
    /// The read ring's diameter. Body.
    public var ringSize: Double
    /// The ring's stroke. Body.
    public var ringStroke: Double
    /// One row of the contents. Body.
    public var rowHeight: Double
    /// Titles, the contents title and the bubble's arrow. Body.
    public var titleSize: Double
    /// The position, read amount, row numbers and details. Footnote.
    public var metaSize: Double
    /// The chevron glyph. Footnote.
    public var chevronSize: Double
    /// The bar shows "3 of 6" (and, open, the read amount) only below the accessibility sizes, so a large title keeps
    /// its room; VoiceOver still reads the position.
    public var showsPosition: Bool

    public static let baseBarHeight = 48.0
    public static let baseRingSize = 26.0
    public static let baseRingStroke = 2.5
    public static let baseRowHeight = 44.0
    public static let baseTitleSize = 17.0
    public static let baseMetaSize = 13.0
    public static let baseChevronSize = 12.0

    // MARK: Fixed

    /// Kept from each side of the space the island is given.
    public static let margin = 16.0
    /// Above the bottom of that space (itself above the home indicator or the keyboard).
    public static let bottomGap = 8.0
    /// Inside the panel around its rows (above them and on each side).
    public static let inset = 6.0
    /// Between the rows and the bar under them.
    public static let rowsGap = 2.0
    /// The open panel's corner radius, capped at half the bar plus 2 so a small bar doesn't get a rounder panel.
    public static let panelRadius = 26.0
    /// Sideways travel per section while scrubbing the closed island.
    public static let scrubStep = 32.0
    /// How far a scrub past the first or last section can ever pull the island (rubber band limit).
    public static let scrubGiveLimit = 14.0
    /// The scrub's lift: the island swells this much under the finger (not under Reduce Motion).
    public static let scrubLift = 1.03
    /// A touch on the bar must move this far (strictly) before it counts as a scrub or a swipe.
    public static let axisDecision = 8.0
    /// A swipe up that opened the panel becomes a pick after travelling this share of a row (or reaching another row).
    public static let swipePickShare = 0.75
    /// Gap between the ring, the title, the spacer and the position cluster.
    public static let barSpacing = 10.0
    /// Gap between "3 of 6" and the chevron.
    public static let positionSpacing = 6.0
    /// The bar's trailing padding.
    public static let barTrailingPadding = 16.0
    /// The back-to-top bubble rests this far from the island: parts of one control, so the liquid neck holds.
    public static let joined = 4.0
    /// The bubble's scale while home inside the island's leading end.
    public static let bubbleHomeScale = 0.72
    /// The panel's rows take up to this share of the space given, with the bar.
    public static let panelHeightShare = 0.6
    /// The rows' window used when the space's height is unknown (zero), before the share applies.
    public static let unknownContainerRowsRoom = 420.0
    /// The rows' window never gets shorter than this many rows (when any rows would be cut).
    public static let minimumVisibleRows = 2.5
    /// Rows this close (points) to fitting count as fitting: the panel doesn't scroll for a hair.
    public static let scrollSlack = 0.5
    /// The row hit area reaches this far past the panel's sides and above its top row, and `rowHitBelow` below the
    /// last row, so a finger sliding near the edge keeps its row.
    public static let rowHitSideSlop = 24.0
    public static let rowHitAboveSlop = 24.0
    public static let rowHitBelow = 4.0
    /// Inside a row: the horizontal padding, the gap between its parts, and the least room before the detail.
    public static let rowPadding = 14.0
    public static let rowSpacing = 12.0
    public static let rowSpacerMinimum = 8.0
    /// The number column is this many meta points wide per digit of the section count, plus `rowNumberExtra`.
    public static let rowNumberDigitShare = 0.62
    public static let rowNumberExtra = 2.0
    /// A press sinks the island about this many points per edge.
    public static let pressDepth = 2.0
    /// A press sinks the back-to-top bubble about this many points per edge (the house glass button's depth): on a
    /// 48-point bubble that is past the deepest sink, so it rests at 0.92.
    public static let bubblePressDepth = 2.5
    /// A reading change larger than this sweeps the arc on the value spring; smaller ones track as they go.
    public static let ringJump = 0.06
    /// The chevron glyph's width per point of its size. A guess: SF Symbols' "chevron.up" is about as wide as its
    /// point size; the seed gives no number.
    public static let chevronWidthPerPoint = 1.0

    public init(dynamicTypeSize: DynamicTypeSize, measure: some ScrollIslandTextMeasure) {
        let body = { (v: Double) in measure.scaled(v, relativeTo: .body, at: dynamicTypeSize) }
        let footnote = { (v: Double) in measure.scaled(v, relativeTo: .footnote, at: dynamicTypeSize) }
        barHeight = body(Self.baseBarHeight)
        ringSize = body(Self.baseRingSize)
        ringStroke = body(Self.baseRingStroke)
        rowHeight = body(Self.baseRowHeight)
        titleSize = body(Self.baseTitleSize)
        metaSize = footnote(Self.baseMetaSize)
        chevronSize = footnote(Self.baseChevronSize)
        showsPosition = !dynamicTypeSize.isAccessibilitySize
    }

    /// The Large-size metrics, unscaled.
    public init() {
        barHeight = Self.baseBarHeight; ringSize = Self.baseRingSize; ringStroke = Self.baseRingStroke
        rowHeight = Self.baseRowHeight; titleSize = Self.baseTitleSize; metaSize = Self.baseMetaSize
        chevronSize = Self.baseChevronSize; showsPosition = true
    }

    /// The ring sits centred in the bar's leading cap: this much padding before it.
    public var barLeadingPadding: Double { (barHeight - ringSize) / 2 }
    public var chevronWidth: Double { chevronSize * Self.chevronWidthPerPoint }
    /// The closed capsule's corner radius, and the open panel's.
    public var closedRadius: Double { barHeight / 2 }
    public var openRadius: Double { min(Self.panelRadius, barHeight / 2 + 2) }
}
