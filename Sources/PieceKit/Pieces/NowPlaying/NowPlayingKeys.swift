extension NowPlaying {
    /// The keys the surface answers while focused.
    public enum Key: String, Sendable, CaseIterable {
        case space, `return`, escape, leftArrow, rightArrow
    }

    /// What a key, a VoiceOver action or a bubble asks the piece to do.
    public enum Action: Equatable, Sendable {
        case playPause
        case open
        case close
        /// Seek relative to the shown time.
        case seek(by: Double)
        case skip(Bubble)
        /// An action the seed lists but that does nothing in this state (escape on the collapsed bar, adjusting a
        /// scrubber that cannot seek): VoiceOver may perform it, and nothing happens.
        case ignored
    }

    /// How far the arrow keys and VoiceOver's adjust move the position.
    public static let keySeekStep = 15.0

    /// The action for a key, or nil when the key is left for someone else: Space always plays or pauses, Return
    /// opens the bar, Escape closes the card, and the arrows seek 15 seconds while the card is open and seeking is
    /// possible. A disabled piece isn't focusable, so it takes no keys.
    public static func action(for key: Key, open: Bool, _ inputs: Inputs) -> Action? {
        guard inputs.isEnabled else { return nil }
        switch key {
        case .space: return .playPause
        case .return: return open ? nil : .open
        case .escape: return open ? .close : nil
        case .leftArrow: return open && inputs.canSeek ? .seek(by: -keySeekStep) : nil
        case .rightArrow: return open && inputs.canSeek ? .seek(by: keySeekStep) : nil
        }
    }
}
