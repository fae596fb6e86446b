/// What the island publishes each frame, in stage coordinates (points, y down). Names are the seed's words.
///
/// - `glass`: the one glass shape, the closed capsule or the open panel: `x y w h`, `radius`, `scale` (a press sinks
///   it, a scrub lifts it 3%), `brightness` (the Reduce Motion press shade), `opacity` (0.45 for the whole island
///   while disabled); `open` flag.
/// - `bar`: the bar's rect, the bottom of the glass whatever its state.
/// - `ring`: its square, `arc` (the red arc's share of the circle, 0 to 1, as drawn) and `stroke`.
/// - `title`, `contents`, `position` ("3 of 6"), `read` ("62% read"): each label's rect, `opacity` and `blur`, and its
///   `text`; the closed pair (title, position) and the open pair (contents, read) cross-fade. The title also says
///   `truncated` and how it changes, `morph`: "letters" (letter by letter), "whole" (a script whose letters can't be
///   cut apart), "fade" (Reduce Motion) or "truncate" (it doesn't fit, so it changes as plain text).
///   `position` and `read` are absent at the accessibility sizes and with one section.
/// - `title.letter.1`…: each letter of the title (`ScrollIslandLetters`): `x y w h`, `opacity` and `scale` as it
///   arrives, and its `text`. None while the title is truncated.
/// - `chevron`: rect and `rotation` (0 closed, 180 open). Absent with one section.
/// - `bubble` (while it exists): `x y w h` of its circle before scaling, `cx cy` its centre, `scale` (out 1, home
///   0.72), `press` (0.92 while a finger is down on it, else 1; drawn at `scale × press`), `brightness` (the Reduce
///   Motion press shade), the arrow's `opacity` and `blur`, and the `out` flag.
/// - `panel`: where the open glass grows to; `rows`: the rows' window, their `opacity` (they arrive after the glass
///   and leave before it), `offset` (how far they are scrolled) and `scrolls`.
/// - `puck`: `x w`, and its two edges `top` and `bottom` in points from the top of the list (the window's top is
///   `rows.y`, so an edge stands at `rows.y - rows.offset + top` on screen), `opacity` (the rows'), `row` (the row
///   it heads for, from 1).
/// - `row.1`…`row.N`: each row's rect (scrolled), `title`, `detail`, `number` texts, `current` and `visible` flags;
///   only while the rows can be seen (open, or still fading out after a close), every row then, in the window or not.
extension ScrollIslandPiece: InteractivePiece, MemoisedPiece {
    /// Everything the island's elements are made from: everything but the reading (`settled`), and the reading
    /// (the layout read to it, and the ring's drawn reading). While a scroll changes only the reading, the list
    /// made last is brought up to date rather than made again (`elements(for:updating:_:)`), so anything new the
    /// elements read goes in `settled`, which that compares whole.
    public struct ElementsInput: Equatable, Sendable {
        let settled: Settled
        /// Where everything should be now (nil with no sections), compared by which layout it is (`made`, also in
        /// `settled`) and its reading: cheaper than comparing the whole layout.
        let laidOut: LaidOutIsland
        /// The ring's drawn reading.
        let shownProgress: Double
    }

    /// Everything the elements are made from but the reading.
    struct Settled: Equatable, Sendable {
        /// Which layout the reading is read into: a new one for anything but a new reading (`laidOut(in:)`).
        let layoutMade: LayoutMade
        let state: ScrollIslandState
        let environment: PieceEnvironment
        let tokens: MotionTokens
        /// The glass's press scale when the running handler began; nil outside handlers.
        let scaleAtHandlerStart: Double?
        let sections: [ScrollIslandSection]
        /// The copy (texts and formatters, which cannot be compared: compared by its box, new with every change).
        let messagesBox: Boxed<ScrollIslandMessages>
        /// The text measure, a cache of a pure function.
        let measureCache: PureCache<ScrollIslandMeasureCache>
    }

    public func elementsInput(in environment: PieceEnvironment, tokens: MotionTokens) -> ElementsInput {
        let laidOut = laidOut(in: environment)
        return ElementsInput(
            settled: Settled(layoutMade: laidOut.made, state: state, environment: environment, tokens: tokens,
                             scaleAtHandlerStart: scaleAtHandlerStart, sections: sections, messagesBox: messagesBox,
                             measureCache: PureCache(measureCache)),
            laidOut: laidOut, shownProgress: shownProgress)
    }

