/// What a glass group publishes each frame (stage coordinates):
///
/// - `group`: `spacing`, and the lift shadow (`liftOpacity` 0.07 in light mode, 0 in dark and for a group that
///   does not lift, as the Tools' system container; `liftRadius` 18, `liftY` 8); attribute `merging` (false under
///   Reduce Transparency);
/// - `shape.<id>` for every shape present: `x y w h` (the outline: a circle's centred square), `radius`, `scale`
///   (the swell and the press, about the centre), `opacity`, `brightness` (the Reduce Motion press shade);
///   attributes `form`, `material` ("glass" or "solid"), `tint` when tinted, `removing`; under Reduce
///   Transparency also `white` (the solid fill), `rimOpacity`, `rimWidth`, `shadowOpacity`, `shadowRadius`,
///   `shadowY`;
/// - `neck.<a>+<b>` while two shapes share a neck: `gap` (between their outlines as presented).
extension GlassGroupPiece {
    /// Everything a glass group's elements are made from: the environment (which places a shape, for the Tools,
    /// and says how glass is drawn), the motion roles, how the piece places its shapes, the spacing, the shapes and
    /// their phases, the necks last measured, the finger's shape and anchor, and which shapes are on their way out.
    public struct ElementsInput: Equatable, Sendable {
        let environment: PieceEnvironment
        let tokens: MotionTokens
        let placing: Placing
        let spacing: Double
        let members: [Member]
        let necks: [Neck]
        let pressed: String?
        let pressAnchor: Point
        let removing: Set<String>
        /// Whether the host let the shapes be found through a table by id (many shapes, some growing out of a
        /// neighbour); the same shapes are found either way.
        let indexesByID: Bool
        /// Whether the group floats on the foundation's lift (`GlassGroupPiece.lifts`).
        let lifts: Bool
    }

    /// The kind of group, whose class method places its shapes (`place(_:in:)`): the Tools from the environment.
    public struct Placing: Equatable, Sendable {
        let kind: GlassGroupPiece.Type

        init(_ kind: GlassGroupPiece.Type) { self.kind = kind }

        public static func == (a: Placing, b: Placing) -> Bool { ObjectIdentifier(a.kind) == ObjectIdentifier(b.kind) }
    }

    public static func elements(for input: ElementsInput) -> [Element] {
        let environment = input.environment
        let merging = GlassSurface.merges(in: environment)
        var result: [Element] = [
            Element("group")
                .number("spacing", input.spacing)
                .number("liftOpacity", input.lifts ? GlassSurface.lift(in: environment) : 0)
                .number("liftRadius", GlassSurface.liftRadius)
                .number("liftY", GlassSurface.liftY)
                .flag("merging", merging),
        ]
        let members = input.members
        let places = input.indexesByID
            ? Dictionary(members.enumerated().map { ($1.spec.id, $0) }, uniquingKeysWith: { first, _ in first }) : nil
        for member in members {
            result.append(input.shapeElement(member, places: places))
        }
        for neck in input.necks {
            result.append(Element("neck.\(neck.pair)").number("gap", neck.gap))
        }
        return result
    }

    /// Under Reduce Motion a press shades instead of moving: darker in light mode, lighter in dark, the
    /// foundation's rule (as NowPlaying's and ScrollIsland's presses).
    static func pressShade(pressed: Bool, reduceMotion: Bool, colorScheme: ColorScheme) -> Double {
        NowPlayingPiece.pressShade(pressed: pressed, reduceMotion: reduceMotion, colorScheme: colorScheme)
    }
}

extension GlassGroupPiece.ElementsInput {
    fileprivate func shapeElement(_ member: GlassGroupPiece.Member, places: [String: Int]?) -> Element {
        let spec = member.spec
        let rm = environment.reduceMotion
        var (rect, radius) = placing.kind.outline(spec, in: environment)
        var opacity = 1.0
        var closedScale = 1.0
        switch member.phase {
        case .resting:
            break
        case .home(let neighbour):
            if let n = places.map({ $0[neighbour] }) ?? members.firstIndex(where: { $0.spec.id == neighbour }) {
                (rect, radius) = placing.kind.outline(members[n].spec, in: environment)
            }
        case .closed:
            opacity = 0
            // The foundation's bud under Reduce Motion: the glass closes in place as it fades. Without a container
            // (Reduce Transparency) it only fades.
            if rm && GlassSurface.merges(in: environment) { closedScale = 0.001 }
        }
        let isPressed = pressed == spec.id && member.phase == .resting && environment.isEnabled
        let swell = isPressed && spec.interactive && !rm ? GlassGroupPiece.swell : 1
        let sink = isPressed && spec.press && !rm
            ? GesturePhysics.pressScale(for: rect.size, depth: GlassGroupPiece.pressDepth) : 1
        // The press scales about an anchor leaning toward the finger: a scale about the centre plus this shift.
        let anchor = spec.press ? pressAnchor : Point(x: 0.5, y: 0.5)
        let scale = swell * sink
        let lean = isPressed && spec.press ? Point(x: (anchor.x - 0.5) * rect.width * (1 - sink),
                                                   y: (anchor.y - 0.5) * rect.height * (1 - sink)) : .zero
        let pressMotion = ImplicitAnimation(isPressed ? tokens.press : tokens.release, value: .bool(isPressed))
        let surface = GlassSurface.make(tint: spec.tint, in: environment)
        var element = Element("shape.\(spec.id)")
            .number("x", rect.x + lean.x, animation: pressMotion)
            .number("y", rect.y + lean.y, animation: pressMotion)
            .number("w", rect.width)
            .number("h", rect.height)
            .number("radius", radius)
            .number("scale", scale * closedScale, animation: pressMotion)
            .number("opacity", opacity)
            .number("brightness", GlassGroupPiece.pressShade(pressed: isPressed, reduceMotion: rm,
                                                             colorScheme: environment.colorScheme),
                    animation: pressMotion)
        if let white = surface.white { element = element.number("white", white) }
        if let rim = surface.rimOpacity, let shadow = surface.shadowOpacity {
            element = element
                .number("rimOpacity", rim)
                .number("rimWidth", GlassSurface.rimWidth)
                .number("shadowOpacity", shadow)
                .number("shadowRadius", GlassSurface.shadowRadius)
                .number("shadowY", GlassSurface.shadowY)
        }
        element = element
            .text("form", spec.form.description)
            .text("material", surface.material)
            .flag("removing", removing.contains(spec.id))
        if let tint = spec.tint { element = element.text("tint", tint) }
        if let tintOpacity = surface.tintOpacity { element = element.number("tintOpacity", tintOpacity) }
        return element
    }
}
