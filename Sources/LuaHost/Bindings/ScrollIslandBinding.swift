import CLua
import CLuaShim
import PieceKit

/// `s:scrollIsland{ page = page, ... }`: the island over a page, its gestures, keys and VoiceOver (the shared
/// interaction methods), the app's side of its bindings (`setExpanded`, `set`), and its layout by name.
enum ScrollIslandBinding: StageMadeBinding {
    static let example = "{ page = page }"
    static let options: [OptionSpec] = [
        .init("page", "piecebox.page", required: true, missing: "a page made with s:page{...}", "The page it follows"),
        .init("name", "string", default: "scrollIsland", "The piece's name in the frame log"),
        .init("progress", "\"page\"|\"estimate\"|number", default: "\"page\"",
              "How the island shows progress: the page's reading, an estimate, or a fixed fraction (pinned to 0 to 1)"),
        .init("showsTopButton", "boolean", default: "true", "Whether it shows a back-to-top button"),
        .init("maxWidth", number: 360, unit: "pt", bounds: .above(0, must: "a width in points above 0"), "The widest the island grows",
              must: "a width in points"),
        .init("isExpanded", "boolean", "The app's isExpanded binding; left out, the island keeps its own state"),
        .init("messages", "table", "Copy that replaces the standard strings, by key",
              must: "a table of copy such as { contents = \"On this page\" }"),
    ]
    static let setOptions = OptionSpec.picking(["progress", "showsTopButton"], from: options)
    static let messageKeys = ["contents", "backToTop", "openHint", "closeHint"]

    static func make(on stage: Stage, _ c: LuaCall, context: BindingContext) throws -> ScrollIslandPiece {
        let opts = try c.options(1, declared: options, optional: false)
        let page = try PageBinding.value(inOption: "page", of: opts, c, on: stage)
        let name = try opts.pieceName(default: "scrollIsland")
        let progress = try self.progress(opts.table["progress"], c)
        let showsTopButton = try opts.boolean(declared: "showsTopButton")
        let maxWidth = try opts.number(declared: "maxWidth")
        var isExpanded: Bool?
        switch opts.table["isExpanded"] {
        case .nil: isExpanded = nil
        case .boolean(let b): isExpanded = b
        default:
            throw opts.optionError("isExpanded", "true or false (the app's binding), or left out (the island keeps its own state)")
        }
        let messages = try self.messages(opts, c)
        let island = ScrollIslandPiece(page: page, context: stage, name: name, progress: progress,
                                       isExpanded: isExpanded, showsTopButton: showsTopButton,
                                       style: ScrollIslandStyle(maxWidth: maxWidth), messages: messages)
        do { try stage.add(island) } catch { throw c.refusal("\(error)") }
        return island
    }

    /// "page" (the page's reading), "estimate" (nil), or a number from 0 to 1. A finite number outside that range
    /// is taken and pinned, as the seed pins `progress` (an overscrolled reading of 1.02 is an honest input).
    static func progress(_ value: LuaValue, _ c: LuaCall) throws -> ScrollIslandProgress {
        switch value {
        case .nil, .string("page"): return .page
        case .string("estimate"): return .estimate
        case .number(let n) where n.isFinite: return .fixed(n)
        default:
            throw c.optionError("progress", "\"page\", \"estimate\" or a number from 0 to 1 (others are pinned into that range, as the island pins them)", got: value.described())
        }
    }

    private static func messages(_ opts: Options, _ c: LuaCall) throws -> ScrollIslandMessages {
        var messages = ScrollIslandMessages.standard
        guard let t = try opts.table("messages") else {
            return messages
        }
        for key in t.keys where !messageKeys.contains(key) {
            throw c.refusal("option 'messages' has an unknown key '\(key)' (known: \(messageKeys.joined(separator: ", ")))")
        }
        func text(_ key: String) throws -> String? {
            switch t[key] {
            case .nil: return nil
            case .string(let s): return s
            default: throw c.valueError("messages.\(key)", "a string", got: t[key].typeName)
            }
        }
        if let s = try text("contents") { messages.contents = s }
        if let s = try text("backToTop") { messages.backToTop = s }
        if let s = try text("openHint") { messages.openHint = s }
        if let s = try text("closeHint") { messages.closeHint = s }
        return messages
    }

    // MARK: The class

