import CLua
import CLuaShim
import PieceKit

/// The `ui` library: SwiftUI's views by their names (`ui.VStack{ spacing = 8, ui.Text("a") }`), each an immutable
/// `view` whose modifiers are methods (`ViewBinding`), and `ui.layout(view, screen)` to lay one out without a stage.
/// `ui.ForEach` and the function a piece's `body` is called through are Lua (`Lua/ui.lua`): they call the script's
/// functions, and no Swift frame may sit between two Lua calls.
enum UIBinding {
    /// `padding()` with no amount: the engine's one system padding (`LayoutConstants.defaultPadding`).
    static var systemPadding: Double { LayoutConstants.defaultPadding }

    static let stackOptions: [OptionSpec] = [
        .init("spacing", "number", unit: "pt", "Space between neighbours (nil: the system's default)", must: "a finite number of points"),
        .init("alignment", "string", default: "\"center\"", "Where the children line up across the stack"),
    ]

    /// The library's functions, each declared where its body is.
    static func functions(_ context: BindingContext) -> [LibraryFunction] {
        containers(context) + leaves(context) + [
            LibraryFunction("ForEach", "A Group of fn(item, index)'s views for each item of a list",
                            [.arg("list", "table", must: "a list"),
                             .arg("fn", "fun(item: unknown, index: integer): piecebox.view",
                                  must: "a function(item, index) that returns a view")],
                            returns: "piecebox.view") { c in
                // ui.lua's ForEach, which calls the script's function from Lua, has this check its arguments first
                // (as declared, like every library function's) and then makes the views itself.
                guard c.type(1) == LUA_TTABLE else { throw c.named("ui.ForEach").argumentError(1) }
                guard c.type(2) == LUA_TFUNCTION else { throw c.named("ui.ForEach").argumentError(2) }
                return 0
            },
            LibraryFunction("layout", "Lays a view out on a screen: the rects { x, y, w, h } of the views given an id, by id",
                            [.arg("view", "piecebox.view", must: "a view (ui.VStack{...}, ui.Text(...), ...)"),
                             .opt("screen", OptionSpec.tableType(screenOptions))],
                            returns: "table<string, {x: number, y: number, w: number, h: number}>") { c in
                try layout(c.named("ui.layout"), context)
            },
            ScaledMetricBinding.function(),
        ]
    }

    private static func containers(_ context: BindingContext) -> [LibraryFunction] {
        [
            LibraryFunction("VStack", "Children one above another", [contentArgument], returns: "piecebox.view") { c in
                let c = c.named("ui.VStack")
                let (opts, children) = try content(c, allowed: stackOptions)
                let alignment = try opts.string("alignment").map { try ViewArguments.horizontal($0, "option 'alignment'", c) }
                try made(.vStack(alignment: alignment ?? .center, spacing: try opts.number("spacing"),
                                 children: children.map(\.view)), from: children, c, context)
                return 1
            },
            LibraryFunction("HStack", "Children side by side", [contentArgument], returns: "piecebox.view") { c in
                let c = c.named("ui.HStack")
                let (opts, children) = try content(c, allowed: stackOptions)
                let alignment = try opts.string("alignment").map { try ViewArguments.vertical($0, "option 'alignment'", c) }
                try made(.hStack(alignment: alignment ?? .center, spacing: try opts.number("spacing"),
                                 children: children.map(\.view)), from: children, c, context)
                return 1
            },
            LibraryFunction("ZStack", "Children on top of one another", [contentArgument], returns: "piecebox.view") { c in
                let c = c.named("ui.ZStack")
                let (opts, children) = try content(c, allowed: Array(stackOptions.dropFirst()))
                let alignment = try opts.string("alignment").map { try ViewArguments.alignment($0, "option 'alignment'", c) }
                try made(.zStack(alignment: alignment ?? .center, children: children.map(\.view)), from: children, c, context)
                return 1
            },
            LibraryFunction("Group", "Children that join the enclosing stack, each with the group's modifiers",
                            [contentArgument], returns: "piecebox.view") { c in
                try group(c.named("ui.Group"), context)
            },
            LibraryFunction("Button", "A button with this label (a view, or a string for a Text)",
                            [.arg("label", "piecebox.view|string", must: "a label (a view or a string)")], returns: "piecebox.view") { c in
                let c = c.named("ui.Button")
                if c.type(1) == LUA_TSTRING {
                    try made(.button(label: LayoutView(.text(try c.string(1)))), from: [], c, context, depth: 2, count: 2)
                    return 1
                }
                guard let label = MadeView.at(c, 1) else { throw c.argumentError(1) }
                try made(.button(label: label.view), from: [label], c, context)
                return 1
            },
        ]
    }

