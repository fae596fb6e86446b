/// The content swaps: what a device shows when the player's track or play state changes under the piece.
///
/// - The artwork of a new track blurs in over the old one (`.transition(swap)` on the morph role: 0.4 s, bounce
///   0.2).
/// - A title or artist that morphs (`NowPlayingLayout.lineMorphs`) changes letter by letter (`MorphLetters`: each
///   new letter grows from 0.6 on a 0.42 s spring with bounce 0.3, 22 ms later per place); one that doesn't blurs to
///   its new text as a whole on the snap role (0.32 s, bounce 0.25).
/// - The play glyph swaps between play and pause on the snap role; the play triangle stands 1.5 pt right of centre.
///
/// Under Reduce Motion every swap is a plain fade: the art's on the morph role, the rest on the snap role (both the
/// still 0.25 s spring then), and letters neither grow nor stagger.
///
/// A swap is set at its start with no animation, then released in the update that takes the new parameters in,
/// where each part's own animation (watched on the value that changed) carries it, as SwiftUI runs a transition on
/// the animation watching the id.
extension NowPlaying {
    /// The blur-replace's blur: SwiftUI does not publish it; 7 pt is the reconstruction in the shared research
    /// notes (a guess, named so it can be found).
    public static let swapBlur = 7.0
    /// The play triangle's nudge to the right, so it reads centred (the pause bars stand at 0).
    public static let playGlyphNudge = 1.5

    /// The swaps an update starts: which parts blur to new content, and the lines that morph, spelled as they will
    /// read, with the places whose letters arrive.
    public struct Swap: Equatable, Sendable {
        public var art = false
        public var play = false
        /// The title or the artist changing as a whole (a line that doesn't morph).
        public var title = false
        public var artist = false
        public var titleLetters: Letters?
        public var artistLetters: Letters?

        /// A morphing line's new text and the places whose letters arrive.
        public struct Letters: Equatable, Sendable {
            public var text: String
            public var arriving: Set<Int>
        }

        /// The swaps from `old` to `new` parameters, or nil when nothing shown changes. `morphs` says whether the
        /// new line morphs (title true, artist false).
        public init?(from old: Inputs, to new: Inputs, morphs: (String, Bool) -> Bool) {
            art = old.trackKey != new.trackKey
            play = old.isPlaying != new.isPlaying
            func line(_ before: String, _ after: String, title isTitle: Bool) -> (whole: Bool, letters: Letters?) {
                guard before != after else { return (false, nil) }
                guard morphs(after, isTitle) else { return (true, nil) }
                return (false, Letters(text: after, arriving: MorphLetters.arriving(from: before, to: after)))
            }
            (title, titleLetters) = line(old.shownTitle, new.shownTitle, title: true)
            (artist, artistLetters) = line(old.artist, new.artist, title: false)
            guard art || play || title || artist || titleLetters != nil || artistLetters != nil else { return nil }
        }
    }
}

extension NowPlayingPiece {
    /// Sets the swaps from `old` to `new` at their start, with no animation; the update that follows releases them.
    func startSwaps(from old: NowPlaying.Inputs, to new: NowPlaying.Inputs) {
        guard let context else { return }
        let environment = context.environment
        let g = NowPlayingLayout.make(in: environment, live: new.live, forward: new.hasForward)
        guard let swap = NowPlaying.Swap(from: old, to: new, morphs: { self.lineMorphs($0, title: $1, g) }) else { return }
        context.transact(Transaction(disablesAnimations: true)) { state.swap = swap }
    }

    /// Whether `text` morphs in its slot, measured through the piece's line cache.
    func lineMorphs(_ text: String, title: Bool, _ g: NowPlayingLayout) -> Bool {
        g.lineMorphs(text, title: title) { lineCache.width(of: $0, font: $1) }
    }
}

extension NowPlayingPiece.ElementsInput {
    /// `swap` (the incoming content's opacity: 0 as a swap starts, 1 at rest) and `swapBlur` (its blur: 7 as it
    /// starts, 0 at rest; none under Reduce Motion), both on `animation` when `value` changes. The outgoing
    /// content's opacity is 1 − swap, its blur 7 − swapBlur.
    func swapNumbers(_ element: Element, starting: Bool, animation: Animation, value: ElementValue,
                     rm: Bool) -> Element {
        let watch = ImplicitAnimation(animation, value: value)
        return element
            .number("swap", starting ? 0 : 1, animation: watch)
            .number("swapBlur", starting && !rm ? NowPlaying.swapBlur : 0, animation: watch)
    }

