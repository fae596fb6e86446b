import CLua
import CLuaShim
import PieceKit

/// A Lua piece's handlers, so a plugin adds an interactive piece without recompiling:
///
/// ```lua
/// s:piece{ name = "card", state = {...}, layout = function(state, env) ... end,
///          parts = { "surface", "grabber" },                         -- aimable elements; the first by default
///          onTouch = function(state, touch, env) ... end,            -- every sample of every finger
///          onKey = function(state, key, env) return true end,        -- handled?
///          accessibility = function(state, env) return { {...} } end,
///          perform = function(state, action, element, env) ... end,
///          methods = { beat = function(self, ...) ... end } }      -- card:beat(...)
/// ```
///
/// Every handler is handed the environment last (`env`, as layout's, with `time`, the stage's time now), so a
/// handler can read Reduce Motion, the layout direction or the text size as a Swift piece's can. `onPlayer` (see
/// `LuaPieceHooks`) is a handler too. A handler is one of the piece's own calls: the tasks whose ids it changes run
/// before it returns.
///
/// **Animations.** Each handler runs inside one transaction. What it changes in `state` directly moves with
/// the animation it returns (`return motion.roles.reveal`; `return true, motion.roles.reveal` from `onKey`);
/// returning none snaps them, as a SwiftUI state change outside `withAnimation` does. `piece:set(changes,
/// animation)` inside a handler works as everywhere, like a `withAnimation` block inside the handler.
///
/// **Results.** A handler returns whether it handled the event and, optionally, the animation: a boolean
/// first, or an animation alone (which means handled). Returning nothing means handled for `onTouch` and
/// `perform`, and not handled for `onKey`. `perform` returning false refuses the action.
///
/// **Errors.** A handler that fails (or returns something else) changes nothing more; the error is posted and
/// raised in the script when the call that caused it returns (after the gesture, for `tap`/`drag`/`fling`).
extension LuaPiece: InteractivePiece {
    /// The parts the script declared, each the element of its name (or `name.N` with an index); undeclared,
    /// every element the layout gave a rect, and any other element by its name.
    package var parts: [Part] {
        if let declaredParts { return declaredParts.map { Part.elementOrNumbered($0) } }
        return lastGood.filter { $0.rect != nil }.map { Part($0.name) } + [.anyElement]
    }

    package func handle(_ touch: Touch, on context: any PieceContext) {
        guard handlers.onTouch != LUA_NOREF else { return }
        _ = call("onTouch", handlers.onTouch, on: context, handledByDefault: true) { L in
            Self.push(touch, L)
            return 1
        }
    }

    @discardableResult
    package func handle(_ key: Key, on context: any PieceContext) -> Bool {
        guard handlers.onKey != LUA_NOREF else { return false }
        return call("onKey", handlers.onKey, on: context, handledByDefault: false) { L in
            pushBytes(L, key.rawValue)
            return 1
        }
    }

    package func accessibilityElements(on context: any PieceContext) -> [AccessibilityElement] {
        guard handlers.accessibility != LUA_NOREF else { return [] }
        let L = state.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        pb_push_traceback_handler(L)
        values.push(handlers.accessibility, L)
        values.push(stateRef, L)
        EnvironmentOptions.value(context.environment).push(L)
        guard protectedCall("accessibility", 2, results: 1, handler: top + 1, reads: true) else { return [] }
        do {
            return try accessibilityElements(from: try LuaValue.read(L, -1), on: context)
        } catch {
            record("\(name): accessibility returned \(error)")
            return []
        }
    }

    /// The whole screen's actions are the script's `perform` handler's to decide (nil), and it says whether it did.
    package func screenActions(on context: any PieceContext) -> [AccessibilityAction]? { handlers.perform != LUA_NOREF ? nil : [] }

    /// A whole-screen action goes to the script's `perform` handler by its name, whatever the name: the handler
    /// decides, which no list of actions can state.
    package func performUnlisted(_ action: String, context: any PieceContext) throws(InteractionError) -> Bool {
        try runPerform(action, on: nil, context: context)
    }

