/// A body laid out as a piece's elements: what a piece written as a view tree publishes, one element per view given
/// an `id`, with its rect and its drawn properties. The properties each element carries are fixed here, once, so
/// a Lua piece's `body` and anything else that lays out a tree for the frame log publish the same names.
public enum BodyElements {
    /// One element's properties, by name: numbers (which animate between layouts), texts and flags.
    public struct Properties: Equatable, Sendable {
        public var numbers: [(name: String, value: Double)] = []
        public var texts: [(name: String, value: String)] = []
        public var flags: [(name: String, value: Bool)] = []

        public static func == (a: Properties, b: Properties) -> Bool {
            a.numbers.elementsEqual(b.numbers) { $0 == $1 } && a.texts.elementsEqual(b.texts) { $0 == $1 }
                && a.flags.elementsEqual(b.flags) { $0 == $1 }
        }
    }

    /// `x`, `y`, `w`, `h` (screen points, the frame at the `id`), `opacity`, `scaleX`, `scaleY`, `rotation`
    /// (degrees) and `zIndex` always; `cornerRadius` for a shape, `lines` and `fontSize` for a text, `fontSize` for
    /// a symbol; the texts `text`, `symbol`, `fontWeight`, `style`, `accessibilityLabel` and `contentShape` when
    /// the view has them; the flag `truncated` for a text and `accessibilityHidden` when it is hidden.
    public static func properties(of view: LaidOutView) -> Properties {
        var p = Properties()
        let f = view.frame
        p.numbers = [("x", f.x), ("y", f.y), ("w", f.width), ("h", f.height), ("opacity", view.opacity),
                     ("rotation", view.rotation), ("scaleX", view.scaleX), ("scaleY", view.scaleY),
                     ("zIndex", view.zIndex)]
        if let r = view.cornerRadius { p.numbers.append(("cornerRadius", r)) }
        if let lines = view.lines { p.numbers.append(("lines", Double(lines))) }
        if let font = view.font {
            p.numbers.append(("fontSize", font.size))
            p.texts.append(("fontWeight", font.weight.rawValue))
        }
        if let text = view.text { p.texts.append(("text", text)) }
        if let symbol = view.symbol { p.texts.append(("symbol", symbol)) }
        if let style = view.style { p.texts.append(("style", style)) }
        if let label = view.accessibilityLabel { p.texts.append(("accessibilityLabel", label)) }
        if let shape = view.contentShape { p.texts.append(("contentShape", name(of: shape))) }
        if view.text != nil { p.flags.append(("truncated", view.truncated)) }
        if view.accessibilityHidden { p.flags.append(("accessibilityHidden", true)) }
        return p
    }

    /// A shape's name as SwiftUI writes the type.
    public static func name(of shape: LayoutShape) -> String {
        switch shape {
        case .rectangle: "Rectangle"
        case .roundedRectangle: "RoundedRectangle"
        case .circle: "Circle"
        case .capsule: "Capsule"
        case .ellipse: "Ellipse"
        }
    }

    /// An `id` given to two views of `view`'s tree (the first such the same walk meets, so the same tree always
    /// names the same one); nil when every id names one view. Two views with one id would be one element
    /// with two rects.
    public static func firstRepeatedID(in view: LayoutView) -> String? {
        var seen = Set<String>()
        var pending = [view]
        while let next = pending.popLast() {
            for modifier in next.modifiers {
                switch modifier {
                case .id(let id):
                    if !seen.insert(id).inserted { return id }
                case .background(let inner, _), .overlay(let inner, _):
                    pending.append(inner)
                default: break
                }
            }
            switch next.kind {
            case .vStack(_, _, let children), .hStack(_, _, let children), .zStack(_, let children),
                 .group(let children):
                pending.append(contentsOf: children.reversed())
            case .button(let label): pending.append(label)
            default: break
            }
        }
        return nil
    }
}
