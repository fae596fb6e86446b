import Foundation

/// Where every part of the NowPlaying piece sits, as a pure function of the room it has, the text sizes, the layout
/// direction and what the track can do. Nothing here animates: the piece moves between these targets.
///
/// Coordinates are the bar's own: its top left is the origin and the card opens above it, at negative y. The stage
/// (the area the piece draws into) reaches `top` points above the bar, so stage coordinates are these plus `top`
/// in y (see `inStage`). Line heights come from the system font, so the bar and the card grow with Dynamic Type.
///
/// In a right-to-left environment the bar with its contents, and the card's artwork and lines, flip across the
/// width. Media controls (play, previous, next, the scrubber) keep their left-to-right order; the card stays centred.
public struct NowPlayingLayout: Sendable, Equatable {
    // MARK: Constants

    public static let cardRadius: Double = 34
    /// The card's play bubble.
    public static let playSide: Double = 72
    /// The card's previous and next bubbles.
    public static let skipSide: Double = 52
    /// The rest gap between parts of one control (the bar, play and forward), close enough that the glass stays
    /// joined by a neck. It is the liquid language's `joined` gap.
    public static let joinedGap: Double = 4
    /// The rest gap between separate actions (play and the skips, the card and the transport): far enough apart
    /// that the glass separates. The liquid language's `apart` gap.
    public static let apartGap: Double = 26
    /// How far previous and next rest from play's centre: half of play, the apart gap, half a skip bubble (88).
    public static var skipOffset: Double { playSide / 2 + apartGap + skipSide / 2 }
    /// Ceiling on how far an upward pull lengthens the bar: the rubber band's limit.
    public static let pullLimit: Double = 150
    /// The bar's artwork corner.
    public static let miniArtRadius: Double = 12
    /// The card's artwork corner, and the compact card's smaller one.
    public static let cardArtRadius: Double = 22
    public static let compactArtRadius: Double = 14
    /// The grabber's visible capsule, centred in its larger touch area `grabber`.
    public static let grabberCapsule = Size(width: 36, height: 5)
    /// The scrubber's track thickness, and its thumb under the finger and at rest.
    public static let scrubTrackHeight: Double = 6
    public static let thumbSide: Double = 28
    public static let thumbRestSide: Double = 16
    /// The narrowest bar the piece lays out, whatever its frame says (and before it has been measured).
    public static let minimumWidth: Double = 240
    /// The gap kept between the card's top and the top safe area.
    public static let roomMargin: Double = 8
    /// The room assumed before the bar's frame is known: plenty, so the card starts out full size.
    public static let unmeasuredRoom: Double = 10_000
    /// The stage reaches this far above the card's top (or above the longest pull) …
    public static let stageHeadroom: Double = 48
    /// … and this far below the bar's bottom.
    public static let stageFoot: Double = 24

    // MARK: Inputs, kept for the views that read them

    public var width: Double = 0
    public var rtl = false
    /// A live stream: no hairline, no scrubber, and "Live" in place of the times.
    public var live = false
    /// Whether the bar shows a forward bubble after play.
    public var forward = false
    public var sizes = Sizes.standard

    // MARK: The bar

    /// The short card: a small artwork beside the lines, used when the room above the bar is short.
    public var compact = false
    public var barHeight: Double = 64
    public var bar = Rect.zero
    public var miniArt = Rect.zero
    public var miniTitle = Rect.zero
    public var miniArtist = Rect.zero
    /// The progress line under the bar's two lines.
    public var hairline = Rect.zero
    /// Play's centre while collapsed; it sits joined to the bar's end.
    public var playMini = Point.zero
    public var playMiniSide: Double = 44
    /// Where forward rests from play's centre while collapsed (negative right to left).
    public var forwardOffset: Double = 48

    // MARK: The card

    public var card = Rect.zero
    public var cardArt = Rect.zero
    public var artRadius: Double = NowPlayingLayout.cardArtRadius
    public var cardTitle = Rect.zero
    public var cardArtist = Rect.zero
    /// The grabber's touch area along the card's top edge.
    public var grabber = Rect.zero
    /// The scrubber's touch area; zero high for a live stream.
    public var scrub = Rect.zero
    public var times = Rect.zero
    /// Play's centre while open: the middle of the transport row, apart below the card.
    public var playCard = Point.zero
    /// Distance from the stage's top edge down to the bar's top edge.
    public var top: Double = 0

