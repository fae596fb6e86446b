/// The scroll island alive on a stage, bound to a live page: it names the section in view, rings it with how much
/// has been read, buds a back-to-top bubble, scrubs, and opens into the contents.
///
/// It reads and writes the page's selection the way the SwiftUI piece shares `scrollPosition(id:)`: the page moving
/// changes what the island shows (`pageDidChange`), and a pick, a scrub, an arrow key or the bubble writes the
/// selection with no animation, so the page jumps there and the ring sweeps.
///
/// The files of the piece: state (`ScrollIslandState`), what it publishes (`ScrollIslandElements`), how it reacts
/// and times its beats (`ScrollIslandChoreography`), touches (`ScrollIslandHandlers`), the rows' own scrolling
/// (`ScrollIslandRowsScroll`), keys and VoiceOver (`ScrollIslandAccess`), and the pure layout it is drawn from
/// (`ScrollIslandLayout` and its parts).
public final class ScrollIslandPiece {
    public let name: String
    public let page: any ScrollSource
    public var progress: ScrollIslandProgress
    public var showsTopButton: Bool
    public var style: ScrollIslandStyle
    /// The copy. Kept in a box that every change replaces (`Boxed`), which inputs compare rather than the texts
    /// and formatters, which cannot be compared.
    public var messages: ScrollIslandMessages {
        get { messagesBox.value }
        set { messagesBox = Boxed(newValue) }
    }
    private(set) var messagesBox: Boxed<ScrollIslandMessages>
    /// The layout made last, with what it was made from, its read label's width and its place in the count of
    /// layouts made. A new reading that keeps the label's width is read into it (`ScrollIslandLayout.reading`)
    /// rather than laid out again, and keeps its place in the count.
    /// Read and written only by `laidOut(in:)` and what it calls, never while another access is under way, so the
    /// run-time check of exclusive access (several a frame) is left out.
    @exclusivity(unchecked) var layoutMemo: LayoutMemo?
    private(set) var layoutsMade = 0
    public let measure: any ScrollIslandTextMeasure
    /// The same measure as its cache's class, for the elements' input.
    let measureCache: ScrollIslandMeasureCache
    weak var context: (any PieceContext)?

    public internal(set) var state = ScrollIslandState()
    /// The app's `isExpanded`, when it binds one; nil keeps the island's own state.
    public internal(set) var boundExpanded: Bool?

    /// The values seen at the last reaction, for `onChange`-style diffs.
    var watched: ScrollIslandWatched?
    /// Set while a handler runs, so reactions wait for its last change, as SwiftUI runs `onChange` after the update.
    var handling = 0
    var reacting = false
    var reactAgain = false
    /// The touch's target, decided when it lands.
    var touchRoute: TouchRoute = .none
    var rowsTick: ScheduledID?
    /// The work that stops publishing the rows once they have faded out after a close.
    var rowsHide: ScheduledID?
    /// The glass's press scale when the running handler began; nil outside handlers.
    var scaleAtHandlerStart: Double?

    enum TouchRoute: Equatable { case none, bar, rows, bubble, page }

    /// An island named `name` over `page`. `isExpanded` non-nil binds the open state to the app (every change the
    /// island makes is then reported as a callback event); nil keeps it inside the island.
    public init(page: any ScrollSource, context: any PieceContext, name: String = "scrollIsland",
                progress: ScrollIslandProgress = .page, isExpanded: Bool? = nil, showsTopButton: Bool = true,
                style: ScrollIslandStyle = .standard, messages: ScrollIslandMessages = .standard,
                measure: any ScrollIslandTextMeasure = TextMetrics.systemFont) {
        self.name = name
        self.page = page
        self.context = context
        self.progress = progress
        (boundExpanded, self.showsTopButton) = (isExpanded, showsTopButton)
        self.style = style
        messagesBox = Boxed(messages)
        measureCache = ScrollIslandMeasureCache(measure)
        self.measure = measureCache
        appear()
        page.observe(self)
    }

