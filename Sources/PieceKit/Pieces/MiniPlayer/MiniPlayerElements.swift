/// What the MiniPlayer draws, as elements in stage coordinates.
///
/// A branch's parts are published while it is in the hierarchy (`MiniPlayer.Presence`): the state on screen's, and
/// the other's while it fades out (or, transparent, just before it fades in; `MiniPlayer.comingAndGoing`). The
/// background and the artwork are the two matched pairs: one element each, always there, moving between the bar's
/// frame and the full player's.
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
        let presence: MiniPlayer.Presence
        let reduceMotion: Bool
        /// Said in the log only when a scenario chose other than the default.
        let dragSpace: MiniPlayer.DragSpace
        let dragGeometry: MiniPlayer.DragGeometry
    }

    public func elementsInput(in environment: PieceEnvironment, tokens: MotionTokens) -> ElementsInput {
        ElementsInput(layout: layout(in: environment), inputs: inputs, state: state, presence: presence,
                      reduceMotion: environment.reduceMotion, dragSpace: dragSpace, dragGeometry: dragGeometry)
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

        // The bar's rounded rectangle is filled with the regular material and casts a shadow; the full player's
        // rectangle is filled with the thick material and casts none.
        var background = Element("background").rect(open ? onPlayer(g.screen) : onBar(g.bar))
            .number("radius", open ? 0 : L.barRadius)
            .number("shadowOpacity", open ? 0 : L.shadowOpacity)
            .number("shadowRadius", open ? 0 : L.shadowRadius)
            .number("shadowY", open ? 0 : L.shadowY)
            .text("material", open ? "thick" : "regular")
        // The drag's options, logged only when a scenario chose others than the defaults.
        if input.dragSpace != MiniPlayer.defaultDragSpace {
            background = background.text("dragSpace", input.dragSpace.rawValue)
        }
        if input.dragGeometry != MiniPlayer.defaultDragGeometry {
            background = background.text("dragGeometry", input.dragGeometry.rawValue)
        }
        var elements = [
            Element("content").rect(g.screen).number("bottomPadding", g.bottomPadding)
                .flag("accessibilityHidden", open),
            background,
            Element("art").rect(open ? onPlayer(g.art) : onBar(g.miniArt))
                .number("radius", open ? L.artRadius : L.miniArtRadius),
        ]
        elements.reserveCapacity(13)
        if input.presence.bar {
            elements += [
                part("miniTitle", onBar(g.miniTitle), barShown).text("text", inputs.title)
                    .flag("truncated", g.miniTitleTruncated),
                part("miniSubtitle", onBar(g.miniSubtitle), barShown).text("text", inputs.subtitle)
                    .text("style", "secondary")
                    .flag("truncated", g.miniSubtitleTruncated),
                part("miniPlay", onBar(g.miniPlay), barShown).text("glyph", playGlyph),
            ]
        }
        if input.presence.player {
            elements += [
                part("chevron", onPlayer(g.chevron), playerShown).text("glyph", Self.chevronGlyph)
                    .text("style", "secondary"),
                part("title", onPlayer(g.title), playerShown).text("text", inputs.title)
                    .attribute("lines", .number(Double(g.titleLines))),
                part("subtitle", onPlayer(g.subtitle), playerShown).text("text", inputs.subtitle)
                    .text("style", "secondary")
                    .attribute("lines", .number(Double(g.subtitleLines))),
                part("progress", onPlayer(g.progress), playerShown).number("value", progress),
                part("previous", onPlayer(g.previous), playerShown).text("glyph", Self.previousGlyph),
                part("play", onPlayer(g.play), playerShown).text("glyph", playGlyph),
                part("next", onPlayer(g.next), playerShown).text("glyph", Self.nextGlyph),
            ]
        }
        let implicit = MiniPlayer.drag(reduceMotion: input.reduceMotion)
        return elements.map { $0.animation(implicit, value: .number(offset)) }
    }
}
