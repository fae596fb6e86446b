/// Lays a view tree out as SwiftUI would: every parent proposes a size, every child chooses its own, and the parent
/// places what came back.
///
/// The root is proposed the screen less the safe area and centred in the safe area. Every view given `.id` is
/// reported with its frame at that point of its modifier chain and what it is drawn with (see `LaidOutView`).
/// What is modelled and what is guessed is listed in `docs/guides/swiftui-layout.md` ("What the layout engine models"); every guess is a
/// named constant in `LayoutConstants`.
public enum LayoutEngine {
    public static func layout(_ view: LayoutView, in context: LayoutContext, metrics: TextMetrics = .systemFont,
                              symbols: SymbolBoxes = .lineHeightSquares) -> LayoutResult {
        var work = HostWork()
        // A `HostWork()` has no host behind it and never refuses.
        return (try? layout(view, in: context, metrics: metrics, symbols: symbols, work: &work))
            ?? LayoutResult(views: [])
    }

    /// The same layout, asking the host's limits as it goes: every view made, every size worked out and every text
    /// measured is a step, and what the pass holds is reserved before it is made. A script-sized tree is stopped
    /// with the limit's own message instead of running on.
    public static func layout(_ view: LayoutView, in context: LayoutContext, metrics: TextMetrics = .systemFont,
                              symbols: SymbolBoxes = .lineHeightSquares,
                              work: inout HostWork) throws(HostLimitReached) -> LayoutResult {
        let tree = LayoutTree(view, context: context, work: &work)
        if let refusal = tree.refusal { throw refusal }
        guard let root = tree.root else { return LayoutResult(views: []) }
        let pass = LayoutPass(tree: tree, context: context, metrics: metrics, symbols: symbols, work: work)
        defer { work = pass.work }
        let screen = Rect(x: 0, y: 0, width: context.screen.width, height: context.screen.height)
        let inset = context.safeArea
        let safe = Rect(x: inset.leading, y: inset.top,
                        width: max(screen.width - inset.leading - inset.trailing, 0),
                        height: max(screen.height - inset.top - inset.bottom, 0))
        let proposal = ProposedSize(safe.size)
        let size = pass.size(root, proposal)
        let origin = Point(x: safe.x + Alignment.share(safe.width - size.width, 0.5),
                           y: safe.y + Alignment.share(safe.height - size.height, 0.5))
        var placer = Placer(pass: pass)
        let window = Placer.Drawing(regions: [Placer.SafeRegion(inner: safe, outer: screen)])
        placer.place(root, tree.nodes[root].layers.count, proposal, origin, window, Placer.Chain())
        if let refusal = pass.refusal { throw refusal }
        var views = placer.views
        for i in views.indices {
            views[i].drawOrder = i
            if context.layoutDirection == .rightToLeft { views[i].frame = views[i].frame.mirrored(in: screen.width) }
        }
        return LayoutResult(views: views)
    }

    /// The size `view` answers to `proposal` (its ideal size when nothing is proposed), without placing anything:
    /// for a piece that takes one size from the engine and keeps its own layout (a glass button sized by its title).
    public static func size(of view: LayoutView, proposed proposal: ProposedSize = .unspecified,
                            in context: LayoutContext, metrics: TextMetrics = .systemFont,
                            symbols: SymbolBoxes = .lineHeightSquares) -> Size {
        let tree = LayoutTree(view, context: context)
        guard let root = tree.root else { return .zero }
        return LayoutPass(tree: tree, context: context, metrics: metrics, symbols: symbols).size(root, proposal)
    }

    /// Whether a modifier's arguments are valid: nil when they are, else a message naming the modifier and the
    /// argument (see `LayoutCheck`).
    public static func check(_ modifier: LayoutModifier) -> String? { LayoutCheck.check(modifier) }

    /// Whether a view's own arguments are valid (not its children's): see `LayoutCheck`.
    public static func check(_ kind: LayoutViewKind) -> String? { LayoutCheck.check(kind) }
}
