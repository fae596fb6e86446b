extension NowPlaying {
    /// What the hairline, the scrubber and the times show, and how they move: the finger while scrubbing, then a
    /// reported seek until the player catches up, then the player's own time, eased between updates.
    ///
    /// Times are virtual seconds from the stage's clock; the SwiftUI piece reads `Date()` at the same moments.
    public struct Playhead: Sendable, Equatable {
        /// A seek counts as landed once the player reports a time this close to it.
        public static let catchUpDistance = 1.2
        /// A player that never reports the seek back gets its own time shown again after this long.
        public static let pendingSeekTimeout = 1.5
        /// Gaps between updates outside this range are not taken as the update rate: a first update, or one after
        /// a pause, says nothing about how often the player ticks.
        public static let measuredGapRange = 0.05...1.5
        /// The gap assumed before any has been measured: the seed's example player ticks twice a second.
        public static let initialGap = 0.5
        /// The creep's duration is the measured gap, held within these bounds.
        public static let creepDurationRange = 0.1...1.0
        /// A forward step this large (or larger) is a jump, not playback: it moves on the `value` role instead.
        public static let creepLargestStep = 2.5

        /// The scrubbed position while a finger is on the track.
        public var scrubTime: Double?
        /// A seek reported and not yet caught up with.
        public var pendingSeek: Double?
        /// When the current pending seek was set; it expires `pendingSeekTimeout` later.
        public var pendingSince: Double?
        /// The player's latest time, and when it came.
        public var lastTime: Double
        public var lastUpdate: Double = -.infinity
        /// The measured gap between the player's updates.
        public var updateGap: Double = Playhead.initialGap

        public init(time: Double = 0) {
            lastTime = time.isFinite ? time : 0
        }

        /// The position on display, held within the track (from 0 on a live stream).
        public func shownTime(_ inputs: Inputs) -> Double {
            let t = scrubTime ?? pendingSeek ?? inputs.time
            return inputs.live ? max(t, 0) : min(max(t, 0), inputs.duration)
        }

        /// How much of the hairline and the track is red: 0 on a live stream.
        public func progress(_ inputs: Inputs) -> Double {
            inputs.live ? 0 : shownTime(inputs) / inputs.duration
        }

        /// The animation for a new player time `new`, decided before the update is taken in (as SwiftUI evaluates
        /// it in the body that sees the new value): linear over the measured gap while playing steadily forward, so
        /// a clock that ticks once a second still creeps; the `value` role otherwise.
        public func creep(to new: Double, _ inputs: Inputs, motion: MotionTokens) -> Animation {
            guard inputs.isPlaying, scrubTime == nil, pendingSeek == nil, new > lastTime,
                  new - lastTime < Self.creepLargestStep else { return motion.value }
            let range = Self.creepDurationRange
            return .linear(duration: min(max(updateGap, range.lowerBound), range.upperBound))
        }

        /// Takes in a player update at `now`: measures the gap, and lets go of a pending seek the player has come
        /// within `catchUpDistance` of.
        public mutating func timeChanged(to new: Double, at now: Double) {
            let gap = now - lastUpdate
            if gap > Self.measuredGapRange.lowerBound, gap < Self.measuredGapRange.upperBound { updateGap = gap }
            lastUpdate = now
            lastTime = new
            if let pending = pendingSeek, abs(new - pending) < Self.catchUpDistance { clearPendingSeek() }
        }

        /// When the pending seek gives up, if there is one.
        public var pendingSeekExpiry: Double? { pendingSince.map { $0 + Self.pendingSeekTimeout } }

        /// Lets go of a pending seek whose time is up. Returns whether it did.
        @discardableResult
        public mutating func expirePendingSeek(at now: Double) -> Bool {
            guard let expiry = pendingSeekExpiry, now >= expiry - VirtualClock.timeTolerance else { return false }
            clearPendingSeek()
            return true
        }

        public mutating func clearPendingSeek() {
            pendingSeek = nil
            pendingSince = nil
        }

        /// A seek from a scrub, a seconds skip, a key or VoiceOver: held within the track, shown until the player
        /// catches up, and returned for `onSeek`. Nil (nothing reported) without `onSeek`, on a live stream, or for a
        /// NaN target. The timeout restarts only when the pending value changes, as a task keyed on it would.
        public mutating func seek(to target: Double, _ inputs: Inputs, at now: Double) -> Double? {
            guard inputs.hasOnSeek, !inputs.live, !target.isNaN else { return nil }
            let clamped = min(max(target, 0), inputs.duration)
            if pendingSeek != clamped { pendingSince = now }
            pendingSeek = clamped
            return clamped
        }

        /// A finger at `x` on a scrubber `width` wide (its own coordinates): the thumb jumps under it. Returns true
        /// when this starts a scrub (the grab haptic).
        @discardableResult
        public mutating func scrub(toX x: Double, width: Double, _ inputs: Inputs) -> Bool {
            let began = scrubTime == nil
            scrubTime = Self.scrubTime(forX: x, width: width, duration: inputs.duration)
            return began
        }

        /// The time under a finger at `x` on a scrubber `width` wide: the finger held on the track, over a width of
        /// at least one point.
        public static func scrubTime(forX x: Double, width: Double, duration: Double) -> Double {
            guard !x.isNaN, duration.isFinite, duration > 0 else { return 0 }
            let held = min(max(x, 0), max(width, 0))
            return duration * held / max(width, 1)
        }

        /// The finger lifts: the scrub becomes one seek. Returns what to report to `onSeek`.
        public mutating func endScrub(_ inputs: Inputs, at now: Double) -> Double? {
            guard let target = scrubTime else { return nil }
            scrubTime = nil
            return seek(to: target, inputs, at: now)
        }

        /// The system took the touch: the thumb goes back to the player's time and nothing is reported.
        public mutating func cancelScrub() { scrubTime = nil }

        /// A new track: whatever was scrubbed or pending belonged to the old one.
        public mutating func trackChanged() {
            scrubTime = nil
            clearPendingSeek()
        }
    }
}
