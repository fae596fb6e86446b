/// What the island is laid out from: its shape (the app's parameters plus the transient state the piece keeps) and
/// how much has been read. The reading is kept apart because a scroll changes it on every frame, and the layout
/// made for a shape is read to a new reading (`ScrollIslandLayout.reading(_:readText:)`) rather than made again;
/// everything else is in the shape, which the layout's memo compares whole.
@dynamicMemberLookup
public struct ScrollIslandInput: Equatable, Sendable {
    /// How much has been read, 0 to 1; `nil` estimates it from the section's place. First, so the comparison of
    /// two inputs during a scroll (where it alone moves) stops at once.
    public var progress: Double?
    public var shape: ScrollIslandShape

    public init(sections: [ScrollIslandSection], selection: String? = nil, progress: Double? = nil,
                isExpanded: Bool = false, showsTopButton: Bool = true, style: ScrollIslandStyle = .standard,
                messages: ScrollIslandMessages = .standard, candidate: Int? = nil, pull: Double = 0,
                bubbleOut: Bool? = nil, shownIndex: Int? = nil, keyboardHeight: Double = 0) {
        shape = ScrollIslandShape(sections: sections, selection: selection, isExpanded: isExpanded,
                                  showsTopButton: showsTopButton, style: style, messagesBox: Boxed(messages),
                                  candidate: candidate, pull: pull, bubbleOut: bubbleOut, shownIndex: shownIndex,
                                  keyboardHeight: keyboardHeight)
        self.progress = progress
    }

    init(shape: ScrollIslandShape, progress: Double?) {
        self.shape = shape
        self.progress = progress
    }

    /// The shape's fields read as the input's own (`input.sections`).
    public subscript<T>(dynamicMember path: KeyPath<ScrollIslandShape, T>) -> T { shape[keyPath: path] }

    /// The section in view: the selection's index, or the first for `nil` or an unknown id.
    public var selectedIndex: Int {
        guard let selection = shape.selection, let i = shape.sections.firstIndex(where: { $0.id == selection }) else {
            return 0
        }
        return i
    }

    /// Pins an index to the sections (0 when there are none).
    public func clamp(_ index: Int) -> Int { min(max(index, 0), max(shape.sections.count - 1, 0)) }

    /// What the bar names: a candidate under the finger, else the section in view.
    public var displayIndex: Int { clamp(shape.candidate ?? selectedIndex) }

    /// Open for real: asked, and more than one section to list.
    public var isOpen: Bool { shape.sections.count > 1 && shape.isExpanded }
}

/// Everything the island's layout is made from but the reading. Compared whole (the compiler's comparison, field
/// by field), so a field added here keys the layout's memo by itself. Comparing the sections costs nothing while
/// the page hands out the same list.
public struct ScrollIslandShape: Equatable, Sendable {
    public var sections: [ScrollIslandSection]
    /// The shared `scrollPosition(id:)` binding. `nil`, or an id not among the sections, reads as the first.
    public var selection: String?
    /// Asked open. It only opens with more than one section.
    public var isExpanded: Bool
    public var showsTopButton: Bool
    public var style: ScrollIslandStyle
    /// The copy, in a box every change replaces (texts and formatters, which cannot be compared).
    public var messagesBox: Boxed<ScrollIslandMessages>
    /// A section a scrub or the puck is on but hasn't picked.
    public var candidate: Int?
    /// The scrub's give past an end, points from the leading edge.
    public var pull: Double
    /// Whether the back-to-top bubble is out. `nil` takes where it rests for this state (`ScrollIslandBubble.wanted`).
    /// Given, the bubble is laid out whatever `showsTopButton` and the count say: a bubble that exists melts home
    /// before it goes, even when the app has just switched it off.
    public var bubbleOut: Bool?
    /// The section whose title the bar shows while it morphs toward the one in view; `nil` shows the one in view.
    public var shownIndex: Int?
    /// The keyboard's height from the bottom of the screen, 0 when it is down.
    public var keyboardHeight: Double

    public var messages: ScrollIslandMessages { messagesBox.value }
}