    private static func leaves(_ context: BindingContext) -> [LibraryFunction] {
        func leaf(_ name: String, _ doc: String, _ args: [ArgumentSpec] = [],
                  _ kind: @escaping (LuaCall) throws -> LayoutViewKind) -> LibraryFunction {
            LibraryFunction(name, doc, args, returns: "piecebox.view") { c in
                let c = c.named("ui.\(name)")
                try made(try kind(c), from: [], c, context)
                return 1
            }
        }
        return [
            leaf("Text", "A text, measured in its font", [.arg("text", "string", must: "the text (a string)")]) { c in .text(try c.string(1)) },
            leaf("Image", "An SF Symbol, sized by its font", [.arg("systemName", "string", must: "an SF Symbol's name (a string)")]) { c in
                .image(systemName: try c.string(1))
            },
            leaf("Spacer", "Space that grows along its stack: { minLength } (nil: the system's default)",
                 [.opt("options", "{minLength?: number}")]) { c in
                let opts = try c.options(1, declared: [.init("minLength", "number", unit: "pt", "The least length",
                                                             must: "a finite number of points")])
                return .spacer(minLength: try opts.number("minLength"))
            },
            leaf("Rectangle", "A rectangle that fills what it is offered") { _ in .shape(.rectangle) },
            leaf("RoundedRectangle", "A rounded rectangle: { cornerRadius }", [.arg("options", "{cornerRadius: number}")]) { c in
                let opts = try c.options(1, declared: [.init("cornerRadius", "number", unit: "pt", required: true,
                                                             "The corners' radius", must: "a finite number of points")],
                                         optional: false)
                return .shape(.roundedRectangle(cornerRadius: try opts.number(required: "cornerRadius")))
            },
            leaf("Circle", "A circle: the square of the smaller offered side") { _ in .shape(.circle) },
            leaf("Capsule", "A capsule that fills what it is offered") { _ in .shape(.capsule) },
            leaf("Ellipse", "An ellipse that fills what it is offered") { _ in .shape(.ellipse) },
            leaf("Color", "A colour that fills what it is offered, by name", [.arg("name", "string", must: "a colour's name (a string)")]) { c in
                .color(try c.string(1))
            },
            leaf("EmptyView", "Nothing: no place and no spacing in a stack") { _ in .empty },
        ]
    }

    /// `ui.Group{...}`, and `ui.ForEach`'s views joined under its name.
    static func group(_ c: LuaCall, _ context: BindingContext) throws -> Int32 {
        let (_, children) = try content(c, allowed: [])
        try made(.group(children.map(\.view)), from: children, c, context)
        return 1
    }

    /// Pushes a new view of `kind` made from `parts`, whose depth and size it adds up.
    private static func made(_ kind: LayoutViewKind, from parts: [ViewObject], _ c: LuaCall, _ context: BindingContext,
                             depth: Int? = nil, count: Int? = nil) throws {
        let depth = depth ?? 1 + (parts.map(\.depth).max() ?? 0)
        let count = count ?? parts.reduce(1) { $0 + $1.count }
        try MadeView.push(LayoutView(kind), depth: depth, count: count, madeFrom: parts, c, context: context)
    }

    /// What a container takes: its views and options in one table.
    static var contentArgument: ArgumentSpec {
        .arg("content", "table", must: "a table of views, such as { ui.Text(\"a\"), ui.Text(\"b\") }")
    }

