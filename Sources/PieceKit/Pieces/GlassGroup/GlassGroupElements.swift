/// What a glass group publishes each frame (stage coordinates):
///
/// - `group`: `spacing`, and the lift shadow (`liftOpacity` 0.07 in light mode, 0 in dark; `liftRadius` 18,
///   `liftY` 8); attribute `merging` (false under Reduce Transparency);
/// - `shape.<id>` for every shape present: `x y w h` (the outline: a circle's centred square), `radius`, `scale`
///   (the swell and the press, about the centre), `opacity`, `brightness` (the Reduce Motion press shade);
///   attributes `form`, `material` ("glass" or "solid"), `tint` when tinted, `removing`; under Reduce
///   Transparency also `white` (the solid fill), `rimOpacity`, `rimWidth`, `shadowOpacity`, `shadowRadius`,
///   `shadowY`;
/// - `neck.<a>+<b>` while two shapes share a neck: `gap` (between their outlines as presented).
extension GlassGroupPiece {
    func publishedElements(in environment: PieceEnvironment, tokens: MotionTokens) -> [Element] {
        let merging = GlassSurface.merges(in: environment)
        var result: [Element] = [
            Element("group")
                .number("spacing", spacing)
                .number("liftOpacity", GlassSurface.lift(in: environment))
                .number("liftRadius", GlassSurface.liftRadius)
                .number("liftY", GlassSurface.liftY)
                .flag("merging", merging),
        ]
        // Shapes growing out of (or melting into) a neighbour find it by id: through a table when there are many,
        // so thousands of shapes inserted at once are not a search each.
        var places: [String: Int]?
        if members.count > 32, members.contains(where: { if case .home = $0.phase { true } else { false } }) {
            var work = context?.hostWork() ?? HostWork()
            if (try? work.reserve(members.count * 96)) != nil {
                places = Dictionary(members.enumerated().map { ($1.spec.id, $0) }, uniquingKeysWith: { first, _ in first })
            }
        }
        for member in members {
            result.append(shapeElement(member, in: environment, tokens: tokens, places: places))
        }
        for neck in necks {
            result.append(Element("neck.\(neck.pair)").number("gap", neck.gap))
        }
        return result
    }

    private func shapeElement(_ member: Member, in environment: PieceEnvironment, tokens: MotionTokens,
                              places: [String: Int]?) -> Element {
        let spec = member.spec
        let rm = environment.reduceMotion
        var (rect, radius) = outline(spec, in: environment)
        var opacity = 1.0
        var closedScale = 1.0
        switch member.phase {
        case .resting:
            break
        case .home(let neighbour):
            if let n = places.map({ $0[neighbour] }) ?? index(of: neighbour) {
                (rect, radius) = outline(members[n].spec, in: environment)
            }
        case .closed:
            opacity = 0
            // The foundation's bud under Reduce Motion: the glass closes in place as it fades. Without a container
            // (Reduce Transparency) it only fades.
            if rm && GlassSurface.merges(in: environment) { closedScale = 0.001 }
        }
        let isPressed = pressed == spec.id && member.phase == .resting && environment.isEnabled
        let swell = isPressed && spec.interactive && !rm ? Self.swell : 1
        let sink = isPressed && spec.press && !rm ? GesturePhysics.pressScale(for: rect.size, depth: Self.pressDepth) : 1
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
            .number("brightness", Self.pressShade(pressed: isPressed, reduceMotion: rm,
                                                  colorScheme: environment.colorScheme), animation: pressMotion)
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
            .flag("removing", removals[spec.id] != nil)
        if let tint = spec.tint { element = element.text("tint", tint) }
        return element
    }

    /// Under Reduce Motion a press shades instead of moving: darker in light mode, lighter in dark, the
    /// foundation's rule (as NowPlaying's and ScrollIsland's presses).
    static func pressShade(pressed: Bool, reduceMotion: Bool, colorScheme: ColorScheme) -> Double {
        NowPlayingPiece.pressShade(pressed: pressed, reduceMotion: reduceMotion, colorScheme: colorScheme)
    }
}

/// Everything a glass group's elements are made from: the environment (which places a shape, for the Tools, and
/// says how glass is drawn), the motion roles, the spacing, the shapes and their phases, the necks last measured,
/// the finger's shape and anchor, and which shapes are on their way out. A subclass whose `place` read state of
/// its own would have to add it here; the Tools place from the environment alone.
struct GlassGroupElementsKey: Equatable {
    let environment: PieceEnvironment
    let tokens: MotionTokens
    let spacing: Double
    let members: [GlassGroupPiece.Member]
    let necks: [GlassGroupPiece.Neck]
    let pressed: String?
    let pressAnchor: Point
    let removing: Set<String>
}
