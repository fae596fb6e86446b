/// A piece that a finger, a keyboard or VoiceOver can act on. Handlers receive the stage so they can change
/// state inside transactions, start choreographies, schedule work and emit events (haptics, callbacks,
/// announcements, focus moves), exactly as the SwiftUI view's handlers would.
///
/// Gestures reach a piece through `Stage.touchDown(on:at:)` (a `Finger`) or the synthesized `tap`, `drag` and
/// `fling`; every sample is delivered between frames, so a change it makes begins on the next frame.
public protocol InteractivePiece: StagePiece {
    /// The part a gesture aims at when the script names none: the first of `partNames` unless the piece says
    /// otherwise (the mini player's bar, or its background once open).
    var defaultPart: String { get }

    /// Where the named part is now, in stage coordinates, for aiming gestures: "grabber", "scrubber",
    /// ("row", 3). nil when the piece has no such part; the default reads the latest frame's element of that
    /// name ("row.3" for an index), else the published target.
    func partRect(_ part: String, index: Int?, on context: any PieceContext) -> Rect?

    /// Why a finger cannot reach the part now, when it exists but is not on screen (a row scrolled out of its
    /// list, the rows of a closed panel); nil when it can be reached. Asked only when a gesture aims at a part,
    /// so `partRect` still answers for hidden parts a script wants to read. The default: always reachable.
    func unreachable(_ part: String, index: Int?, on context: any PieceContext) -> String?

    /// The names `partRect` understands, declared once: the first is the default part, and the stage's errors
    /// (no such part, cannot be touched now) list them.
    var partNames: [String] { get }

    /// One touch sample. A piece ignores touches it does not want (they "pass through").
    func handle(_ touch: Touch, on context: any PieceContext)

    /// A key press. Returns false when the piece does nothing with it (so a script can assert that).
    @discardableResult
    func handle(_ key: Key, on context: any PieceContext) -> Bool

    /// The accessibility tree, in VoiceOver's reading order.
    func accessibilityElements(on context: any PieceContext) -> [AccessibilityElement]

    /// What VoiceOver can do with the whole screen now, with no element named (its two-finger scrub, "escape";
    /// "magicTap"). nil: the piece's own handler decides (a Lua piece's `perform`), and `act` says whether it did.
    /// The default: none.
    func screenActions(on context: any PieceContext) -> [String]?

    /// The element a bare action goes to when the screen has no such action (a lone button); nil: none (default).
    func defaultElement(on context: any PieceContext) -> String?

    /// Other names an element answers to, to its id ("bar" for NowPlaying's collapsed `surface`). Default: none.
    var elementAliases: [String: String] { get }

    /// Does `action`, which `perform` (`AccessibilityActions.swift`, the one place actions are resolved and refused)
    /// has checked the element `element` lists (nil: one of the screen's actions). Returns false when nothing
    /// answered (a Lua handler that declined), which `perform` words as an unsupported action. Throws only what the
    /// values cannot state (a listed action with nothing to run it).
    func act(_ action: String, on element: String?, context: any PieceContext) throws(InteractionError) -> Bool
}

extension InteractivePiece {
    public var defaultPart: String { partNames.first ?? "" }

    public func unreachable(_ part: String, index: Int?, on context: any PieceContext) -> String? { nil }

    public func partRect(_ part: String, index: Int?, on context: any PieceContext) -> Rect? {
        elementRect(index.map { "\(part).\($0)" } ?? part, on: context)
    }

    /// Where the element named `name` is: as the latest frame presented it, else its published target (a
    /// piece added since the latest frame). nil when the piece has no such element with x, y, w and h.
    public func elementRect(_ name: String, on context: any PieceContext) -> Rect? {
        if let presented = context.latestFrame?.piece(self.name)?.element(name)?.rect { return presented }
        return context.targets(of: self.name)?.first { $0.name == name }?.rect
    }
}
