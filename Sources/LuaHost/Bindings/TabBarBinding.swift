import CLua
import CLuaShim
import PieceKit

/// `s:tabBar{ page = page, accessory = true, minimizeBehavior = "onScrollDown" | "never", selected = "library",
/// name = "tabBar" }`: the glass tab bar over a scroll page, with `bar:select(tab)`, `bar:setMinimized(flag)`, the
/// shared gestures on its parts ("bar", "tab.library", "tab.radio", "search", "accessory") and readings
/// `minimized` and `selected`.
enum TabBarBinding: StageMadeBinding {
    static let example = "{ page = page, accessory = true }"
    static let options: [OptionSpec] = [
        .init("page", "piecebox.page", "The page whose scrolling minimizes the bar"),
        .init("accessory", "boolean", default: "false", "Whether the bar has an accessory"),
        .init("minimizeBehavior", choice: ["onScrollDown", "never"], default: "onScrollDown", "When the bar minimizes",
              must: "\"onScrollDown\" or \"never\""),
        .init("selected", choice: TabBarPiece.tabs.map(\.id) + ["search"], default: "library", "The tab selected at first"),
        .init("name", "string", default: "tabBar", "The piece's name in the frame log"),
    ]

    static func make(on stage: Stage, _ c: LuaCall, context: BindingContext) throws -> TabBarPiece {
        let opts = try c.options(1, declared: options, optional: false)
        let page = try PageBinding.value(inOption: "page", of: opts, c, on: stage)
        let name = try opts.pieceName(default: "tabBar")
        let behavior = try opts.string(declared: "minimizeBehavior")
        let selected = try opts.string(declared: "selected")
        let bar = TabBarPiece(context: stage, page: page, name: name,
                              accessory: try opts.boolean(declared: "accessory"),
                              minimizesOnScrollDown: behavior == "onScrollDown", selected: selected)
        do { try stage.add(bar) } catch { throw c.refusal("\(error)") }
        return bar
    }

    static func describe(_ cls: LuaClass<Bound<TabBarPiece>>, context: BindingContext) {
        InteractionBinding.addMethods(to: cls, context: context)
        cls.method("select", "Selects a tab", [.arg("id", "string", must: "a tab id (\"library\", \"radio\" or \"search\")")]) { o, c in
            let id = try c.string(1)
            do { try o.value.select(id) } catch { throw c.refusal("\(error)") }
            return 0
        }
        cls.method("setMinimized", "Minimizes the bar or brings it back", [.arg("minimized", "boolean")]) { o, c in
            o.value.setMinimized(try c.boolean(1))
            return 0
        }
        cls.reading("name", "string", "The piece's name in the frame log") { o, c in c.push(o.value.name); return 1 }
        cls.reading("minimized", "boolean",
                    "Whether the bar is minimized") { o, c in c.push(o.value.isMinimized); return 1 }
        cls.reading("selected", "string", "The selected tab's id") { o, c in c.push(o.value.selected); return 1 }
    }
}
