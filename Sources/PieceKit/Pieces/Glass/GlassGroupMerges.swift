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

    /// Makes sure the frames to come are checked (called on every reconcile).
    func watchMerges() {
        guard mergeWatch == nil, let context else { return }
        let clock = context.clock
        // Each frame is checked once: a check that found nothing moving is not asked for again in its frame.
        let next = max(Self.frameAfter(context.presentedFrame), clock.firstFrame(atOrAfter: context.workTime),
                       Self.frameAfter(lastMergeCheck ?? -1))
        mergeWatch = context.schedule(at: clock.time(ofFrame: next), label: "\(name): liquid merges",
                                    background: true) { [weak self] in self?.checkMerges() }
    }

    private func checkMerges() {
        mergeWatch = nil
        lastMergeCheck = context?.clock.frame
        guard let context, let presented = context.presented(name, at: context.now) else { return }
        let found = Self.necks(in: presented, spacing: spacing,
                               merging: GlassSurface.merges(in: context.environment))
        // Set directly: the stage reconciles after this work with no animation, so the necks show in this frame.
        if found != necks { necks = found }
        let pairs = found.map(\.pair)
        if pairs != lastMerges {
            let before = lastMerges ?? []
            lastMerges = pairs
            emit(.merge, [NamedValue("pairs", .text(pairs.joined(separator: ","))),
                          NamedValue("joined", .text(pairs.filter { !before.contains($0) }.joined(separator: ","))),
                          NamedValue("parted", .text(before.filter { !pairs.contains($0) }.joined(separator: ",")))])
        }
        // Keep watching while anything moves (or a change is owed to a frame); at rest the necks cannot change.
        if context.isMoving(name) {
            let clock = context.clock
            let next = Self.frameAfter(clock.firstFrame(atOrAfter: context.workTime))
            mergeWatch = context.schedule(at: clock.time(ofFrame: next), label: "\(name): liquid merges",
                                        background: true) { [weak self] in self?.checkMerges() }
        }
    }

    /// The frame after `frame`, held at `Int.max` ("never").
    static func frameAfter(_ frame: Int) -> Int {
        frame < Int.max ? frame + 1 : Int.max
    }
}
