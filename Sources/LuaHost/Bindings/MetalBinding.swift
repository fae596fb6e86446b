import CLua
import CLuaShim
import PieceKit

/// A metal button as scripts hold it.
final class MetalButtonObject {
    let piece: MetalButtonPiece
    let stage: Stage
    init(piece: MetalButtonPiece, stage: Stage) { self.piece = piece; self.stage = stage }
}

/// `metal.white(degrees)` (the rim's white level at an angle) and `s:metalButton{ title = "Ask", x, y, name }`.
enum MetalBinding {
    static let buttonKeys = ["title", "symbol", "x", "y", "name"]

    /// Sets the `metal` library and adds `metalButton` to the stage class.
    static func install(on cls: LuaClass<StageObject>, context: ScenarioContext) {
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

        cls.method("metalButton") { o, c in
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
            do { try o.stage.add(piece) } catch { throw LuaHostError.message("\(c.function): \(error)") }
            context.state.push(MetalButtonObject(piece: piece, stage: o.stage), as: buttonClass(context))
            return 1
        }
    }

    static func buttonClass(_ context: ScenarioContext) -> LuaClass<MetalButtonObject> {
        let state = context.state
        if let cached = state.classCache["metalButton"] as? LuaClass<MetalButtonObject> { return cached }
        let cls = LuaClass<MetalButtonObject>("metalButton")
        state.classCache["metalButton"] = cls
        InteractionBinding.addMethods(to: cls, context: context, piece: { $0.piece }, stage: { $0.stage })
        cls.property("name") { o, c in c.push(o.piece.name); return 1 }
        cls.property("title") { o, c in c.push(o.piece.title); return 1 }
        // The capsule on the stage now: { x, y, w, h }.
        cls.property("frame") { o, c in
            let r = o.piece.frame(in: o.stage.environment)
            c.push(.table(LuaTable(fields: [("h", .number(r.height)), ("w", .number(r.width)), ("x", .number(r.x)),
                                            ("y", .number(r.y))])))
            return 1
        }
        return cls
    }
}
