import CLua
import CLuaShim
import PieceKit

/// `s:sheet{ detents = { "medium", "large" }, presented = false, name = "sheet" }`: a floating glass sheet with
/// `sh:present()`, `sh:dismiss()`, `sh:setDetent("large")`, the shared gestures on its parts "sheet" and
/// "grabber", and readings `presented`, `detent`, `detents` (the active ones here) and `layout`.
enum SheetBinding: StageMadeBinding {
    static let example = "{ detents = { \"medium\", \"large\" } }"
    static let options: [OptionSpec] = [
        .init("detents", "string[]", "The detents it may rest at",
              must: "a list of detents such as { \"medium\", \"large\" }"),
        .init("presented", "boolean", default: "false", "Whether it starts presented"),
        .init("name", "string", default: "sheet", "The piece's name in the frame log"),
    ]

    static func make(on stage: Stage, _ c: LuaCall, context: BindingContext) throws -> SheetPiece {
        let opts = try c.options(1, declared: options)
        let name = try opts.pieceName(default: "sheet")
        var detents: [SheetDetent] = [.large]
        if let list = try opts.table("detents") {
            guard list.keys.isEmpty, !list.array.isEmpty else {
                throw opts.optionError("detents", "a non-empty list such as { \"medium\", \"large\" }",
                                       got: list.keys.first.map { "a table with key '\($0)'" } ?? "an empty list")
            }
            detents = try list.array.enumerated().map { i, v in
                try c.choice(v, at: "detents[\(i + 1)]", SheetDetent.self, must: detentsMust)
            }
        }
        let sheet = SheetPiece(context: stage, name: name, detents: detents,
                               presented: try opts.boolean(declared: "presented"))
        do { try stage.add(sheet) } catch { throw c.refusal("\(error)") }
        return sheet
    }

    /// The detents a script names, and how a refusal lists them.
    static let detentNames = SheetDetent.allCases.map(\.rawValue)
    static let detentsMust = "\"medium\" or \"large\""

    static func describe(_ cls: LuaClass<Bound<SheetPiece>>, context: BindingContext) {
        InteractionBinding.addMethods(to: cls, context: context)
        cls.method("present", "Presents the sheet") { o, c in o.value.present(); return 0 }
        cls.method("dismiss", "Dismisses the sheet") { o, c in o.value.dismiss(); return 0 }
        cls.method("setDetent", "Moves the sheet to a detent",
                   [.arg("detent", "string", choice: detentNames, must: detentsMust)]) { o, c in
            let d = try c.choice(1, SheetDetent.self)
            do { try o.value.setDetent(d) } catch { throw c.refusal("\(error)") }
            return 0
        }
        cls.reading("name", "string", "The piece's name in the frame log") { o, c in c.push(o.value.name); return 1 }
        cls.reading("presented", "boolean", "Whether it is presented") { o, c in c.push(o.value.isPresented); return 1 }
        cls.reading("detent", "string?", "The detent shown, nil when dismissed") { o, c in
            if let d = o.value.shownDetent(in: o.stage.environment) { c.push(d.rawValue) } else { c.pushNil() }
            return 1
        }
        cls.reading("detents", "string[]", "The active detents") { o, c in
            let active = o.value.layout(in: o.stage.environment).detents
            c.push(.table(LuaTable(array: active.map { .string($0.rawValue) })))
            return 1
        }
        // Where the sheet's top edge rests at each active detent, and dismissed.
        cls.reading("layout", "table<string, number>",
                    unit: "pt", "Where the sheet's top edge rests at each active detent, and dismissed") { o, c in
            let l = o.value.layout(in: o.stage.environment)
            var fields: [(String, LuaValue)] = [("dismissed", .number(l.dismissedTop))]
            for d in l.detents { fields.append((d.rawValue, .number(l.top(of: d)))) }
            c.push(.table(LuaTable(fields: fields.sorted { $0.0 < $1.0 })))
            return 1
        }
    }
}
