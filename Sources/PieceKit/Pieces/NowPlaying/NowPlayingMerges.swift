/// The liquid merges: which glass shapes (the surface, play and the bubbles) are within `Liquid.merge` of each
/// other in a frame, and so share a neck.
///
/// A `.merge` event is emitted on the first frame and on every frame where the set of merged pairs differs from the
/// frame before, with `pairs` (every merged pair now, "surface+play,play+forward"), `joined` and `parted` (what
/// changed). The latest merge event therefore tells which shapes are merged in any frame. The piece samples its own
/// presented shapes at each frame time while anything moves, in background work that never holds up a settle.
extension NowPlayingPiece {
    /// One glass shape as presented: a rounded rect (the surface) or a circle (play, a bubble), scaled about its
    /// centre. The liquid language's one shape, so the merge rule is shared with every glass piece.
    public typealias GlassShape = LiquidShape

    /// The glass shapes in a frame of this piece, in drawing order.
    public static func glassShapes(in frame: PieceFrame) -> [GlassShape] {
        var shapes: [GlassShape] = []
        for element in frame.elements {
            // Checked once a frame over every element, letters included: plain comparisons, most failing on the
            // first byte.
            let name = element.name
            let isSurface = name == "surface"
            let isBubble = name == "play" || name == "forward" || name == "previous" || name == "next"
            guard isSurface || isBubble, let r = rect(of: element) else { continue }
            let scale = number("scale", of: element, near: 5) ?? 1
            let radius = isSurface ? (number("radius", of: element, near: 4) ?? 0) : r.width / 2
            shapes.append(GlassShape(name: element.name, center: r.center, halfWidth: r.width / 2 * scale,
                                     halfHeight: r.height / 2 * scale, radius: radius * scale))
        }
        return shapes
    }

    /// `element[name]`, looking first where the piece publishes it (x, y, w, h, then radius or scale).
    private static func number(_ name: String, of element: ElementFrame, near position: Int) -> Double? {
        let names = element.numberNames
        if position < names.count, names[position] == name {
            return element.number(at: position)
        }
        return element[name]
    }

    /// `element.rect`, through `number(_:of:near:)`.
    private static func rect(of element: ElementFrame) -> Rect? {
        guard let x = number("x", of: element, near: 0), let y = number("y", of: element, near: 1),
              let w = number("w", of: element, near: 2), let h = number("h", of: element, near: 3) else { return nil }
        return Rect(x: x, y: y, width: w, height: h)
    }

    /// Every pair of shapes closer than the merge distance, as "a+b", in drawing order.
    public static func mergedPairs(in frame: PieceFrame) -> [String] {
        Liquid.mergedPairs(glassShapes(in: frame), spacing: Liquid.merge)
    }
}
