import CLua
import CLuaShim
import PieceKit

/// The gesture, key and accessibility methods every interactive piece shows scripts: `tap`, `drag`, `fling`,
/// `touch`, `key`, `accessibility`, `perform` and `part`. A piece binding adds them to its class with
/// `addMethods`, so NowPlaying, ScrollIsland and a piece written in Lua answer to the same calls.
///
/// Gestures render frames through the stage (each frame logged exactly like `stage:advance`'s); a stage error
/// on the way, and any error a Lua piece's handler or layout raised meanwhile, become the script's error once
/// the gesture is over.
enum InteractionBinding {
    /// Where a gesture aims, given as options: a part (with an index) or a point.
    static let aimOptions: [OptionSpec] = [
        .init("part", "string", "The part to aim at (the piece's default part when left out)", must: "a part name"),
        .init("index", "integer", "Which of a repeated part (from 1)", must: "an index (a whole number)"),
        .init("x", "number", unit: "pt", "A point's x in stage coordinates, with y", must: "an x coordinate in points"),
        .init("y", "number", unit: "pt", "A point's y in stage coordinates, with x", must: "a y coordinate in points"),
    ]
    static let travelOptions: [OptionSpec] = [
        .init("dx", number: 0, unit: "pt", "How far the finger travels across", must: "a distance in points"),
        .init("dy", number: 0, unit: "pt", "How far the finger travels down", must: "a distance in points"),
    ]
    static let tapOptions = [OptionSpec("duration", number: Stage.tapDuration, unit: "s",
                                        bounds: .above(0, must: "a number of seconds above 0"),
                                        "How long the finger stays down", must: "a number of seconds")] + aimOptions
    static let dragOptions = travelOptions
        + [OptionSpec("duration", number: Stage.dragDuration, unit: "s", bounds: .above(0, must: "a number of seconds above 0"),
                      "How long the drag takes", must: "a number of seconds")] + aimOptions
    static let flingOptions = travelOptions
        + [OptionSpec("velocity", "number", unit: "pt/s", bounds: .above(0, must: "a speed in points per second above 0"),
                      required: true, missing: "a speed in points per second along the path",
                      "The finger's speed along the path", must: "a speed in points per second")] + aimOptions

    static func addMethods<P: InteractivePiece>(to cls: LuaClass<Bound<P>>, context: BindingContext) {
        cls.declareInteractive()
        addGestures(to: cls, context: context)
        addQuestions(to: cls)
    }

    /// The gestures a finger makes on the piece: tap, drag, fling, and a touch the script moves itself.
    private static func addGestures<P: InteractivePiece>(to cls: LuaClass<Bound<P>>, context: BindingContext) {
        // tap([part [, index]] [, { duration = 0.1 }]) or tap{ x = , y = }: frames rendered.
        cls.method("tap", "Taps a part (the default one when none is named) or a point, rendering the frames",
                   [.opt("part", "string|" + OptionSpec.tableType(tapOptions)), .opt("index", "integer"),
                    .opt("options", OptionSpec.tableType(tapOptions))], returns: "integer") { o, c in
            let (aim, opts) = try aimAndOptions(c, declared: tapOptions)
            let duration = try opts.number(declared: "duration")
            return try runGesture(o, from: aim, c) { s, p, at in try s.tap(on: p, at: at, duration: duration) }
        }
        // drag{ dx, dy, duration, part, index, x, y }: moves evenly, then lifts at rest.
        cls.method("drag", "Drags a finger by dx, dy evenly, lifting at rest, rendering the frames",
                   [.arg("options", OptionSpec.tableType(dragOptions))], returns: "integer") { o, c in
            let opts = try c.options(1, declared: dragOptions, optional: false)
            let (dx, dy) = try travel(opts)
            let duration = try opts.number(declared: "duration")
            return try runGesture(o, from: try aim(opts, c), c) { s, p, from in
                try s.drag(on: p, from: from, dx: dx, dy: dy, duration: duration)
            }
        }
        // fling{ dx, dy, velocity, part, index, x, y }: moves at `velocity` points per second and lifts moving.
        cls.method("fling", "Flings a finger by dx, dy at a speed, lifting while moving, rendering the frames",
                   [.arg("options", OptionSpec.tableType(flingOptions))], returns: "integer") { o, c in
            let opts = try c.options(1, declared: flingOptions, optional: false)
            let (dx, dy) = try travel(opts)
            let speed = try opts.number(required: "velocity")
            guard dx != 0 || dy != 0 else {
                throw c.refusal("the finger must travel; give 'dx' or 'dy' (points)")
            }
            return try runGesture(o, from: try aim(opts, c), c) { s, p, from in
                try s.fling(on: p, from: from, dx: dx, dy: dy, speed: speed)
            }
        }
        // touch(part [, index]) or touch(x, y): a finger the script moves and lifts itself.
        cls.method("touch", "Puts a finger down on a part or at a point; the script moves and lifts it",
                   [.opt("part", "string|number", must: "an x coordinate or a part name"),
                    .opt("index", "integer|number", must: "a y coordinate")], returns: "piecebox.finger") { o, c in
            let (p, s) = (o.value, o.stage)
            let at: Point
            if c.type(1) == LUA_TNUMBER {
                at = Point(x: try c.number(1), y: try c.number(2))
            } else {
                let (aim, _) = try aimAndOptions(c, declared: [], positionalOnly: true)
                at = try point(aim, piece: p, stage: s, c)
            }
            let finger = try s.touchDown(on: p, at: at)
            FingerBinding.push(Bound(finger, on: s), context: context)
            return 1
        }
    }

