import CLua
import CLuaShim
import PieceKit

/// A view made with `ui` and its modifiers, SwiftUI's, each a method that returns a new view
/// (`ui.Text("a"):padding():frame{ width = 80 }`). A modifier's arguments are checked at the call, so a wrong one is
/// raised at the script's line naming the view and the modifier ("Text:frame: ...").
enum ViewBinding: ClassBinding {
    static func describe(_ cls: LuaClass<ViewObject>, context: BindingContext) {
        cls.nameObjects { $0.kindName }
        cls.reading("kind", "string", "SwiftUI's name for the view: \"Text\", \"VStack\", \"RoundedRectangle\", ...") { o, c in
            c.push(o.kindName); return 1
        }
        layoutModifiers(cls, context)
        drawingModifiers(cls, context)
        environmentModifiers(cls, context)
    }

    /// Installs modifier `name`: `read` turns the call's arguments into the modifier (and a view it holds, for
    /// `background` and `overlay`); the engine's check then judges it, and the new view is pushed.
    static func modifier(_ cls: LuaClass<ViewObject>, _ context: BindingContext, _ name: String, _ doc: String,
                         _ args: [ArgumentSpec] = [],
                         _ read: @escaping (ViewObject, LuaCall) throws -> (LayoutModifier, ViewObject?)) {
        cls.method(name, doc, args, returns: "piecebox.view") { o, c in
            let c = c.named("\(o.kindName):\(name)", method: true)
            let (modifier, inner) = try read(o, c)
            if let problem = LayoutEngine.check(modifier) {
                // The engine names the modifier ("frame: ..."); the call's name says it with the view ("Text:frame").
                throw c.refusal(problem.hasPrefix("\(name): ") ? String(problem.dropFirst(name.count + 2)) : problem)
            }
            let depth = max(o.depth, 1 + (inner?.depth ?? 0))
            try MadeView.push(o.view.modified(modifier), depth: depth, count: o.count + (inner?.count ?? 0),
                              madeFrom: [o] + (inner.map { [$0] } ?? []), c, context: context)
            return 1
        }
    }

    static let frameOptions: [OptionSpec] = [
        .init("width", "number", unit: "pt", "A fixed width", must: "a finite number of points"),
        .init("height", "number", unit: "pt", "A fixed height", must: "a finite number of points"),
        .init("minWidth", "number", unit: "pt", "The least width", must: "a finite number of points"),
        .init("idealWidth", "number", unit: "pt", "The width asked for when offered none", must: "a finite number of points"),
        .init("maxWidth", "number", unit: "pt", "The most width (math.huge: all offered)"),
        .init("minHeight", "number", unit: "pt", "The least height", must: "a finite number of points"),
        .init("idealHeight", "number", unit: "pt", "The height asked for when offered none", must: "a finite number of points"),
        .init("maxHeight", "number", unit: "pt", "The most height (math.huge: all offered)"),
        .init("alignment", "string", default: "\"center\"", "Where the view sits in the frame"),
    ]

