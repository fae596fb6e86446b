/// The one place that decides whether a view's or a modifier's arguments are valid.
///
/// Each answer is nil for valid arguments, or one sentence naming the modifier (or view) and the argument, with
/// what was wrong: `frame: maxWidth must be at least minWidth, got 10 < 20`. A binding calls it as each view or
/// modifier is made, so the error can carry the script's file and line. The engine never traps on arguments that
/// skipped the check (it treats them as SwiftUI does, a bad frame side as none), but what it draws is then
/// unspecified.
///
/// The rules, where SwiftUI leaves a choice:
/// - lengths (frame sides, spacer minimum, corner radius, font size) must be finite and at least 0; a flexible
///   frame's maximum may be infinity, and min ≤ ideal ≤ max must hold among those given;
/// - padding, offsets and stack spacing may be negative (SwiftUI allows it, to pull views together) but must be
///   finite; safe-area padding may not be negative;
/// - opacity is between 0 and 1; scales, rotations, zIndex and layout priority are finite;
/// - an aspect ratio, when given, is finite and above 0; a line limit, when given, is at least 1;
/// - names (`id`, a symbol) are not empty.
public enum LayoutCheck {
    public static func check(_ modifier: LayoutModifier) -> String? {
        switch modifier {
        case .frame(let width, let height, _):
            return length("frame", "width", width) ?? length("frame", "height", height)
        case .flexibleFrame(let f):
            return flexible(f)
        case .padding(let e):
            return finite("padding", e)
        case .safeAreaPadding(let e):
            return finite("safeAreaPadding", e) ?? notNegative("safeAreaPadding", e)
        case .offset(let x, let y):
            return finite("offset", "x", x) ?? finite("offset", "y", y)
        case .opacity(let o):
            return (0...1).contains(o) ? nil : "opacity: must be between 0 and 1, got \(number(o))"
        case .scaleEffect(let x, let y, let anchor):
            return finite("scaleEffect", "x", x) ?? finite("scaleEffect", "y", y)
                ?? finite("scaleEffect", "anchor.x", anchor.x) ?? finite("scaleEffect", "anchor.y", anchor.y)
        case .rotationEffect(let degrees, let anchor):
            return finite("rotationEffect", "degrees", degrees) ?? finite("rotationEffect", "anchor.x", anchor.x)
                ?? finite("rotationEffect", "anchor.y", anchor.y)
        case .layoutPriority(let value):
            return finite("layoutPriority", "priority", value)
        case .zIndex(let value):
            return finite("zIndex", "value", value)
        case .aspectRatio(let ratio, _):
            guard let ratio else { return nil }
            return ratio.isFinite && ratio > 0 ? nil
                : "aspectRatio: ratio must be a finite number above 0, got \(number(ratio))"
        case .font(let font):
            guard case .fixed(let size) = font.size else { return nil }
            return size.isFinite && size > 0 ? nil : "font: size must be a finite number above 0, got \(number(size))"
        case .lineLimit(let limit, _):
            guard let limit, limit < 1 else { return nil }
            return "lineLimit: must be at least 1, got \(limit)"
        case .clipShape(let shape):
            return check("clipShape", shape)
        case .contentShape(let shape):
            return check("contentShape", shape)
        case .id(let name):
            return name.isEmpty ? "id: name must not be empty" : nil
        case .background, .overlay, .ignoresSafeArea, .accessibilityLabel, .accessibilityHidden, .style, .fixedSize:
            return nil
        }
    }

    /// A view's own arguments (its children are checked when they are made).
    public static func check(_ kind: LayoutViewKind) -> String? {
        switch kind {
        case .vStack(_, let spacing, _):
            return spacing.flatMap { finite("VStack", "spacing", $0) }
        case .hStack(_, let spacing, _):
            return spacing.flatMap { finite("HStack", "spacing", $0) }
        case .spacer(let minLength):
            return length("Spacer", "minLength", minLength)
        case .image(let name):
            return name.isEmpty ? "Image: systemName must not be empty" : nil
        case .shape(let shape):
            return check(shapeName(shape), shape)
        case .zStack, .text, .color, .button, .group, .empty:
            return nil
        }
    }

