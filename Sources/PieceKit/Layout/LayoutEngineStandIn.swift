/// A stand-in for the layout engine, so the Lua side builds and runs before the engine lands: every view given an
/// `id` is placed at the safe area's origin with the safe area's size, as if each stood alone in a ZStack, and no
/// modifier is refused. This file is deleted when the engine is merged; nothing else lives here.
public enum LayoutEngine {
    /// Lays out `view` in `context`: here, every id'd view on the safe area, in tree order.
    public static func layout(_ view: LayoutView, in context: LayoutContext, metrics: TextMetrics = .systemFont)
        -> LayoutResult {
        let safe = Rect(x: context.safeArea.leading, y: context.safeArea.top,
                        width: context.screen.width - context.safeArea.leading - context.safeArea.trailing,
                        height: context.screen.height - context.safeArea.top - context.safeArea.bottom)
        var views: [LaidOutView] = []
        func visit(_ v: LayoutView) {
            for modifier in v.modifiers {
                switch modifier {
                case .id(let id):
                    var laid = LaidOutView(id: id, frame: safe)
                    laid.drawOrder = views.count
                    if case .text(let s) = v.kind { laid.text = s }
                    if case .image(let name) = v.kind { laid.symbol = name }
                    views.append(laid)
                case .background(let inner, _), .overlay(let inner, _): visit(inner)
                default: break
                }
            }
            switch v.kind {
            case .vStack(_, _, let children), .hStack(_, _, let children), .zStack(_, let children),
                 .group(let children):
                children.forEach(visit)
            case .button(let label): visit(label)
            default: break
            }
        }
        visit(view)
        return LayoutResult(views: views)
    }

    /// Whether `modifier`'s arguments are valid: here, always (nil).
    public static func check(_ modifier: LayoutModifier) -> String? { nil }
}
