extension MockPlayer {
    /// How often a playing player tells the piece its time, as an app's timer or `addPeriodicTimeObserver` would.
    public enum UpdateInterval: Equatable, Sendable {
        /// Every so many seconds of playback, counted from the moment play started (0.5 as in the seed's example).
        case seconds(Double)
        /// Once per frame at this frame rate.
        case everyFrame(fps: Int)

        /// Shortest accepted gap. Anything shorter would flood the scheduler without adding information (a
        /// guess: one millisecond is far below any display's frame).
        public static let minimumSeconds = 0.001

        /// The gap between reports, or nil for "never report periodically" (a non-positive or non-finite value,
        /// which a script can easily pass; such a player still reports every change of state).
        public var seconds: Double? {
            switch self {
            case .seconds(let s):
                guard s.isFinite, s > 0 else { return nil }
                return max(s, Self.minimumSeconds)
            case .everyFrame(let fps):
                guard fps > 0 else { return nil }
                return max(1 / Double(fps), Self.minimumSeconds)
            }
        }
    }

    /// When a seek takes effect. Real players take a moment to land on a new position, and some never report it;
    /// the piece has to cope with both.
    public enum SeekConfirmation: Equatable, Sendable {
        case immediately
        /// The player's time moves to the target this many seconds after the call.
        case after(Double)
        /// The call is recorded but the player's time never moves.
        case never
    }

    /// What a playing player does when it reaches the end of a track.
    public enum TrackEnd: String, Equatable, Sendable {
        /// Stops at the end, paused, with the time on the duration.
        case stop
        /// Goes on to the next track (the first after the last) from 0, still playing.
        case advance
    }
}
