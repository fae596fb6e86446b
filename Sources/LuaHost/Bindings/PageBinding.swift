import CLua
import CLuaShim
import PieceKit

/// `s:page{ sections = {...} }`: a mock long scroll view over sections, on the stage as a piece, and its methods
/// (`scroll`, `fling`, `keyboard`, the finger gestures) and readings (`selection`, `offset`, `readFraction`).
///
/// The page fills the stage, scrolls under the safe area's top and above its bottom (its content insets), and is
/// laid out as the seed's example page: when any section has paragraphs, every such section is measured in the
/// example's type (a title2 heading over body paragraphs, semibold, in a column 24 points in) and the page takes its
/// spacing (36) and padding (24 above, 360 below); otherwise sections keep their `height` and there is none.
enum PageBinding: StageMadeBinding {
    static let example = """
        { sections = { { id = "a", title = "A", height = 600 }, { id = "b", title = "B", height = 900 } } }
        """
    static let options: [OptionSpec] = [
        .init("sections", "{id: string, title: string, detail?: string, height?: number, paragraphs?: string[]}[]",
              required: true, missing: "a list of { id, title, detail, height | paragraphs }",
              "The page's sections, top to bottom", must: "a list of sections such as { { id = \"intro\", title = \"Intro\", height = 600 } }"),
        .init("name", "string", default: "page", "The page's name in the frame log"),
        .init("selection", "string", "The section selected at first", must: "a section id (a string)"),
        .init("keyboard", number: 0, unit: "pt", bounds: .atLeast(0, must: "a height in points of at least 0"),
              "The keyboard's overlap at first", must: "a height in points"),
        .init("spacing", "number", unit: "pt", bounds: .atLeast(0, must: "a distance in points of at least 0"),
              "Space between sections", must: "a distance in points"),
        .init("paddingTop", "number", unit: "pt", bounds: .atLeast(0, must: "a distance in points of at least 0"),
              "Space above the first section", must: "a distance in points"),
        .init("paddingBottom", "number", unit: "pt", bounds: .atLeast(0, must: "a distance in points of at least 0"),
              "Space below the last section", must: "a distance in points"),
    ]
    static let sectionKeys = ["id", "title", "detail", "height", "paragraphs"]

    static func make(on stage: Stage, _ c: LuaCall, context: BindingContext) throws -> LiveScrollPage {
        let opts = try c.options(1, declared: options, optional: false)
        let list = try opts.table(required: "sections")
        var sections: [ScrollPage.Section] = []
        var ids: Set<String> = []
        for (i, value) in list.array.enumerated() {
            let section = try self.section(value, number: i + 1, c)
            guard ids.insert(section.id).inserted else {
                throw c.refusal("section \(i + 1) repeats the id \"\(section.id)\"; each id names one section")
            }
            sections.append(section)
        }
        if !list.fields.isEmpty {
            throw c.optionError("sections", "a list (1, 2, 3 …)", got: "a table with keys such as '\(list.keys[0])'")
        }
        // The page keeps its own copy of every text for as long as the stage lives: what the call read is counted
        // as the stage's once the page is made (`keep`, in `StageMadeBinding.install`).
        let name = try opts.pieceName(default: "page")
        let selection = try opts.string("selection")
        if let selection { try opts.check("selection", selection, among: sections.map(\.id)) }
        let keyboard = try opts.number(declared: "keyboard")
        let page = ScrollPage.onStage(
            sections: sections, environment: stage.environment, keyboardInset: keyboard,
            spacing: try opts.number("spacing"), paddingTop: try opts.number("paddingTop"),
            paddingBottom: try opts.number("paddingBottom"),
            selection: selection)
        let live = LiveScrollPage(page: page, context: stage, name: name)
        do { try stage.add(live) } catch { throw c.refusal("\(error)") }
        return live
    }

