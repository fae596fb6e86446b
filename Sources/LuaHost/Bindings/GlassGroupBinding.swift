import CLua
import CLuaShim
import PieceKit

/// `s:glassGroup{ spacing = 16, shapes = { { id = "pencil", x = 16, y = 80, w = 44, h = 44, shape = "circle",
/// interactive = true }, ... }, name = "glassGroup" }` with `g:insert(shape [, animation])`, `g:remove(id [,
/// animation])` and `g:set{ spacing = 20 }`; `s:tools{ expanded = false, name = "tools" }` (the seed's pencil and
/// eraser) with `t:toggle()` and `t:setExpanded(open)`. Both answer to the shared gestures on their shapes by id.
enum GlassGroupBinding: StageMadeBinding {
    static let example = """
        { spacing = 16, shapes = { { id = "a", x = 10, y = 10, w = 44, h = 44, shape = "circle", interactive = true } } }
        """
    static let setOptions = OptionSpec.picking(["spacing"], from: options)
    static let options: [OptionSpec] = [
        .init("spacing", "number", unit: "pt", required: true, missing: "the container's spacing in points", "How near shapes merge", must: "a distance in points"),
        .init("shapes", "table[]", required: true, missing: "a list of shapes, which may be empty: {}", "The shapes, in drawing order",
              must: "a list of shapes such as { { id = \"pencil\", x = 16, y = 80, w = 44, h = 44 } }"),
        .init("lift", "boolean", default: "true",
              "Whether the group floats on the foundation's lift shadow (light mode; the system's container has none)"),
        .init("name", "string", default: "glassGroup", "The piece's name in the frame log"),
    ]
    /// The keys of one shape table, declared as options are, so a wrong value of each is worded from here.
    static let shapeOptions: [OptionSpec] = [
        .init("id", "string", "The shape's id", must: "the shape's id (a string)"),
        .init("x", "number", unit: "pt", "Its left edge", must: "a number of points"),
        .init("y", "number", unit: "pt", "Its top edge", must: "a number of points"),
        .init("w", "number", unit: "pt", "Its width (not with a title)", must: "a number of points"),
        .init("h", "number", unit: "pt", "Its height (not with a title)", must: "a number of points"),
        .init("shape", "string|table", "\"capsule\" (default), \"circle\" or { radius = 24 }"),
        .init("interactive", "boolean", default: "false", "Whether it answers a touch as interactive glass"),
        .init("press", "boolean", default: "false", "Whether it shrinks while pressed"),
        .init("tint", "string", "A colour name", must: "a colour name such as \"accent\""),
        .init("style", "string", "\"glass\" or \"glassProminent\" (the button styles)"),
        .init("title", "string", "A button's title, which sizes it", must: "the button's title (a string)"),
        .init("padding", "number|table", unit: "pt", "Space around a title"),
        .init("font", "string", "A title's text style", must: "a text style such as \"body\""),
    ]
    static let shapeKeys = OptionSpec.names(shapeOptions)

    static func make(on stage: Stage, _ c: LuaCall, context: BindingContext) throws -> GlassGroupPiece {
        let opts = try c.options(1, declared: options, optional: false)
        let name = try opts.pieceName(default: "glassGroup")
        let spacing = try opts.number(required: "spacing")
        let list = try opts.table(required: "shapes")
        guard list.keys.isEmpty else {
            throw opts.optionError("shapes", "a list (shapes[1], shapes[2], ...)", got: "a table with key '\(list.keys[0])'")
        }
        let shapes = try list.array.enumerated().map { i, v in
            try shape(v, c, where: "shapes[\(i + 1)]", environment: stage.environment)
        }
        let group: GlassGroupPiece
        do { group = try GlassGroupPiece(context: stage, name: name, spacing: spacing, shapes: shapes) } catch {
            throw c.refusal("\(error)")
        }
        group.lifts = try opts.boolean(declared: "lift")
        do { try stage.add(group) } catch { throw c.refusal("\(error)") }
        return group
    }

