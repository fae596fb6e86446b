/// The numbers the engine uses where SwiftUI's behaviour is a platform default or is not documented at all.
///
/// Each says whether it is a published default or a guess, and why the guess was made. Changing one changes every
/// layout, so each lives here and nowhere else.
public enum LayoutConstants {
    /// Between two views in a stack with `spacing: nil` when neither is text: iOS's system spacing, 8 points on both
    /// axes. Also `Spacer`'s default minimum length. A platform default (other platforms use other numbers).
    public static let defaultSpacing = 8.0

    /// Between two texts next to each other in a stack with `spacing: nil`. A guess: SwiftUI derives text-to-text
    /// gaps from the two fonts' metrics and the numbers are not published, so the plain default is used until one
    /// is measured. Set `spacing` explicitly where the gap matters.
    public static let textToTextSpacing = 8.0

    /// Between a `Spacer` and its neighbour in a stack with `spacing: nil`. A guess: a spacer's own spacing is zero
    /// along its axis, and its default minimum length is the default spacing, so a squeezed spacer still leaves the
    /// usual 8 points between the views on either side of it.
    public static let spacerSpacing = 0.0

    /// `padding()` with no length: iOS's default padding, 16 points on every edge. A platform default.
    public static let defaultPadding = 16.0

    /// What a shape, a colour or an outside-a-stack spacer answers on an axis proposed nothing (nil): 10 points,
    /// SwiftUI's documented default for unspecified dimensions.
    public static let unspecifiedLength = 10.0

    /// A `Spacer`'s layout priority when none is given. A guess: one reading of SwiftUI gives spacers the lowest
    /// priority (they share out only what every other child left), another treats them as ordinary children at 0.
    /// The lowest is taken because designs rely on it: a column whose artwork has priority −1 and ends in
    /// `Spacer(minLength: 0)` expects a large artwork, which only a spacer below −1 leaves it. The two readings agree
    /// whenever the spacer's siblings are fixed or capped.
    public static let spacerLayoutPriority = -Double.infinity

    /// Whether `layoutPriority` survives modifiers applied after it (`.layoutPriority(1).padding()`). A guess: the
    /// priority is a trait of the view in its parent's list, and traits are carried through other modifiers; one
    /// reimplementation resets it in most modifiers instead. Where it matters, apply `layoutPriority` last.
    public static let layoutPriorityPassesThroughModifiers = true

    /// How close (in points, beyond half a device pixel) a frame's edge must come to the safe area's edge for
    /// `ignoresSafeArea` to grow it into the inset.
    public static let safeAreaTouchTolerance = 0.001

    /// Where a truncated line ends. Measured with the text metrics like any character.
    public static let ellipsis = "\u{2026}"

    /// How deep a tree may nest (views and modifiers together) before the engine stops and lays the rest out as
    /// nothing; `LayoutCheck.check(tree:)` reports it. A guard against a script-built tree running the stack out,
    /// far beyond any real body (a body nests a few dozen views and modifiers).
    public static let maxDepth = 256
}

/// The box of an SF Symbol (`Image(systemName:)`), which SwiftUI takes from each symbol's own glyph metrics.
///
/// The text metrics have no symbol tables, so the default is a guess: a square one line of the font tall (the
/// font's ascender to its descender, unrounded), the same rule the MiniPlayer uses for its buttons
/// (`MiniPlayerLayout.symbolSide`), so that piece can be reproduced by the engine. Measured boxes can be given per
/// symbol and point size in `measured`; they win over the guess.
public struct SymbolBoxes: Equatable, Hashable, Sendable {
    /// A symbol's name and the point size of its font.
    public struct Key: Equatable, Hashable, Sendable {
        public var symbol: String
        public var pointSize: Double
        public init(symbol: String, pointSize: Double) { self.symbol = symbol; self.pointSize = pointSize }
    }

    public var measured: [Key: Size]

    public init(measured: [Key: Size] = [:]) { self.measured = measured }

    /// The guess alone.
    public static let lineHeightSquares = SymbolBoxes()

    /// The box of `symbol` set in `font`.
    public func box(_ symbol: String, font: Font, metrics: TextMetrics) -> Size {
        if let size = measured[Key(symbol: symbol, pointSize: font.size)] { return size }
        let side = Self.guessedSide(font, metrics: metrics)
        return Size(width: side, height: side)
    }

    /// The guessed side: one line of the font (see the type's comment).
    public static func guessedSide(_ font: Font, metrics: TextMetrics) -> Double {
        metrics.lineHeight(for: font)
    }
}
