/// How the MiniPlayer moves: the two springs, what comes and goes, and which spring wins when both
/// could apply.
extension MiniPlayer {
    /// Opening and closing: `withAnimation` of a spring of 0.5 s with bounce 0.15.
    public static let morphSpring = Animation.spring(duration: 0.5, bounce: 0.15)
    /// The drag offset: an implicit `.animation(_:value: dragOffset)` of a spring of 0.3 s with bounce 0.1 over
    /// the whole piece, while the finger moves and when the offset goes back to 0.
    public static let dragSpring = Animation.spring(duration: 0.3, bounce: 0.1)

    /// Under Reduce Motion neither spring runs: the two states swap at once, and the offset follows the finger
    /// exactly.
    public static func morph(reduceMotion: Bool) -> Animation? { reduceMotion ? nil : morphSpring }
    public static func drag(reduceMotion: Bool) -> Animation? { reduceMotion ? nil : dragSpring }

    /// How a part that exists in only one of the two states comes and goes (the bar's lines and play; the
    /// player's close button, lines, progress and transport).
    public enum PartTransition: String, Sendable {
        /// It fades: opacity 0 to 1 coming, 1 to 0 going, on whatever animation carries the change.
        case opacity
    }

    /// The decision for parts that come and go: SwiftUI's default transition for a view inserted or removed
    /// with no `.transition` of its own is a fade, so each such part fades in or out in place (its opacity moves
    /// on the spring of the change) while the two matched pairs, the background and the artwork, move from one
    /// state's frame to the other's.
    public static let comingAndGoing = PartTransition.opacity

    /// The decision for a release that opens or closes: the drag offset goes back to 0 and `isExpanded` flips in
    /// one update, so the drag spring carries everything, the morph included. The implicit animation watches the
    /// drag offset over the whole piece, and in an update where its value changed it replaces the animation of
    /// every change, `withAnimation`'s too. The 0.5 s spring therefore carries only opens and closes with no drag
    /// to reset: the bar's button, the close button and VoiceOver, and a release whose offset was already 0 (a
    /// flick that came back to where it started).
    ///
    /// The stage reaches the same answer from the implicit animation on every element; the piece asks this too,
    /// so the decision reads in one place.
    public static func releaseAnimation(offsetChanged: Bool, reduceMotion: Bool) -> Animation? {
        offsetChanged ? drag(reduceMotion: reduceMotion) : morph(reduceMotion: reduceMotion)
    }
}
