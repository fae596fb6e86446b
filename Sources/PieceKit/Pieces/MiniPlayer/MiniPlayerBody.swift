/// The MiniPlayer's body as SwiftUI writes it, as a `LayoutView` tree for the layout engine: a bottom-aligned ZStack
/// of the app's content and either the bar or the full player, with the specification's stacks, spacings, paddings
/// and frames. Each view `MiniPlayerLayout` keeps a rect of carries an id; `make` reads the rects back.
/// `examples/swiftui/expanding_mini_player.lua` writes the same body in Lua and holds the two to each other.
extension MiniPlayerLayout {
    /// The ids of the views whose rects the layout keeps.
    enum Part {
        static let bar = "bar", miniArt = "miniArt", miniTitle = "miniTitle", miniSubtitle = "miniSubtitle"
        static let miniPlay = "miniPlay", openButton = "openButton"
        static let screen = "screen", chevron = "chevron", art = "art", title = "title", subtitle = "subtitle"
        static let progress = "progress", previous = "previous", play = "play", next = "next"
    }

    /// The piece's text styles. SwiftUI's Text answers the width of its widest line as set (wrapped at words, a
    /// cut line with its ellipsis), rounded up to the pixel grid, never the room it was offered: the engine's one
    /// Text rule sets them.
    enum TextFonts {
        static let miniTitle = LayoutFont(.style(.subheadline), weight: .semibold)
        static let miniSubtitle = LayoutFont(.style(.caption))
        static let title = LayoutFont(.style(.title2), weight: .bold)
        static let subtitle = LayoutFont(.style(.body))
    }

    /// The whole body, closed (the bar) or open (the full player).
    static func body(open: Bool, title: String, subtitle: String, size: DynamicTypeSize) -> LayoutView {
        let barMetric = DynamicType.scaled(barHeight, relativeTo: .subheadline, size)
        return .zStack(alignment: .bottom, [
            LayoutView.color("background").safeAreaPadding(.bottom, barMetric + contentPaddingExtra),
            open ? fullPlayer(title: title, subtitle: subtitle)
                : miniBar(title: title, subtitle: subtitle, barMetric: barMetric,
                          artSide: DynamicType.scaled(miniArtSize, relativeTo: .subheadline, size)),
        ])
    }

    /// A symbol in `style` in a touch area of at least 44 × 44.
    private static func symbolButton(_ symbol: String, _ style: TextStyle, _ id: String) -> LayoutView {
        .button(LayoutView.image(systemName: symbol).font(LayoutFont(.style(style)))
            .frame(minWidth: minTouchTarget, minHeight: minTouchTarget).id(id))
    }

    private static func miniBar(title: String, subtitle: String, barMetric: Double, artSide: Double) -> LayoutView {
        let lines = LayoutView.vStack(alignment: .leading, spacing: titleGap, [
            LayoutView.text(title).font(TextFonts.miniTitle).id(Part.miniTitle),
            LayoutView.text(subtitle).font(TextFonts.miniSubtitle).id(Part.miniSubtitle),
        ]).lineLimit(1)
        let label = LayoutView.hStack(spacing: barSpacing, [
            LayoutView.shape(.roundedRectangle(cornerRadius: miniArtRadius)).frame(width: artSide, height: artSide)
                .id(Part.miniArt),
            lines,
            .spacer(minLength: 0),
        ]).id(Part.openButton)
        return LayoutView.hStack(spacing: barSpacing, [.button(label), symbolButton("play.fill", .title3, Part.miniPlay)])
            .padding(.horizontal, barInnerPadding)
            .frame(minHeight: barMetric)
            .background(LayoutView.shape(.roundedRectangle(cornerRadius: barRadius)).id(Part.bar))
            .padding(.horizontal, barSideInset)
            .padding(.bottom, barBottomInset)
    }

    private static func fullPlayer(title: String, subtitle: String) -> LayoutView {
        LayoutView.vStack(spacing: playerSpacing, [
            .button(LayoutView.image(systemName: MiniPlayerPiece.chevronGlyph).font(LayoutFont(.style(.largeTitle)))
                .frame(maxWidth: .infinity, minHeight: minTouchTarget).id(Part.chevron)),
            // Lowest in priority, the artwork takes the room the others leave; the closing spacer takes what the
            // artwork leaves (the engine's guess `spacerLayoutPriority`: a spacer shares out only what is left).
            LayoutView.color("clear").aspectRatio(1, contentMode: .fit).id(Part.art)
                .frame(maxWidth: artMaxWidth).layoutPriority(-1),
            LayoutView.vStack(spacing: linesGap, [
                LayoutView.text(title).font(TextFonts.title).id(Part.title),
                LayoutView.text(subtitle).font(TextFonts.subtitle).id(Part.subtitle),
            ]).lineLimit(lineLimit),
            LayoutView.shape(.rectangle).frame(height: progressHeight).id(Part.progress),
            LayoutView.hStack(spacing: transportSpacing, [
                symbolButton(MiniPlayerPiece.previousGlyph, .title, Part.previous),
                symbolButton("play.fill", .largeTitle, Part.play),
                symbolButton(MiniPlayerPiece.nextGlyph, .title, Part.next),
            ]),
            .spacer(minLength: 0),
        ])
        .padding(.horizontal, playerSidePadding)
        .padding(.top, playerTopPadding)
        // The column takes the whole safe area it is offered, on both axes.
        .modified(.flexibleFrame(FlexibleFrame(maxWidth: .infinity, maxHeight: .infinity)))
        .background(LayoutView.shape(.rectangle).id(Part.screen).ignoresSafeArea())
        .zIndex(1)
    }
}