    private static func section(_ value: LuaValue, number: Int, _ c: LuaCall) throws -> ScrollPage.Section {
        let what = "\(c.function): section \(number)"
        guard case .table(let t) = value else {
            throw ArgumentErrors.value(what, mustBe: "a table { id, title, detail, height | paragraphs }", got: value.typeName)
        }
        for key in t.keys where !sectionKeys.contains(key) {
            throw ArgumentErrors.refusal(what, "unknown key '\(key)' (known: \(sectionKeys.joined(separator: ", ")))")
        }
        guard case .string(let id) = t["id"], !id.isEmpty else {
            throw ArgumentErrors.inside(what, "'id'", mustBe: "a non-empty string", got: t["id"].typeName)
        }
        guard case .string(let title) = t["title"] else {
            throw ArgumentErrors.inside(what, "'title'", mustBe: "a string", got: t["title"].typeName)
        }
        var detail: String?
        switch t["detail"] {
        case .nil: detail = nil
        case .string(let s): detail = s
        default: throw ArgumentErrors.inside(what, "'detail'", mustBe: "a string", got: t["detail"].typeName)
        }
        var paragraphs: [String] = []
        switch t["paragraphs"] {
        case .nil: break
        case .table(let list) where list.fields.isEmpty:
            for (i, p) in list.array.enumerated() {
                guard case .string(let text) = p else {
                    throw ArgumentErrors.inside(what, "paragraph \(i + 1)", mustBe: "a string", got: p.typeName)
                }
                paragraphs.append(text)
            }
        default:
            throw ArgumentErrors.inside(what, "'paragraphs'", mustBe: "a list of strings", got: t["paragraphs"].typeName)
        }
        var height = 0.0
        switch t["height"] {
        case .nil:
            guard !paragraphs.isEmpty else {
                throw LuaHostError.message("\(what) (\"\(id)\") needs a 'height' in points or 'paragraphs' to measure")
            }
        default:
            height = try c.number(t["height"], at: "section \(number): 'height'", bounds: .atLeast(0),
                                  must: "a number of points of at least 0")
            guard paragraphs.isEmpty else {
                throw LuaHostError.message("\(what) (\"\(id)\"): give a 'height' or 'paragraphs', not both")
            }
        }
        return ScrollPage.Section(id: id, title: title, detail: detail, height: height, paragraphs: paragraphs)
    }

    // MARK: The class

    static let scrollOptions: [OptionSpec] = [
        .init("to", "string", "The id of the section to scroll to (or offset)", must: "a section id (a string)"),
        .init("offset", "number", unit: "pt", "The offset to scroll to (or to)", must: "an offset in points"),
        .init("animated", "boolean", default: "false", "Whether the scroll animates with the page's own animation"),
        .init("animation", "piecebox.animation|piecebox.spring", "The animation to scroll with"),
    ]
    /// The page's own fling: a velocity only (with dx or dy the call is a finger's flick, `InteractionBinding`).
    static let flingOptions: [OptionSpec] = [
        .init("velocity", "number", unit: "pt/s", required: true,
              missing: "points per second down the page; negative goes back up", "The speed down the page (negative: up)",
              must: "a speed in points per second"),
    ]

