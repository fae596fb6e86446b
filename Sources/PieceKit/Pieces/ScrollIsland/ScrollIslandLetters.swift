/// The title's letter-by-letter morph, as numbers: which letters of a new title arrive, where each stands, and the
/// motion each arrives on.
///
/// A letter is known by its place and its glyph, so a letter both titles share at the same place holds still and
/// every other one arrives: it grows from 0.6 of its size, anchored at its foot, as it fades in, on a 0.42 s spring
/// with bounce 0.3 that starts 22 ms later for each place along the title. A title whose script can't be cut into
/// letters arrives whole, from 0.9, with no stagger. Under Reduce Motion letters only fade in, on the morph role's
/// short spring. Letters stand left to right in reading order, whatever the layout direction.
///
/// Decisions: leaving letters are not drawn in the log (they blur out under the arriving ones; only arrivals are
/// numbers here), and the blur of SwiftUI's blur-replace transition has no published radius, so no blur is given.
public struct ScrollIslandLetters: Equatable, Sendable {
    /// One letter (or the whole title, when it can't be cut) and where it stands from the title's leading edge.
    public struct Letter: Equatable, Sendable {
        public var text: String
        public var offset: Double
        public var width: Double
        /// Its place along the title, from 0: the stagger counts it.
        public var place: Int
    }

    /// The spring every arriving letter rides, and the wait added per place.
    public static let spring = Spring(duration: 0.42, bounce: 0.3)
    public static let stagger = 0.022
    /// The size an arriving letter grows from; a whole title grows from `wholeFrom`.
    public static let letterFrom = 0.6
    public static let wholeFrom = 0.9

    public var letters: [Letter]
    /// False when the title arrives as one piece.
    public var splits: Bool

    /// `text` cut into letters (when its script allows) and measured one by one in the title font.
    public init(_ text: String, size: Double, measure: some ScrollIslandTextMeasure) {
        splits = ScrollIslandPiece.splitsIntoLetters(text)
        let pieces = splits ? text.map(String.init) : [text]
        var x = 0.0
        letters = pieces.enumerated().map { i, piece in
            let w = measure.width(of: piece, size: size, monospacedDigits: false)
            let width = w.isFinite ? max(w, 0) : 0
            defer { x += width }
            return Letter(text: piece, offset: x, width: width, place: i)
        }
    }

    /// The places whose letter arrives when the title changes from `old` to `new`: every place where the two differ
    /// or `old` has none. A title that can't be cut arrives whole whenever it changes.
    public static func arriving(from old: String, to new: String) -> Set<Int> {
        guard old != new else { return [] }
        guard ScrollIslandPiece.splitsIntoLetters(new) else { return [0] }
        let before = Array(old)
        var places = Set<Int>()
        for (i, glyph) in new.enumerated() where i >= before.count || before[i] != glyph { places.insert(i) }
        return places
    }

    /// The animation letter `place` arrives on: the letter spring after its stagger, or under Reduce Motion the
    /// morph role's (a plain fade on the transaction, in the seed).
    public static func animation(place: Int, splits: Bool, tokens: MotionTokens) -> Animation {
        if tokens.reduceMotion { return tokens.morph }
        return Animation.spring(spring).delay(splits ? Double(place) * stagger : 0)
    }

    /// The size a letter starts from as it arrives: 0.6 for a letter, 0.9 for a whole title, 1 under Reduce Motion
    /// (a fade alone).
    public static func startScale(splits: Bool, reduceMotion: Bool) -> Double {
        reduceMotion ? 1 : (splits ? letterFrom : wholeFrom)
    }
}
