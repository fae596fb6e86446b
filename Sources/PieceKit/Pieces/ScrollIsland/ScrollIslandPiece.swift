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
    /// The layout made last, with what it was made from (`IslandLaying`: the input and the environment, compared
    /// whole). A new reading that keeps the read label's width is read into it (`ScrollIslandLayout.reading`)
    /// rather than laid out again, and keeps its identity (`LaidOutIsland.made`).
    /// Read and written only by `laidOut(in:)`, never while another access is under way, so the run-time check of
    /// exclusive access (several a frame) is left out.
    @exclusivity(unchecked) var layoutMemo: Memo<IslandLaying, LaidOutIsland>
    /// How many layouts were made afresh (not read to a new reading, not kept): for tests of a frame's work.
    var layoutsMade: Int { layoutMemo.counts.made }
    public let measure: any ScrollIslandTextMeasure
    /// The same measure as its cache's class, for the elements' input.
    let measureCache: ScrollIslandMeasureCache
    weak var context: (any PieceContext)?

    public internal(set) var state = ScrollIslandState()
    /// The ring's drawn reading (`@State` too): it tracks small changes and sweeps to big ones. Kept apart from
    /// `state`, as it changes on every frame of a scroll and the elements are brought up to it apart
    /// (`ElementsInput`).
    public internal(set) var shownProgress = 0.0
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
        let measureCache = ScrollIslandMeasureCache(measure)
        self.measureCache = measureCache
        self.measure = measureCache
        layoutMemo = Memo({ LaidOutIsland.made($0, measure: measureCache) },
                          update: { LaidOutIsland.read($0, last: $1, $2, measure: measureCache) })
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
    public var input: ScrollIslandInput { input(page.reading) }

    /// The layout's input with the page as `reading` reads it.
    func input(_ reading: ScrollReading) -> ScrollIslandInput {
        ScrollIslandInput(
            shape: ScrollIslandShape(
                sections: reading.sections, selection: reading.selection, isExpanded: isExpanded,
                showsTopButton: showsTopButton, style: style, messagesBox: messagesBox, candidate: state.candidate,
                pull: state.pull, bubbleOut: state.bubblePresent && state.bubbleOut, shownIndex: state.shownIndex,
                keyboardHeight: reading.keyboardInset),
            progress: progressValue(reading))
    }

    /// Where everything should be now; nil with no sections. Made again only when something it is made from has
    /// changed: handlers, reactions and the stage all ask for it, several times a frame.
    public func layout(in environment: PieceEnvironment) -> ScrollIslandLayout? {
        laidOut(in: environment).layout
    }

    /// The layout as the memo keeps it, boxed (`LaidOutIsland`).
    func laidOut(in environment: PieceEnvironment) -> LaidOutIsland {
        layoutMemo(IslandLaying(input: input, environment: environment), memoising: context?.memoises ?? MemoSwitch.on)
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

/// What the island's layout is made from, all of it but the text measure (the piece's, a pure function): the key of
/// its memo.
struct IslandLaying: Equatable {
    let input: ScrollIslandInput
    let environment: PieceEnvironment
}

/// One layout as made, before any new reading is read into it: every reading of it shares this, so two readings of
/// one layout are told from two layouts by identity. The box is held by what compares it, so no later one can take
/// its place in memory.
final class LayoutMade: Equatable, Sendable {
    static func == (a: LayoutMade, b: LayoutMade) -> Bool { a === b }
}

/// A layout as the island's layout memo made it, boxed so an elements input carries it without copying it. Never
/// changed: the memo makes a new box for a new layout or a new reading. Two are equal when they are the same layout
/// (`made`) read to the same fraction, which together decide it.
final class LaidOutIsland: Equatable, Sendable {
    let layout: ScrollIslandLayout?
    let made: LayoutMade
    /// The read label's width: a new reading whose label keeps it is read into the layout, not laid out again.
    let readWidth: Double
    /// The layout's reading, selected section and count, read at every ask: kept apart, since reading them through
    /// the optional layout copies all of it.
    let readFraction: Double?
    let selectedIndex: Int
    let count: Int

    init(_ layout: ScrollIslandLayout?, made: LayoutMade, readWidth: Double) {
        self.layout = layout
        self.made = made
        self.readWidth = readWidth
        readFraction = layout?.readFraction
        selectedIndex = layout?.selectedIndex ?? 0
        count = layout?.count ?? 0
    }

    static func == (a: LaidOutIsland, b: LaidOutIsland) -> Bool {
        a === b || (a.made === b.made && a.readFraction == b.readFraction)
    }

    /// A new layout for `laying`.
    @inline(never)
    static func made(_ laying: IslandLaying, measure: ScrollIslandMeasureCache) -> LaidOutIsland {
        let made = ScrollIslandLayout.make(laying.input, environment: laying.environment, measure: measure)
        let width = made.map {
            ScrollIslandLayout.readWidth($0.readFraction, messages: laying.input.messages, metrics: $0.metrics,
                                         measure: measure)
        } ?? 0
        return LaidOutIsland(made, made: LayoutMade(), readWidth: width)
    }

    /// `kept` (made for `last`) read to `laying`'s reading, when all else is as before and the read label keeps its
    /// width; nil when it must be laid out again. A layout with no sections reads nothing: kept as it is.
    static func read(_ laying: IslandLaying, last: IslandLaying, _ kept: LaidOutIsland,
                     measure: ScrollIslandMeasureCache) -> LaidOutIsland? {
        guard laying.input.shape == last.input.shape, laying.environment == last.environment else { return nil }
        // Read apart from the layout: a copy of the whole layout at every ask is most of what an unchanged ask costs.
        guard let keptFraction = kept.readFraction else { return kept }
        let fraction = ScrollIslandRing.readFraction(progress: laying.input.progress,
                                                     selectedIndex: kept.selectedIndex, count: kept.count)
        if fraction == keptFraction { return kept }
        return reread(kept, to: fraction, messages: laying.input.messages, measure: measure)
    }

    /// The kept layout read to `fraction`, when the read label keeps its width. Apart from `read` so the asks that
    /// find the reading as before never copy the layout.
    @inline(never)
    private static func reread(_ kept: LaidOutIsland, to fraction: Double, messages: ScrollIslandMessages,
                               measure: ScrollIslandMeasureCache) -> LaidOutIsland? {
        guard let laid = kept.layout else { return nil }
        let text = messages.read(fraction)
        let width = ScrollIslandLayout.readWidth(of: text, metrics: laid.metrics, measure: measure)
        guard width == kept.readWidth else { return nil }
        return LaidOutIsland(laid.reading(fraction, readText: text), made: kept.made, readWidth: width)
    }
}