/// The island laid out on the stage: the glass (a capsule hugging its bar when closed, the panel when open), the bar's
/// parts, the ring, the bubble and the panel's rows. Pure: the same input and environment give the same rects.
public struct ScrollIslandLayout: Equatable, Sendable {
    /// The space the island is given, in stage coordinates.
    public var container: Rect
    public var metrics: ScrollIslandMetrics
    public var count: Int
    public var selectedIndex: Int
    public var displayIndex: Int
    public var isOpen: Bool
    public var isRightToLeft: Bool
    public var readFraction: Double
    /// The glass: the closed capsule or the open panel.
    public var glass: Rect
    public var cornerRadius: Double
    /// The widest the closed capsule may be, less the bubble's room while it is out.
    public var widest: Double
    /// Room the bubble takes beside the closed island; the pair is centred together.
    public var bubbleRoom: Double
    public var bar: ScrollIslandBarLayout
    public var ring: ScrollIslandRing
    /// `nil` when the bubble is switched off or there is only one section.
    public var bubble: ScrollIslandBubble?
    public var panel: ScrollIslandPanel
    /// VoiceOver's value on the closed island, "Method, Section 3 of 6, 62% read".
    public var spokenValue: String
    /// What the spoken value says before the reading, "Method, Section 3 of 6": made with the layout from its title,
    /// place and copy, so a new reading (`reading(_:readText:)`) says only the read amount anew.
    var spokenLead = ""

    /// The space given: the stage inside its safe area, with the bottom raised to the keyboard when it is up (the
    /// keyboard covers the home indicator, so the larger of the two counts).
    public static func container(for environment: PieceEnvironment, keyboardHeight: Double = 0) -> Rect {
        let s = environment.safeArea
        let left = environment.isRightToLeft ? s.trailing : s.leading
        let right = environment.isRightToLeft ? s.leading : s.trailing
        let keyboard = keyboardHeight.isFinite ? keyboardHeight : 0
        let bottom = max(s.bottom, keyboard, 0)
        return Rect(x: left, y: s.top, width: max(environment.size.width - left - right, 0),
                    height: max(environment.size.height - s.top - bottom, 0))
    }

    /// Lays the island out, or `nil` for no sections: an empty list draws nothing.
    public static func make(_ input: ScrollIslandInput, environment: PieceEnvironment,
                            measure: some ScrollIslandTextMeasure) -> ScrollIslandLayout? {
        guard !input.sections.isEmpty else { return nil }
        let metrics = ScrollIslandMetrics(dynamicTypeSize: environment.dynamicTypeSize, measure: measure)
        let container = Self.container(for: environment, keyboardHeight: input.keyboardHeight)
        let count = input.sections.count
        let selected = input.selectedIndex
        let display = input.displayIndex
        let open = input.isOpen
        let fraction = ScrollIslandRing.readFraction(progress: input.progress, selectedIndex: selected, count: count)
        let panel = ScrollIslandPanel(metrics: metrics, count: count, container: container,
                                      maxWidth: input.style.maxWidth)

        // The bar's labels, measured in the semibold system font.
        let shown = input.clamp(input.shownIndex ?? display)
        let meta = metrics.metaSize
        let content = ScrollIslandBarContent(
            titleWidth: measure.width(of: input.sections[shown].title, size: metrics.titleSize, monospacedDigits: false),
            contentsWidth: measure.width(of: input.messages.contents, size: metrics.titleSize, monospacedDigits: false),
            positionWidth: measure.width(of: input.messages.position(shown + 1, count), size: meta, monospacedDigits: true),
            readWidth: readWidth(fraction, messages: input.messages, metrics: metrics, measure: measure),
            hasCluster: count > 1, metrics: metrics)

        // Closed, the bubble's room comes off the widest the capsule may be, and the pair is centred together.
        let wanted = ScrollIslandBubble.wanted(showsTopButton: input.showsTopButton, count: count,
                                               selectedIndex: selected, isOpen: open)
        let bubbleOut = input.bubbleOut ?? wanted
        let room = bubbleOut && !open ? metrics.barHeight + ScrollIslandMetrics.joined : 0
        let widest = max(panel.width - room, metrics.barHeight * 2)
        let width = open ? panel.width : content.hugWidth(widest: widest)
        let height = open ? panel.height : metrics.barHeight
        let pull = input.pull.isFinite ? input.pull : 0
        let glass = Rect(x: container.midX - width / 2 + pull + room / 2, y: panel.bottom - height,
                         width: width, height: height)

        let barFrame = Rect(x: glass.minX, y: glass.maxY - metrics.barHeight, width: width, height: metrics.barHeight)
        var bar = content.layout(in: barFrame, open: open, measure: measure)
        var bubble: ScrollIslandBubble? = input.bubbleOut != nil || (input.showsTopButton && count > 1)
            ? ScrollIslandBubble(island: glass, barHeight: metrics.barHeight, isOut: bubbleOut,
                                 reduceMotion: environment.reduceMotion)
            : nil
        var glassOut = glass
        if environment.isRightToLeft {
            // Everything mirrors: the ring and bubble lead from the right, and the give reads from that edge.
            glassOut = glass.scrollIslandMirrored(originX: container.minX, width: container.width)
            bar = bar.mirrored(originX: container.minX, width: container.width)
            if var flipped = bubble {
                flipped.frame = flipped.frame.scrollIslandMirrored(originX: container.minX, width: container.width)
                bubble = flipped
            }
        }
        let laid = ScrollIslandLayout(
            container: container, metrics: metrics, count: count, selectedIndex: selected, displayIndex: display,
            isOpen: open, isRightToLeft: environment.isRightToLeft, readFraction: fraction, glass: glassOut,
            cornerRadius: open ? metrics.openRadius : metrics.closedRadius, widest: widest, bubbleRoom: room,
            bar: bar, ring: ScrollIslandRing(frame: bar.ring, lineWidth: metrics.ringStroke, fraction: fraction),
            bubble: bubble, panel: panel, spokenValue: "",
            spokenLead: input.messages.spokenLead(title: input.sections[display].title, number: display + 1,
                                                  count: count))
        return laid.reading(fraction, readText: input.messages.read(fraction))
    }

