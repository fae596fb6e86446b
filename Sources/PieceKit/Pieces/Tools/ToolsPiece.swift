/// The seed's Tools: a pencil button that toggles an eraser beside it, both 44 × 44 interactive glass in an HStack
/// of spacing 16 inside a container of spacing 16, the toggle wrapped in `withAnimation(.bouncy)` (Apple: duration
/// 0.5, bounce 0.3). The eraser carries a `glassEffectID`, so it grows out of the pencil and melts back into it.
///
/// At rest the two stand exactly 16 apart, the container's spacing, so they are two bubbles (a gap equal to the
/// spacing stays apart); they share a neck only while the eraser travels.
public final class ToolsPiece: GlassGroupPiece {
    /// The `expanded` state the pencil toggles.
    public private(set) var expanded: Bool

    /// The buttons' side: a 44-point target around a glyph of about 22.
    public static let buttonSide = 44.0
    /// The HStack's spacing and the container's.
    public static let stackSpacing = 16.0
    public static let containerSpacing = 16.0
    /// Where the HStack sits: this far in from the safe area's top and leading edges. The seed shows the Tools
    /// without a place on screen; a toolbar's corner is a judgement.
    public static let inset = 16.0

    /// What VoiceOver reads for each button, by the button's symbol (`pencil`, `eraser`).
    public let labels: [String: String]

    /// The Tools, open (`expanded`) or not, with no animation. `labels` are the app's own accessibility labels for
    /// the buttons; a button without one reads its symbol's label (`SymbolLabel`, a guess).
    public init(context: any PieceContext, name: String = "tools", expanded: Bool = false,
                labels: [String: String] = [:]) throws(GlassGroupError) {
        self.expanded = expanded
        let read = Dictionary(uniqueKeysWithValues: Self.symbols.map { ($0, labels[$0] ?? SymbolLabel.label(for: $0)) })
        self.labels = read
        var shapes = [Self.spec("pencil", labels: read)]
        if expanded { shapes.append(Self.spec("eraser", labels: read)) }
        try super.init(context: context, name: name, spacing: Self.containerSpacing, shapes: shapes)
        // The seed's container is the system's `GlassEffectContainer`, which draws no lift of its own.
        lifts = false
    }

    /// A judgement: the seed toggles on `.bouncy` whatever Reduce Motion says (SwiftUI leaves an explicit animation
    /// as it is given), but the pieces hold to the foundation's rule under Reduce Motion, no overshoot and no
    /// travel: the toggle rides the foundation's still spring (0.25 s, no bounce), and the eraser opens where it
    /// rests, as every group's shapes do under Reduce Motion. Were SwiftUI's `.bouncy` kept, the Tools would
    /// overshoot by 4.6 % at 0.35 s with Reduce Motion on.
    public static func toggleAnimation(reduceMotion: Bool) -> Animation {
        reduceMotion ? .spring(MotionTokens.stillSpring) : .bouncy
    }

    /// The buttons' symbols, which are also their ids.
    public static let symbols = ["pencil", "eraser"]

    static func spec(_ id: String, labels: [String: String]) -> GlassShapeSpec {
        // The frame is laid out from the environment (`place`); this one is only its size.
        GlassShapeSpec(id: id, frame: Rect(x: 0, y: 0, width: buttonSide, height: buttonSide), form: .capsule,
                       interactive: true, label: labels[id])
    }

    /// The pencil first, the eraser 16 after it, in the reading direction.
    override class func place(_ spec: GlassShapeSpec, in environment: PieceEnvironment) -> Rect {
        let slot = spec.id == "eraser" ? 1.0 : 0
        let leading = environment.safeArea.leading + Self.inset + slot * (Self.buttonSide + Self.stackSpacing)
        let rect = Rect(x: leading, y: environment.safeArea.top + Self.inset, width: Self.buttonSide,
                        height: Self.buttonSide)
        return environment.isRightToLeft ? rect.mirrored(in: environment.size.width) : rect
    }

    /// The pencil's action: `withAnimation(.bouncy) { expanded.toggle() }`.
    public func toggle() {
        setExpanded(!expanded)
    }

    /// The app sets `expanded` itself, on `.bouncy` as the pencil does.
    public func setExpanded(_ open: Bool) {
        guard open != expanded else { return }
        expanded = open
        let animation = Self.toggleAnimation(reduceMotion: environment.reduceMotion)
        if open {
            try? insert(Self.spec("eraser", labels: labels), from: "pencil", animation: animation)
        } else {
            try? remove("eraser", animation: animation)
        }
    }

    /// The pencil toggles; the seed's eraser button has an empty action, so a tap on it does nothing.
    override func tapped(_ id: String) {
        if id == "pencil" { toggle() }
    }
}
