/// The title's letter-by-letter morph (`MorphLetters`, shared with NowPlaying's lines), measured with the island's
/// text measure and faded under Reduce Motion on the morph role, the animation around the island's title.
public typealias ScrollIslandLetters = MorphLetters

extension MorphLetters {
    /// `text` cut into letters (when its script allows) and measured one by one in the island's title font.
    public init(_ text: String, size: Double, measure: some ScrollIslandTextMeasure) {
        self.init(text) { measure.width(of: $0, size: size, monospacedDigits: false) }
    }

    /// The letter spring after its stagger, or under Reduce Motion the morph role's (a plain fade on the
    /// transaction, in the seed).
    public static func animation(place: Int, splits: Bool, tokens: MotionTokens) -> Animation {
        animation(place: place, splits: splits, reduceMotion: tokens.reduceMotion, fade: tokens.morph)
    }
}