    /// Runs the script's `perform` handler for an action (an element's listed action, or a whole-screen one). A
    /// listed action with no handler to run it is the one refusal of its own here.
    private func runPerform(_ action: String, on element: String?, context: any PieceContext) throws(InteractionError) -> Bool {
        guard handlers.perform != LUA_NOREF else {
            if let element { throw .noPerformer(piece: name, element: element, action: action) }
            return false
        }
        // A failed handler has posted its error, which the script is told in place of the refusal.
        return call("perform", handlers.perform, on: context, handledByDefault: true) { L in
            pushBytes(L, action)
            if let element { pushBytes(L, element) } else { lua_pushnil(L) }
            return 2
        }
    }

    // MARK: Calling handlers

    /// Calls a handler with the state and the arguments `pushArgs` pushes, inside a transaction its results
    /// decide. Returns whether it handled the event; false when it failed (the error is posted).
    func call(_ handler: String, _ ref: Int32, on context: any PieceContext, handledByDefault: Bool,
                      _ pushArgs: (OpaquePointer) -> Int32) -> Bool {
        let L = state.L
        var handled = false
        asOwnCall { context.transact(decidedBy: { () -> Transaction? in
            let top = lua_gettop(L)
            defer { lua_settop(L, top) }
            pb_push_traceback_handler(L)
            values.push(ref, L)
            values.push(stateRef, L)
            let count = pushArgs(L)
            // Every handler reads the environment last, as layout and accessibility do: (state, ..., env), with
            // the time now.
            pushHookEnvironment(context, L, drawnTime: timeline?.drawnTime)
            guard protectedCall(handler, 2 + count, results: 2, handler: top + 1) else { return nil }
            do {
                let (didHandle, animation) = try results(top + 2, handler, handledByDefault: handledByDefault)
                handled = didHandle
                return animation.map { Transaction(animation: $0) }
            } catch {
                record("\(error)")
                return nil
            }
        }) }
        return handled
    }

    /// Reads `handled [, animation]`, `animation`, or nothing.
    private func results(_ first: Int32, _ handler: String, handledByDefault: Bool) throws -> (Bool, Animation?) {
        let L = state.L
        let what = "\(name).\(handler)"
        let call = LuaCall(L).named(what)
        switch lua_type(L, first) {
        case LUA_TNIL:
            return (handledByDefault, lua_type(L, first + 1) == LUA_TNIL ? nil : try animation(call, first + 1, what))
        case LUA_TBOOLEAN:
            let handled = lua_toboolean(L, first) != 0
            return (handled, lua_type(L, first + 1) == LUA_TNIL ? nil : try animation(call, first + 1, what))
        default:
            return (true, try animation(call, first, what))
        }
    }

    private func animation(_ call: LuaCall, _ index: Int32, _ what: String) throws -> Animation {
        let L = state.L
        guard lua_type(L, index) == LUA_TTABLE || lua_type(L, index) == LUA_TUSERDATA else {
            throw LuaHostError.message("\(what) returned a \(TypeName.of(L, index)); "
                + "return true or false (handled) and, if you like, an animation (motion.roles.reveal, a spring, ...)")
        }
        do { return try MotionBinding.animationArgument(call, index, context: context) } catch let LuaHostError.message(m) {
            throw LuaHostError.message(m.replacingOccurrences(of: "\(what): argument \(index)", with: "\(what): the returned animation"))
        }
    }

    // MARK: Tables

    /// `{ phase, location = { x, y }, startLocation, translation = { width, height }, velocity = { x, y },
    /// predictedEndTranslation = { width, height }, time, startTime }`, as SwiftUI's `DragGesture.Value`.
    static func push(_ touch: Touch, _ L: OpaquePointer) {
        lua_createtable(L, 0, 8)
        let t = lua_gettop(L)
        lua_pushstring(L, "phase"); lua_pushstring(L, touch.phase.rawValue); lua_rawset(L, t)
        lua_pushstring(L, "location"); InteractionBinding.pushPoint(touch.location, L); lua_rawset(L, t)
        lua_pushstring(L, "startLocation"); InteractionBinding.pushPoint(touch.startLocation, L); lua_rawset(L, t)
        lua_pushstring(L, "translation"); pushSize(touch.translation, L); lua_rawset(L, t)
        lua_pushstring(L, "velocity"); InteractionBinding.pushPoint(touch.velocity, L); lua_rawset(L, t)
        lua_pushstring(L, "predictedEndTranslation"); pushSize(touch.predictedEndTranslation, L); lua_rawset(L, t)
        lua_pushstring(L, "time"); lua_pushnumber(L, touch.time); lua_rawset(L, t)
        lua_pushstring(L, "startTime"); lua_pushnumber(L, touch.startTime); lua_rawset(L, t)
    }