    /// A key press, the accessibility tree and its actions, and where a part is.
    private static func addQuestions<P: InteractivePiece>(to cls: LuaClass<Bound<P>>) {
        // key(name): true when the piece did something with it.
        cls.method("key", "Presses a key; true when the piece did something with it",
                   [.arg("name", "string", must: "a key name such as \"space\"")], returns: "boolean") { o, c in
            let name = try c.string(1)
            let s = o.stage
            let handled: Bool
            do { handled = try s.press(Key(name), on: o.value) } catch {
                throw c.refusal("\(error)")
            }
            c.push(handled)
            return 1
        }
        // accessibility(): the elements in reading order.
        cls.method("accessibility", "The accessibility elements in reading order", returns: "table[]") { o, c in
            let s = o.stage
            let elements = o.value.accessibilityElements(on: s)
            lua_createtable(c.L, Int32(min(elements.count, 1 << 20)), 0)
            for (i, element) in elements.enumerated() {
                // A state stopped meanwhile (memory past the cap) gets the rest no more; it raises on return.
                if i & 255 == 255, c.isStopped { break }
                pushElement(element, c.L)
                lua_rawseti(c.L, -2, lua_Integer(i + 1))
            }
            return 1
        }
        // perform(action [, element]): an accessibility action, on an element or (none given) the whole screen.
        cls.method("perform", "Performs an accessibility action, on an element or the whole screen",
                   [.arg("action", "string", must: "an action name such as \"activate\""),
                    .opt("element", "string", must: "an element id (a string)")]) { o, c in
            let action = try c.string(1)
            let element = c.isNil(2) ? nil : try c.string(2)
            let s = o.stage
            do { try o.value.perform(action, on: element, context: s) } catch {
                throw c.refusal("\(error)")
            }
            return 0
        }
        // part(name [, index]): where that part is now, { x, y, w, h }.
        cls.method("part", "Where a part is now",
                   [.arg("name", "string", must: "a part name"), .opt("index", "integer", must: "an index (a whole number)")],
                   returns: "{x: number, y: number, w: number, h: number}") { o, c in
            let name = try c.string(1)
            let index = c.isNil(2) ? nil : try c.integer(2)
            let rect: Rect
            do { rect = try o.value.locate(name, index: index, on: o.stage) } catch { throw c.refusal("\(error)") }
            pushRect(rect, c.L)
            return 1
        }
    }

    // MARK: Arguments

    /// Where a gesture starts: a part (nil: the piece's default part) with an optional index, or a point.
    enum Aim {
        case part(String?, Int?)
        case point(Point)
    }

    /// Reads `[part [, index]] [, options]`, or an options table alone. The part may also come as the options
    /// `part` and `index`, a point as `x` and `y`.
    static func aimAndOptions(_ c: LuaCall, declared: [OptionSpec], positionalOnly: Bool = false) throws -> (Aim, Options) {
        var arg: Int32 = 1
        var part: String?
        var index: Int?
        if c.type(1) == LUA_TSTRING {
            part = try c.string(1)
            arg = 2
            if c.type(2) == LUA_TNUMBER {
                // Worded as the option `index` is: the same index, given by position.
                index = try c.integer(2, tapOptions.first { $0.name == "index" }?.expected)
                arg = 3
            }
        } else if !c.isNil(1) && (positionalOnly || c.type(1) != LUA_TTABLE) {
            throw c.argumentError(1, positionalOnly ? "a part name or a point (x, y)" : "a part name or a table of options")
        }
        if positionalOnly {
            try c.noMore(after: arg - 1)
            return (.part(part, index), Options(function: c.function, table: LuaTable()))
        }
        if !c.isNil(arg) && c.type(arg) != LUA_TTABLE {
            throw c.argumentError(arg, arg == 2 ? "an index or a table of options" : "a table of options")
        }
        let opts = try c.options(arg, declared: declared)
        try c.noMore(after: arg)
        if part != nil, opts.has("part") || opts.has("index") || opts.has("x") || opts.has("y") {
            throw c.refusal("the part is given twice (as an argument and as an option)")
        }
        if part != nil { return (.part(part, index), opts) }
        return (try aim(opts, c), opts)
    }

