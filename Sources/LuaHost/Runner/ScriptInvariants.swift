import CLua
import CLuaShim
import PieceKit

/// The motion rules as matchers on a stage: `toBeFinite`, `toBeContinuous` and `toBeStillUnderReduceMotion` over its
/// kept frames (`MotionInvariants`, from time `from` on when given), `toSettleWithin` from now, and the rules at rest
/// (`RestInvariants`), all under the file's limits. Gives the matcher whether the rule held and, when it did not,
/// the breach in words.
enum ScriptInvariants {
    /// The rules by the names expect.lua passes: the matcher each is, and the options it takes.
    enum Rule: String {
        case finite, continuous, still, hitTargets, labels, inside, settles

        var matcher: String {
            switch self {
            case .finite: "toBeFinite"
            case .continuous: "toBeContinuous"
            case .still: "toBeStillUnderReduceMotion"
            case .hitTargets: "toHaveHitTargets"
            case .labels: "toHaveAccessibilityLabels"
            case .inside: "toStayInside"
            case .settles: "toSettleWithin"
            }
        }

        var options: [String] {
            switch self {
            case .finite: ["from"]
            case .continuous: ["maxStep", "except", "from"]
            case .still: ["moving", "from"]
            case .hitTargets: ["side", "except"]
            case .labels: []
            case .inside: ["where", "except"]
            case .settles: ["seconds"]
            }
        }
    }

    /// A guess, overridable per call (`maxStep`): a change made outside any animation jumps by its whole travel in
    /// one frame, while a spring carries a part a fraction of it. The fastest built-in motion is the mini player's
    /// background growing 788 points into the full player: up to 106 points between two frames at 60 fps (found
    /// by exploring it), so the default leaves room above that.
    static let defaultMaxStep = 150.0

    static func push(_ state: LuaState, context: BindingContext) {
        state.pushLastingFunction(declaring([.arg("stage", "piecebox.stage"), .arg("rule", "string", must: "a rule name")]) { call in
            let name = try call.string(2)
            guard let rule = Rule(rawValue: name) else { throw LuaHostError.message("no motion rule named \(name)") }
            let c = call.named(rule.matcher)
            let stages = state.classCache["stage"] as? LuaClass<StageObject>
            guard c.type(1) == LUA_TUSERDATA, let stages, let object = try? stages.object(c, stack: 1, what: c.function) else {
                throw c.valueError("expect()", "given a stage (expect(s).\(c.function)())", got: c.typeName(1))
            }
            var work = context.hostWork()
            let breach = try check(rule, on: object.stage, c, work: &work)
            c.push(breach == nil)
            guard let breach else { return 1 }
            c.push(breach.message)
            // Where it broke, and the piece alone: an exploration's failure is the rule and the piece, so the same
            // defect seen on a sibling element (bar.y for highlight.y) is one failure (shrink.lua, S.identity).
            c.push("\(breach.rule) \([breach.piece, breach.element].filter { !$0.isEmpty }.joined(separator: "."))")
            c.push(Double(breach.frame))
            c.push(breach.piece)
            return 5
        })
    }

    /// The options the rules share, declared so a wrong value is worded from here (`Rule.options` says which rule
    /// takes which).
    static let ruleOptions: [OptionSpec] = [
        .init("from", "number", unit: "s", "The earliest frame's time", must: "a time in seconds"),
        .init("side", "number", unit: "pt", "The smallest side a hit target may have", must: "a number of points"),
        .init("seconds", "number", unit: "s", "How long the stage has to settle", must: "a number of seconds"),
        .init("except", "string[]", "Properties the rule leaves alone", must: "a list of property names"),
        .init("moving", "string[]", "Properties allowed to move", must: "a list of property names"),
    ]

    static func check(_ rule: Rule, on stage: Stage, _ c: LuaCall, work: inout HostWork) throws -> InvariantBreach? {
        var allowed = rule.options
        // A continuity check takes a limit of its own for any property, by name.
        if rule == .continuous, case .table(let given) = try c.value(3) { allowed += given.fields.map(\.0) }
        var opts = try c.options(3, allowed: allowed)
        opts.specs = ruleOptions
        let from = try opts.number("from") ?? -Double.infinity
        do {
            switch rule {
            case .finite:
                return try MotionInvariants.finite(on: stage, from: from, work: &work)
            case .continuous:
                return try MotionInvariants.continuous(on: stage, from: from, limits: try limits(opts, c), work: &work)
            case .hitTargets:
                let side = try opts.number("side") ?? RestInvariants.minimumHitTarget
                return try RestInvariants.hitTargets(on: stage, side: side, except: try names(opts, "except") ?? [],
                                                     work: &work)
            case .labels:
                return try RestInvariants.accessibilityLabels(on: stage, work: &work)
            case .settles:
                return try settles(stage, opts, c)
            case .inside:
                return try RestInvariants.inside(try bounds(opts, on: stage, c), on: stage,
                                                 except: try names(opts, "except") ?? [], work: &work)
            case .still:
                return try MotionInvariants.still(on: stage, from: from, moving: try names(opts, "moving") ?? [],
                                                  work: &work)
            }
        } catch let stop as HostLimitReached {
            throw LuaHostError.message(stop.reason)
        }
    }

