import CLua
import CLuaShim
import PieceKit

/// `metal.white(degrees)` (the rim's white level at an angle) and `s:metalButton{ title = "Ask", x, y, name }`.
enum MetalButtonBinding: StageMadeBinding {
    static let example = "{ title = \"Ask\" }"
    static let options: [OptionSpec] = [
        .init("title", "string", default: "Ask", "The button's title", must: "the button's title (a string)"),
        .init("symbol", "string", default: "sparkles", "The SF Symbol beside the title",
              must: "an SF Symbol name (a string)"),
        .init("x", "number", unit: "pt", "The capsule's left edge (centred when left out)",
              must: "a finite number of points"),
        .init("y", "number", unit: "pt", "The capsule's top edge", must: "a finite number of points"),
        .init("name", "string", default: "metalButton", "The piece's name in the frame log"),
    ]

    /// The `metal` library's functions.
    static var libraryFunctions: [LibraryFunction] { [
        LibraryFunction("white", "How white the rim is at an angle (0 along +x, clockwise), 0 to 1",
                        [.arg("degrees", "number", "deg", must: "an angle in degrees (0 along +x, clockwise)")], returns: "number") { c in
            let c = c.named("metal.white")
            c.push(MetalRim.white(atDegrees: try c.number(1)))
            return 1
        },
    ] }

    /// Sets the `metal` library.
    static func installGlobals(context: BindingContext) {
        let state = context.state
        state.pushLibrary(LibraryFunction.table(libraryFunctions, in: "metal"))
        let lib = lua_gettop(state.L)
        lua_pushnumber(state.L, MetalRim.startAngle)
        state.setField(lib, "startAngle")
        state.setGlobalValue("metal")
    }

    static func make(on stage: Stage, _ c: LuaCall, context: BindingContext) throws -> MetalButtonPiece {
        let opts = try c.options(1, declared: options)
        let title = try opts.string(declared: "title"), symbol = try opts.string(declared: "symbol")
        let x = try opts.number("x")
        let y = try opts.number("y")
        guard (x == nil) == (y == nil) else {
            throw c.refusal("give both 'x' and 'y' (the capsule's top-left corner), or neither to centre it")
        }
        let origin = x.flatMap { x in y.map { Point(x: x, y: $0) } }
        let piece = MetalButtonPiece(name: try opts.pieceName(default: "metalButton"), title: title, symbol: symbol,
                                     origin: origin)
        do { try stage.add(piece) } catch { throw c.refusal("\(error)") }
        return piece
    }

    static func describe(_ cls: LuaClass<Bound<MetalButtonPiece>>, context: BindingContext) {
        InteractionBinding.addMethods(to: cls, context: context)
        cls.reading("name", "string", "The piece's name in the frame log") { o, c in c.push(o.value.name); return 1 }
        cls.reading("title", "string", "The button's title") { o, c in c.push(o.value.title); return 1 }
        // The capsule on the stage now: { x, y, w, h }.
        cls.reading("frame", "{x: number, y: number, w: number, h: number}",
                    unit: "pt", "The capsule on the stage now") { o, c in
            let r = o.value.frame(in: o.stage.environment)
            c.push(.table(LuaTable(fields: [("h", .number(r.height)), ("w", .number(r.width)), ("x", .number(r.x)),
                                            ("y", .number(r.y))])))
            return 1
        }
    }
}