    public init() {}

    // MARK: Derived places

    /// The stage's height: everything from the headroom above the card to a margin below the bar.
    public var stageHeight: Double { top + barHeight + Self.stageFoot }

    /// The bar is a capsule.
    public var barRadius: Double { barHeight / 2 }

    /// The forward bubble's centre while collapsed.
    public var forwardCenter: Point { Point(x: playMini.x + forwardOffset, y: playMini.y) }
    /// Previous and next's centres while open, either side of play (never mirrored).
    public var previousCenter: Point { Point(x: playCard.x - Self.skipOffset, y: playCard.y) }
    public var nextCenter: Point { Point(x: playCard.x + Self.skipOffset, y: playCard.y) }

    public var playMiniRect: Rect { Rect(center: playMini, size: Size(width: playMiniSide, height: playMiniSide)) }
    public var forwardRect: Rect { Rect(center: forwardCenter, size: Size(width: playMiniSide, height: playMiniSide)) }
    public var playCardRect: Rect { Rect(center: playCard, size: Size(width: Self.playSide, height: Self.playSide)) }
    public var previousRect: Rect { Rect(center: previousCenter, size: Size(width: Self.skipSide, height: Self.skipSide)) }
    public var nextRect: Rect { Rect(center: nextCenter, size: Size(width: Self.skipSide, height: Self.skipSide)) }

    /// A rect of this layout in stage coordinates.
    public func inStage(_ r: Rect) -> Rect { r.offsetBy(dx: 0, dy: top) }

    /// The glass surface in stage coordinates: the card when open, otherwise the bar grown upwards by `stretch`
    /// (the pull, after the rubber band).
    public func surface(open: Bool, stretch: Double = 0) -> Rect {
        if open { return inStage(card) }
        var r = inStage(bar)
        r.y -= stretch
        r.height += stretch
        return r
    }

    /// The surface's corner radius: the card's, or half the bar's height.
    public func surfaceRadius(open: Bool) -> Double { open ? Self.cardRadius : barRadius }

    /// How far a downward drag of the open card must coast before it closes the card.
    public var closingDrop: Double { max(110, card.height * 0.22) }

    // MARK: Making one

    /// The layout for a bar `width` wide with `room` points between the bar's bottom and the top of the screen
    /// (less the safe area and a margin), as the piece computes it.
    public static func make(width w: Double, room: Double, rtl: Bool, live: Bool, forward: Bool,
                            sizes s: Sizes, metrics: TextMetrics = .systemFont) -> NowPlayingLayout {
        var layout = NowPlayingLayout()
        layout.width = w
        layout.rtl = rtl
        layout.live = live
        layout.forward = forward
        layout.sizes = s
        let text = LineHeights(sizes: s, metrics: metrics)
        layout.placeBar(width: w, forward: forward, text: text)
        layout.placeCard(width: w, room: room, text: text)
        // The stage reaches over the card, or over the longest pull when the card is lower, plus headroom.
        layout.top = max(-layout.card.minY, pullLimit) + stageHeadroom
        if rtl { layout.mirrorForRightToLeft() }
        return layout
    }

    /// The one-line heights the layout stacks, each the semibold system font's line height rounded up to a point.
    private struct LineHeights {
        var miniTitle, miniArtist, cardTitle, cardArtist, time: Double

        init(sizes: Sizes, metrics: TextMetrics) {
            miniTitle = NowPlayingLayout.lineHeight(sizes.miniTitle, metrics)
            miniArtist = NowPlayingLayout.lineHeight(sizes.miniArtist, metrics)
            cardTitle = NowPlayingLayout.lineHeight(sizes.cardTitle, metrics)
            cardArtist = NowPlayingLayout.lineHeight(sizes.cardArtist, metrics)
            time = NowPlayingLayout.lineHeight(sizes.time, metrics)
        }

        /// The card's title over its artist, 2 apart.
        var cardLines: Double { cardTitle + 2 + cardArtist }
    }