    public static func elements(for input: ElementsInput) -> [Element] {
        guard let layout = input.layout else { return [] }
        return input.makeElements(layout)
    }

    /// While the page scrolls, the reading changes and the ring follows it in an update of its own; neither
    /// changes anything but the ring's arc and the read label's text, so the list made last is handed out again
    /// with those two made anew. When neither changed, the very list made last is handed out, which the stage
    /// sees at once is unchanged, rather than a copy it would compare element by element.
    public static func elements(for input: ElementsInput, updating last: ElementsInput,
                                _ lastElements: [Element]) -> [Element]? {
        guard last.laidOut.readFraction != nil, input.settled == last.settled, let layout = input.layout else {
            return nil
        }
        let (animation, islandKey) = input.openAnimation(layout)
        // Glass, bar, ring: the ring is the third element (`makeElements`).
        let ringIndex = 2
        guard lastElements.count > ringIndex, lastElements[ringIndex].name == "ring" else { return nil }
        var patched = lastElements
        let ring = input.ringElement(layout, animation: animation, key: islandKey)
        if ring != lastElements[ringIndex] { patched[ringIndex] = ring }
        if let rect = layout.bar.read {
            guard let index = lastElements.firstIndex(where: { $0.name == "read" }) else { return nil }
            let read = input.readElement(layout, rect, rm: input.environment.reduceMotion, animation: animation,
                                         key: islandKey)
            if read != lastElements[index] { patched[index] = read }
        }
        return patched
    }

    /// The island's opacity while disabled.
    public static let disabledOpacity = 0.45
}

/// A value in a box that is never changed, compared by which box it is: its owner puts every new value in a new box
/// (a setter that boxes, or a `didSet` that drops the box made last), so two inputs holding the same box hold the
/// same value, and an input hands the box on rather than copying the value (texts with formatters, which cannot be
/// compared; a whole page). The input holds the box, so no later box can take its place in memory.
public final class Boxed<Value: Sendable>: Equatable, Sendable {
    public let value: Value

    public init(_ value: Value) { self.value = value }

    public static func == (a: Boxed, b: Boxed) -> Bool { a === b }
}

extension ScrollIslandPiece.ElementsInput {
    var state: ScrollIslandState { settled.state }
    var environment: PieceEnvironment { settled.environment }
    var tokens: MotionTokens { settled.tokens }
    var scaleAtHandlerStart: Double? { settled.scaleAtHandlerStart }
    var sections: [ScrollIslandSection] { settled.sections }
    var layout: ScrollIslandLayout? { laidOut.layout }
    var messages: ScrollIslandMessages { settled.messagesBox.value }
    var measure: ScrollIslandMeasureCache { settled.measureCache.cache }
    var count: Int { sections.count }
    /// The selection's place: the layout is made from the selection, so its selected index is that place (read
    /// from the layout rather than looked up by id at every ask).
    var current: Int { laidOut.selectedIndex }
    /// The row the puck heads for.
    var puckRow: Int { clamp(state.candidate ?? current) }

    func clamp(_ index: Int) -> Int { min(max(index, 0), max(count - 1, 0)) }

    /// The animation the island's parts move on, and the value it watches. Two implicit animations cover the
    /// island, one inside the other: the press or release whenever the scale changes, inside the reveal or dismiss
    /// whenever the open state does. The inner one wins, so a tap or a swipe that opens or closes the contents (the
    /// finger lifting changes the scale in the same update) moves the glass on the release spring; Return,
    /// VoiceOver or the app's binding open it on reveal. Under Reduce Motion the scale never changes, so the open
    /// state's animation always applies.
    func openAnimation(_ layout: ScrollIslandLayout) -> (animation: Animation, key: ElementValue) {
        let rm = environment.reduceMotion
        let scrubbing = state.touch == .scrubbing
        let scale = ScrollIslandLayout.glassScale(size: layout.glass.size, pressed: state.pressed,
                                                  scrubbing: scrubbing, reduceMotion: rm)
        let pressAnimation = state.pressed || scrubbing ? tokens.press : tokens.release
        let pressMoved = scaleAtHandlerStart.map { $0 != scale } ?? false
        let animation = pressMoved
            ? pressAnimation
            : (layout.isOpen ? tokens.reveal : tokens.dismiss.delay(rm ? 0 : ScrollIslandPiece.Beats.glassCloseDelay))
        return (animation, .text("\(layout.isOpen) \(scale)"))
    }