    /// A container's argument: `{ spacing = 8, viewA, viewB }`, its named options (unknown names refused) and its
    /// views at 1...n in order; a hole (`cond and v or nil`) is a missing branch, which SwiftUI draws as nothing.
    static func content(_ c: LuaCall, allowed: [OptionSpec]) throws -> (Options, [ViewObject]) {
        guard c.type(1) == LUA_TTABLE else { throw c.argumentError(1) }
        let L = c.L, t = lua_absindex(L, 1 + c.offset)
        let names = allowed.map(\.name)
        let last = try c.checkListKeys(1, items: "views", options: names, limit: ViewObject.maxViews)
        var children: [ViewObject] = []
        for i in 0..<last {
            defer { clua_pop(L, 1) }
            guard lua_rawgeti(L, t, lua_Integer(i + 1)) != LUA_TNIL else { continue }
            guard let view = MadeView.at(c, lua_gettop(L)) else {
                throw c.valueError("item \(i + 1)", "a view (ui.Text(\"a\"), ui.VStack{...}, ...)", got: c.typeName(lua_gettop(L) - c.offset))
            }
            children.append(view)
        }
        var fields: [(String, LuaValue)] = []
        for key in names {
            lua_pushstring(L, key)
            lua_rawget(L, t)
            defer { clua_pop(L, 1) }
            if lua_type(L, -1) != LUA_TNIL { fields.append((key, try LuaValue.read(L, -1, budget: c.budget))) }
        }
        var opts = Options(function: c.function, table: LuaTable(fields: fields))
        opts.specs = allowed
        return (opts, children)
    }

    /// `ui.layout`'s screen: the stage's environment options that change a layout.
    static let screenOptions = OptionSpec.picking(["width", "height", "safeArea", "dynamicTypeSize", "layoutDirection"],
                                                  from: EnvironmentOptions.options)

    private static func layout(_ c: LuaCall, _ host: BindingContext) throws -> Int32 {
        guard let view = MadeView.at(c, 1) else { throw c.argumentError(1) }
        let opts = try c.options(2, declared: screenOptions)
        let environment = try EnvironmentOptions.apply(opts, to: PieceEnvironment())
        let result = try laidOut(view.view, in: LayoutContext(environment), c, host: host)
        lua_createtable(c.L, 0, Int32(result.views.count))
        for laid in result.views {
            let f = laid.frame
            pushBytes(c.L, laid.id)
            c.push(.table(LuaTable(fields: [("h", .number(f.height)), ("w", .number(f.width)), ("x", .number(f.x)),
                                            ("y", .number(f.y))])))
            lua_rawset(c.L, -3)
        }
        return 1
    }

    /// The engine's layout of `view`, refused when two of its views share an id. A script sized the tree, so the
    /// layout asks the file's limits as it goes (time, memory): a huge tree stops with the limit's own message.
    static func laidOut(_ view: LayoutView, in context: LayoutContext, _ c: LuaCall,
                        host: BindingContext) throws -> LayoutResult {
        if let id = BodyElements.firstRepeatedID(in: view) {
            throw c.refusal("the id '\(id)' is given to two views; each id names one element")
        }
        var work = host.hostWork()
        do {
            return try LayoutEngine.layout(view, in: context, work: &work)
        } catch {
            throw LuaHostError.message(error.reason)
        }
    }

    /// Sets the `ui` library, then runs `Lua/ui.lua`, which adds `ui.ForEach` and files the function a piece's
    /// `body` is called through (`HostSlot.bodyLayout`).
    static func install(into context: BindingContext) {
        clua_newtable(context.state.L)
        fill(lua_gettop(context.state.L), context)
        context.state.setGlobalValue("ui")
    }

    /// Sets the library's functions in the table at `lib`, runs ui.lua with it and keeps the layout function a
    /// piece's `body` is called through.
    static func fill(_ lib: Int32, _ context: BindingContext) {
        let state = context.state
        state.setFunctions(lib, LibraryFunction.table(functions(context), in: "ui"))
        _ = state.run(text: HostChunk.ui.text, chunkName: HostChunk.ui.chunkName) { L in
            lua_pushvalue(L, lib)
            state.pushLastingFunction { c in try LuaPieceBody.elements(c, host: context) }
            clua_newtable(L)
            lua_pushvalue(L, -1)
            state.fill(.bodyLayout)
            state.pushLastingFunction { c in try group(c.named("ui.ForEach"), context) }
            return 4
        }
    }
}
