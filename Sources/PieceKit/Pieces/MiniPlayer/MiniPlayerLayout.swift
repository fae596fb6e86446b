/// Where every part of the MiniPlayer rests, closed and open, in stage (screen) coordinates, with no drag.
///
/// The piece is the app's root view: its stack fills the safe area, the bar sits at the bottom of it and the full
/// player fills it (its background reaches under the safe area to the screen's edges). The layout engine lays out
/// the piece's body (`MiniPlayerBody.swift`), so each rect follows SwiftUI's rules, right to left included.
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
    /// the height the other parts leave (see `fullPlayer` in `MiniPlayerBody.swift`).
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

    /// The layout for `title` over `subtitle` on the stage's screen: the piece's body (`body(open:...)`) laid out
    /// closed and open by the layout engine, each rect read at its view's id. Right to left, the engine mirrors
    /// every part across the screen, so the bar's artwork sits at the right and previous and next trade sides.
    public static func make(in environment: PieceEnvironment, title: String, subtitle: String,
                            metrics: TextMetrics = .systemFont) -> MiniPlayerLayout {
        make(Input(environment: environment, title: title, subtitle: subtitle), metrics: metrics)
    }

    /// What the layout is made from, all of it: a piece's memo of its layout is keyed by this whole value, so a
    /// field added here keys the memo by itself.
    public struct Input: Equatable, Sendable {
        public var environment: PieceEnvironment
        public var title: String
        public var subtitle: String
    }

    /// The layout for `input` (see `make(in:title:subtitle:metrics:)`), read from it alone.
    public static func make(_ input: Input, metrics: TextMetrics = .systemFont) -> MiniPlayerLayout {
        let (title, subtitle) = (input.title, input.subtitle)
        let size = input.environment.dynamicTypeSize
        let context = LayoutContext(input.environment)
        let closed = LayoutEngine.layout(body(open: false, title: title, subtitle: subtitle, size: size),
                                         in: context, metrics: metrics)
        let open = LayoutEngine.layout(body(open: true, title: title, subtitle: subtitle, size: size),
                                       in: context, metrics: metrics)
        func rect(_ result: LayoutResult, _ id: String) -> Rect { result[id]?.frame ?? .zero }
        let barMetric = DynamicType.scaled(barHeight, relativeTo: .subheadline, size)
        let bar = rect(closed, Part.bar)
        return MiniPlayerLayout(
            bar: bar, miniArt: rect(closed, Part.miniArt), miniTitle: rect(closed, Part.miniTitle),
            miniSubtitle: rect(closed, Part.miniSubtitle), miniPlay: rect(closed, Part.miniPlay),
            openButton: rect(closed, Part.openButton),
            miniTitleTruncated: closed[Part.miniTitle]?.truncated ?? false,
            miniSubtitleTruncated: closed[Part.miniSubtitle]?.truncated ?? false,
            barHeightMetric: barMetric, barHeight: bar.height,
            screen: rect(open, Part.screen), chevron: rect(open, Part.chevron), art: rect(open, Part.art),
            title: rect(open, Part.title), subtitle: rect(open, Part.subtitle),
            titleLines: open[Part.title]?.lines ?? 0, subtitleLines: open[Part.subtitle]?.lines ?? 0,
            progress: rect(open, Part.progress), previous: rect(open, Part.previous), play: rect(open, Part.play),
            next: rect(open, Part.next), bottomPadding: barMetric + contentPaddingExtra,
            rtl: input.environment.isRightToLeft)
    }
}