    // MARK: Derived (the seed's computed properties)

    public var sections: [ScrollIslandSection] { page.reading.sections }
    public var count: Int { page.reading.sections.count }

    /// The selection's place; `nil` or an unknown id reads as the first.
    public var currentIndex: Int { page.reading.selectionIndex ?? 0 }

    func clamp(_ index: Int) -> Int { min(max(index, 0), max(count - 1, 0)) }

    public var displayIndex: Int { clamp(state.candidate ?? currentIndex) }
    public var puckRow: Int { clamp(state.candidate ?? currentIndex) }
    public var isExpanded: Bool { boundExpanded ?? state.localExpanded }
    public var isOpen: Bool { count > 1 && isExpanded }
    var wantsTop: Bool { showsTopButton && count > 1 && currentIndex > 0 && !isOpen }

    /// The progress the app passes: the page's reading, nil, or its own number.
    public var progressValue: Double? { progressValue(page.reading) }

    /// The progress the app passes, with the page as `reading` reads it.
    func progressValue(_ reading: ScrollReading) -> Double? {
        switch progress {
        case .page: return reading.readFraction
        case .estimate: return nil
        case .fixed(let value): return value
        }
    }

    public var readFraction: Double {
        ScrollIslandRing.readFraction(progress: progressValue, selectedIndex: currentIndex, count: count)
    }

    var snapshot: ScrollIslandWatched {
        ScrollIslandWatched(displayIndex: displayIndex, readFraction: readFraction, isOpen: isOpen,
                            puckRow: puckRow, wantsTop: wantsTop, count: count)
    }

    // MARK: Layout

    /// The layout's input for the current state.
    public var input: ScrollIslandInput {
        let reading = page.reading
        return ScrollIslandInput(sections: reading.sections, selection: reading.selection, progress: progressValue,
                                 isExpanded: isExpanded, showsTopButton: showsTopButton, style: style,
                                 messages: messages, candidate: state.candidate, pull: state.pull,
                                 bubbleOut: state.bubblePresent && state.bubbleOut, shownIndex: state.shownIndex,
                                 keyboardHeight: reading.keyboardInset)
    }

    /// Where everything should be now; nil with no sections. Made again only when something it is made from has
    /// changed: handlers, reactions and the stage all ask for it, several times a frame.
    public func layout(in environment: PieceEnvironment) -> ScrollIslandLayout? {
        layoutAndGeneration(in: environment).layout
    }

    /// The layout, and which one it is in the count of layouts made (equal counts: the same layout but for what
    /// follows the reading, which the layout's `readFraction` tells).
    func layoutAndGeneration(in environment: PieceEnvironment) -> (layout: ScrollIslandLayout?, generation: Int) {
        let laid = laidOut(in: environment)
        return (laid.layout, laid.generation)
    }

    /// The layout as the memo keeps it, boxed (`LaidOutIsland`).
    func laidOut(in environment: PieceEnvironment) -> LaidOutIsland {
        let reading = page.reading
        let island = state
        let key = ScrollIslandLayoutKey(
            sections: reading.sections, selection: reading.selection, isExpanded: boundExpanded ?? island.localExpanded,
            showsTopButton: showsTopButton, style: style, messages: messagesBox,
            candidate: island.candidate, pull: island.pull, bubbleOut: island.bubblePresent && island.bubbleOut,
            shownIndex: island.shownIndex, keyboardHeight: reading.keyboardInset, environment: environment)
        if let memo = layoutMemo, memo.key == key {
            let kept = memo.laidOut
            // Read apart from the layout: a copy of the whole layout at every ask is most of what an unchanged ask
            // costs.
            guard let keptFraction = kept.readFraction else { return kept }
            let fraction = ScrollIslandRing.readFraction(progress: progressValue(reading),
                                                         selectedIndex: kept.selectedIndex, count: kept.count)
            if fraction == keptFraction { return kept }
            if let read = reread(memo, to: fraction) { return read }
        }
        return layOut(key, in: environment)
    }