    private static func layoutModifiers(_ cls: LuaClass<ViewObject>, _ context: BindingContext) {
        modifier(cls, context, "frame", "A fixed frame { width, height } or a flexible one { minWidth, maxWidth = math.huge, ... }, with an alignment",
                 [.arg("frame", OptionSpec.tableType(frameOptions))]) { _, c in
            let opts = try c.options(1, declared: frameOptions, optional: false)
            let alignment = try opts.string("alignment").map { try ViewArguments.alignment($0, "option 'alignment'", c) } ?? .center
            let fixed = ["width", "height"].filter(opts.has)
            let flexible = ["minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight"].filter(opts.has)
            if let f = fixed.first, let g = flexible.first {
                throw c.refusal("give a fixed frame (width, height) or a flexible one (min, ideal, max), not both: got '\(f)' and '\(g)'")
            }
            if flexible.isEmpty {
                return (.frame(width: try opts.number("width"), height: try opts.number("height"), alignment: alignment), nil)
            }
            return (.flexibleFrame(FlexibleFrame(
                minWidth: try opts.number("minWidth"), idealWidth: try opts.number("idealWidth"),
                maxWidth: try ViewArguments.maximum(opts, "maxWidth"), minHeight: try opts.number("minHeight"),
                idealHeight: try opts.number("idealHeight"), maxHeight: try ViewArguments.maximum(opts, "maxHeight"),
                alignment: alignment)), nil)
        }
        modifier(cls, context, "padding", "Space around the view: none given is the system's 16 pt; a number, an edge name or list, or { horizontal = 10, top = 4, ... }",
                 ViewArguments.insetArguments("number|string|string[]|" + OptionSpec.tableType(ViewArguments.insetOptions))) { _, c in
            (.padding(try ViewArguments.insets(c, system: UIBinding.systemPadding)), nil)
        }
        modifier(cls, context, "safeAreaPadding", "Padding that becomes safe area for what is inside (as padding's arguments)",
                 ViewArguments.insetArguments("number|string|string[]|table")) { _, c in
            (.safeAreaPadding(try ViewArguments.insets(c, system: UIBinding.systemPadding)), nil)
        }
        modifier(cls, context, "layoutPriority", "Its priority for space among its siblings", [.arg("priority", "number", must: "a finite priority")]) { _, c in
            (.layoutPriority(try c.number(1)), nil)
        }
        modifier(cls, context, "fixedSize", "Its ideal size whatever it is offered: both axes, or { horizontal, vertical }",
                 [.opt("axes", "{horizontal?: boolean, vertical?: boolean}")]) { _, c in
            if c.isNil(1) { return (.fixedSize(horizontal: true, vertical: true), nil) }
            let opts = try c.options(1, allowed: ["horizontal", "vertical"])
            return (.fixedSize(horizontal: try opts.boolean("horizontal", default: false),
                               vertical: try opts.boolean("vertical", default: false)), nil)
        }
        modifier(cls, context, "aspectRatio", "Keeps a width:height ratio (nil: its ideal size's), fitting or filling",
                 [.opt("ratio", "number", must: "a ratio of width to height, or nil"),
                  .opt("contentMode", "\"fit\"|\"fill\"", choice: ["fit", "fill"], must: "\"fit\" or \"fill\"")]) { _, c in
            let ratio = try c.optionalNumber(1)
            let mode = c.isNil(2) ? .fit : try c.choice(2, ContentMode.self)
            return (.aspectRatio(ratio, mode), nil)
        }
        modifier(cls, context, "scaledToFit", "aspectRatio(nil, \"fit\")") { _, _ in (.aspectRatio(nil, .fit), nil) }
        modifier(cls, context, "scaledToFill", "aspectRatio(nil, \"fill\")") { _, _ in (.aspectRatio(nil, .fill), nil) }
        modifier(cls, context, "ignoresSafeArea", "Lays out into the safe area on these edges (all by default)",
                 [.opt("edges", "string|string[]")]) { _, c in
            (.ignoresSafeArea(c.isNil(1) ? .all : try ViewArguments.edges(try c.value(1), "argument 1", c)), nil)
        }
        modifier(cls, context, "background", "A view behind it, sized by it (a string is a Color's name)",
                 contentArguments) { _, c in
            let inner = try content(c)
            return (.background(inner.view, alignment: try alignment(c, 2)), inner)
        }
        modifier(cls, context, "overlay", "A view over it, sized by it (a string is a Color's name)",
                 contentArguments) { _, c in
            let inner = try content(c)
            return (.overlay(inner.view, alignment: try alignment(c, 2)), inner)
        }
        modifier(cls, context, "id", "Names the view at this point of the chain: an element of the piece, and a key of ui.layout's answer",
                 [.arg("name", "string", must: "the element's name").notEmpty()]) { _, c in
            (.id(try c.string(1)), nil)
        }
    }

    /// What `offset{ x, y }` takes: how far the view is drawn moved, 0 for a key left out.
    static let offsetOptions: [OptionSpec] = [
        .init("x", number: 0, unit: "pt", "How far across", must: "a finite number of points"),
        .init("y", number: 0, unit: "pt", "How far down", must: "a finite number of points"),
    ]

