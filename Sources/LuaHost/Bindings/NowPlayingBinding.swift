import CLua
import CLuaShim
import PieceKit

/// `s:nowPlaying{ player = p, skipping = "tracks" | "podcast" | { back = 15, forward = 30 }, expanded = false,
/// messages = {...}, onSkip = true, onSeek = true, name = "nowPlaying" }`: the piece bound to a player, its gestures,
/// keys and VoiceOver (the shared interaction methods), the app's side of its binding (`setExpanded`, `set`), and
/// its layout by name in stage coordinates (`np.layout.card`).
enum NowPlayingBinding: StageMadeBinding {
    static let example = "{ player = player }"
    static let options: [OptionSpec] = [
        .init("player", "piecebox.player|table", required: true,
              missing: "a player made with s:player{...}, or a Lua player table", "The player it shows and controls"),
        .init("skipping", "string|{back: integer, forward: integer}", default: "\"tracks\"",
              "\"tracks\", \"podcast\" (15 back, 30 forward) or seconds back and forward"),
        .init("expanded", "boolean", default: "false", "The app's expanded binding"),
        .init("messages", "table", "Copy that replaces the standard strings, by key"),
        .init("onSkip", "boolean", default: "true", "Whether the app handles skipping"),
        .init("onSeek", "boolean", default: "true", "Whether the app handles seeking"),
        .init("name", "string", default: "nowPlaying", "The piece's name in the frame log"),
    ]
    static let setOptions = OptionSpec.picking(["skipping", "messages", "onSkip", "onSeek"], from: options)
    static let messageKeys = ["nowPlaying", "play", "pause", "playing", "paused", "previous", "next", "skipBack",
                              "skipForward", "openPlayer", "closePlayer", "position", "live", "untitled"]

    static func make(on stage: Stage, _ c: LuaCall, context: BindingContext) throws -> NowPlayingPiece {
        let opts = try c.options(1, declared: options, optional: false)
        let player = try PlayerOption.read(c, opts, on: stage, context: context)
        let name = try opts.pieceName(default: "nowPlaying")
        let skipping = try self.skipping(opts.table["skipping"], c)
        let messages = try self.messages(opts.table["messages"], c)
        let piece = NowPlayingPiece(context: stage, player: player, name: name, skipping: skipping,
                                    messages: messages, hasOnSkip: try opts.boolean(declared: "onSkip"),
                                    hasOnSeek: try opts.boolean(declared: "onSeek"),
                                    expanded: try opts.boolean(declared: "expanded"))
        do { try stage.add(piece) } catch { throw c.refusal("\(error)") }
        return piece
    }

    /// "tracks", "podcast" (15 back, 30 forward) or { back = seconds, forward = seconds }.
    static func skipping(_ value: LuaValue, _ c: LuaCall) throws -> NowPlaying.Skipping {
        let usage = "\"tracks\", \"podcast\" or { back = 15, forward = 30 } (whole seconds above 0)"
        switch value {
        case .nil, .string("tracks"): return .tracks
        case .string("podcast"): return .podcast
        case .table(let t):
            for key in t.keys where key != "back" && key != "forward" {
                throw c.refusal("option 'skipping' has an unknown key '\(key)'; it must be \(usage)")
            }
            func seconds(_ key: String) throws -> Int {
                Int(try c.number(t[key], at: "skipping.\(key)", bounds: .between(1, 86_400), whole: true,
                                 must: "whole seconds from 1 to 86400"))
            }
            return .seconds(back: try seconds("back"), forward: try seconds("forward"))
        default:
            throw c.optionError("skipping", "\(usage)", got: value.described())
        }
    }

    static func messages(_ value: LuaValue, _ c: LuaCall) throws -> NowPlaying.Messages {
        try readMessages(value, c, standard: .standard, example: "{ untitled = \"Nothing queued\" }", lines: [
            ("nowPlaying", \.nowPlaying), ("play", \.play), ("pause", \.pause), ("playing", \.playing),
            ("paused", \.paused), ("previous", \.previous), ("next", \.next), ("skipBack", \.skipBack),
            ("skipForward", \.skipForward), ("openPlayer", \.openPlayer), ("closePlayer", \.closePlayer),
            ("position", \.position), ("live", \.live), ("untitled", \.untitled),
        ])
    }

    // MARK: The class

