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
        NowPlayingGlassPlan(frame.shape).shapes(in: frame)
    }

    /// Every pair of shapes closer than the merge distance, as "a+b", in drawing order.
    public static func mergedPairs(in frame: PieceFrame) -> [String] {
        Liquid.mergedPairs(glassShapes(in: frame), spacing: Liquid.merge)
    }
}

/// Where a frame of NowPlaying keeps each glass shape's numbers, found once per published shape of the piece (its
/// names change far less often than its numbers), so the merge check of each frame reads six numbers per shape
/// instead of searching every element, letters included, by name.
final class NowPlayingGlassPlan {
    /// The piece shape the plan was made for (frames share it while the piece publishes the same names).
    let shape: PieceShape
    /// One glass shape: its element's name and where its numbers sit among the piece's numbers.
    struct Entry {
        let name: String
        let isSurface: Bool
        let x: Int, y: Int, w: Int, h: Int
        let scale: Int?
        /// The surface's corner radius (a bubble's is half its width).
        let radius: Int?
    }
    let entries: [Entry]
    /// "a+b" for every pair of entries i < j, at `i * entries.count + j`: made once, not once a frame.
    private let pairNames: [String]

    init(_ shape: PieceShape) {
        self.shape = shape
        var entries: [Entry] = []
        for element in shape.elements {
            let name = element.name
            let isSurface = name == "surface"
            let isBubble = name == "play" || name == "forward" || name == "previous" || name == "next"
            guard isSurface || isBubble else { continue }
            let names = element.numberNames
            func at(_ number: String) -> Int? { names.firstIndex(of: number).map { element.offset + $0 } }
            guard let x = at("x"), let y = at("y"), let w = at("w"), let h = at("h") else { continue }
            entries.append(Entry(name: name, isSurface: isSurface, x: x, y: y, w: w, h: h, scale: at("scale"),
                                 radius: isSurface ? at("radius") : nil))
        }
        self.entries = entries
        var pairNames: [String] = []
        pairNames.reserveCapacity(entries.count * entries.count)
        for i in entries.indices {
            for j in entries.indices { pairNames.append(j > i ? "\(entries[i].name)+\(entries[j].name)" : "") }
        }
        self.pairNames = pairNames
    }

    /// The glass shapes of `frame` (whose shape must be this plan's), in drawing order.
    func shapes(in frame: PieceFrame) -> [LiquidShape] {
        var shapes: [LiquidShape] = []
        shapes.reserveCapacity(entries.count)
        frame.values.withUnsafeBufferPointer { all in
            let values = UnsafeBufferPointer(rebasing: all[frame.base...])
            for entry in entries {
                let r = Rect(x: values[entry.x], y: values[entry.y], width: values[entry.w], height: values[entry.h])
                let scale = entry.scale.map { values[$0] } ?? 1
                let radius = entry.isSurface ? (entry.radius.map { values[$0] } ?? 0) : r.width / 2
                shapes.append(LiquidShape(name: entry.name, center: r.center, halfWidth: r.width / 2 * scale,
                                          halfHeight: r.height / 2 * scale, radius: radius * scale))
            }
        }
        return shapes
    }

    /// Every pair of shapes in `frame` closer than the merge distance, as "a+b" in drawing order: the same list as
    /// `Liquid.mergedPairs`. When it equals `last`, `last` itself is handed back, so a frame where nothing
    /// joined or parted allocates nothing.
    func mergedPairs(in frame: PieceFrame, last: [String]) -> [String] {
        let shapes = self.shapes(in: frame)
        let count = shapes.count
        var found: [String]?
        var matched = 0
        for i in 0..<count {
            for j in (i + 1)..<count
            where Liquid.merges(gap: shapes[i].gap(to: shapes[j]), spacing: Liquid.merge) {
                let name = pairNames[i * count + j]
                if found == nil {
                    if matched < last.count, last[matched] == name {
                        matched += 1
                        continue
                    }
                    found = Array(last[..<matched])
                }
                found?.append(name)
            }
        }
        if let found { return found }
        return matched == last.count ? last : Array(last[..<matched])
    }
}

/// The plan for the frames NowPlaying's merge watch reads, made again only when the piece's shape changes.
final class NowPlayingGlassPlans {
    private var plan: NowPlayingGlassPlan?
    private var last: [String] = []

    func mergedPairs(in frame: PieceFrame) -> [String] {
        let plan: NowPlayingGlassPlan
        if let kept = self.plan, kept.shape === frame.shape {
            plan = kept
        } else {
            plan = NowPlayingGlassPlan(frame.shape)
            self.plan = plan
        }
        last = plan.mergedPairs(in: frame, last: last)
        return last
    }
}