    /// The width of the read label for `fraction`, the one thing of the layout's shape the reading decides.
    static func readWidth(_ fraction: Double, messages: ScrollIslandMessages, metrics: ScrollIslandMetrics,
                          measure: some ScrollIslandTextMeasure) -> Double {
        readWidth(of: messages.read(fraction), metrics: metrics, measure: measure)
    }

    /// The width of the read label saying `text` (`messages.read` of the reading).
    static func readWidth(of text: String, metrics: ScrollIslandMetrics, measure: some ScrollIslandTextMeasure)
        -> Double {
        measure.width(of: text, size: metrics.metaSize, monospacedDigits: true)
    }

    /// This layout read to `fraction`: the ring's arc, the reading and the spoken value follow it, and nothing else
    /// moves, as long as the read label keeps its width (`readWidth`). A scroll changes only these on most frames.
    /// `readText` is the copy's read amount for `fraction` (`messages.read`), formatted once by the caller.
    func reading(_ fraction: Double, readText: String) -> ScrollIslandLayout {
        var read = self
        read.readFraction = fraction
        read.ring = ScrollIslandRing(frame: ring.frame, lineWidth: ring.lineWidth, fraction: fraction)
        read.spokenValue = ScrollIslandMessages.spokenValue(lead: spokenLead, readText: readText)
        return read
    }

    // MARK: Rows

    /// Row `index`'s parts in the open panel, mirrored for right-to-left.
    public func row(_ index: Int, sections: [ScrollIslandSection], rowsOffset: Double = 0,
                    measure: some ScrollIslandTextMeasure) -> ScrollIslandRowLayout? {
        guard sections.indices.contains(index) else { return nil }
        let s = sections[index]
        let detail = s.detail.map { measure.width(of: $0, size: metrics.metaSize, monospacedDigits: true) }
        let layout = ScrollIslandRowLayout(
            frame: panel.rowFrame(index, rowsOffset: rowsOffset), count: count,
            titleWidth: measure.width(of: s.title, size: metrics.titleSize, monospacedDigits: false),
            detailWidth: detail, metrics: metrics, titleLineHeight: measure.lineHeight(size: metrics.titleSize),
            metaLineHeight: measure.lineHeight(size: metrics.metaSize))
        return isRightToLeft ? layout.mirrored(originX: container.minX, width: container.width) : layout
    }

    // MARK: Press

    /// The glass's scale: a press sinks it about 2 points per edge (between 0.92 and 0.985 of its size), a scrub
    /// lifts it 3%; Reduce Motion does neither (a press shades instead).
    public static func glassScale(size: Size, pressed: Bool, scrubbing: Bool, reduceMotion: Bool) -> Double {
        guard !reduceMotion else { return 1 }
        var scale = pressed ? pressScale(size: size, depth: ScrollIslandMetrics.pressDepth) : 1
        if scrubbing { scale *= ScrollIslandMetrics.scrubLift }
        return scale
    }

    /// A press sinks a glass shape about `depth` points per edge, not a fixed share: the scale is 1 − 2·depth over
    /// the geometric mean of its sides, held between 0.92 (a small button) and 0.985 (a card).
    public static func pressScale(size: Size, depth: Double) -> Double {
        let side = (max(1, size.width) * max(1, size.height)).squareRoot()
        let scale = 1 - depth * 2 / side
        return scale.isFinite ? min(max(scale, 0.92), 0.985) : 1
    }

    /// The Reduce Motion press: instead of sinking, a pressed glass darkens a little in light mode and lightens a
    /// little in dark mode.
    public static func pressShade(pressed: Bool, reduceMotion: Bool, colorScheme: ColorScheme) -> Double {
        guard pressed, reduceMotion else { return 0 }
        return colorScheme == .dark ? 0.1 : -0.08
    }
}