    /// The kept layout read to `fraction`, when the read label keeps its width; nil when it must be laid out again.
    /// Apart from `laidOut(in:)` so the asks that find the reading as before never copy the layout.
    @inline(never)
    private func reread(_ memo: LayoutMemo, to fraction: Double) -> LaidOutIsland? {
        guard let laid = memo.laidOut.layout else { return nil }
        let text = messagesBox.value.read(fraction)
        let width = ScrollIslandLayout.readWidth(of: text, metrics: laid.metrics, measure: measure)
        guard width == memo.readWidth else { return nil }
        let read = laid.reading(fraction, readText: text)
        let box = LaidOutIsland(read, generation: memo.laidOut.generation)
        layoutMemo = LayoutMemo(key: memo.key, laidOut: box, readWidth: width)
        return box
    }

    /// A new layout for `key`, counted and kept.
    @inline(never)
    private func layOut(_ key: ScrollIslandLayoutKey, in environment: PieceEnvironment) -> LaidOutIsland {
        let made = ScrollIslandLayout.make(input, environment: environment, measure: measure)
        layoutsMade &+= 1
        let width = made.map {
            ScrollIslandLayout.readWidth($0.readFraction, messages: messages, metrics: $0.metrics, measure: measure)
        } ?? 0
        let box = LaidOutIsland(made, generation: layoutsMade)
        layoutMemo = LayoutMemo(key: key, laidOut: box, readWidth: width)
        return box
    }

    // MARK: The app's side

    /// The app sets its `isExpanded` binding (a toolbar button). Ignored when the island keeps its own state.
    public func setExpanded(_ open: Bool) {
        guard boundExpanded != nil, let context else { return }
        handle(on: context) { boundExpanded = open }
    }

    /// The app changes parameters (progress, showsTopButton, style, messages); the island re-lays out and reacts.
    public func update(_ change: (ScrollIslandPiece) -> Void) {
        guard let context else { return }
        handle(on: context) { change(self) }
    }
}

extension ScrollIslandPiece: ScrollPageObserver {
    public func pageDidChange(_ page: any ScrollSource, on context: any PieceContext) {
        react(on: context)
    }
}

/// The layout made last (`ScrollIslandPiece.layoutMemo`), with what it was made from and its read label's width.
/// A class, so an ask compares the key where it is kept instead of copying it out.
final class LayoutMemo {
    let key: ScrollIslandLayoutKey
    let laidOut: LaidOutIsland
    let readWidth: Double

    init(key: ScrollIslandLayoutKey, laidOut: LaidOutIsland, readWidth: Double) {
        self.key = key
        self.laidOut = laidOut
        self.readWidth = readWidth
    }
}

/// A layout as the island's layout memo made it, with its place in the count of layouts made, boxed so an elements
/// input carries it without copying it. Never changed: the memo makes a new box for a new layout or a new reading.
/// Two are equal when they are the same layout (the count) read to the same fraction, which together decide it.
final class LaidOutIsland: Equatable, Sendable {
    let layout: ScrollIslandLayout?
    let generation: Int
    /// The layout's reading, selected section and count, read at every ask: kept apart, since reading them through
    /// the optional layout copies all of it.
    let readFraction: Double?
    let selectedIndex: Int
    let count: Int

    init(_ layout: ScrollIslandLayout?, generation: Int) {
        self.layout = layout
        self.generation = generation
        readFraction = layout?.readFraction
        selectedIndex = layout?.selectedIndex ?? 0
        count = layout?.count ?? 0
    }

    static func == (a: LaidOutIsland, b: LaidOutIsland) -> Bool {
        a === b || (a.generation == b.generation && a.readFraction == b.readFraction)
    }
}
