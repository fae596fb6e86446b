/// The last layout, kept: laid out again only when the view tree or the context changed.
///
/// A piece rebuilds its body on every reconcile, and most reconciles change nothing the layout reads; two equal
/// trees in equal contexts lay out the same (the engine is a pure function of them and its metrics), so the kept
/// result is the answer. Comparing two trees costs far less than laying one out. A `Memo` keyed by the tree and
/// the context; `PIECEBOX_MEMO=off` (`MemoSwitch`) lays out every time.
public struct LayoutEngineMemo {
    public let metrics: TextMetrics
    public let symbols: SymbolBoxes
    private var memo: Memo<Body, LayoutResult>
    /// How many times the engine ran (not counting answers from the memo), for tests and benches.
    public var layouts: Int { memo.counts.made }

    /// What the engine lays out: the tree and its context (compared first, being the cheaper).
    private struct Body: Equatable {
        let context: LayoutContext
        let view: LayoutView
    }

    public init(metrics: TextMetrics = .systemFont, symbols: SymbolBoxes = .lineHeightSquares) {
        self.metrics = metrics
        self.symbols = symbols
        memo = Memo { LayoutEngine.layout($0.view, in: $0.context, metrics: metrics, symbols: symbols) }
    }

    public mutating func layout(_ view: LayoutView, in context: LayoutContext) -> LayoutResult {
        memo(Body(context: context, view: view), memoising: MemoSwitch.on)
    }
}
