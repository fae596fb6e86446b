/// Where the ring's reading comes from, as the app passes `progress`.
public enum ScrollIslandProgress: Equatable, Sendable {
    /// From the page's scroll geometry, live (the seed's `onScrollGeometryChange` recipe).
    case page
    /// `nil`: estimated from the section's place in the list.
    case estimate
    /// A number the app computed.
    case fixed(Double)
}

/// What a finger on the bar is doing, once it has said.
public enum ScrollIslandTouch: Equatable, Sendable {
    case idle
    /// Down, not yet 8 points from where it landed: a tap if it lifts now.
    case undecided
    /// Sideways on the closed island.
    case scrubbing
    /// Sliding the puck over the rows; lifting on a row picks it.
    case picking
    /// Let go of: nothing it does from here counts.
    case cancelled
    /// A swipe up that opened the panel; it becomes a pick on reaching another row or travelling 3/4 of a row.
    case opening(startY: Double)
}

/// A finger on the rows of a panel whose rows scroll: a press that may become a tap, or a scroll of the rows.
public enum ScrollIslandRowsTouch: Equatable, Sendable {
    case none
    case pressing
    /// Scrolling the rows, from where the scroll was recognised (`fromY`, the finger's y then).
    case scrolling(ScrollPageDrag, fromY: Double)
}

/// The island's `@State`: what it keeps between frames besides the app's bindings.
public struct ScrollIslandState: Equatable, Sendable {
    /// The open state when no `isExpanded` binding is given.
    public var localExpanded = false
    /// The section whose title the bar shows; it follows the section in view on the morph spring.
    public var shownIndex = 0
    /// The places of the shown title whose letters are arriving and still sit at their start (faded, shrunk): set
    /// for the one quiet update before the morph, so each letter then grows in on its own spring.
    public var arrivingLetters: Set<Int> = []
    /// The title the letters spell: the next one already during that quiet update.
    public var letterTitle: String?
    /// A section a finger or key is on but hasn't picked: a scrub's, or the puck's in the panel.
    public var candidate: Int?
    /// The puck's edges, in rows from the top of the list, each on its own spring.
    public var puckTop = 0.0
    public var puckBottom = 1.0
    public var touch: ScrollIslandTouch = .idle
    public var rowsTouch: ScrollIslandRowsTouch = .none
    public var pressed = false
    /// The section a scrub started from.
    public var scrubOrigin = 0
    /// The scrub's give past the first or last section, banded, points from the leading edge.
    public var pull = 0.0
    /// When the contents last closed (stage time), so the bubble can wait for the glass to settle.
    public var closedAt = -Double.infinity
    /// The back-to-top bubble: present (added home), and out (resting beside the island).
    public var bubblePresent = false
    public var bubbleOut = false
    /// A finger is down on the bubble: it sinks (shades under Reduce Motion) until the finger lifts.
    public var bubblePressed = false
    /// How far the rows are scrolled inside the panel.
    public var rowsOffset = 0.0
    /// The rows can be seen: set as the contents open, cleared once they have faded out after a close (the rows
    /// are published only meanwhile; see docs/pieces/scrollIsland.md).
    public var rowsShown = false
    /// The row VoiceOver's focus was moved onto after opening.
    public var focusedRow: Int?
    /// The accessibility element VoiceOver's focus is on, by id, when the island moved it.
    public var voiceOverFocus: String?

    public init() {}
}

/// The values the island reacts to when they change, as its SwiftUI `onChange(of:)` handlers do.
struct ScrollIslandWatched: Equatable {
    var displayIndex: Int
    var readFraction: Double
    var isOpen: Bool
    var puckRow: Int
    var wantsTop: Bool
    var count: Int
}
