/// The NowPlaying piece's public vocabulary, named as the SwiftUI piece's nested types so a user who knows its API
/// knows this one. The stage model of the piece lives in `NowPlayingState` and its siblings.
public enum NowPlaying {
    /// A skip between tracks, passed to `onSkip`: the mock player's own direction type.
    public typealias Skip = SkipDirection

    /// What the two skip bubbles do.
    public enum Skipping: Sendable, Hashable {
        /// Previous and next track, through `onSkip`.
        case tracks
        /// Jumps of whole seconds back and forward, through `onSeek`: podcasts and audiobooks.
        case seconds(back: Int,
                     forward: Int)

        /// The usual podcast pair: 15 back, 30 forward.
        public static let podcast: Skipping = .seconds(back: 15, forward: 30)
    }

    /// The three bubbles that bud out of play: forward beside it in the bar, previous and next either side of it
    /// on the card. The raw values are the element names in the frame log.
    public enum Bubble: String, Sendable, CaseIterable {
        case forward, previous, next

        /// Whether this bubble goes back (previous) rather than on (forward, next).
        public var goesBack: Bool { self == .previous }
    }
}

extension NowPlaying.Skipping {
    /// The seconds one bubble jumps in `.seconds` mode (negative back); nil in `.tracks` mode.
    public func jump(back: Bool) -> Int? {
        switch self {
        case .tracks: nil
        case .seconds(let b, let f): back ? -b : f
        }
    }

    /// Amounts that have their own numbered SF Symbol (`gobackward.15`); others get the plain arrow.
    public static let numberedSymbols: Set<Int> = [5, 10, 15, 30, 45, 60, 75, 90]

    /// The SF Symbol a bubble shows, so a frame log can say which glyph is on screen.
    public func symbol(for bubble: NowPlaying.Bubble) -> String {
        let back = bubble.goesBack
        switch self {
        case .tracks:
            return back == false ? "forward.fill" : "backward.fill"
        case .seconds(let b, let f):
            let amount = back ? b : f
            let stem = back ? "gobackward" : "goforward"
            return Self.numberedSymbols.contains(amount) ? "\(stem).\(amount)" : stem
        }
    }
}