    /// `maxStep`, `except` and a limit of its own for any other key (`opacity = 0.5`, `["title.x"] = 80`).
    static func limits(_ opts: Options, _ c: LuaCall) throws -> MotionInvariants.StepLimits {
        var limits = MotionInvariants.StepLimits(maxStep: defaultMaxStep)
        for (key, value) in opts.table.fields {
            switch key {
            case "from", "except": continue
            case "maxStep":
                limits.maxStep = try c.number(value, at: "option 'maxStep'", bounds: .atLeast(0), must: "a number of at least 0")
            default:
                limits.limits[key] = try c.number(value, at: "option '\(key)'", bounds: .atLeast(0),
                                                  must: "a limit (a number of at least 0)")
            }
        }
        limits.except = try names(opts, "except") ?? []
        return limits
    }

    /// `expect(s).toSettleWithin(seconds)`, after a script's last input: the stage settles (every motion but the
    /// background's ends, no blocking work is left) within `seconds` of frames from now, rendering them as
    /// `s:settle()` would. Whatever still moves after that is the breach.
    static func settles(_ stage: Stage, _ opts: Options, _ c: LuaCall) throws -> InvariantBreach? {
        let seconds = try c.number(opts.table["seconds"], at: "argument 1", bounds: .atLeast(0),
                                   must: "a number of seconds of at least 0")
        // The frames whose times fall within `seconds` of now, at most ten million (a runaway, not a wait).
        let frames = Int(min((seconds * Double(stage.fps) + 1e-9).rounded(.down), 10_000_000))
        do {
            try stage.settle(maxFrames: frames)
            return nil
        } catch .didNotSettle(_, let time, let animating, let scheduled) {
            // A path is piece.element.number, and an element's name may hold dots ("row.3").
            let what = animating.first ?? scheduled.first.map { "work \"\($0)\"" } ?? "the stage"
            var parts = [what, "", ""]
            if animating.first != nil, let first = what.firstIndex(of: "."), let last = what.lastIndex(of: "."),
               first < last {
                parts = [String(what[..<first]), String(what[what.index(after: first)..<last]),
                         String(what[what.index(after: last)...])]
            }
            var words = "still moving \(JSONNumberFormat.formatNumber(seconds, decimals: 6)) s later"
            words += Self.moreStillMoving(animating + scheduled.map { "work \"\($0)\"" })
            return InvariantBreach(rule: "settles", frame: stage.latestFrame?.index ?? 0, time: time,
                                   piece: parts[0], element: parts[1], property: parts[2], detail: words)
        } catch {
            throw c.refusal("\(error)")
        }
    }

    /// The rest of what still moves after the first, as " (and N more: a, b, c)": N counts only the names listed, and
    /// what is past the first five is counted apart (" and 19 others"), so the count never claims names it leaves out.
    static func moreStillMoving(_ moving: [String]) -> String {
        let rest = moving.dropFirst()
        guard !rest.isEmpty else { return "" }
        let shown = rest.prefix(5)
        let others = rest.count - shown.count
        return " (and \(shown.count) more: " + shown.joined(separator: ", ")
            + (others > 0 ? "; and \(others) other\(others == 1 ? "" : "s") not listed" : "") + ")"
    }

    /// Where `toStayInside` holds the elements: "screen", "safeArea", or a rect `{ x, y, w, h }`.
    static func bounds(_ opts: Options, on stage: Stage, _ c: LuaCall) throws -> Rect {
        switch opts.table["where"] {
        case .string("screen"): return RestInvariants.screen(of: stage)
        case .string("safeArea"): return RestInvariants.safeArea(of: stage)
        case .table(let t):
            var n: [String: Double] = [:]
            for (key, value) in t.fields { if case .number(let x) = value, x.isFinite { n[key] = x } }
            if let x = n["x"], let y = n["y"], let w = n["w"], let h = n["h"], w >= 0, h >= 0, t.fields.count == 4 {
                return Rect(x: x, y: y, width: w, height: h)
            }
            fallthrough
        default:
            throw c.valueError("argument 1", "\"screen\", \"safeArea\" or a rect { x, y, w, h } of finite numbers (sizes at least 0)",
                               got: opts.table["where"].described())
        }
    }

    /// A list of property names (`{ "opacity", "title.x" }`).
    static func names(_ opts: Options, _ key: String) throws -> Set<String>? {
        guard let list = try opts.table(key) else { return nil }
        var out: Set<String> = []
        for (i, value) in list.array.enumerated() {
            guard case .string(let name) = value else {
                throw opts.valueError("\(key)[\(i + 1)]", "a property name such as \"opacity\"", got: value.described())
            }
            out.insert(name)
        }
        return out
    }
}
