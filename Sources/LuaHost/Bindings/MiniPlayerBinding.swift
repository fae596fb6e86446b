import CLua
import CLuaShim
import PieceKit

/// `s:miniPlayer{ player = p, name = "miniPlayer", messages = {...}, dragSpace = "view", dragGeometry = "drawn" }`:
/// the mini bar that grows into a full-screen
/// player, bound to a player (title and subtitle from its track and artist, progress from its time over the
/// duration); its gestures and VoiceOver (the shared interaction methods), and what it knows: `isExpanded`,
/// `progress` and `layout` (every rect where it rests, closed and open, in stage coordinates).
enum MiniPlayerBinding: StageMadeBinding {
    static let example = "{ player = player, name = \"mini\" }"
    static let options: [OptionSpec] = [
        .init("player", "piecebox.player|table", required: true,
              missing: "a player made with s:player{...}, or a Lua player table", "The player it shows and controls"),
        .init("name", "string", default: "miniPlayer", "The piece's name in the frame log"),
        .init("messages", "table", "Copy that replaces the standard strings, by key"),
        .init("dragSpace", choice: MiniPlayer.DragSpace.allCases.map(\.rawValue), default: MiniPlayer.defaultDragSpace.rawValue,
              "Where the open player's drag is measured: its own moving space, or the screen one for one"),
        .init("dragGeometry", choice: MiniPlayer.DragGeometry.allCases.map(\.rawValue), default: MiniPlayer.defaultDragGeometry.rawValue,
              "The player's offset a touch is turned into its space with: as drawn, or where it is heading (a guess)"),
    ]
    static let messageKeys = ["openPlayer", "closePlayer", "play", "pause", "position", "previous", "next"]

    static func make(on stage: Stage, _ c: LuaCall, context: BindingContext) throws -> MiniPlayerPiece {
        let opts = try c.options(1, declared: options, optional: false)
        let player = try PlayerOption.read(c, opts, on: stage, context: context)
        let name = try opts.pieceName(default: "miniPlayer")
        let space = try opts.choice(declared: "dragSpace", MiniPlayer.DragSpace.self)
        let geometry = try opts.choice(declared: "dragGeometry", MiniPlayer.DragGeometry.self)
        let piece = MiniPlayerPiece(context: stage, player: player, name: name,
                                    messages: try messages(opts.table["messages"], c),
                                    dragSpace: space,
                                    dragGeometry: geometry)
        do { try stage.add(piece) } catch { throw c.refusal("\(error)") }
        return piece
    }

    static func messages(_ value: LuaValue, _ c: LuaCall) throws -> MiniPlayer.Messages {
        try readMessages(value, c, standard: .standard, example: "{ openPlayer = \"Show player\" }", lines: [
            ("openPlayer", \.openPlayer), ("closePlayer", \.closePlayer), ("play", \.play), ("pause", \.pause),
            ("position", \.position), ("previous", \.previous), ("next", \.next),
        ])
    }

    // MARK: The class

    static func describe(_ cls: LuaClass<Bound<MiniPlayerPiece>>, context: BindingContext) {
        InteractionBinding.addMethods(to: cls, context: context)
        cls.reading("name", "string", "The piece's name in the frame log") { o, c in c.push(o.value.name); return 1 }
        cls.reading("isExpanded", "boolean", "Whether it is expanded") { o, c in c.push(o.value.isExpanded); return 1 }
        cls.reading("progress", "number",
                    "How far the track has played, 0 to 1") { o, c in c.push(o.value.progress); return 1 }
        cls.reading("dragOffset", "number",
                    unit: "pt", "How far a finger has dragged it") { o, c in c.push(o.value.state.dragOffset); return 1 }
        cls.reading("layout", "table",
                    "Where everything rests for the current state, by the frame log's names") { o, c in layoutValue(o.value.layout(in: o.stage.environment)).push(c.L); return 1 }
    }

    /// Where everything rests: `closed` and `open`, each by the frame's element names, plus the bar's heights
    /// and the content's padding.
    static func layoutValue(_ g: MiniPlayerLayout) -> LuaValue {
        typealias L = MiniPlayerLayout
        func rect(_ r: Rect, _ extra: [(String, LuaValue)] = []) -> LuaValue {
            .table(LuaTable(fields: ([("h", .number(r.height)), ("w", .number(r.width)), ("x", .number(r.x)),
                                      ("y", .number(r.y))] + extra).sorted { $0.0 < $1.0 }))
        }
        func table(_ fields: [(String, LuaValue)]) -> LuaValue {
            .table(LuaTable(fields: fields.sorted { $0.0 < $1.0 }))
        }
        let closed = table([
            ("background", rect(g.bar, [("radius", .number(L.barRadius))])),
            ("art", rect(g.miniArt, [("radius", .number(L.miniArtRadius))])),
            ("miniTitle", rect(g.miniTitle)), ("miniSubtitle", rect(g.miniSubtitle)), ("miniPlay", rect(g.miniPlay)),
            ("openButton", rect(g.openButton)),
        ])
        let open = table([
            ("background", rect(g.screen, [("radius", .number(0))])),
            ("art", rect(g.art, [("radius", .number(L.artRadius))])),
            ("chevron", rect(g.chevron)), ("title", rect(g.title)), ("subtitle", rect(g.subtitle)),
            ("progress", rect(g.progress)), ("previous", rect(g.previous)), ("play", rect(g.play)),
            ("next", rect(g.next)),
        ])
        return table([
            ("closed", closed), ("open", open), ("barHeight", .number(g.barHeight)),
            ("barHeightMetric", .number(g.barHeightMetric)), ("bottomPadding", .number(g.bottomPadding)),
            ("titleLines", .number(Double(g.titleLines))), ("subtitleLines", .number(Double(g.subtitleLines))),
            ("rtl", .boolean(g.rtl)),
        ])
    }
}
