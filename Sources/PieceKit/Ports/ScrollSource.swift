/// A scrolling page as a piece bound to it sees it (ScrollIsland reads the page the way a SwiftUI view reads its
/// `scrollPosition(id:)` binding and `onScrollGeometryChange`): its sections, the section at the top anchor, how
/// much has been read, the keyboard's inset; it writes the selection, and hands on the touches it does not take.
/// `LiveScrollPage` is the built-in one; ScrollIsland depends on this protocol, not on it.
public protocol ScrollSource: AnyObject {
    /// The sections in reading order.
    var islandSections: [ScrollIslandSection] { get }
    /// How many sections there are, without building them (asked per row, so it must be cheap).
    var sectionCount: Int { get }
    /// Where the section with this id first appears, nil when none has it. Asked several times a frame, so it
    /// should not search the list.
    func sectionIndex(of id: String) -> Int?
    /// The binding `scrollPosition(id:)` shares with the app: the section at the top anchor while the reader scrolls.
    var selection: String? { get }
    /// The content offset on screen now (mid-drag, mid-fling, past an edge while it bounces).
    var offset: Double { get }
    /// How much of the page has been read, 0 … 1.
    var readFraction: Double { get }
    /// The keyboard's height over the page's bottom (0 when it is down).
    var keyboardInset: Double { get }
    /// All of the above read at once, kept until the page changes: a piece bound to the page reads it several
    /// times a frame (each ask for its elements, each reaction), and most of those reads find it as before.
    var reading: ScrollReading { get }

    /// The app writes the binding: the page goes to that section, at once or with `animation`.
    func select(_ id: String?, animation: Animation?)
    /// Tells `observer` whenever the page moves or its selection changes.
    func observe(_ observer: any ScrollPageObserver)
    /// A touch that fell through the piece on top to the page underneath.
    func handle(_ touch: Touch, on context: any PieceContext)
}

/// What a page shows now, read at once and never changed: a new page change makes a new one (`ScrollSource.reading`).
public final class ScrollReading: Sendable {
    /// The sections in reading order, as the island lists them.
    public let sections: [ScrollIslandSection]
    /// The binding `scrollPosition(id:)` shares with the app.
    public let selection: String?
    /// Where the selection first appears among the sections; nil for nil or an id the page doesn't have.
    public let selectionIndex: Int?
    /// How much of the page has been read at the offset on screen, 0 … 1.
    public let readFraction: Double
    /// The keyboard's height over the page's bottom (0 when it is down).
    public let keyboardInset: Double

    /// A reading from its parts (the live page makes its own from the page and the offset).
    public init(sections: [ScrollIslandSection], selection: String?, selectionIndex: Int?, readFraction: Double,
                keyboardInset: Double) {
        self.sections = sections; self.selection = selection; self.selectionIndex = selectionIndex
        self.readFraction = readFraction; self.keyboardInset = keyboardInset
    }
}