    /// The bar: artwork, then the title over the artist over the hairline, then play and (if shown) forward, each
    /// joined to what comes before it. Art and buttons grow with Dynamic Type but stay within 44…64 and 44…60.
    private mutating func placeBar(width w: Double, forward: Bool, text: LineHeights) {
        let artwork = min(64, max(44, sizes.art))
        let bubble = min(60, max(44, sizes.button))
        // Title, 2, artist, then (unless live) 5 and the 2 pt hairline.
        let stack = text.miniTitle + text.miniArtist + 2 + (live ? 0 : 5 + 2)
        let height = max(stack + 20, artwork + 20, 64).rounded(.up)
        barHeight = height
        let bubbles = forward ? 2 : 1
        let barWidth = max(height * 2, w - Double(bubbles) * (bubble + Self.joinedGap))
        bar = Rect(x: 0, y: 0, width: barWidth, height: height)

        let margin = (height - artwork) / 2
        miniArt = Rect(x: margin, y: margin, width: artwork, height: artwork)
        let linesLeft = miniArt.maxX + 12
        // Keep clear of the capsule's round end, which widens with the bar's height.
        let endClearance = max(height * 0.32, 20)
        let linesWidth = max(24, barWidth - endClearance - linesLeft)
        let linesTop = (height - stack) / 2
        miniTitle = Rect(x: linesLeft, y: linesTop, width: linesWidth, height: text.miniTitle)
        miniArtist = Rect(x: linesLeft, y: miniTitle.maxY + 2, width: linesWidth, height: text.miniArtist)
        hairline = Rect(x: linesLeft, y: miniArtist.maxY + 5, width: linesWidth, height: 2)

        playMiniSide = bubble
        playMini = Point(x: bar.maxX + Self.joinedGap + bubble / 2, y: height / 2)
        forwardOffset = bubble + Self.joinedGap
    }

    /// The card, standing on the transport row (which rests `apartGap` below it, its bottom on the bar's bottom).
    /// Its artwork fills the card's width (at most 440) and shrinks, narrowing the card, when the room above the bar
    /// is short; under 150 pt the card turns compact.
    private mutating func placeCard(width w: Double, room: Double, text: LineHeights) {
        let header = 34.0
        let scrubHeight = live ? 0.0 : 30.0
        // Everything but the artwork, top to bottom: header, 18, the lines, 12, scrubber, times, 20.
        let chrome = header + 18 + text.cardLines + 12 + scrubHeight + text.time + 20
        let transportRow = Self.playSide + Self.apartGap
        let widest = min(440, w)
        let side = min(room - transportRow - chrome, widest - 40)
        let cardBottom = barHeight - transportRow
        playCard = Point(x: w / 2, y: barHeight - Self.playSide / 2)

        let controlsY: Double
        if side >= 150 {
            let cardWidth = min(side + 40, widest)
            let cardHeight = chrome + side
            card = Rect(x: (w - cardWidth) / 2, y: cardBottom - cardHeight, width: cardWidth, height: cardHeight)
            cardArt = Rect(x: card.midX - side / 2, y: card.minY + header, width: side, height: side)
            cardTitle = Rect(x: card.minX + 20, y: cardArt.maxY + 18, width: card.width - 40, height: text.cardTitle)
            cardArtist = Rect(x: cardTitle.minX, y: cardTitle.maxY + 2, width: cardTitle.width,
                              height: text.cardArtist)
            controlsY = cardArtist.maxY + 12
        } else {
            // Landscape, or the largest text sizes: one row, a 64 pt artwork beside the two lines, centred on it.
            compact = true
            artRadius = Self.compactArtRadius
            let thumbnail = 64.0
            let rowHeight = max(text.cardLines, thumbnail)
            let cardHeight = header + rowHeight + 14 + scrubHeight + text.time + 20
            card = Rect(x: (w - widest) / 2, y: cardBottom - cardHeight, width: widest, height: cardHeight)
            let rowTop = card.minY + header
            cardArt = Rect(x: card.minX + 20, y: rowTop + (rowHeight - thumbnail) / 2,
                           width: thumbnail, height: thumbnail)
            let linesLeft = cardArt.maxX + 14
            let linesWidth = max(24, card.maxX - 20 - linesLeft)
            cardTitle = Rect(x: linesLeft, y: rowTop + (rowHeight - text.cardLines) / 2, width: linesWidth,
                             height: text.cardTitle)
            cardArtist = Rect(x: linesLeft, y: cardTitle.maxY + 2, width: linesWidth, height: text.cardArtist)
            controlsY = rowTop + rowHeight + 14
        }
        let controlsLeft = card.minX + 20, controlsWidth = card.width - 40
        scrub = Rect(x: controlsLeft, y: controlsY, width: controlsWidth, height: scrubHeight)
        times = Rect(x: controlsLeft, y: scrub.maxY, width: controlsWidth, height: text.time)
        grabber = Rect(x: card.midX - 44, y: card.minY, width: 88, height: 26)
    }

