extension NowPlayingLayout {
    /// Both lines are rendered at their card size and shrunk by this factor in the bar: the glyphs stay sharp in
    /// both places and a single transform carries a line from one slot to the other.
    public func lineScale(title: Bool) -> Double {
        let card = title ? sizes.cardTitle : sizes.cardArtist
        let mini = title ? sizes.miniTitle : sizes.miniArtist
        return card > 0 ? mini / card : 1
    }

    /// The longest line that may morph letter by letter.
    public static let morphMaxCharacters = 48

    /// Whether a title (or artist) change morphs letter by letter, rather than blurring to the new line: the text
    /// must be of a script whose letters can be cut apart (every scalar below U+0590, so no Hebrew, Arabic or
    /// scripts after them), short enough, and fit, measured at the card's size and rounded up, with 2 points to
    /// spare, in the narrower of its two slots (the bar's is measured at the card's size too).
    public func lineMorphs(_ text: String, title: Bool, metrics: TextMetrics = .systemFont) -> Bool {
        lineMorphs(text, title: title) { metrics.width(of: $0, font: $1) }
    }

    /// `lineMorphs(_:title:metrics:)` measuring through `width` (a piece passes its `LineCache`).
    public func lineMorphs(_ text: String, title: Bool, width measure: (String, Font) -> Double) -> Bool {
        guard text.count <= Self.morphMaxCharacters, text.unicodeScalars.allSatisfy({ $0.value < 0x0590 }) else {
            return false
        }
        let size = title ? sizes.cardTitle : sizes.cardArtist
        let scale = lineScale(title: title)
        guard scale > 0 else { return false }
        // The bar's slot is the title's for both lines: the two share one width.
        let room = min(miniTitle.width / scale, (title ? cardTitle : cardArtist).width)
        let width = measure(text, Font(size: size, weight: .semibold)).rounded(.up)
        return width + 2 <= room
    }
}
