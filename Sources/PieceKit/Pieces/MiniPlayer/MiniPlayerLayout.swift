/// Where every part of the MiniPlayer rests, closed and open, in stage (screen) coordinates, with no drag.
///
/// The piece is the app's root view: its stack fills the safe area, the bar sits at the bottom of it and the full
/// player fills it (its background reaches under the safe area to the screen's edges). Everything is worked out
/// from the leading edge and mirrored as a whole for right-to-left layouts.
public struct MiniPlayerLayout: Sendable, Equatable {
    // MARK: The bar

    /// The bar's rounded background (radius `barRadius`).
    public var bar: Rect
    /// The bar's artwork (radius `miniArtRadius`).
    public var miniArt: Rect
    public var miniTitle: Rect
    public var miniSubtitle: Rect
    /// The bar's play button: its touch area, at least 44 × 44.
    public var miniPlay: Rect
    /// The button that opens the player: the artwork, the lines and the room after them up to play, as tall as
    /// the taller of the artwork and the lines (the bar's own padding and the gap before play are not part of it).
    public var openButton: Rect
    /// One line each; true when the text is longer than its room (it ends in an ellipsis).
    public var miniTitleTruncated: Bool
    public var miniSubtitleTruncated: Bool
    /// The `@ScaledMetric` bar height (64 at Large) and the height the bar actually takes (at least that).
    public var barHeightMetric: Double
    public var barHeight: Double

    // MARK: The full player

    /// The background: the whole screen.
    public var screen: Rect
    /// The close button: the full width of the column, at least 44 tall.
    public var chevron: Rect
    /// The square artwork (radius `artRadius`), at most `artMaxWidth` wide and never wider than the column, given
    /// the height the other parts leave (see `make`).
    public var art: Rect
    public var title: Rect
    public var subtitle: Rect
    /// Lines each takes (one or two).
    public var titleLines: Int
    public var subtitleLines: Int
    public var progress: Rect
    public var previous: Rect
    public var play: Rect
    public var next: Rect

    // MARK: The app's content

    /// The content's extra bottom safe area padding: the bar height plus 16.
    public var bottomPadding: Double
    public var rtl: Bool

    // MARK: The piece's numbers

    public static let barHeight = 64.0
    public static let miniArtSize = 46.0
    public static let miniArtRadius = 10.0
    public static let barRadius = 18.0
    /// The bar's shadow: black at this opacity, radius 12, 4 down.
    public static let shadowOpacity = 0.18
    public static let shadowRadius = 12.0
    public static let shadowY = 4.0
    public static let barSpacing = 12.0
    public static let barInnerPadding = 10.0
    public static let barSideInset = 12.0
    public static let barBottomInset = 8.0
    public static let titleGap = 1.0
    public static let contentPaddingExtra = 16.0
    public static let minTouchTarget = 44.0
    public static let playerSpacing = 24.0
    public static let playerSidePadding = 28.0
    public static let playerTopPadding = 8.0
    public static let artRadius = 28.0
    public static let artMaxWidth = 360.0
    public static let linesGap = 6.0
    public static let lineLimit = 2
    public static let transportSpacing = 44.0
    /// A linear `ProgressView`'s track height. A guess: UIKit's default progress bar is 4 points tall, and SwiftUI
    /// draws the same control.
    public static let progressHeight = 4.0

    /// The side of an SF Symbol's box in `font`. A guess: the text metrics have no symbol tables, and a symbol set
    /// in a text style takes about one line of that style (its ascender to its descender), as tall as it is wide
    /// for the round-shouldered glyphs used here. Only matters where it passes the 44-point touch target, at the
    /// larger Dynamic Type sizes.
    public static func symbolSide(_ font: Font, metrics: TextMetrics = .systemFont) -> Double {
        metrics.lineHeight(for: font)
    }

    /// The fonts, by the piece's text styles, at `size`.
    public struct Fonts: Sendable, Equatable {
        public var miniTitle, miniSubtitle, miniPlay: Font
        public var chevron, title, subtitle, transport, play: Font

