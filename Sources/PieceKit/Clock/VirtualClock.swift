/// The stage's only notion of time: an integer frame index at a fixed frame rate.
///
/// Time is always derived, `Double(frame) / Double(fps)`, never summed, so frame 120 at 120 fps is exactly
/// `1.0` and two runs of the same scenario see bit-identical times however many frames they step.
/// A jump moves to a frame on the same grid (the first one at or after the target), so no off-grid time
/// ever exists and no separate offset is needed.
public struct VirtualClock: Sendable, Equatable {
    /// Highest accepted rate. Far above any display; it keeps frames much further apart than
    /// `timeTolerance`, so matching a time to a frame is never ambiguous.
    public static let maximumFPS = 100_000

    /// How far (in seconds) a time may miss a frame time and still count as that frame. Absorbs the
    /// floating error of arithmetic like `0.1 + 0.2` or `1.0 / 3.0` in scripts.
    public static let timeTolerance = 1e-9

    /// Frames per second: 60, 120, 24, ...
    public let fps: Int

    /// The frame the world is at. 0 at start, which is time 0.
    public private(set) var frame: Int

    /// Fails on a rate that is not positive (or absurdly high) instead of trapping later in a division.
    public init(fps: Int, frame: Int = 0) throws(ClockError) {
        guard fps >= 1, fps <= Self.maximumFPS else { throw .invalidFPS(fps) }
        guard frame >= 0 else { throw .backwards("frame \(frame)") }
        self.fps = fps
        self.frame = frame
    }

    /// The time of the current frame, in seconds.
    public var now: Double { time(ofFrame: frame) }

    /// The length of one frame, in seconds (for display; never accumulate it).
    public var frameDuration: Double { 1.0 / Double(fps) }

    /// The time of any frame, by division, so it is the correctly rounded value of `frame / fps`.
    public func time(ofFrame frame: Int) -> Double {
        Double(frame) / Double(fps)
    }

    /// The first frame whose time is at or after `time`.
    ///
    /// A time within `timeTolerance` of a frame time maps to that frame, so `firstFrame(atOrAfter: 1.0 / 3.0)`
    /// at 60 fps is 20, not 21. Times before 0 give frame 0 (there is no earlier frame); NaN and times past
    /// the last representable frame give `Int.max`, meaning "never".
    public func firstFrame(atOrAfter time: Double) -> Int {
        if time.isNaN { return Int.max }
        if time <= 0 { return 0 }
        let exact = time * Double(fps)
        // 4e18 (about 2^62) keeps the conversions below far from Int's edge; no real scenario gets near it.
        guard exact < 4.0e18 else { return Int.max }
        let nearest = Int(exact.rounded())
        if abs(self.time(ofFrame: nearest) - time) <= Self.timeTolerance { return nearest }
        return Int(exact.rounded(.up))
    }

    /// Moves to the next frame (or `frames` frames on).
    public mutating func advance(frames: Int = 1) throws(ClockError) {
        guard frames >= 0 else { throw .backwards("\(frames) frames") }
        let (next, overflow) = frame.addingReportingOverflow(frames)
        guard !overflow else { throw .overflow }
        frame = next
    }

    /// Moves time forward by at least `seconds` without visiting the frames in between: lands on the first
    /// frame at or after `now + seconds`, so frame times stay exact. Returns how many frames were passed.
    ///
    /// The target is computed from the offset alone (`frame + firstFrame(atOrAfter: seconds)`), which on a
    /// uniform grid is the same frame and avoids the rounding of adding a small duration to a large time.
    @discardableResult
    public mutating func jump(_ seconds: Double) throws(ClockError) -> Int {
        guard seconds.isFinite else { throw .notFinite(seconds) }
        guard seconds >= 0 else { throw .backwards("\(number: seconds) s") }
        let frames = firstFrame(atOrAfter: seconds)
        guard frames != Int.max else { throw .overflow }
        try advance(frames: frames)
        return frames
    }
}