    /// The aim an options table gives: `part` and `index`, or `x` and `y`, or neither (the default part).
    static func aim(_ opts: Options, _ c: LuaCall) throws -> Aim {
        let x = try opts.number("x")
        let y = try opts.number("y")
        let part = try opts.string("part")
        let index = try opts.integer("index")
        switch (x, y) {
        case (nil, nil):
            return .part(part, index)
        case (let x?, let y?):
            guard part == nil, index == nil else {
                throw c.refusal("give a part or a point (x, y), not both")
            }
            return .point(Point(x: x, y: y))
        default:
            throw c.refusal("options 'x' and 'y' go together (a point in stage coordinates); got only '\(x == nil ? "y" : "x")'")
        }
    }

    static func point(_ aim: Aim, piece: any InteractivePiece, stage: Stage, _ c: LuaCall) throws -> Point {
        switch aim {
        case .point(let p):
            return p
        case .part(let part, let index):
            do { return try stage.aim(at: part, index: index, on: piece) } catch {
                let refusal = c.refusal("\(error)")
                if case .unreachablePart = error { c.state?.lastNotNow = refusal.description }
                throw refusal
            }
        }
    }


    /// Runs a gesture that renders frames: a stage or interaction error becomes the script's error (what a Lua
    /// piece, player or callback raised while it ran is raised by the trampoline: see `CalloutMailbox`).
    /// Finds where `aim` is on the bound piece, runs the gesture from there, and returns the frames it rendered to
    /// the script.
    private static func runGesture<P: InteractivePiece>(_ o: Bound<P>, from aim: Aim, _ c: LuaCall,
                                                       _ body: (Stage, P, Point) throws -> Int) throws -> Int32 {
        let at = try point(aim, piece: o.value, stage: o.stage, c)
        c.push(Double(try gesture(c, o.stage) { try body(o.stage, o.value, at) }))
        return 1
    }

    /// `dx` and `dy`, 0 when left out.
    private static func travel(_ opts: Options) throws -> (Double, Double) {
        (try opts.number(declared: "dx"), try opts.number(declared: "dy"))
    }

    static func gesture(_ c: LuaCall, _ stage: Stage, _ body: () throws -> Int) throws -> Int {
        if let refusal = stage.clockMoveRefusal("start a gesture") { throw c.refusal("\(refusal)") }
        do { return try body() } catch { throw c.refusal("\(error)") }
    }

    // MARK: Results

    static func pushRect(_ rect: Rect, _ L: OpaquePointer) {
        lua_createtable(L, 0, 4)
        for (key, value) in [("x", rect.x), ("y", rect.y), ("w", rect.width), ("h", rect.height)] {
            lua_pushstring(L, key)
            lua_pushnumber(L, value)
            lua_rawset(L, -3)
        }
    }

    static func pushPoint(_ point: Point, _ L: OpaquePointer) {
        lua_createtable(L, 0, 2)
        lua_pushstring(L, "x"); lua_pushnumber(L, point.x); lua_rawset(L, -3)
        lua_pushstring(L, "y"); lua_pushnumber(L, point.y); lua_rawset(L, -3)
    }

    static func pushStrings(_ strings: [String], _ L: OpaquePointer) {
        lua_createtable(L, Int32(min(strings.count, 1 << 20)), 0)
        for (i, s) in strings.enumerated() {
            pushBytes(L, s)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
    }

    /// `{ id, label, value, hint, traits = {...}, actions = {...}, frame = { x, y, w, h }, focused }`.
    static func pushElement(_ element: AccessibilityElement, _ L: OpaquePointer) {
        lua_createtable(L, 0, 8)
        let t = lua_gettop(L)
        lua_pushstring(L, "id"); pushBytes(L, element.id); lua_rawset(L, t)
        lua_pushstring(L, "label"); pushBytes(L, element.label); lua_rawset(L, t)
        if let value = element.value { lua_pushstring(L, "value"); pushBytes(L, value); lua_rawset(L, t) }
        if let hint = element.hint { lua_pushstring(L, "hint"); pushBytes(L, hint); lua_rawset(L, t) }
        lua_pushstring(L, "traits"); pushStrings(element.traits, L); lua_rawset(L, t)
        lua_pushstring(L, "actions"); pushStrings(element.actions, L); lua_rawset(L, t)
        lua_pushstring(L, "frame"); pushRect(element.frame, L); lua_rawset(L, t)
        lua_pushstring(L, "focused"); lua_pushboolean(L, element.isFocused ? 1 : 0); lua_rawset(L, t)
    }
}
