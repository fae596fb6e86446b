import CLua
import CLuaShim
import PieceKit

/// A sheet as scripts hold it.
final class SheetObject {
    let sheet: SheetPiece
    let stage: Stage
    init(sheet: SheetPiece, stage: Stage) { self.sheet = sheet; self.stage = stage }
}

/// `s:sheet{ detents = { "medium", "large" }, presented = false, name = "sheet" }`: a floating glass sheet with
/// `sh:present()`, `sh:dismiss()`, `sh:setDetent("large")`, the shared gestures on its parts "sheet" and
/// "grabber", and readings `presented`, `detent`, `detents` (the active ones here) and `layout`.
enum GlassSheetBinding {
    static let optionKeys = ["detents", "presented", "name"]

    static func install(on cls: LuaClass<StageObject>, context: ScenarioContext) {
        cls.method("sheet") { o, c in
            let opts = try c.options(1, allowed: optionKeys)
            let name = try opts.pieceName(default: "sheet")
            var detents: [SheetDetent] = [.large]
            if let list = try opts.table("detents", "a list of detents such as { \"medium\", \"large\" }") {
                guard list.keys.isEmpty, !list.array.isEmpty else {
                    throw LuaHostError.message("\(c.function): option 'detents' must be a non-empty list such as { \"medium\", \"large\" }")
                }
                detents = try list.array.enumerated().map { i, v in try detent(v, c, where: "detents[\(i + 1)]") }
            }
            let sheet = SheetPiece(context: o.stage, name: name, detents: detents,
                                   presented: try opts.boolean("presented", default: false))
            do { try o.stage.add(sheet) } catch { throw LuaHostError.message("\(c.function): \(error)") }
            context.state.push(SheetObject(sheet: sheet, stage: o.stage), as: sheetClass(context))
            return 1
        }
    }

    static func detent(_ value: LuaValue, _ c: LuaCall, where place: String) throws -> SheetDetent {
        guard case .string(let s) = value, let d = SheetDetent(rawValue: s) else {
            throw LuaHostError.message("\(c.function): \(place) must be \"medium\" or \"large\", got \(value.described())")
        }
        return d
    }

    static func sheetClass(_ context: ScenarioContext) -> LuaClass<SheetObject> {
        let state = context.state
        if let cached = state.classCache["sheet"] as? LuaClass<SheetObject> { return cached }
        let cls = LuaClass<SheetObject>("sheet")
        state.classCache["sheet"] = cls
        InteractionBinding.addMethods(to: cls, context: context, piece: { $0.sheet }, stage: { $0.stage })
        cls.method("present") { o, c in o.sheet.present(); return 0 }
        cls.method("dismiss") { o, c in o.sheet.dismiss(); return 0 }
        cls.method("setDetent") { o, c in
            let d = try detent(try c.value(1), c, where: "argument 1")
            do { try o.sheet.setDetent(d) } catch { throw LuaHostError.message("\(c.function): \(error)") }
            return 0
        }
        cls.property("name") { o, c in c.push(o.sheet.name); return 1 }
        cls.property("presented") { o, c in c.push(o.sheet.isPresented); return 1 }
        cls.property("detent") { o, c in
            if let d = o.sheet.shownDetent(in: o.stage.environment) { c.push(d.rawValue) } else { c.pushNil() }
            return 1
        }
        cls.property("detents") { o, c in
            let active = o.sheet.layout(in: o.stage.environment).detents
            c.push(.table(LuaTable(array: active.map { .string($0.rawValue) })))
            return 1
        }
        // Where the sheet's top edge rests at each active detent, and dismissed.
        cls.property("layout") { o, c in
            let l = o.sheet.layout(in: o.stage.environment)
            var fields: [(String, LuaValue)] = [("dismissed", .number(l.dismissedTop))]
            for d in l.detents { fields.append((d.rawValue, .number(l.top(of: d)))) }
            c.push(.table(LuaTable(fields: fields.sorted { $0.0 < $1.0 })))
            return 1
        }
        return cls
    }
}
