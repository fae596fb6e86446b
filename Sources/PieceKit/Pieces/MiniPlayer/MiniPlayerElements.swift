/// What the MiniPlayer draws, as elements in stage coordinates.
///
/// Both states' parts are always published; the parts of the state not on screen hold opacity 0 where they rest
/// (they come and go by `MiniPlayer.comingAndGoing`, a fade). The background and the artwork are the two
/// matched pairs: one element each, moving between the bar's frame and the full player's.
///
/// Every number carries the drag spring as an implicit animation watching the drag offset, as the specification's
/// modifier on the whole stack does, so whatever changes in an update that moves the offset rides that spring.
extension MiniPlayerPiece: MemoisedPiece {
    public static let chevronGlyph = "chevron.compact.down"
    public static let previousGlyph = "backward.fill"
    public static let nextGlyph = "forward.fill"

    /// Everything the mini player's elements are made from.
    public struct ElementsInput: Equatable, Sendable {
        /// Where everything rests (the screen, the text size, the title and subtitle measured).
        let layout: MiniPlayerLayout
        /// The player's title, subtitle, play state and progress as passed.
        let inputs: Inputs
        /// Open or not, and the drag's offset.
        let state: MiniPlayer.State
        let reduceMotion: Bool
    }

    public func elementsInput(in environment: PieceEnvironment, tokens: MotionTokens) -> ElementsInput {
        ElementsInput(layout: layout(in: environment), inputs: inputs, state: state,
                      reduceMotion: environment.reduceMotion)
    }

    public static func elements(for input: ElementsInput) -> [Element] {
        let (g, inputs, state) = (input.layout, input.inputs, input.state)
        let progress = MiniPlayer.safeProgress(inputs.progress)
        let offset = state.dragOffset
        let lift = MiniPlayer.barOffset(dragOffset: offset)
        let follow = MiniPlayer.playerOffset(dragOffset: offset)
        let open = state.isExpanded
        let barShown = open ? 0.0 : 1.0, playerShown = open ? 1.0 : 0.0
        let playGlyph = inputs.isPlaying ? "pause.fill" : "play.fill"
        func onBar(_ r: Rect) -> Rect { r.offsetBy(dx: 0, dy: lift) }
        func onPlayer(_ r: Rect) -> Rect { r.offsetBy(dx: 0, dy: follow) }
        func part(_ name: String, _ rect: Rect, _ opacity: Double) -> Element {
            Element(name).rect(rect).number("opacity", opacity)
        }
        typealias L = MiniPlayerLayout

        let elements = [
            Element("content").rect(g.screen).number("bottomPadding", g.bottomPadding)
                .flag("accessibilityHidden", open),
            Element("background").rect(open ? onPlayer(g.screen) : onBar(g.bar))
                .number("radius", open ? 0 : L.barRadius)
                .number("shadowOpacity", open ? 0 : L.shadowOpacity),
            Element("art").rect(open ? onPlayer(g.art) : onBar(g.miniArt))
                .number("radius", open ? L.artRadius : L.miniArtRadius),
            part("miniTitle", onBar(g.miniTitle), barShown).text("text", inputs.title)
                .flag("truncated", g.miniTitleTruncated),
            part("miniSubtitle", onBar(g.miniSubtitle), barShown).text("text", inputs.subtitle)
                .flag("truncated", g.miniSubtitleTruncated),
            part("miniPlay", onBar(g.miniPlay), barShown).text("glyph", playGlyph),
            part("chevron", onPlayer(g.chevron), playerShown).text("glyph", Self.chevronGlyph),
            part("title", onPlayer(g.title), playerShown).text("text", inputs.title)
                .attribute("lines", .number(Double(g.titleLines))),
            part("subtitle", onPlayer(g.subtitle), playerShown).text("text", inputs.subtitle)
                .attribute("lines", .number(Double(g.subtitleLines))),
            part("progress", onPlayer(g.progress), playerShown).number("value", progress),
            part("previous", onPlayer(g.previous), playerShown).text("glyph", Self.previousGlyph),
            part("play", onPlayer(g.play), playerShown).text("glyph", playGlyph),
            part("next", onPlayer(g.next), playerShown).text("glyph", Self.nextGlyph),
        ]
        let implicit = MiniPlayer.drag(reduceMotion: input.reduceMotion)
        return elements.map { $0.animation(implicit, value: .number(offset)) }
    }
}
