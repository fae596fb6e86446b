import CLua
import PieceKit

/// A finger as scripts hold it (from `piece:touch(...)`).
final class FingerObject {
    let finger: Finger
    let stage: Stage
    init(_ finger: Finger, stage: Stage) { self.finger = finger; self.stage = stage }
}

/// `finger:move(dx, dy)`, `finger:moveTo(x, y)`, `finger:up()`, `finger:cancel()` (each returns the finger, so
/// calls chain), and the read-only `finger.location` ({ x, y }) and `finger.isDown`. Each call delivers one
/// sample to the piece now; the script advances the stage between calls itself.
enum FingerBinding {
    static func push(_ object: FingerObject, context: ScenarioContext) {
        context.state.push(object, as: fingerClass(context.state))
    }

    static func fingerClass(_ state: LuaState) -> LuaClass<FingerObject> {
        if let cached = state.classCache["finger"] as? LuaClass<FingerObject> { return cached }
        let cls = LuaClass<FingerObject>("finger")
        state.classCache["finger"] = cls
        cls.method("move") { o, c in
            let dx = try c.number(1, "a distance in points (dx)")
            let dy = try c.number(2, "a distance in points (dy)")
            try InteractionBinding.noMore(c, after: 2)
            return try deliver(o, c) { try o.finger.move(dx: dx, dy: dy) }
        }
        cls.method("moveTo") { o, c in
            let x = try c.number(1, "an x coordinate in points")
            let y = try c.number(2, "a y coordinate in points")
            try InteractionBinding.noMore(c, after: 2)
            return try deliver(o, c) { try o.finger.move(to: Point(x: x, y: y)) }
        }
        cls.method("up") { o, c in
            try InteractionBinding.noMore(c, after: 0)
            return try deliver(o, c) { try o.finger.up() }
        }
        cls.method("cancel") { o, c in
            try InteractionBinding.noMore(c, after: 0)
            return try deliver(o, c) { try o.finger.cancel() }
        }
        cls.property("location") { o, c in InteractionBinding.pushPoint(o.finger.location, c.L); return 1 }
        cls.property("isDown") { o, c in c.push(o.finger.isDown); return 1 }
        return cls
    }

    /// Delivers one sample, raises what a Lua handler raised meanwhile, and returns the finger for chaining.
    private static func deliver(_ o: FingerObject, _ c: LuaCall, _ body: () throws -> Void) throws -> Int32 {
        do { try body() } catch { throw LuaHostError.message("\(c.function): \(error)") }
        try LuaPiece.raisePendingError(on: o.stage)
        lua_pushvalue(c.L, 1)
        return 1
    }
}
