extension NowPlayingLayout {
    /// The piece's seven `@ScaledMetric` numbers, already scaled. Each grows with the curve of the text style named
    /// beside it, so the bar and the card grow with Dynamic Type.
    public struct Sizes: Sendable, Equatable {
        /// The bar's title, 15 pt at Large, with subheadline.
        public var miniTitle: Double
        /// The bar's artist, 13 pt, with footnote.
        public var miniArtist: Double
        /// The card's title, 22 pt, with title2.
        public var cardTitle: Double
        /// The card's artist, 15 pt, with subheadline.
        public var cardArtist: Double
        /// The times under the scrubber, 13 pt, with footnote.
        public var time: Double
        /// The bar's artwork, 44 pt, with subheadline (the layout holds it between 44 and 64).
        public var art: Double
        /// The bar's play and forward bubbles, 44 pt, with body (held between 44 and 60).
        public var button: Double

        public init(miniTitle: Double, miniArtist: Double, cardTitle: Double, cardArtist: Double, time: Double,
                    art: Double, button: Double) {
            self.miniTitle = miniTitle
            self.miniArtist = miniArtist
            self.cardTitle = cardTitle
            self.cardArtist = cardArtist
            self.time = time
            self.art = art
            self.button = button
        }

        /// The values at the default size, Large.
        public static let standard = Sizes(miniTitle: 15, miniArtist: 13, cardTitle: 22, cardArtist: 15, time: 13,
                                           art: 44, button: 44)

        /// Every metric as `@ScaledMetric(relativeTo:)` reads it at `dynamicTypeSize`, on the pixel grid of
        /// `displayScale`.
        public static func scaled(for dynamicTypeSize: DynamicTypeSize,
                                  displayScale: Double = DynamicType.defaultDisplayScale) -> Sizes {
            func scale(_ value: Double, _ style: TextStyle) -> Double {
                DynamicType.scaled(value, relativeTo: style, dynamicTypeSize, displayScale: displayScale)
            }
            let base = standard
            return Sizes(miniTitle: scale(base.miniTitle, .subheadline),
                         miniArtist: scale(base.miniArtist, .footnote),
                         cardTitle: scale(base.cardTitle, .title2),
                         cardArtist: scale(base.cardArtist, .subheadline),
                         time: scale(base.time, .footnote),
                         art: scale(base.art, .subheadline),
                         button: scale(base.button, .body))
        }
    }
}