    /// The open pair's read label, "62% read", at `rect`.
    func readElement(_ layout: ScrollIslandLayout, _ rect: Rect, rm: Bool, animation: Animation,
                             key: ElementValue) -> Element {
        label("read", rect, shown: layout.isOpen, rm: rm)
            .text("text", messages.read(layout.readFraction))
            .animation(animation, value: key)
    }

    /// The ring: its square, the arc as drawn, its stroke.
    func ringElement(_ layout: ScrollIslandLayout, animation: Animation, key: ElementValue) -> Element {
        Element("ring")
            .rect(layout.bar.ring)
            .number("arc", min(max(shownProgress, 0), 1))
            .number("stroke", layout.ring.lineWidth)
            .animation(animation, value: key)
    }

    func makeElements(_ layout: ScrollIslandLayout) -> [Element] {
        let rm = environment.reduceMotion
        let open = layout.isOpen
        var result: [Element] = []

        // The glass, and the press and scrub scale on their own implicit animation.
        let scrubbing = state.touch == .scrubbing
        let scale = ScrollIslandLayout.glassScale(size: layout.glass.size, pressed: state.pressed,
                                                  scrubbing: scrubbing, reduceMotion: rm)
        let pressAnimation = state.pressed || scrubbing ? tokens.press : tokens.release
        let (openAnimation, opening) = self.openAnimation(layout)
        let shade = ScrollIslandLayout.pressShade(pressed: state.pressed, reduceMotion: rm,
                                                  colorScheme: environment.colorScheme)
        result.append(Element("glass")
            .number("scale", scale, animation: ImplicitAnimation(pressAnimation, value: .number(scale)))
            .rect(layout.glass)
            .number("radius", layout.cornerRadius)
            .number("brightness", shade)
            .number("opacity", environment.isEnabled ? 1 : ScrollIslandPiece.disabledOpacity)
            .flag("open", open)
            .animation(openAnimation, value: opening))

        result.append(Element("bar").rect(layout.bar.frame).animation(openAnimation, value: opening))
        result.append(ringElement(layout, animation: openAnimation, key: opening))

        // The bar's two label layers.
        let index = clamp(state.shownIndex)
        let title = sections.indices.contains(index) ? sections[index].title : ""
        result.append(label("title", layout.bar.title, shown: !open, rm: rm)
            .text("text", title)
            .flag("truncated", layout.bar.titleTruncated)
            .text("morph", ScrollIslandPiece.morphMode(title, truncated: layout.bar.titleTruncated, reduceMotion: rm))
            .animation(openAnimation, value: opening))
        result.append(contentsOf: letterElements(title, layout: layout, rm: rm, tokens: tokens,
                                                 animation: openAnimation, key: opening))
        result.append(label("contents", layout.bar.contents, shown: open, rm: rm)
            .text("text", messages.contents)
            .animation(openAnimation, value: opening))
        if let position = layout.bar.position {
            result.append(label("position", position, shown: !open, rm: rm)
                .text("text", messages.position(index + 1, count))
                .animation(openAnimation, value: opening))
        }
        if let read = layout.bar.read {
            result.append(readElement(layout, read, rm: rm, animation: openAnimation, key: opening))
        }
        if let chevron = layout.bar.chevron {
            result.append(Element("chevron")
                .rect(chevron)
                .number("rotation", layout.bar.chevronRotation)
                .animation(openAnimation, value: opening))
        }

        if let bubble = layout.bubble, state.bubblePresent {
            let out = state.bubblePresent && state.bubbleOut
            let content = out
                ? Animation.easeOut(duration: ScrollIslandPiece.Beats.bubbleContentIn).delay(ScrollIslandPiece.Beats.bubbleContentInDelay)
                : Animation.easeOut(duration: ScrollIslandPiece.Beats.bubbleContentOut)
            let watch = ImplicitAnimation(content, value: .bool(out))
            // The bubble is a glass button of its own: pressed, it sinks on the press spring and comes back on the
            // release (Reduce Motion shades it instead). Drawn at `scale × press` about its centre.
            let pressed = state.bubblePressed
            let pressWatch = ImplicitAnimation(pressed ? tokens.press : tokens.release, value: .bool(pressed))
            let sink = pressed && !rm
                ? ScrollIslandLayout.pressScale(size: bubble.frame.size, depth: ScrollIslandMetrics.bubblePressDepth)
                : 1
            result.append(Element("bubble")
                .number("opacity", bubble.contentOpacity, animation: watch)
                .number("blur", out ? 0 : ScrollIslandPiece.Beats.bubbleContentBlur, animation: watch)
                .number("press", sink, animation: pressWatch)
                .number("brightness", ScrollIslandLayout.pressShade(pressed: pressed, reduceMotion: rm,
                                                                    colorScheme: environment.colorScheme),
                        animation: pressWatch)
                .rect(bubble.frame)
                .number("cx", bubble.frame.midX)
                .number("cy", bubble.frame.midY)
                .number("scale", bubble.scale)
                .flag("out", out)
                .animation(openAnimation, value: opening))
        }

        result.append(contentsOf: panelElements(layout, open: open, rm: rm, openAnimation: openAnimation,
                                           islandKey: opening))
        return result
    }

