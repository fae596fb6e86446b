import CLua
import CLuaShim
import PieceKit

/// `metal.white(degrees)` (the rim's white level at an angle) and `s:metalButton{ title = "Ask", x, y, name }`.
enum MetalButtonBinding: StageMadeBinding {
    static var optionKeys: [String] { buttonKeys }
    static let buttonKeys = ["title", "symbol", "x", "y", "name"]

    /// Sets the `metal` library.
    static func installGlobals(context: BindingContext) {
        let state = context.state
        state.pushLibrary([
            ("white", { c in
                let c = c.named("metal.white")
                c.push(MetalRim.white(atDegrees: try c.number(1, "an angle in degrees (0 along +x, clockwise)")))
                return 1
            }),
        ])
        let lib = lua_gettop(state.L)
        lua_pushnumber(state.L, MetalRim.startAngle)
        state.setField(lib, "startAngle")
        state.setGlobalValue("metal")
    }

    static func make(on stage: Stage, _ c: LuaCall, context: BindingContext) throws -> MetalButtonPiece {
        let opts = try c.options(1, allowed: buttonKeys)
        let title = try opts.string("title", "the button's title (a string)") ?? "Ask"
        let symbol = try opts.string("symbol", "an SF Symbol name (a string)") ?? "sparkles"
        let x = try opts.number("x", "a finite number of points")
        let y = try opts.number("y", "a finite number of points")
        guard (x == nil) == (y == nil) else {
            throw LuaHostError.message("\(c.function): give both 'x' and 'y' (the capsule's top-left corner), or neither to centre it")
        }
        let origin = x.flatMap { x in y.map { Point(x: x, y: $0) } }
        let piece = MetalButtonPiece(name: try opts.pieceName(default: "metalButton"), title: title, symbol: symbol,
                                     origin: origin)
        do { try stage.add(piece) } catch { throw LuaHostError.message("\(c.function): \(error)") }
        return piece
    }

    static func describe(_ cls: LuaClass<Bound<MetalButtonPiece>>, context: BindingContext) {
        InteractionBinding.addMethods(to: cls, context: context)
        cls.reading("name", "string", "The piece's name in the frame log") { o, c in c.push(o.value.name); return 1 }
        cls.reading("title", "string", "The button's title") { o, c in c.push(o.value.title); return 1 }
        // The capsule on the stage now: { x, y, w, h }.
        cls.reading("frame", "{x: number, y: number, w: number, h: number}", unit: "pt", "The capsule on the stage now") { o, c in
            let r = o.value.frame(in: o.stage.environment)
            c.push(.table(LuaTable(fields: [("h", .number(r.height)), ("w", .number(r.width)), ("x", .number(r.x)),
                                            ("y", .number(r.y))])))
            return 1
        }
    }
}
