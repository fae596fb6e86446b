import CLua
import CLuaShim
import PieceKit

/// Reads the arguments `ui`'s views and modifiers take, by SwiftUI's names: alignments and anchors as strings
/// ("topLeading"), edges as strings or lists of them, shapes as shape views, fonts as a style or a size and a weight.
/// Every refusal is worded by `ArgumentErrors`, naming the view and the modifier ("Text:frame").
enum ViewArguments {
    /// The horizontal alignments by name, as `HorizontalAlignment`'s cases.
    static func horizontal(_ name: String, _ what: String, _ c: LuaCall) throws -> HorizontalAlignment {
        try c.choice(.string(name), at: what, HorizontalAlignment.self)
    }

    static func vertical(_ name: String, _ what: String, _ c: LuaCall) throws -> VerticalAlignment {
        try c.choice(.string(name), at: what, VerticalAlignment.self)
    }

    static func alignment(_ name: String, _ what: String, _ c: LuaCall) throws -> Alignment {
        let names = Alignment.named.map(\.name)
        let chosen = try c.string(.string(name), at: what, among: names)
        return Alignment.named.first { $0.name == chosen }?.alignment ?? .center
    }

    /// A `UnitPoint` by name ("center", "topLeading", ...) or as `{ x = 0.5, y = 0 }`.
    static func unitPoint(_ value: LuaValue, _ what: String, _ c: LuaCall) throws -> UnitPoint {
        let named: [(String, UnitPoint)] = [
            ("center", .center), ("topLeading", .topLeading), ("top", .top), ("topTrailing", .topTrailing),
            ("leading", .leading), ("trailing", .trailing), ("bottomLeading", .bottomLeading), ("bottom", .bottom),
            ("bottomTrailing", .bottomTrailing),
        ]
        switch value {
        case .string(let s):
            let chosen = try c.string(.string(s), at: what, among: named.map(\.0),
                                      must: "one of \(quoted(named.map(\.0))) or { x, y }")
            return named.first { $0.0 == chosen }?.1 ?? .center
        case .table(let t):
            guard let x = t["x"].number, let y = t["y"].number, x.isFinite, y.isFinite,
                  t.array.isEmpty, t.fields.count == 2 else {
                throw c.valueError(what, "a unit point { x = 0.5, y = 0.5 } with finite x and y", got: value.described())
            }
            return UnitPoint(x: x, y: y)
        default:
            throw c.valueError(what, "an anchor name or { x, y }", got: value.described())
        }
    }

    /// Edges by name ("top", "horizontal", "all", ...) or a list of names.
    static func edges(_ value: LuaValue, _ what: String, _ c: LuaCall) throws -> Edges {
        let named: [(String, Edges)] = [("top", .top), ("leading", .leading), ("bottom", .bottom),
                                        ("trailing", .trailing), ("horizontal", .horizontal),
                                        ("vertical", .vertical), ("all", .all)]
        func one(_ v: LuaValue) throws -> Edges {
            let must = "edges: one of \(quoted(named.map(\.0))) or a list of them"
            let chosen = try c.string(v, at: what, among: named.map(\.0), must: must)
            return named.first { $0.0 == chosen }?.1 ?? []
        }
        if case .table(let t) = value, t.fields.isEmpty {
            return try t.array.reduce(into: Edges()) { $0.formUnion(try one($1)) }
        }
        return try one(value)
    }

    /// `padding` and `safeAreaPadding`'s argument: none (the system's amount on every edge), a number for every
    /// edge, an edge name or list (the system's amount there), or `{ all, horizontal, vertical, top, leading,
    /// bottom, trailing }` where a narrower key overrides a wider one.
    static func insets(_ c: LuaCall, system: Double) throws -> EdgeInsets {
        if c.isNil(1) { return EdgeInsets(top: system, leading: system, bottom: system, trailing: system) }
        if c.type(1) == LUA_TNUMBER {
            let n = try c.number(1)
            guard c.isNil(2) else { throw c.argumentError(2, "nothing after a number of points") }
            return EdgeInsets(top: n, leading: n, bottom: n, trailing: n)
        }
        if c.type(1) == LUA_TSTRING || (c.type(1) == LUA_TTABLE && lua_rawlen(c.L, 1 + c.offset) > 0) {
            let edges = try ViewArguments.edges(try c.value(1), "argument 1", c)
            let n = try c.optionalNumber(2) ?? system
            return EdgeInsets(top: edges.contains(.top) ? n : 0, leading: edges.contains(.leading) ? n : 0,
                              bottom: edges.contains(.bottom) ? n : 0, trailing: edges.contains(.trailing) ? n : 0)
        }
        return try insets(from: try c.options(1, declared: insetOptions, optional: false))
    }

