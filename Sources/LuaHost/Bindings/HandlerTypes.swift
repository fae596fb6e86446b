/// The tables PieceBox hands a script's functions (a Lua piece's handlers, `s:frame()`), as lua-language-server
/// classes, so an editor completes `touch.translation.height`, `env.safeArea.top` and `f.card.surface.h`. The
/// fields are the ones the host pushes: `LuaPieceInteraction.push(_ touch:)`, `EnvironmentOptions.write` with the
/// hooks' `time` and `drawnTime`, and `FrameTables`.
package enum HandlerTypes {
    /// The classes, each a name and its fields (`name type # what`).
    package static let classes: [(name: String, doc: String, fields: [String])] = [
        ("piecebox.point", "A point in stage coordinates (points).", ["x number", "y number"]),
        ("piecebox.size", "A width and a height (points).", ["width number", "height number"]),
        ("piecebox.touch", "A touch as SwiftUI's DragGesture.Value, handed to onTouch.", [
            "phase \"began\"|\"moved\"|\"ended\"|\"cancelled\" # Where the touch is in its life",
            "location piecebox.point # Where the finger is",
            "startLocation piecebox.point # Where it touched down",
            "translation piecebox.size # How far it moved since",
            "velocity piecebox.point # Points a second",
            "predictedEndTranslation piecebox.size # Where it would coast to",
            "time number # The stage's time now (s)",
            "startTime number # When it touched down (s)",
        ]),
        ("piecebox.env", "The environment a piece's functions are handed last, with the time.", [
            "width number # The screen's width (pt)",
            "height number # The screen's height (pt)",
            "safeArea {top: number, bottom: number, leading: number, trailing: number} # The insets (pt)",
            "reduceMotion boolean",
            "reduceTransparency boolean",
            "liquidGlass boolean # False: a system before iOS 26",
            "layoutDirection \"leftToRight\"|\"rightToLeft\"",
            "dynamicTypeSize string",
            "colorScheme \"light\"|\"dark\"",
            "isEnabled boolean",
            "time? number # The stage's time (s), in handlers, tasks and readings",
            "drawnTime? number # The time the piece's timeline draws (s), for a piece with a timeline",
        ]),
        ("piecebox.frame", "A rendered frame: its number, its time, its events and each piece's elements by name.", [
            "frame integer # The frame's number",
            "t number # Its time (s)",
            "events table[] # The events it carries",
            "[string] table<string, table> # A piece's elements by name: f.card.surface.h",
        ]),
    ]

    /// A Lua piece's handlers, typed: what each is handed and what it may give back.
    static let handlers: [String: String] = [
        "onTouch": "fun(state: table, touch: piecebox.touch, env: piecebox.env): boolean?, piecebox.animation?",
        "onKey": "fun(state: table, key: string, env: piecebox.env): boolean?, piecebox.animation?",
        "accessibility": "fun(state: table, env: piecebox.env): table[]",
        "perform": "fun(state: table, action: string, element: string?, env: piecebox.env): boolean?, piecebox.animation?",
    ]
}
