import CLua
import CLuaShim
import PieceKit

/// Bubbles a Lua piece buds out of a parent: the Swift pieces' own bud rules and timing (`BudSet`, `BudHost`),
/// on the stage's clock. A Lua piece keeps the object in its state and lays out from it in its layout
/// (`state.buds:isOut("next")`); every bloom and gather re-lays the stage out, moving what changed on the split or
/// home spring, as NowPlaying's bubbles move.
final class LuaBuds: BudHost {
    let name: String
    var buds = BudSet<String>()
    private(set) weak var context: (any PieceContext)?
    init(name: String, stage: Stage) { self.name = name; self.context = stage }
}

/// `s:buds{ name = "bubbles", placed = { "a" } }` and its methods: `bloom(list[, stagger])`, `gather(list[,
/// stagger])`, `place(list)`, `isOut(id)`, `contains(id)`; readings `name`, `present`, `out`.
enum BudBinding: StageMadeBinding {
    static let example = "{ name = \"buds\", placed = { \"a\", \"b\" } }"
    static let options: [OptionSpec] = [
        .init("name", "string", default: "buds", "The name of the buds' scheduled work",
              must: "a name for the buds' scheduled work (a string)"),
        .init("placed", "string[]", "Bubbles out at rest from the start"),
    ]

    static func make(on stage: Stage, _ c: LuaCall, context: BindingContext) throws -> LuaBuds {
        let opts = try c.options(1, declared: options)
        let name = try opts.string("name") ?? "buds"
        let buds = LuaBuds(name: name, stage: stage)
        if let placed = opts.table["placed"].table {
            buds.buds.place(try ids(.table(placed), c, what: "option 'placed'"))
        } else if opts.has("placed") {
            throw opts.optionError("placed", "a list of bubble names")
        }
        return buds
    }

    /// A list of distinct, non-empty bubble names.
    static func ids(_ value: LuaValue, _ c: LuaCall, what: String) throws -> [String] {
        let usage = "a list of bubble names such as { \"previous\", \"next\" }"
        guard case .table(let t) = value, t.fields.isEmpty else {
            throw c.valueError(what, usage, got: value.typeName)
        }
        var seen = Set<String>()
        return try t.array.enumerated().map { i, v in
            guard case .string(let id) = v, !id.isEmpty else {
                throw c.valueError(what, usage, got: "\(v.described()) as item \(i + 1)")
            }
            guard seen.insert(id).inserted else {
                throw c.refusal("\(what) names \"\(id)\" twice")
            }
            return id
        }
    }

    /// A stagger argument, with its default (the choreography's own spacing).
    static func stagger(default d: Double) -> ArgumentSpec {
        .opt("stagger", "number", "s", default: d, bounds: .between(0, 10, must: "a stagger from 0 to 10 seconds"),
             must: "a stagger in seconds")
    }

    static func describe(_ cls: LuaClass<Bound<LuaBuds>>, context: BindingContext) {
        // bloom(list[, stagger = 0.05[, delay = 0]]): adds them home, then sends them out 24 ms (plus `delay`) later,
        // `stagger` apart.
        cls.method("bloom", "Adds bubbles home, then sends them out, stagger apart, after an optional delay",
                   [.arg("names", "string[]"), stagger(default: Budding.bloomStagger),
                    .opt("delay", "number", "s", default: 0, bounds: .atMost(60), must: "a delay in seconds")]) { o, c in
            let list = try ids(try c.value(1), c, what: "argument 1")
            let spacing = try c.number(2)
            // The specification waits max(delay, 0): a delay below 0 is none; one past a minute is a mistake.
            let delay = try c.number(3)
            try c.refuseChange(on: o.stage, "bloom bubbles")
            o.value.bloom(list, stagger: spacing, delay: delay)
            return 0
        }
        // gather(list[, stagger = 0.04]): calls them home, last first, and removes them 0.52 s + count x stagger later.
        cls.method("gather", "Calls bubbles home, last first, and removes them",
                   [.arg("names", "string[]"), stagger(default: Budding.gatherStagger)]) { o, c in
            let list = try ids(try c.value(1), c, what: "argument 1")
            let spacing = try c.number(2)
            try c.refuseChange(on: o.stage, "gather bubbles")
            o.value.gather(list, stagger: spacing)
            return 0
        }
        // place(list): out at rest at once, with no animation (a first frame).
        cls.method("place", "Puts bubbles out at rest at once, with no animation",
                   [.arg("names", "string[]")]) { o, c in
            let list = try ids(try c.value(1), c, what: "argument 1")
            let buds = o.value
            try c.refuseChange(on: o.stage, "place bubbles")
            o.stage.transact(Transaction(disablesAnimations: true)) { buds.buds.place(list) }
            return 0
        }
        cls.method("isOut", "Whether a bubble is out",
                   [.arg("name", "string", must: "a bubble name")], returns: "boolean") { o, c in
            c.push(o.value.buds.isOut(try c.string(1))); return 1
        }
        cls.method("contains", "Whether a bubble is present",
                   [.arg("name", "string", must: "a bubble name")], returns: "boolean") { o, c in
            c.push(o.value.buds.contains(try c.string(1))); return 1
        }
        cls.reading("name", "string", "The buds' name in the frame log") { o, c in c.push(o.value.name); return 1 }
        cls.reading("present", "string[]", "The bubbles present") { o, c in
            LuaValue.table(LuaTable(array: o.value.buds.present.map { .string($0) })).push(c.L)
            return 1
        }
        cls.reading("out", "string[]", "The bubbles out") { o, c in
            let buds = o.value.buds
            LuaValue.table(LuaTable(array: buds.present.filter { buds.isOut($0) }.map { .string($0) })).push(c.L)
            return 1
        }
    }
}
