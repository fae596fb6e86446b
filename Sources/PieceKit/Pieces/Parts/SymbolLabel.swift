/// What VoiceOver reads for a button whose label is only an SF Symbol (`Image(systemName: "pencil")`).
///
/// A guess, named so it can be changed: SwiftUI gives such an image the symbol's own accessibility label where the
/// system has one, and otherwise reads its name with the dots as spaces. The labels below are the ones the seeds'
/// symbols are believed to carry; an app that supplies its own (`.accessibilityLabel`) passes it to the piece
/// instead (`s:tools{ labels = { pencil = "Draw" } }`).
public enum SymbolLabel {
    /// The symbols the pieces use, with the label the system is believed to give each.
    public static let known: [String: String] = [
        "pencil": "Pencil",
        "eraser": "Eraser",
        "square.and.arrow.up": "Share",
        "square.stack": "Library",
        "dot.radiowaves.left.and.right": "Radio",
        "magnifyingglass": "Search",
        "sparkles": "Sparkles",
    ]

    /// The label for `symbol`: the known one, else its name read as words ("star.fill" reads "star fill").
    public static func label(for symbol: String) -> String {
        known[symbol] ?? symbol.split(separator: ".").joined(separator: " ")
    }
}