    /// The title's letters, `title.letter.1`…: each one's `x w` (from the title's leading edge, left to right),
    /// its `opacity` and `scale` (about its foot) as it arrives, and its `text`. A title that can't be cut is one
    /// `title.letter.1`; a truncated title has none (it changes as plain text).
    private func letterElements(_ title: String, layout: ScrollIslandLayout, rm: Bool, tokens: MotionTokens,
                                animation: Animation, key: ElementValue) -> [Element] {
        guard !layout.bar.titleTruncated else { return [] }
        let spelled = state.letterTitle ?? title
        let letters = ScrollIslandLetters(spelled, size: layout.metrics.titleSize, measure: measure)
        let from = ScrollIslandLetters.startScale(splits: letters.splits, reduceMotion: rm)
        let slot = layout.bar.title
        return letters.letters.map { letter in
            let arriving = state.arrivingLetters.contains(letter.place)
            let watch = ImplicitAnimation(
                ScrollIslandLetters.animation(place: letter.place, splits: letters.splits, tokens: tokens),
                value: .text("\(letter.place)\(letter.text) \(arriving)"))
            return Element("title.letter.\(letter.place + 1)")
                .number("opacity", arriving ? 0 : 1, animation: watch)
                .number("scale", arriving ? from : 1, animation: watch)
                .rect(Rect(x: slot.minX + letter.offset, y: slot.minY, width: letter.width, height: slot.height))
                .text("text", letter.text)
                .animation(animation, value: key)
        }
    }

    /// A bar label layer: in after a beat once the glass has mostly changed shape, out at once.
    private func label(_ name: String, _ rect: Rect, shown: Bool, rm: Bool) -> Element {
        let fade = shown
            ? Animation.easeOut(duration: ScrollIslandPiece.Beats.labelIn).delay(rm ? 0 : ScrollIslandPiece.Beats.labelInDelay)
            : Animation.easeOut(duration: ScrollIslandPiece.Beats.labelOut)
        let watch = ImplicitAnimation(fade, value: .bool(shown))
        return Element(name)
            .number("opacity", shown ? 1 : 0, animation: watch)
            .number("blur", shown || rm ? 0 : ScrollIslandPiece.Beats.labelBlur, animation: watch)
            .rect(rect)
    }

