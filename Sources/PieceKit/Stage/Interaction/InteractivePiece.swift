/// A piece that a finger, a keyboard or VoiceOver can act on. Handlers receive the stage so they can change
/// state inside transactions, start choreographies, schedule work and emit events (haptics, callbacks,
/// announcements, focus moves), exactly as the SwiftUI view's handlers would.
///
/// Gestures reach a piece through `Stage.touchDown(on:at:)` (a `Finger`) or the synthesized `tap`, `drag` and
/// `fling`; every sample is delivered between frames, so a change it makes begins on the next frame.
public protocol InteractivePiece: StagePiece {
    /// The parts a gesture can aim at, each a name and where it is (`Part`), declared once: the first is where a
    /// gesture aims when the script names none, and the stage's errors (no such part, cannot be touched now) list
    /// them.
    var parts: [Part] { get }

    /// The part a gesture aims at when the script names none: the first of `parts`. A piece writes it only when
    /// its default moves with its state (the mini player's bar, or its background once open).
    var defaultPart: String { get }

    /// One touch sample. A piece ignores touches it does not want (they "pass through").
    func handle(_ touch: Touch, on context: any PieceContext)

    /// A key press. Returns false when the piece does nothing with it (so a script can assert that).
    @discardableResult
    func handle(_ key: Key, on context: any PieceContext) -> Bool

    /// The accessibility tree, in VoiceOver's reading order.
    func accessibilityElements(on context: any PieceContext) -> [AccessibilityElement]

    /// What VoiceOver can do with the whole screen now, with no element named (its two-finger scrub, "escape";
    /// "magicTap"), each a name and what it does. nil: the piece's own handler decides (`performUnlisted`, a Lua
    /// piece's `perform`). The default: none.
    func screenActions(on context: any PieceContext) -> [AccessibilityAction]?

    /// The element a bare action goes to when the screen has no such action (a lone button); nil: none (default).
    func defaultElement(on context: any PieceContext) -> String?

    /// Other names an element answers to, to its id ("bar" for NowPlaying's collapsed `surface`). Default: none.
    var elementAliases: [String: String] { get }

    /// Does a whole-screen action the piece lists nowhere, for a piece whose `screenActions` is nil: only a piece
    /// whose handler decides by name (a Lua piece's `perform`) needs it. Returns false when nothing answered, which
    /// `perform` words as an unsupported action. The default: nothing answers.
    func performUnlisted(_ action: String, context: any PieceContext) throws(InteractionError) -> Bool
}

extension InteractivePiece {
    public var defaultPart: String { partNames.first ?? "" }

    /// Where the element named `name` is: as the latest frame presented it, else its published target (a
    /// piece added since the latest frame). nil when the piece has no such element with x, y, w and h.
    public func elementRect(_ name: String, on context: any PieceContext) -> Rect? {
        if let presented = context.latestFrame?.piece(self.name)?.element(name)?.rect { return presented }
        return context.targets(of: self.name)?.first { $0.name == name }?.rect
    }
}