    /// One shape table, read strictly: `where` names it in errors ("shapes[2]", "argument 1").
    static func shape(_ value: LuaValue, _ c: LuaCall, where place: String, extraKeys: [String] = [],
                      environment: PieceEnvironment = PieceEnvironment()) throws -> GlassShapeSpec {
        guard case .table(let t) = value else {
            throw c.valueError(place, "a shape table such as { id = \"pencil\", x = 16, y = 80, w = 44, h = 44 }", got: value.typeName)
        }
        let allowed = shapeKeys + extraKeys
        for key in t.keys where !allowed.contains(key) {
            throw c.refusal("\(place) has an unknown key '\(key)' (known: \(allowed.joined(separator: ", ")))")
        }
        var o = Options(function: "\(c.function): \(place)", table: t)
        o.specs = shapeOptions
        guard let id = try o.string("id") else {
            throw c.refusal("\(place) needs an id (a string such as \"pencil\")")
        }
        func required(_ key: String) throws -> Double {
            guard let v = try o.number(key) else {
                throw c.refusal("\(place) (\"\(id)\") needs \(key) (points)")
            }
            return v
        }
        let frame: Rect
        if let title = try o.string("title") {
            // Sized as SwiftUI sizes the seed's `Text("Continue").padding(...)`: the layout engine measures the
            // padded title; w and h would contradict it.
            for key in ["w", "h"] where !t[key].isNil {
                throw c.refusal("\(place) (\"\(id)\") has a title, which sizes it; leave '\(key)' out")
            }
            let size = LayoutEngine.size(of: LayoutView.text(title).font(try titleFont(o, place, c)).lineLimit(1)
                .padding(try titlePadding(t["padding"], place, c)), in: LayoutContext(environment))
            frame = Rect(x: try required("x"), y: try required("y"), width: size.width, height: size.height)
        } else {
            for key in ["padding", "font"] where !t[key].isNil {
                throw c.refusal("\(place) (\"\(id)\") has '\(key)' but no title; '\(key)' sizes a title")
            }
            frame = Rect(x: try required("x"), y: try required("y"), width: try required("w"), height: try required("h"))
        }
        let form: GlassForm
        switch t["shape"] {
        case .nil, .string("capsule"): form = .capsule
        case .string("circle"): form = .circle
        case .table(let r) where r.array.isEmpty && r.keys == ["radius"]:
            form = .rounded(try c.number(r["radius"], at: "\(place).shape.radius", bounds: .atLeast(0),
                                         must: "a corner radius of at least 0 points"))
        default:
            throw c.valueError("\(place).shape", "\"circle\", \"capsule\" or { radius = 24 }", got: t["shape"].described())
        }
        var spec = GlassShapeSpec(id: id, frame: frame, form: form,
                                  interactive: try o.boolean(declared: "interactive"),
                                  press: try o.boolean(declared: "press"),
                                  tint: try o.string("tint"))
        // The button styles set what they stand for; a script's own shape, interactive or tint is refused beside
        // them rather than silently overruled.
        switch t["style"] {
        case .nil: break
        case .string(let style) where style == "glass" || style == "glassProminent":
            for key in ["shape", "interactive", "tint"] where !t[key].isNil {
                throw c.refusal("\(place) has style \"\(style)\", which sets '\(key)' itself; leave '\(key)' out")
            }
            spec = style == "glass" ? .glassButton(id: id, frame: frame) : .glassProminentButton(id: id, frame: frame)
            spec.press = try o.boolean(declared: "press")
        default:
            throw c.valueError("\(place).style", "\"glass\" or \"glassProminent\" (the button styles)", got: t["style"].described())
        }
        return spec
    }

    /// A titled shape's padding: a number for every edge, or `{ horizontal = 20, vertical = 12 }` (also `all`, `top`,
    /// `leading`, `bottom`, `trailing`); none is no padding, as the title alone.
    static func titlePadding(_ value: LuaValue, _ place: String, _ c: LuaCall) throws -> EdgeInsets {
        let must = "a number of points or a table such as { horizontal = 20, vertical = 12 }"
        switch value {
        case .nil: return EdgeInsets()
        case .number(let n) where n.isFinite && n >= 0: return EdgeInsets(top: n, leading: n, bottom: n, trailing: n)
        case .table(let t) where t.array.isEmpty:
            let known = OptionSpec.names(ViewArguments.insetOptions)
            for key in t.keys where !known.contains(key) {
                throw c.refusal("\(place).padding has an unknown key '\(key)' (known: \(known.joined(separator: ", ")))")
            }
            for key in known where t[key].number != nil {
                _ = try c.number(t[key], at: "\(place).padding.\(key)", bounds: .atLeast(0), must: "at least 0 points")
            }
            var padding = Options(function: "\(c.function): \(place).padding", table: t)
            padding.specs = ViewArguments.insetOptions
            return try ViewArguments.insets(from: padding)
        default:
            throw c.valueError("\(place).padding", must, got: value.described())
        }
    }

