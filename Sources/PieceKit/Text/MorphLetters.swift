/// A line's letter-by-letter morph, as numbers: which letters of a new line arrive, where each stands, and the
/// motion each arrives on. Shared by the pieces whose labels morph (ScrollIsland's title, NowPlaying's title and
/// artist).
///
/// A letter is known by its place and its glyph, so a letter both lines share at the same place holds still and
/// every other one arrives: it grows from 0.6 of its size, anchored at its foot, as it fades in, on a 0.42 s spring
/// with bounce 0.3 that starts 22 ms later for each place along the line. A line whose script can't be cut into
/// letters arrives whole, from 0.9, with no stagger. Under Reduce Motion letters only fade in, on the animation
/// around them. Letters stand left to right in reading order, whatever the layout direction.
///
/// Decisions: leaving letters are not drawn in the log (they blur out under the arriving ones; only arrivals are
/// numbers here), and the blur of SwiftUI's blur-replace transition has no published radius, so no blur is given.
public struct MorphLetters: Equatable, Sendable {
    /// One letter (or the whole line, when it can't be cut) and where it stands from the line's leading edge.
    public struct Letter: Equatable, Sendable {
        public var text: String
        public var offset: Double
        public var width: Double
        /// Its place along the line, from 0: the stagger counts it.
        public var place: Int
    }

    /// The spring every arriving letter rides, and the wait added per place.
    public static let spring = Spring(duration: 0.42, bounce: 0.3)
    public static let stagger = 0.022
    /// The size an arriving letter grows from; a whole line grows from `wholeFrom`.
    public static let letterFrom = 0.6
    public static let wholeFrom = 0.9

    public var letters: [Letter]
    /// False when the line arrives as one piece.
    public var splits: Bool

    /// The width of every letter together.
    public var width: Double { letters.reduce(0) { $0 + $1.width } }

    /// `text` cut into letters (when its script allows), each measured by `width` (points, in the line's font).
    public init(_ text: String, width: (String) -> Double) {
        splits = Self.splitsIntoLetters(text)
        let pieces = splits ? text.map(String.init) : [text]
        var x = 0.0
        letters = pieces.enumerated().map { i, piece in
            let w = width(piece)
            let measured = w.isFinite ? max(w, 0) : 0
            defer { x += measured }
            return Letter(text: piece, offset: x, width: measured, place: i)
        }
    }

    /// The places whose letter arrives when the line changes from `old` to `new`: every place where the two differ
    /// or `old` has none. A line that can't be cut arrives whole whenever it changes.
    public static func arriving(from old: String, to new: String) -> Set<Int> {
        guard old != new else { return [] }
        guard splitsIntoLetters(new) else { return [0] }
        let before = Array(old)
        var places = Set<Int>()
        for (i, glyph) in new.enumerated() where i >= before.count || before[i] != glyph { places.insert(i) }
        return places
    }

    /// The animation letter `place` arrives on: the letter spring after its stagger, or under Reduce Motion `fade`,
    /// the animation around the line (a plain fade has no animation of its own in the seeds).
    public static func animation(place: Int, splits: Bool, reduceMotion: Bool, fade: Animation) -> Animation {
        if reduceMotion { return fade }
        return Animation.spring(spring).delay(delay(place: place, splits: splits, reduceMotion: false))
    }

    /// How long letter `place` waits before it arrives: one stagger per place along a line cut into letters; none
    /// for a whole line or under Reduce Motion.
    public static func delay(place: Int, splits: Bool, reduceMotion: Bool) -> Double {
        reduceMotion || !splits ? 0 : Double(place) * stagger
    }

    /// The size a letter starts from as it arrives: 0.6 for a letter, 0.9 for a whole line, 1 under Reduce Motion
    /// (a fade alone).
    public static func startScale(splits: Bool, reduceMotion: Bool) -> Double {
        reduceMotion ? 1 : (splits ? letterFrom : wholeFrom)
    }

    /// Scripts whose letters join, reorder or read right to left (and the bidirectional controls) can't be cut into
    /// letters that stand on their own: Hebrew to NKo, the Indic scripts to Sinhala, Thai to Tibetan, Myanmar,
    /// Khmer, Devanagari Extended, the Hebrew and Arabic presentation forms, and the historic right-to-left blocks.
    public static func splitsIntoLetters(_ text: String) -> Bool {
        let whole: [ClosedRange<UInt32>] = [
            0x0590...0x08FF, 0x0900...0x0DFF, 0x0E00...0x0FFF, 0x1000...0x109F, 0x1780...0x17FF, 0xA8E0...0xA8FF,
            0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x200E...0x200F, 0x202A...0x202E, 0x2066...0x2069,
            0x10800...0x10FFF, 0x1E800...0x1EFFF,
        ]
        return !text.unicodeScalars.contains { scalar in whole.contains { $0.contains(scalar.value) } }
    }
}
