import CLua
import PieceKit

/// `finger:move(dx, dy)`, `finger:moveTo(x, y)`, `finger:up()`, `finger:cancel()` (each returns the finger, so
/// calls chain), and the read-only `finger.location` ({ x, y }) and `finger.isDown`. Each call delivers one
/// sample to the piece now; the script advances the stage between calls itself.
enum FingerBinding: ClassBinding {
    static func describe(_ cls: LuaClass<Bound<Finger>>, context: BindingContext) {
        cls.method("move", "Moves the finger by a distance and delivers the sample; gives the finger",
                   [.arg("dx", "number", "pt", must: "a distance in points (dx)"), .arg("dy", "number", "pt", must: "a distance in points (dy)")],
                   returns: "piecebox.finger") { o, c in
            let dx = try c.number(1), dy = try c.number(2)
            return try deliver(o, c) { try o.value.move(dx: dx, dy: dy) }
        }
        cls.method("moveTo", "Moves the finger to a point and delivers the sample; gives the finger",
                   [.arg("x", "number", "pt", must: "an x coordinate in points"), .arg("y", "number", "pt", must: "a y coordinate in points")],
                   returns: "piecebox.finger") { o, c in
            let x = try c.number(1), y = try c.number(2)
            return try deliver(o, c) { try o.value.move(to: Point(x: x, y: y)) }
        }
        cls.method("up", "Lifts the finger; gives the finger", returns: "piecebox.finger") { o, c in
            try deliver(o, c) { try o.value.up() }
        }
        cls.method("cancel", "Cancels the touch (the system took it); gives the finger",
                   returns: "piecebox.finger") { o, c in
            try deliver(o, c) { try o.value.cancel() }
        }
        cls.reading("location", "{x: number, y: number}",
                    unit: "pt", "Where the finger is") { o, c in InteractionBinding.pushPoint(o.value.location, c.L); return 1 }
        cls.reading("isDown", "boolean",
                    "Whether the finger is still down") { o, c in c.push(o.value.isDown); return 1 }
    }

    /// Delivers one sample and returns the finger for chaining.
    private static func deliver(_ o: Bound<Finger>, _ c: LuaCall, _ body: () throws -> Void) throws -> Int32 {
        do { try body() } catch { throw c.refusal("\(error)") }
        lua_pushvalue(c.L, 1)
        return 1
    }
}
