/// The group's merges, measured on what each frame presents: every pair of shapes strictly closer than the
/// container's spacing shares a neck (`Liquid.merges(gap:spacing:)`, the liquid language's one rule; a gap equal to
/// the spacing stays apart). Under Reduce Transparency there is no container, so nothing merges.
///
/// While anything moves the group checks each frame, in background work that never holds up a settle: the necks
/// it finds are published (`neck.<a>+<b>` with its `gap`) in that same frame, and a `merge` event is emitted on the
/// first frame and whenever the set of merged pairs changes, with `pairs` (all merged now, "pencil+eraser"),
/// `joined` and `parted`, as NowPlaying's.
///
/// A script chooses how many shapes there are, so the check finds its pairs without measuring every one
/// (`Liquid.mergingPairs`), asks the host's limits in its loops, and has the host count the necks before they are
/// made: shapes that all overlap have a neck for every pair, and past the memory cap that is refused, not built.
extension GlassGroupPiece {
    /// What one neck costs the host, counted before it is made: the neck and its name, the name again in the list
    /// the merge watch compares, its element (`neck.<a>+<b>` with one number) and that element's state in the
    /// stage's slot, and its share of the merge event's lists. Measured at about 1.1 kB a neck on a group of 1,000
    /// overlapping shapes (resident memory over 499,500 necks, one frame rendered), rounded up.
    public static let bytesPerNeck = 1536

    /// The shapes a frame of this piece presents, with their scales applied, in drawing order.
    public static func liquidShapes(in frame: PieceFrame) -> [LiquidShape] {
        var work = HostWork()
        return (try? liquidShapes(in: frame, work: &work)) ?? []
    }

    /// As `liquidShapes(in:)`, counted with `work` before the list is made.
    static func liquidShapes(in frame: PieceFrame, work: inout HostWork) throws(HostLimitReached) -> [LiquidShape] {
        var count = 0, names = 0
        for element in frame.elements where element.name.hasPrefix("shape.") {
            try work.step()
            count += 1
            names += HostBytes.string(element.name.utf8.count)
        }
        try work.reserve(HostBytes.array(count, of: LiquidShape.self) + names)
        var shapes: [LiquidShape] = []
        shapes.reserveCapacity(count)
        for element in frame.elements {
            try work.step()
            guard element.name.hasPrefix("shape."), let r = element.rect else { continue }
            let scale = element["scale"] ?? 1
            shapes.append(LiquidShape(name: String(element.name.dropFirst("shape.".count)), center: r.center,
                                      halfWidth: r.width / 2 * scale, halfHeight: r.height / 2 * scale,
                                      radius: (element["radius"] ?? 0) * scale))
        }
        return shapes
    }

    /// The necks in a frame: every pair closer than `spacing`, with its gap (none when `merging` is false).
    public static func necks(in frame: PieceFrame, spacing: Double, merging: Bool) -> [Neck] {
        var work = HostWork()
        return (try? necks(in: frame, spacing: spacing, merging: merging, work: &work)) ?? []
    }

    /// As `necks(in:spacing:merging:)`, asking `work` in every loop and before the shapes, the pairs and the necks
    /// are made. The necks come in the order of a loop over every pair: by first shape, then second, in drawing
    /// order.
    public static func necks(in frame: PieceFrame, spacing: Double, merging: Bool,
                             work: inout HostWork) throws(HostLimitReached) -> [Neck] {
        guard merging else { return [] }
        let shapes = try liquidShapes(in: frame, work: &work)
        let pairs = try Liquid.mergingPairs(shapes, spacing: spacing, work: &work)
        guard !pairs.isEmpty else { return [] }
        var bytes = HostBytes.array(pairs.count, of: Neck.self)
        for pair in pairs {
            try work.step()
            let name = shapes[pair.first].name.utf8.count + 1 + shapes[pair.second].name.utf8.count
            bytes += bytesPerNeck + 2 * HostBytes.string(name)
        }
        try work.reserve(bytes)
        var necks: [Neck] = []
        necks.reserveCapacity(pairs.count)
        for pair in pairs {
            try work.step()
            necks.append(Neck(pair: "\(shapes[pair.first].name)+\(shapes[pair.second].name)", gap: pair.gap))
        }
        return necks
    }
}
