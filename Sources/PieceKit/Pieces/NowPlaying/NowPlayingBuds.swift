extension NowPlaying {
    /// Which skip bubbles exist and which are out, with the turn rule (`BudSet`, shared with every piece that buds).
    public typealias Buds = BudSet<Bubble>
}

extension NowPlaying.Bubble: BudName {
    public var budName: String { rawValue }
}

/// NowPlaying blooms and gathers its skip bubbles with the shared bud timing (`BudHost`).
extension NowPlayingPiece: BudHost {}