    /// A titled shape's font: a text style by name (default body, as a button's title is).
    static func titleFont(_ o: Options, _ place: String, _ c: LuaCall) throws -> LayoutFont {
        guard let name = try o.string("font") else { return .body }
        let must = "a text style (\(TextStyle.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")))"
        return LayoutFont(.style(try c.choice(.string(name), at: "\(place).font", TextStyle.self, must: must)))
    }

    /// An animation argument: an animation or spring from `motion`, a spring table, or one of SwiftUI's named
    /// springs ("bouncy", "smooth", "snappy"); nil when left out (the change has no animation).
    /// What `insert` and `remove` take as their animation: a value, or one of the springs by name.
    static var animationArgument: ArgumentSpec {
        .opt("animation", "piecebox.animation|\"bouncy\"|\"smooth\"|\"snappy\"", choice: ["bouncy", "smooth", "snappy"],
             must: "an animation, a spring or \"bouncy\", \"smooth\" or \"snappy\"")
    }

    static func animation(_ c: LuaCall, _ arg: Int32, context: BindingContext) throws -> Animation? {
        if c.isNil(arg) { return nil }
        if c.type(arg) == LUA_TSTRING {
            // The names are the argument's declared choices (`animationArgument`): the read refuses any other.
            switch try c.string(arg) {
            case "bouncy": return .bouncy
            case "smooth": return .smooth
            case "snappy": return .snappy
            case let other: throw c.argumentError(arg, got: "\"\(other)\"")
            }
        }
        return try MotionBinding.animationArgument(c, arg, context: context)
    }

    // MARK: The class

    static func describe(_ cls: LuaClass<Bound<GlassGroupPiece>>, context: BindingContext) {
        addShared(to: cls, context: context)
        // insert(shape [, animation]): the shape table may name `from`, the neighbour it grows out of.
        cls.method("insert", "Adds a shape (growing out of its from neighbour, if named)",
                   [.arg("shape", "table"), animationArgument]) { o, c in
            let spec = try shape(try c.value(1), c, where: "argument 1", extraKeys: ["from"],
                                 environment: o.value.context?.environment ?? PieceEnvironment())
            let from: String?
            switch try c.value(1).table?["from"] ?? .nil {
            case .nil: from = nil
            case .string(let s): from = s
            case let other: throw c.valueError("argument 1's 'from'", "the id of the shape it grows out of", got: other.typeName)
            }
            let animation = try animation(c, 2, context: context)
            do { try o.value.insert(spec, from: from, animation: animation) } catch {
                throw c.refusal("\(error)")
            }
            // The group keeps the shape's id and tint for as long as it lives.
            try keep(c, on: o.stage)
            return 0
        }
        cls.method("remove", "Removes a shape by id",
                   [.arg("id", "string", must: "the id of a shape in the group"), animationArgument]) { o, c in
            let id = try c.string(1)
            let animation = try animation(c, 2, context: context)
            do { try o.value.remove(id, animation: animation) } catch {
                throw c.refusal("\(error)")
            }
            return 0
        }
        cls.method("set", "The app passes new parameters", [.arg("changes", OptionSpec.tableType(setOptions))]) { o, c in
            let opts = try c.options(1, declared: setOptions, optional: false)
            if let spacing = try opts.number("spacing") {
                do { try o.value.setSpacing(spacing) } catch { throw c.refusal("\(error)") }
            }
            return 0
        }
    }

    /// The gestures, and the readings both classes share.
    static func addShared<Group: GlassGroupPiece>(to cls: LuaClass<Bound<Group>>, context: BindingContext) {
        InteractionBinding.addMethods(to: cls, context: context)
        cls.reading("name", "string", "The piece's name in the frame log") { o, c in c.push(o.value.name); return 1 }
        cls.reading("spacing", "number",
                    unit: "pt", "How near shapes merge") { o, c in c.push(o.value.spacing); return 1 }
        cls.reading("ids", "string[]",
                    "The shapes' ids, in drawing order") { o, c in c.push(.table(LuaTable(array: o.value.ids.map { .string($0) }))); return 1 }
        // The pairs merged in the latest checked frame, "a+b", in drawing order.
        cls.reading("merged", "string[]",
                    "The pairs merged in the latest checked frame, \"a+b\", in drawing order") { o, c in
            c.push(.table(LuaTable(array: o.value.necks.map { .string($0.pair) })))
            return 1
        }
    }
}