    /// A morphing line's letters, `title.letter.1`… or `artist.letter.1`…: each one's rect as seen (the line is
    /// drawn at the card's size and shrunk into the bar, from its leading edge, or its trailing edge right to
    /// left; the letters themselves always read left to right), its `opacity` and `scale` (about its foot) as it
    /// arrives, and its `text`. None while the line doesn't morph.
    func letterElements(_ line: String, title isTitle: Bool, slot: Rect, g: NowPlayingLayout, rm: Bool,
                        tokens: MotionTokens) -> [Element] {
        let letters = state.swap.flatMap { isTitle ? $0.titleLetters : $0.artistLetters }
        let text = letters?.text ?? line
        guard lineMorphs(text, title: isTitle, g) else { return [] }
        let arrivingPlaces = letters?.arriving ?? []
        let size = isTitle ? g.sizes.cardTitle : g.sizes.cardArtist
        let scale = state.shown ? 1 : g.lineScale(title: isTitle)
        // The letters change far less often than the rest of the piece: made again only when what they are made
        // from changes.
        let key = LetterElementsInput(text: text, title: isTitle, size: size, slot: slot, scale: scale, rtl: g.rtl,
                                    arriving: arrivingPlaces, reduceMotion: rm, fade: tokens.snap, lines: lines)
        return self.letters.cache.elements(key, memoising: memoises)
    }

    /// The letters for `key`, made afresh: static, so they are made from the key alone (and the pure line cache).
    fileprivate static func letterElements(_ key: LetterElementsInput) -> [Element] {
        let (text, isTitle, slot, scale, rm, arrivingPlaces) =
            (key.text, key.title, key.slot, key.scale, key.reduceMotion, key.arriving)
        let font = Font(size: key.size, weight: .semibold)
        let morph = key.lines.cache.letters(of: text, font: font)
        let from = MorphLetters.startScale(splits: morph.splits, reduceMotion: rm)
        let start = key.rtl ? slot.maxX - morph.width * scale : slot.minX
        let name = isTitle ? "title" : "artist"
        return morph.letters.map { letter in
            let arriving = arrivingPlaces.contains(letter.place)
            let watch = ImplicitAnimation(
                MorphLetters.animation(place: letter.place, splits: morph.splits, reduceMotion: rm, fade: key.fade),
                value: .text("\(letter.place)\(letter.text) \(arriving)"))
            return Element("\(name).letter.\(letter.place + 1)")
                .rect(Rect(x: start + letter.offset * scale, y: slot.minY, width: letter.width * scale,
                           height: slot.height))
                .number("opacity", arriving ? 0 : 1, animation: watch)
                .number("scale", arriving ? from : 1, animation: watch)
                .text("text", letter.text)
        }
    }

    /// Whether `text` morphs in its slot, measured through the line cache.
    func lineMorphs(_ text: String, title: Bool, _ g: NowPlayingLayout) -> Bool {
        g.lineMorphs(text, title: title) { lines.cache.width(of: $0, font: $1) }
    }
}

/// The letter elements made last for each line (title, then artist), each in a memo of the static
/// `letterElements` keyed by its whole input, so the letters change far less often than the rest of the piece
/// without a field that could be forgotten.
public final class LetterMemo {
    private var title = Memo<LetterElementsInput, [Element]>(NowPlayingPiece.ElementsInput.letterElements)
    private var artist = Memo<LetterElementsInput, [Element]>(NowPlayingPiece.ElementsInput.letterElements)

    /// The letters for `key`, from its line's memo.
    func elements(_ key: LetterElementsInput, memoising: Bool) -> [Element] {
        key.title ? title(key, memoising: memoising) : artist(key, memoising: memoising)
    }
}

/// Everything one line's letter elements are made from: the text as it will read, its font size, the slot it is
/// drawn into and the shrink, the direction, the places that arrive, and the animation they arrive on.
struct LetterElementsInput: Equatable {
    let text: String
    let title: Bool
    let size: Double
    let slot: Rect
    let scale: Double
    let rtl: Bool
    let arriving: Set<Int>
    let reduceMotion: Bool
    let fade: Animation
    /// The widths and letter cuts, a cache of a pure function.
    let lines: PureCache<LineCache>
}