    static func describe(_ cls: LuaClass<Bound<ScrollIslandPiece>>, context: BindingContext) {
        InteractionBinding.addMethods(to: cls, context: context)

        // setExpanded(open): the app sets its isExpanded binding (a toolbar button, say).
        cls.method("setExpanded", "The app sets its isExpanded binding (a toolbar button, say)",
                   [.arg("open", "boolean")]) { o, c in
            let open = try c.boolean(1)
            guard o.value.boundExpanded != nil else {
                throw c.refusal("this island keeps its own open state; pass isExpanded = false to s:scrollIsland{...} to bind it")
            }
            try c.refuseChange(on: o.stage, "open or close the island")
            o.value.setExpanded(open)
            return 0
        }
        // set{ progress = ..., showsTopButton = ... }: the app passes new parameters.
        cls.method("set", "The app passes new parameters",
                   [.arg("changes", OptionSpec.tableType(setOptions))]) { o, c in
            let opts = try c.options(1, declared: setOptions, optional: false)
            let progress = opts.has("progress") ? try self.progress(opts.table["progress"], c) : nil
            let shows = opts.has("showsTopButton") ? try opts.boolean("showsTopButton", default: true) : nil
            try c.refuseChange(on: o.stage, "change the island's parameters")
            o.value.update { island in
                if let progress { island.progress = progress }
                if let shows { island.showsTopButton = shows }
            }
            return 0
        }
        cls.reading("name", "string", "The piece's name in the frame log") { o, c in c.push(o.value.name); return 1 }
        cls.reading("isOpen", "boolean",
                    "Whether the panel is open on screen") { o, c in c.push(o.value.isOpen); return 1 }
        cls.reading("isExpanded", "boolean", "Whether it is expanded") { o, c in c.push(o.value.isExpanded); return 1 }
        cls.reading("selection", "string?", "The page's selected section id") { o, c in
            if let s = o.value.page.selection { c.push(s) } else { c.pushNil() }
            return 1
        }
        // 1-based, as the rows and "Section 3 of 6".
        cls.reading("current", "integer",
                    "The current section (1-based)") { o, c in c.push(Double(o.value.currentIndex + 1)); return 1 }
        cls.reading("shown", "integer",
                    "The section the island shows (1-based)") { o, c in c.push(Double(o.value.displayIndex + 1)); return 1 }
        cls.reading("puckRow", "integer",
                    "The row the puck is on (1-based)") { o, c in c.push(Double(o.value.puckRow + 1)); return 1 }
        cls.reading("readFraction", "number",
                    "How much of the page has been read, 0 to 1") { o, c in c.push(o.value.readFraction); return 1 }
        cls.reading("count", "integer", "How many rows it has") { o, c in c.push(Double(o.value.count)); return 1 }
        cls.reading("layout", "table?",
                    "Where everything rests for the current state, by the frame log's names") { o, c in
            guard let layout = o.value.layout(in: o.stage.environment) else { c.pushNil(); return 1 }
            layoutValue(layout, island: o.value).push(c.L)
            return 1
        }
    }

    /// Where everything rests for the current state, by the frame log's names.
    static func layoutValue(_ l: ScrollIslandLayout, island: ScrollIslandPiece) -> LuaValue {
        func rect(_ r: Rect, _ extra: [(String, LuaValue)] = []) -> LuaValue {
            .table(LuaTable(fields: ([("h", .number(r.height)), ("w", .number(r.width)), ("x", .number(r.x)),
                                      ("y", .number(r.y))] + extra).sorted { $0.0 < $1.0 }))
        }
        var fields: [(String, LuaValue)] = [
            ("glass", rect(l.glass, [("radius", .number(l.cornerRadius))])),
            ("bar", rect(l.bar.frame)),
            ("ring", rect(l.bar.ring, [("arc", .number(l.ring.fraction)), ("stroke", .number(l.ring.lineWidth))])),
            ("title", rect(l.bar.title, [("truncated", .boolean(l.bar.titleTruncated))])),
            ("contents", rect(l.bar.contents)),
            ("panel", rect(l.panel.frame)),
            ("rows", rect(l.panel.rowsFrame, [("scrolls", .boolean(l.panel.scrolls))])),
            ("barHeight", .number(l.metrics.barHeight)),
            ("rowHeight", .number(l.metrics.rowHeight)),
            ("widest", .number(l.widest)),
            ("isOpen", .boolean(l.isOpen)),
            ("readFraction", .number(l.readFraction)),
            ("spokenValue", .string(l.spokenValue)),
        ]
        if let p = l.bar.position { fields.append(("position", rect(p))) }
        if let r = l.bar.read { fields.append(("read", rect(r))) }
        if let ch = l.bar.chevron { fields.append(("chevron", rect(ch))) }
        if let b = l.bubble {
            fields.append(("bubble", rect(b.frame, [("out", .boolean(b.isOut)), ("scale", .number(b.scale))])))
        }
        var rows = LuaTable()
        let sections = island.sections  // built on each read: once, not once per row
        for i in 0..<l.count {
            if let row = l.row(i, sections: sections, rowsOffset: island.state.rowsOffset, measure: island.measure) {
                rows.array.append(rect(row.frame))
            }
        }
        fields.append(("row", .table(rows)))
        return .table(LuaTable(fields: fields.sorted { $0.0 < $1.0 }))
    }
}
