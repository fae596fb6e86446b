/// The last layout, kept: laid out again only when the view tree or the context changed.
///
/// A piece rebuilds its body on every reconcile, and most reconciles change nothing the layout reads; two equal
/// trees in equal contexts lay out the same (the engine is a pure function of them and its metrics), so the kept
/// result is the answer. Comparing two trees costs far less than laying one out.
public struct LayoutEngineMemo: Sendable {
    public let metrics: TextMetrics
    public let symbols: SymbolBoxes
    private var last: (view: LayoutView, context: LayoutContext, result: LayoutResult)?
    /// How many times the engine ran (not counting answers from the memo), for tests and benches.
    public private(set) var layouts = 0

    public init(metrics: TextMetrics = .systemFont, symbols: SymbolBoxes = .lineHeightSquares) {
        self.metrics = metrics
        self.symbols = symbols
    }

    public mutating func layout(_ view: LayoutView, in context: LayoutContext) -> LayoutResult {
        if let last, last.context == context, last.view == view { return last.result }
        let result = LayoutEngine.layout(view, in: context, metrics: metrics, symbols: symbols)
        layouts += 1
        last = (view, context, result)
        return result
    }
}