    /// Right to left: the bar and everything in it, and the card's artwork and lines, flip across the width. The
    /// card (centred), the grabber, the scrubber, the times' row and the transport stay where they are.
    private mutating func mirrorForRightToLeft() {
        let w = width
        for keyPath in [\NowPlayingLayout.bar, \.miniArt, \.miniTitle, \.miniArtist, \.hairline,
                        \.cardArt, \.cardTitle, \.cardArtist] {
            self[keyPath: keyPath] = self[keyPath: keyPath].mirrored(in: w)
        }
        playMini = Point(x: w - playMini.x, y: playMini.y)
        forwardOffset = -forwardOffset
    }

    /// The layout as the piece computes it from its measured frame: `barFrame` is the bar's frame in the window
    /// (zero before the first measurement) and `safeTop` the window's top safe area. The width is held at
    /// `minimumWidth` or more; the room runs from the bar's bottom up to `roomMargin` below the safe area.
    public static func make(barFrame: Rect, safeTop: Double, layoutDirection: LayoutDirection, live: Bool,
                            forward: Bool, dynamicTypeSize: DynamicTypeSize,
                            displayScale: Double = DynamicType.defaultDisplayScale,
                            metrics: TextMetrics = .systemFont) -> NowPlayingLayout {
        let room = barFrame.maxY > 0 ? barFrame.maxY - safeTop - roomMargin : unmeasuredRoom
        return make(width: max(barFrame.width, minimumWidth), room: room, rtl: layoutDirection == .rightToLeft,
                    live: live, forward: forward,
                    sizes: .scaled(for: dynamicTypeSize, displayScale: displayScale), metrics: metrics)
    }

    /// The layout for a piece placed as its documentation shows: in the bottom safe area inset of a screen the size
    /// of `environment.size`, with `horizontalPadding` either side. Its bar's frame is `barFrame(in:...)`.
    public static func make(in environment: PieceEnvironment, live: Bool, forward: Bool,
                            horizontalPadding: Double = defaultHorizontalPadding,
                            displayScale: Double = DynamicType.defaultDisplayScale,
                            metrics: TextMetrics = .systemFont) -> NowPlayingLayout {
        // The room depends on the bar's bottom only, which does not depend on the bar's height.
        let slot = barFrame(in: environment, barHeight: 0, horizontalPadding: horizontalPadding)
        return make(barFrame: slot, safeTop: environment.safeArea.top, layoutDirection: environment.layoutDirection,
                    live: live, forward: forward, dynamicTypeSize: environment.dynamicTypeSize,
                    displayScale: displayScale, metrics: metrics)
    }

    /// The padding the piece's usage example puts either side of the bar. An assumption about the host app, not
    /// part of the piece: pass another value to match a different screen.
    public static let defaultHorizontalPadding: Double = 12

    /// The bar's frame in the container: a view in SwiftUI's bottom safe area inset sits inside the safe area, so
    /// its bottom is on the bottom inset and its sides inside the leading and trailing insets, then padded.
    public static func barFrame(in environment: PieceEnvironment, barHeight: Double,
                                horizontalPadding: Double = defaultHorizontalPadding) -> Rect {
        let insets = environment.safeArea
        // Frames are in left-to-right window coordinates; the leading inset is on the right when reading right
        // to left.
        let left = environment.isRightToLeft ? insets.trailing : insets.leading
        let width = environment.size.width - insets.leading - insets.trailing - 2 * horizontalPadding
        let bottom = environment.size.height - insets.bottom
        return Rect(x: left + horizontalPadding, y: bottom - barHeight, width: max(width, 0), height: barHeight)
    }

    /// One line of semibold system text at `size`, as the piece sizes it: the font's line height rounded up to a
    /// whole point.
    static func lineHeight(_ size: Double, _ metrics: TextMetrics) -> Double {
        metrics.lineHeight(for: Font(size: size, weight: .semibold)).rounded(.up)
    }
}