    private static func pushSize(_ size: Size, _ L: OpaquePointer) {
        lua_createtable(L, 0, 2)
        lua_pushstring(L, "width"); lua_pushnumber(L, size.width); lua_rawset(L, -3)
        lua_pushstring(L, "height"); lua_pushnumber(L, size.height); lua_rawset(L, -3)
    }

    static let elementKeys = ["id", "label", "value", "hint", "traits", "actions", "frame", "focused"]

    /// The elements an `accessibility` function returned. `frame` defaults to the element of the same name
    /// (the focus ring sits on what it describes).
    private func accessibilityElements(from value: LuaValue, on context: any PieceContext) throws -> [AccessibilityElement] {
        guard case .table(let list) = value, list.fields.isEmpty else {
            throw LuaHostError.message("a \(value.typeName), not a list of elements such as { { id = \"card\", label = \"Card\" } }")
        }
        return try list.array.enumerated().map { i, item in
            let at = "element \(i + 1)"
            guard case .table(let t) = item else { throw LuaHostError.message("\(at) as a \(item.typeName); each element is a table") }
            for key in t.keys where !Self.elementKeys.contains(key) {
                throw ArgumentErrors.refusal(at, "unknown key '\(key)' (known: \(Self.elementKeys.joined(separator: ", ")))")
            }
            guard let id = t["id"].string, !id.isEmpty else {
                throw ArgumentErrors.inside(at, "'id'", mustBe: "a string", got: t["id"].described())
            }
            guard let label = t["label"].string else {
                throw ArgumentErrors.inside(id, "'label'", mustBe: "a string", got: t["label"].typeName)
            }
            let frame: Rect
            if t["frame"].isNil {
                guard let rect = elementRect(id, on: context) else {
                    throw ArgumentErrors.refusal(id, "give a 'frame' { x, y, w, h } (no element named \"\(id)\" to take it from)")
                }
                frame = rect
            } else {
                guard let f = t["frame"].table, let x = f["x"].number, let y = f["y"].number,
                      let w = f["w"].number, let h = f["h"].number else {
                    throw ArgumentErrors.inside(id, "'frame'", mustBe: "a table { x, y, w, h } of numbers", got: t["frame"].typeName)
                }
                frame = Rect(x: x, y: y, width: w, height: h)
            }
            return AccessibilityElement(
                id: id, label: label, value: try text(t["value"], "value", id), hint: try text(t["hint"], "hint", id),
                traits: try strings(t["traits"], "traits", id),
                offering: try strings(t["actions"], "actions", id).map { action in
                    AccessibilityAction.answering(action) { () throws(InteractionError) -> Bool in
                        try self.runPerform(action, on: id, context: context)
                    }
                },
                frame: frame, isFocused: try flag(t["focused"], "focused", id))
        }
    }

    private func text(_ v: LuaValue, _ key: String, _ id: String) throws -> String? {
        switch v {
        case .nil: return nil
        case .string(let s): return s
        case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
        default: throw ArgumentErrors.inside(id, "'\(key)'", mustBe: "a string", got: v.typeName)
        }
    }

    private func strings(_ v: LuaValue, _ key: String, _ id: String) throws -> [String] {
        guard !v.isNil else { return [] }
        guard case .table(let t) = v, t.fields.isEmpty else {
            throw ArgumentErrors.inside(id, "'\(key)'", mustBe: "a list of strings", got: v.typeName)
        }
        return try t.array.map { item in
            guard let s = item.string else {
                throw ArgumentErrors.inside(id, "'\(key)'", mustBe: "a list of strings", got: "a list holding a \(item.typeName)")
            }
            return s
        }
    }

    private func flag(_ v: LuaValue, _ key: String, _ id: String) throws -> Bool {
        switch v {
        case .nil: return false
        case .boolean(let b): return b
        default: throw ArgumentErrors.inside(id, "'\(key)'", mustBe: "true or false", got: v.typeName)
        }
    }
}