    /// Every view and modifier of a tree, outermost first, and how deep it nests: the first problem found.
    public static func check(tree view: LayoutView) -> String? {
        check(tree: view, depth: 0)
    }

    private static func check(tree view: LayoutView, depth: Int) -> String? {
        let depth = depth + 1 + view.modifiers.count
        if depth >= LayoutConstants.maxDepth {
            return "layout: the tree nests deeper than \(LayoutConstants.maxDepth) views and modifiers"
        }
        for modifier in view.modifiers.reversed() {
            if let problem = check(modifier) { return problem }
            switch modifier {
            case .background(let content, _), .overlay(let content, _):
                if let problem = check(tree: content, depth: depth) { return problem }
            default: break
            }
        }
        if let problem = check(view.kind) { return problem }
        switch view.kind {
        case .vStack(_, _, let children), .hStack(_, _, let children), .zStack(_, let children),
             .group(let children):
            for child in children { if let problem = check(tree: child, depth: depth) { return problem } }
        case .button(let label):
            return check(tree: label, depth: depth)
        default: break
        }
        return nil
    }

    private static func check(_ owner: String, _ shape: LayoutShape) -> String? {
        guard case .roundedRectangle(let radius) = shape else { return nil }
        return length(owner == "RoundedRectangle" ? owner : "\(owner) RoundedRectangle", "cornerRadius", radius)
    }

    private static func shapeName(_ shape: LayoutShape) -> String { BodyElements.name(of: shape) }

    private static func flexible(_ f: FlexibleFrame) -> String? {
        for (axis, mn, ideal, mx) in [("Width", f.minWidth, f.idealWidth, f.maxWidth),
                                      ("Height", f.minHeight, f.idealHeight, f.maxHeight)] {
            if let problem = length("frame", "min\(axis)", mn) ?? length("frame", "ideal\(axis)", ideal) {
                return problem
            }
            if let mx, mx.isNaN || mx < 0 {
                return "frame: max\(axis) must be at least 0 (infinity is allowed), got \(number(mx))"
            }
            if let mn, let ideal, ideal < mn {
                return "frame: ideal\(axis) must be at least min\(axis), got \(number(ideal)) < \(number(mn))"
            }
            if let mx, let floor = ideal ?? mn, mx < floor {
                let name = ideal == nil ? "min\(axis)" : "ideal\(axis)"
                return "frame: max\(axis) must be at least \(name), got \(number(mx)) < \(number(floor))"
            }
        }
        return nil
    }

    private static func length(_ owner: String, _ argument: String, _ value: Double?) -> String? {
        guard let value, !(value.isFinite && value >= 0) else { return nil }
        return "\(owner): \(argument) must be a finite number at least 0, got \(number(value))"
    }

    private static func finite(_ owner: String, _ argument: String, _ value: Double) -> String? {
        value.isFinite ? nil : "\(owner): \(argument) must be a finite number, got \(number(value))"
    }

    private static func finite(_ owner: String, _ e: EdgeInsets) -> String? {
        finite(owner, "top", e.top) ?? finite(owner, "leading", e.leading) ?? finite(owner, "bottom", e.bottom)
            ?? finite(owner, "trailing", e.trailing)
    }

    private static func notNegative(_ owner: String, _ e: EdgeInsets) -> String? {
        for (name, value) in [("top", e.top), ("leading", e.leading), ("bottom", e.bottom), ("trailing", e.trailing)]
        where value < 0 {
            return "\(owner): \(name) must be at least 0, got \(number(value))"
        }
        return nil
    }

    /// A number as a script writer would write it: 10, not 10.0; nan and inf spelled out.
    static func number(_ x: Double) -> String {
        if x.isNaN { return "nan" }
        if x.isInfinite { return x > 0 ? "inf" : "-inf" }
        if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
        return String(x)
    }
}