    /// Edges from `{ all, horizontal, vertical, top, leading, bottom, trailing }`: a narrower key overrides a wider
    /// one, and what is not given is 0. The one reading of such a table (padding, a glass title's padding).
    static func insets(from opts: Options) throws -> EdgeInsets {
        let all = try opts.number("all") ?? 0
        let h = try opts.number("horizontal") ?? all, v = try opts.number("vertical") ?? all
        return EdgeInsets(top: try opts.number("top") ?? v, leading: try opts.number("leading") ?? h,
                          bottom: try opts.number("bottom") ?? v, trailing: try opts.number("trailing") ?? h)
    }

    static let insetOptions: [OptionSpec] = ["all", "horizontal", "vertical", "top", "leading", "bottom", "trailing"]
        .map { OptionSpec($0, "number", unit: "pt", "Points on \($0 == "all" ? "every edge" : "the \($0) edge" + ($0.hasSuffix("al") ? "s" : ""))", must: "a finite number of points") }

    /// What `padding` and `safeAreaPadding` take: an amount (of type `amount`) and a length for named edges.
    static func insetArguments(_ amount: String) -> [ArgumentSpec] {
        [.opt("amount", amount, must: "a finite number of points"), .opt("length", "number", "pt", must: "a finite number of points")]
    }

    /// What `clipShape` and `contentShape` take.
    static var shapeArgument: ArgumentSpec {
        .arg("shape", "piecebox.view",
             must: "a shape (ui.Rectangle(), ui.RoundedRectangle{ cornerRadius = 8 }, ui.Circle(), ui.Capsule(), ui.Ellipse())")
    }

    /// What `font` takes: a text style or a size above 0 points, and a weight.
    static var fontArguments: [ArgumentSpec] {
        let styles = TextStyle.allCases.map(\.rawValue), weights = FontWeight.allCases.map(\.rawValue)
        return [.arg("font", "string|number", bounds: .above(0, must: "a size above 0 points"), choice: styles,
                     must: "a text style: one of \(quoted(styles))"),
                .opt("weight", "string", choice: weights, must: "a weight: one of \(quoted(weights))")]
    }

    /// A shape given as a shape view (`ui.Circle()`, `ui.RoundedRectangle{ cornerRadius = 8 }`).
    static func shape(_ c: LuaCall, _ arg: Int32) throws -> LayoutShape {
        guard let object = MadeView.at(c, arg + c.offset), case .shape(let shape) = object.view.kind,
              object.view.modifiers.isEmpty else {
            throw c.argumentError(arg, got: MadeView.at(c, arg + c.offset).map { "a \($0.kindName)" } ?? c.typeName(arg))
        }
        return shape
    }

    /// `font("subheadline", "semibold")` or `font(17, "bold")`.
    static func font(_ c: LuaCall) throws -> LayoutFont {
        let size: LayoutFont.Size
        // A size's bounds and a style's or weight's names are declared (`fontArguments`); the reads enforce them.
        if c.type(1) == LUA_TNUMBER {
            size = .fixed(try c.number(1))
        } else {
            size = .style(try c.choice(1, TextStyle.self))
        }
        guard !c.isNil(2) else { return LayoutFont(size) }
        return LayoutFont(size, weight: try c.choice(2, FontWeight.self))
    }

    /// A number that may be `math.huge` (a flexible frame's maximum), never NaN or minus infinity.
    static func maximum(_ opts: Options, _ key: String) throws -> Double? {
        switch opts.table[key] {
        case .nil: return nil
        case .number(let n) where n.isFinite || n == .infinity: return n
        case let v: throw opts.optionError(key, "a number of points or math.huge", got: v.described())
        }
    }

    static func quoted(_ names: [String]) -> String { names.map { "\"\($0)\"" }.joined(separator: ", ") }
}
