import PieceKit

/// `s:tools{ expanded = false, name = "tools" }`: the pencil and eraser in one glass container, with `t:toggle()`,
/// `t:setExpanded(open)` and the reading `expanded`, besides what every glass group answers to.
enum ToolsBinding: StageMadeBinding {
    static let example = "{}"
    static let options: [OptionSpec] = [
        .init("expanded", "boolean", default: "false", "Whether the tools start open"),
        .init("name", "string", default: "tools", "The piece's name in the frame log"),
        .init("labels", "{pencil?: string, eraser?: string}", default: "the symbols' labels: \"Pencil\", \"Eraser\"",
              "What VoiceOver reads for each button (the app's .accessibilityLabel)"),
    ]

    static func make(on stage: Stage, _ c: LuaCall, context: BindingContext) throws -> ToolsPiece {
        let opts = try c.options(1, declared: options)
        let name = try opts.pieceName(default: "tools")
        let tools: ToolsPiece
        let labels = try Self.labels(opts)
        do {
            tools = try ToolsPiece(context: stage, name: name, expanded: try opts.boolean(declared: "expanded"),
                                   labels: labels)
        } catch let error as GlassGroupError {
            throw c.refusal("\(error)")
        }
        do { try stage.add(tools) } catch { throw c.refusal("\(error)") }
        return tools
    }

    /// `labels = { pencil = "Draw" }`: a text for either button, nothing else.
    static func labels(_ opts: Options) throws -> [String: String] {
        guard let table = try opts.table("labels") else { return [:] }
        let expected = "a table of texts keyed by pencil or eraser"
        guard table.array.isEmpty else { throw opts.optionError("labels", expected, got: "a list") }
        var out: [String: String] = [:]
        for (key, value) in table.fields {
            guard ToolsPiece.symbols.contains(key) else {
                throw opts.optionError("labels", expected, got: "the key '\(ReportText.clip(key, limit: 64))'")
            }
            guard case .string(let text) = value else { throw opts.optionError("labels", expected, got: "\(key) = \(value.typeName)") }
            out[key] = text
        }
        return out
    }

    static func describe(_ cls: LuaClass<Bound<ToolsPiece>>, context: BindingContext) {
        GlassGroupBinding.addShared(to: cls, context: context)
        // toggle(): the pencil's action, withAnimation(.bouncy) { expanded.toggle() }.
        cls.method("toggle", "The pencil's action: opens or closes the tools, bouncy") { o, c in
            o.value.toggle()
            return 0
        }
        cls.method("setExpanded", "Opens or closes the tools", [.arg("open", "boolean")]) { o, c in
            o.value.setExpanded(try c.boolean(1))
            return 0
        }
        cls.reading("expanded", "boolean", "Whether the tools are open") { o, c in c.push(o.value.expanded); return 1 }
    }
}