    private func panelElements(_ layout: ScrollIslandLayout, open: Bool, rm: Bool,
                               openAnimation: Animation, islandKey: ElementValue) -> [Element] {
        let panel = layout.panel
        let opening = ElementValue.bool(open)
        let arrive = open
            ? Animation.easeOut(duration: ScrollIslandPiece.Beats.rowsIn).delay(rm ? 0 : ScrollIslandPiece.Beats.rowsInDelay)
            : Animation.easeOut(duration: ScrollIslandPiece.Beats.rowsOut)
        let rowsFade = ImplicitAnimation(arrive, value: opening)
        let flip = { (r: Rect) in
            layout.isRightToLeft ? r.scrollIslandMirrored(originX: layout.container.minX, width: layout.container.width) : r
        }
        let offset = panel.clampedRowsOffset(state.rowsOffset)
        var result: [Element] = []
        result.append(Element("panel").rect(flip(panel.frame)))
        let window = flip(panel.rowsFrame)
        result.append(Element("rows")
            .number("opacity", open ? 1 : 0, animation: rowsFade)
            .rect(window)
            .number("offset", state.rowsOffset)
            .flag("scrolls", panel.scrolls)
            .animation(openAnimation, value: islandKey))
        let rowHeight = panel.metrics.rowHeight
        result.append(Element("puck")
            .number("opacity", open ? 1 : 0, animation: rowsFade)
            .number("x", window.minX)
            .number("w", window.width)
            .number("top", state.puckTop * rowHeight)
            .number("bottom", state.puckBottom * rowHeight)
            .number("row", Double(puckRow + 1))
            .animation(openAnimation, value: islandKey))
        // The rows are published only while they can be seen: open, or still fading out after a close
        // (`rowsShown`). Closed, they are transparent and clipped away by the capsule, so publishing them would
        // only make every frame of a scroll carry a row per section that nothing shows.
        guard open || state.rowsShown else { return result }
        let visible = panel.visibleRows(rowsOffset: offset)
        result.reserveCapacity(result.count + sections.count)
        for (i, section) in sections.enumerated() {
            guard let row = layout.row(i, sections: sections, rowsOffset: state.rowsOffset, measure: measure) else {
                continue
            }
            result.append(Element("row.\(i + 1)")
                .rect(row.frame)
                .text("number", ScrollIslandMessages.number(i + 1))
                .text("title", section.title)
                .text("detail", section.detail ?? "")
                .flag("current", i == current)
                .flag("visible", visible.contains(i))
                .animation(openAnimation, value: islandKey))
        }
        return result
    }

}

extension ScrollIslandPiece {
    /// How the title changes to a new section: letter by letter while it fits and its script can be cut into
    /// letters, as a whole otherwise, a cross-fade under Reduce Motion, and plainly when it is truncated.
    static func morphMode(_ text: String, truncated: Bool, reduceMotion: Bool) -> String {
        if reduceMotion { return "fade" }
        if truncated { return "truncate" }
        return splitsIntoLetters(text) ? "letters" : "whole"
    }

    /// Whether a title can be cut into letters; the rule is shared with NowPlaying's lines.
    static func splitsIntoLetters(_ text: String) -> Bool { MorphLetters.splitsIntoLetters(text) }

    // MARK: Parts for gestures

    /// Each part as last drawn, and any other element the island draws by its name. A row that cannot be seen is
    /// not published, but a script may still ask where it stands: the layout answers, scrolled as the rows are. A
    /// row can be touched only while the contents are open and it is in the rows' window; tapping where a hidden
    /// row would be lands on something else, which is never what a script aiming at "row 3" means.
    public var parts: [Part] {
        let window = Part("rows")
        let refusal = { (index: Int, here: PartLookup) in self.rowRefusal(index, window: window, here) }
        let row = Part.numbered("row", unless: refusal) { index, here in
            if let drawn = here.element() { return drawn }
            guard let layout = self.layout(in: here.context.environment) else { return nil }
            return layout.row(index - 1, sections: self.sections, rowsOffset: self.state.rowsOffset,
                              measure: self.measure)?.frame
        }
        return [Part("bar"), Part("glass"), Part("bubble"), window, Part("panel"), Part("ring"), row, .anyElement]
    }

    /// Why row `index` cannot be touched now: the contents are closed, or it is scrolled out of the rows' window.
    private func rowRefusal(_ index: Int, window: Part, _ here: PartLookup) -> String? {
        // Rows that do not exist are the stage's "no part named" error, not this one.
        guard (1...max(count, 1)).contains(index), count > 0,
              let layout = layout(in: here.context.environment) else { return nil }
        guard layout.isOpen else { return "the contents are closed (open them first, e.g. tap the bar)" }
        // Reachable when the row's centre, where the finger lands, is inside the rows' window as presented.
        if let row = partRect(here.name, index: index, on: here.context),
           let rows = partRect(window.name, index: nil, on: here.context), rows.contains(row.center) {
            return nil
        }
        let visible = layout.panel.visibleRows(rowsOffset: state.rowsOffset)
        let shown = visible.isEmpty ? "none" : "\(visible.lowerBound + 1) to \(visible.upperBound)"
        return "it is scrolled out of the rows' window (rows \(shown) are in view; drag the rows to bring it in)"
    }
}