    static func describe(_ cls: LuaClass<Bound<LiveScrollPage>>, context: BindingContext) {
        InteractionBinding.addMethods(to: cls, context: context)

        // scroll{ to = id | offset = points, animated = false, animation = ... }: the app scrolls the page.
        cls.method("scroll", "The app scrolls the page to a section or an offset",
                   [.arg("options", OptionSpec.tableType(scrollOptions))]) { o, c in
            let opts = try c.options(1, declared: scrollOptions, optional: false)
            let animation = try scrollAnimation(opts, c, context: context)
            let to = try opts.string("to")
            let offset = try opts.number("offset")
            switch (to, offset) {
            case (let id?, nil):
                try opts.check("to", id, among: o.value.sections.map(\.id))
                o.value.select(id, animation: animation)
            case (nil, let y?):
                o.value.scroll(toOffset: y, animation: animation)
            default:
                throw c.refusal("give 'to' (a section id) or 'offset' (points), one of them")
            }
            return 0
        }
        // fling{ velocity = 2000 }: lets the page go at that speed down the page (negative: back up). With dx or
        // dy it is a finger's flick instead, as on any piece.
        let fingerFling = cls.methods["fling"]
        cls.method("fling",
                   "Lets the page go at a speed down the page (negative: up); with dx or dy, a finger's flick as on any piece",
                   [.arg("options", OptionSpec.tableType(flingOptions) + "|" + OptionSpec.tableType(InteractionBinding.flingOptions))], returns: "integer?") { o, c in
            if c.type(1) == LUA_TTABLE, let t = try c.value(1).table, !t["dx"].isNil || !t["dy"].isNil || !t["part"].isNil
                || !t["x"].isNil, let fingerFling {
                return try fingerFling(o, c)
            }
            let opts = try c.options(1, declared: flingOptions, optional: false)
            let velocity = try opts.number(required: "velocity")
            o.value.fling(velocity: velocity)
            return 0
        }
        // keyboard(height [, animation]): the keyboard's overlap; 0 puts it away.
        cls.method("keyboard", "The keyboard's overlap; 0 puts it away",
                   [.arg("height", "number", "pt", bounds: .atLeast(0), must: "a height in points"), .opt("animation", "piecebox.animation")]) { o, c in
            let height = try c.number(1)
            let animation = c.isNil(2) ? nil : try MotionBinding.animationArgument(c, 2, context: context)
            o.value.setKeyboard(height, animation: animation)
            return 0
        }
        // section(id or index): { id, title, detail, y, h } in content coordinates.
        cls.method("section", "A section by number (from 1) or id, in content coordinates",
                   [.arg("section", "integer|string", must: "a section number")], returns: "{id: string, title: string, detail?: string, y: number, h: number, restingOffset: number}") { o, c in
            let sections = o.value.sections
            guard !sections.isEmpty else {
                throw c.refusal("this page has no sections")
            }
            let index: Int
            if c.type(1) == LUA_TNUMBER {
                let n = try c.integer(1)
                guard n >= 1, n <= sections.count else { throw c.argumentError(1, within: 1...sections.count, got: "\(n)") }
                index = n - 1
            } else {
                let id = try c.string(1)
                guard let i = o.value.page.index(of: id) else {
                    throw c.refusal("no section has the id \"\(id)\"")
                }
                index = i
            }
            let frames = o.value.page.sectionFrames
            guard frames.indices.contains(index) else { c.pushNil(); return 1 }
            LuaValue.table(LuaTable(fields: [
                ("detail", sections[index].detail.map { .string($0) } ?? .nil),
                ("h", .number(frames[index].height)), ("id", .string(sections[index].id)),
                ("restingOffset", .number(o.value.page.restingOffset(for: sections[index].id) ?? 0)),
                ("title", .string(sections[index].title)), ("y", .number(frames[index].minY)),
            ])).push(c.L)
            return 1
        }
        addReadings(to: cls)
    }

    /// Where the page is and what it shows.
    private static func addReadings(to cls: LuaClass<Bound<LiveScrollPage>>) {
        cls.reading("name", "string", "The page's name in the frame log") { o, c in c.push(o.value.name); return 1 }
        cls.reading("selection", "string?", "The selected section's id") { o, c in
            if let s = o.value.selection { c.push(s) } else { c.pushNil() }
            return 1
        }
        cls.reading("sectionAtAnchor", "string?", "The id of the section at the reading anchor") { o, c in
            if let s = o.value.sectionAtAnchor { c.push(s) } else { c.pushNil() }
            return 1
        }
        cls.reading("offset", "number", unit: "pt", "The scroll offset") { o, c in c.push(o.value.offset); return 1 }
        cls.reading("readFraction", "number",
                    "How much of the page has been read, 0 to 1") { o, c in c.push(o.value.readFraction); return 1 }
        cls.reading("contentHeight", "number",
                    unit: "pt", "The content's height") { o, c in c.push(o.value.page.contentHeight); return 1 }
        cls.reading("minOffset", "number",
                    unit: "pt", "The least resting offset") { o, c in c.push(o.value.page.offsetRange.lowerBound); return 1 }
        cls.reading("maxOffset", "number",
                    unit: "pt", "The greatest resting offset") { o, c in c.push(o.value.page.offsetRange.upperBound); return 1 }
        cls.reading("isMoving", "boolean",
                    "Whether the page is scrolling") { o, c in c.push(o.value.isMoving); return 1 }
        cls.reading("count", "integer",
                    "How many sections it has") { o, c in c.push(Double(o.value.sections.count)); return 1 }
    }

    /// `animation = <animation>` as given, `animated = true` with SwiftUI's default `withAnimation`, else none.
    private static func scrollAnimation(_ opts: Options, _ c: LuaCall, context: BindingContext) throws -> Animation? {
        let animated = try opts.boolean(declared: "animated")
        guard opts.has("animation") else { return animated ? .default : nil }
        // The animation is a userdata, so it is read from the raw table.
        let L = c.L
        lua_pushstring(L, "animation")
        lua_rawget(L, 1 + c.offset)
        defer { clua_pop(L, 1) }
        var inner = c
        inner.offset = 0
        return try MotionBinding.animationArgument(inner.named("\(c.function): option 'animation'"), lua_gettop(L), context: context)
    }
}