        public init(_ size: DynamicTypeSize) {
            miniTitle = .system(.subheadline, weight: .semibold, dynamicTypeSize: size)
            miniSubtitle = .system(.caption, dynamicTypeSize: size)
            miniPlay = .system(.title3, dynamicTypeSize: size)
            chevron = .system(.largeTitle, dynamicTypeSize: size)
            title = .system(.title2, weight: .bold, dynamicTypeSize: size)
            subtitle = .system(.body, dynamicTypeSize: size)
            transport = .system(.title, dynamicTypeSize: size)
            play = .system(.largeTitle, dynamicTypeSize: size)
        }
    }

    /// The layout for `title` over `subtitle` on the stage's screen.
    public static func make(in environment: PieceEnvironment, title: String, subtitle: String,
                            metrics: TextMetrics = .systemFont) -> MiniPlayerLayout {
        let size = environment.dynamicTypeSize
        let fonts = Fonts(size)
        let width = environment.size.width, height = environment.size.height
        let inset = environment.safeArea
        func button(_ font: Font) -> Double { max(minTouchTarget, symbolSide(font, metrics: metrics)) }
        func lineBox(_ font: Font) -> Double { metrics.lineBoxHeight(for: font) }

        // The bar: artwork, the two lines, play; at least the scaled bar height, 12 in from the sides and 8 above
        // the bottom safe area.
        let barMetric = DynamicType.scaled(barHeight, relativeTo: .subheadline, size)
        let artSide = DynamicType.scaled(miniArtSize, relativeTo: .subheadline, size)
        let linesHeight = lineBox(fonts.miniTitle) + titleGap + lineBox(fonts.miniSubtitle)
        let miniPlaySide = button(fonts.miniPlay)
        let labelHeight = max(artSide, linesHeight)
        let barH = max(barMetric, labelHeight, miniPlaySide)
        let bar = Rect(x: inset.leading + barSideInset, y: height - inset.bottom - barBottomInset - barH,
                       width: max(0, width - inset.leading - inset.trailing - 2 * barSideInset), height: barH)
        let innerX = bar.x + barInnerPadding
        let innerWidth = max(0, bar.width - 2 * barInnerPadding)
        let miniPlay = Rect(x: innerX + innerWidth - miniPlaySide, y: bar.midY - miniPlaySide / 2,
                            width: miniPlaySide, height: miniPlaySide)
        // The label: artwork, gap, lines, gap, a spacer of at least 0. The stack's spacing stands on both sides of
        // the spacer, as between any two children.
        let labelWidth = max(0, innerWidth - miniPlaySide - barSpacing)
        let openButton = Rect(x: innerX, y: bar.midY - labelHeight / 2, width: labelWidth, height: labelHeight)
        let miniArt = Rect(x: innerX, y: bar.midY - artSide / 2, width: artSide, height: artSide)
        let linesX = miniArt.maxX + barSpacing
        let linesRoom = max(0, labelWidth - artSide - 2 * barSpacing)
        let titleNatural = metrics.width(of: title, font: fonts.miniTitle)
        let subtitleNatural = metrics.width(of: subtitle, font: fonts.miniSubtitle)
        func barLine(_ text: String, _ font: LayoutFont) -> Double {
            setText(text, font, lineLimit: 1, room: linesRoom, size: size, metrics: metrics).size.width
        }
        let linesTop = bar.midY - linesHeight / 2
        let miniTitle = Rect(x: linesX, y: linesTop, width: barLine(title, TextFonts.miniTitle),
                             height: lineBox(fonts.miniTitle))
        let miniSubtitle = Rect(x: linesX, y: miniTitle.maxY + titleGap,
                                width: barLine(subtitle, TextFonts.miniSubtitle), height: lineBox(fonts.miniSubtitle))

        // The full player: a column 28 in from the sides and 8 below the top safe area, down to the bottom one.
        let columnX = inset.leading + playerSidePadding
        let columnWidth = max(0, width - inset.leading - inset.trailing - 2 * playerSidePadding)
        let top = inset.top + playerTopPadding
        let room = max(0, height - inset.bottom - top)
        let chevronHeight = button(fonts.chevron)
        let titleText = setText(title, TextFonts.title, lineLimit: lineLimit, room: columnWidth, size: size,
                                metrics: metrics)
        let subtitleText = setText(subtitle, TextFonts.subtitle, lineLimit: lineLimit, room: columnWidth, size: size,
                                   metrics: metrics)
        let titleHeight = titleText.size.height
        let subtitleHeight = subtitleText.size.height
        let linesBlock = titleHeight + linesGap + subtitleHeight
        let sideButton = button(fonts.transport)
        let playSide = button(fonts.play)
        let transportHeight = max(sideButton, playSide)
        // Everything but the artwork and the closing spacer, with the five gaps between the six children. The
        // artwork, lowest in priority, takes the room the others leave, and the closing spacer takes what the
        // artwork leaves (a decision: under the stack rule as Apple words it, the spacer's higher priority would
        // let it take that room first and leave the artwork nothing, which is not the piece its author drew).
        let fixed = chevronHeight + linesBlock + progressHeight + transportHeight + 5 * playerSpacing
        let side = max(0, min(columnWidth, artMaxWidth, room - fixed))
        let centerX = columnX + columnWidth / 2
        let chevron = Rect(x: columnX, y: top, width: columnWidth, height: chevronHeight)
        let art = Rect(x: centerX - side / 2, y: chevron.maxY + playerSpacing, width: side, height: side)
        let linesY = art.maxY + playerSpacing
        let titleWidth = titleText.size.width, subtitleWidth = subtitleText.size.width
        let titleRect = Rect(x: centerX - titleWidth / 2, y: linesY, width: titleWidth, height: titleHeight)
        let subtitleRect = Rect(x: centerX - subtitleWidth / 2, y: titleRect.maxY + linesGap,
                                width: subtitleWidth, height: subtitleHeight)
        let progress = Rect(x: columnX, y: linesY + linesBlock + playerSpacing, width: columnWidth,
                            height: progressHeight)
        let transportY = progress.maxY + playerSpacing
        let transportWidth = 2 * sideButton + playSide + 2 * transportSpacing
        let transportX = centerX - transportWidth / 2
        func centred(_ x: Double, _ s: Double) -> Rect {
            Rect(x: x, y: transportY + (transportHeight - s) / 2, width: s, height: s)
        }
        let previous = centred(transportX, sideButton)
        let play = centred(previous.maxX + transportSpacing, playSide)
        let next = centred(play.maxX + transportSpacing, sideButton)

        var layout = MiniPlayerLayout(
            bar: bar, miniArt: miniArt, miniTitle: miniTitle, miniSubtitle: miniSubtitle, miniPlay: miniPlay,
            openButton: openButton, miniTitleTruncated: titleNatural > linesRoom,
            miniSubtitleTruncated: subtitleNatural > linesRoom, barHeightMetric: barMetric, barHeight: barH,
            screen: Rect(x: 0, y: 0, width: width, height: height), chevron: chevron, art: art, title: titleRect,
            subtitle: subtitleRect, titleLines: titleText.lines, subtitleLines: subtitleText.lines,
            progress: progress, previous: previous, play: play, next: next,
            bottomPadding: barMetric + contentPaddingExtra, rtl: false)
        if environment.isRightToLeft { layout.mirror(in: width) }
        return layout
    }

    /// Right to left: every part mirrored across the screen, so the bar's artwork sits at the right and play at
    /// the left, and previous and next swap sides (the transport stack runs right to left too).
    mutating func mirror(in width: Double) {
        let parts: [WritableKeyPath<Self, Rect>] = [\.bar, \.miniArt, \.miniTitle, \.miniSubtitle, \.miniPlay,
                                                    \.openButton, \.screen, \.chevron, \.art, \.title, \.subtitle,
                                                    \.progress, \.previous, \.play, \.next]
        for path in parts {
            self[keyPath: path] = self[keyPath: path].mirrored(in: width)
        }
        rtl = true
    }
}