    static func describe(_ cls: LuaClass<Bound<NowPlayingPiece>>, context: BindingContext) {
        InteractionBinding.addMethods(to: cls, context: context)

        // setExpanded(open): the app sets its `expanded` binding; the piece opens or closes on its choreography.
        cls.method("setExpanded", "The app sets its expanded binding; the piece opens or closes on its choreography",
                   [.arg("open", "boolean")]) { o, c in
            o.value.expanded = try c.boolean(1)
            return 0
        }
        // set{ skipping = ..., messages = ..., onSkip = ..., onSeek = ... }: the app passes new parameters, together.
        cls.method("set", "The app passes new parameters, together",
                   [.arg("changes", OptionSpec.tableType(setOptions))]) { o, c in
            let opts = try c.options(1, declared: setOptions, optional: false)
            let skipping = opts.has("skipping") ? try self.skipping(opts.table["skipping"], c) : nil
            let messages = opts.has("messages") ? try self.messages(opts.table["messages"], c) : nil
            let onSkip = opts.has("onSkip") ? try opts.boolean("onSkip", default: true) : nil
            let onSeek = opts.has("onSeek") ? try opts.boolean("onSeek", default: true) : nil
            // One app update: the bubbles move once, for the net change.
            o.value.setParameters(skipping: skipping, messages: messages, hasOnSkip: onSkip, hasOnSeek: onSeek)
            return 0
        }
        cls.reading("name", "string", "The piece's name in the frame log") { o, c in c.push(o.value.name); return 1 }
        cls.reading("expanded", "boolean", "The app's expanded binding") { o, c in c.push(o.value.expanded); return 1 }
        // The layout on screen (the state's `shown`), which follows `expanded` on the choreography.
        cls.reading("isOpen", "boolean",
                    "Whether the open layout is on screen (it follows expanded on the choreography)") { o, c in c.push(o.value.state.shown); return 1 }
        cls.reading("shownTime", "number",
                    unit: "s", "The time the playhead shows") { o, c in c.push(o.value.shownTime); return 1 }
        cls.reading("isScrubbing", "boolean",
                    "Whether a finger is scrubbing the playhead") { o, c in c.push(o.value.state.playhead.scrubTime != nil); return 1 }
        cls.reading("pendingSeek", "number?", unit: "s", "The seek waiting to be confirmed, nil with none") { o, c in
            if let t = o.value.state.playhead.pendingSeek { c.push(t) } else { c.pushNil() }
            return 1
        }
        cls.reading("state", "table", "The piece's state") { o, c in stateValue(o.value).push(c.L); return 1 }
        cls.reading("layout", "table",
                    "Where everything rests for the current state, by the frame log's names") { o, c in layoutValue(o.value, o.stage.environment).push(c.L); return 1 }
    }

    /// The piece's `@State`, by the seed's names.
    static func stateValue(_ piece: NowPlayingPiece) -> LuaValue {
        let s = piece.state
        let bubbles = LuaTable(array: piece.buds.present.map { .string($0.rawValue) })
        let out = LuaTable(array: piece.buds.present.filter { piece.buds.isOut($0) }.map { .string($0.rawValue) })
        return .table(LuaTable(fields: [
            ("bubbles", .table(bubbles)), ("controlsShown", .boolean(s.controlsShown)), ("drag", .string(s.drag.mode.rawValue)),
            ("drop", .number(s.drop)), ("fliersShown", .boolean(s.fliersShown)),
            ("hairlineShown", .boolean(s.hairlineShown)), ("linesShown", .boolean(s.linesShown)),
            ("out", .table(out)), ("shown", .boolean(s.shown)), ("stretch", .number(s.stretch)),
            ("updateGap", .number(s.playhead.updateGap)),
        ]))
    }

    /// Where everything rests, in stage coordinates, by the layout's names.
    static func layoutValue(_ piece: NowPlayingPiece, _ environment: PieceEnvironment) -> LuaValue {
        let g = piece.layout(in: environment)
        func rect(_ r: Rect, _ extra: [(String, LuaValue)] = []) -> LuaValue {
            let r = piece.onStage(r, in: environment)
            return .table(LuaTable(fields: ([("h", .number(r.height)), ("w", .number(r.width)), ("x", .number(r.x)),
                                             ("y", .number(r.y))] + extra).sorted { $0.0 < $1.0 }))
        }
        let fields: [(String, LuaValue)] = [
            ("bar", rect(g.bar, [("radius", .number(g.barRadius))])),
            ("miniArt", rect(g.miniArt, [("radius", .number(NowPlayingLayout.miniArtRadius))])),
            ("miniTitle", rect(g.miniTitle)), ("miniArtist", rect(g.miniArtist)), ("hairline", rect(g.hairline)),
            ("playMini", rect(g.playMiniRect)), ("forward", rect(g.forwardRect)),
            ("card", rect(g.card, [("radius", .number(NowPlayingLayout.cardRadius))])),
            ("cardArt", rect(g.cardArt, [("radius", .number(g.artRadius))])),
            ("cardTitle", rect(g.cardTitle)), ("cardArtist", rect(g.cardArtist)), ("grabber", rect(g.grabber)),
            ("scrubber", rect(g.scrub)), ("times", rect(g.times)), ("playCard", rect(g.playCardRect)),
            ("previous", rect(g.previousRect)), ("next", rect(g.nextRect)),
            ("barHeight", .number(g.barHeight)), ("compact", .boolean(g.compact)), ("live", .boolean(g.live)),
            ("rtl", .boolean(g.rtl)), ("closingDrop", .number(g.closingDrop)),
            ("pullLimit", .number(NowPlayingLayout.pullLimit)),
            ("titleScale", .number(g.lineScale(title: true))), ("artistScale", .number(g.lineScale(title: false))),
        ]
        return .table(LuaTable(fields: fields.sorted { $0.0 < $1.0 }))
    }
}