    private static func drawingModifiers(_ cls: LuaClass<ViewObject>, _ context: BindingContext) {
        modifier(cls, context, "offset", "Draws it moved by { x, y }, leaving its slot where it was",
                 [.arg("offset", OptionSpec.tableType(offsetOptions))]) { _, c in
            let opts = try c.options(1, declared: offsetOptions, optional: false)
            return (.offset(x: try opts.number(declared: "x"), y: try opts.number(declared: "y")), nil)
        }
        modifier(cls, context, "opacity", "Draws it this opaque (0 to 1)", [.arg("opacity", "number", must: "an opacity (a finite number)")]) { _, c in
            (.opacity(try c.number(1)), nil)
        }
        modifier(cls, context, "scaleEffect", "Draws it scaled: one factor, or { x, y, anchor }",
                 [.arg("scale", "number|{x?: number, y?: number, anchor?: string}", must: "a scale (a finite number)")]) { _, c in
            if c.type(1) == LUA_TNUMBER {
                let s = try c.number(1)
                return (.scaleEffect(x: s, y: s, anchor: .center), nil)
            }
            let opts = try c.options(1, allowed: ["x", "y", "anchor"], optional: false)
            let anchor = opts.has("anchor") ? try ViewArguments.unitPoint(opts.table["anchor"], "option 'anchor'", c) : .center
            return (.scaleEffect(x: try opts.number("x") ?? 1, y: try opts.number("y") ?? 1, anchor: anchor), nil)
        }
        modifier(cls, context, "rotationEffect", "Draws it turned by degrees (clockwise) about an anchor",
                 [.arg("degrees", "number", "deg", must: "an angle in degrees"), .opt("anchor", "string|{x: number, y: number}")]) { _, c in
            let degrees = try c.number(1)
            let anchor = c.isNil(2) ? .center : try ViewArguments.unitPoint(try c.value(2), "argument 2", c)
            return (.rotationEffect(degrees: degrees, anchor: anchor), nil)
        }
        modifier(cls, context, "clipShape", "Clips what it draws to a shape", [ViewArguments.shapeArgument]) { _, c in
            (.clipShape(try ViewArguments.shape(c, 1)), nil)
        }
        modifier(cls, context, "contentShape", "The shape a touch is tested against", [ViewArguments.shapeArgument]) { _, c in
            (.contentShape(try ViewArguments.shape(c, 1)), nil)
        }
        modifier(cls, context, "zIndex", "Its drawing order among its siblings", [.arg("z", "number", must: "a finite z index")]) { _, c in
            (.zIndex(try c.number(1)), nil)
        }
        modifier(cls, context, "foregroundStyle", "Its style, by name (carried to the frame log)", [.arg("style", "string", must: "a style's name")]) { _, c in
            (.style(try c.string(1)), nil)
        }
        modifier(cls, context, "fill", "A shape's fill, by name (carried to the frame log)", [.arg("style", "string", must: "a style's name")]) { _, c in
            (.style(try c.string(1)), nil)
        }
    }

    private static func environmentModifiers(_ cls: LuaClass<ViewObject>, _ context: BindingContext) {
        modifier(cls, context, "font", "The font of every text and symbol inside: a text style or a size, and a weight",
                 ViewArguments.fontArguments) { _, c in
            (.font(try ViewArguments.font(c)), nil)
        }
        modifier(cls, context, "lineLimit",
                 "The most lines each text inside takes (nil: no limit); reserving space, always that many lines tall",
                 [.opt("lines", "integer", bounds: .atLeast(1, must: "at least 1 line, or nil"),
                       must: "a number of lines (a whole number), or nil"),
                  .opt("reservesSpace", "boolean", must: "true or false")]) { _, c in
            (.lineLimit(c.isNil(1) ? nil : try c.integer(1), reservesSpace: c.isNil(2) ? false : try c.boolean(2)), nil)
        }
        modifier(cls, context, "accessibilityLabel", "What VoiceOver says for it", [.arg("label", "string", must: "a label (a string)")]) { _, c in
            (.accessibilityLabel(try c.string(1)), nil)
        }
        modifier(cls, context, "accessibilityHidden", "Hides it from VoiceOver (true by default)", [.opt("hidden", "boolean")]) { _, c in
            (.accessibilityHidden(c.isNil(1) ? true : try c.boolean(1)), nil)
        }
    }

    /// What `background` and `overlay` take: a view (or a Color's name) and an alignment.
    static var contentArguments: [ArgumentSpec] {
        [.arg("view", "piecebox.view|string", must: "a view (ui.Color(\"red\"), ui.RoundedRectangle{ cornerRadius = 8 }, ...) or a color's name"),
         .opt("alignment", "string", must: "an alignment's name")]
    }

    /// `background` and `overlay`'s view: a view, or a string naming a Color.
    private static func content(_ c: LuaCall) throws -> ViewObject {
        if let view = MadeView.at(c, 1 + c.offset) { return view }
        if c.type(1) == LUA_TSTRING { return ViewObject(LayoutView(.color(try c.string(1))), depth: 1, count: 1) }
        throw c.argumentError(1)
    }

    private static func alignment(_ c: LuaCall, _ arg: Int32) throws -> Alignment {
        c.isNil(arg) ? .center : try ViewArguments.alignment(try c.string(arg), "argument \(arg)", c)
    }
}
