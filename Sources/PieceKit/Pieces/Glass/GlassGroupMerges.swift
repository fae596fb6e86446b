/// The group's merges, measured on what each frame presents: every pair of shapes strictly closer than the
/// container's spacing shares a neck (`Liquid.merges(gap:spacing:)`, the liquid language's one rule; a gap equal to
/// the spacing stays apart). Under Reduce Transparency there is no container, so nothing merges.
///
/// While anything moves the group checks each frame, in background work that never holds up a settle: the necks
/// it finds are published (`neck.<a>+<b>` with its `gap`) in that same frame, and a `merge` event is emitted on the
/// first frame and whenever the set of merged pairs changes, with `pairs` (all merged now, "pencil+eraser"),
/// `joined` and `parted`, as NowPlaying's.
extension GlassGroupPiece {
    /// The shapes a frame of this piece presents, with their scales applied, in drawing order.
    public static func liquidShapes(in frame: PieceFrame) -> [LiquidShape] {
        frame.elements.compactMap { element in
            guard element.name.hasPrefix("shape."), let r = element.rect else { return nil }
            let scale = element["scale"] ?? 1
            return LiquidShape(name: String(element.name.dropFirst("shape.".count)), center: r.center,
                               halfWidth: r.width / 2 * scale, halfHeight: r.height / 2 * scale,
                               radius: (element["radius"] ?? 0) * scale)
        }
    }

    /// The necks in a frame: every pair closer than `spacing`, with its gap (none when `merging` is false).
    public static func necks(in frame: PieceFrame, spacing: Double, merging: Bool) -> [Neck] {
        guard merging else { return [] }
        let shapes = liquidShapes(in: frame)
        var result: [Neck] = []
        for i in shapes.indices {
            for j in shapes.indices where j > i {
                let gap = shapes[i].gap(to: shapes[j])
                if Liquid.merges(gap: gap, spacing: spacing) {
                    result.append(Neck(pair: "\(shapes[i].name)+\(shapes[j].name)", gap: gap))
                }
            }
        }
        return result
    }
}
