/// The samples of one finger, and its speed. A value: a live touch (`Finger`) and tests both use it.
///
/// **Velocity.** The finger's speed is the displacement between the latest sample and the earliest one taken
/// within `velocityWindow` before it, over the time between them: a finger that moved steadily over its last
/// few frames reports exactly that speed, and one that has been still for the whole window reports 0 (as a
/// UIKit pan does when the finger stops before lifting). With one sample in the window, the speed is 0.
public struct TouchTrack: Sendable, Equatable {
    /// How far back the speed looks. A guess in line with UIKit's velocity tracking (about 100 ms of samples);
    /// any window gives the exact speed of a finger moving steadily, which is what `fling` synthesizes.
    public static let velocityWindow = 0.1
    /// Times closer than this are the same time.
    static let timeTolerance = 1e-9

    public private(set) var samples: [(time: Double, location: Point)]

    public init(time: Double, location: Point) {
        samples = [(time, location)]
    }

    public var start: (time: Double, location: Point) { samples[0] }
    public var latest: (time: Double, location: Point) { samples[samples.count - 1] }

    /// Adds a sample. A sample taken at the same time as the latest replaces it (two moves between frames are
    /// one move), except the first: where the finger went down stays put, so a move made at the instant of the
    /// touch (`touch(...):move(0, 40)`) still translates by 40. Time never runs backwards here because it comes
    /// from the stage clock.
    public mutating func add(time: Double, location: Point) {
        if samples.count > 1, let last = samples.last, last.time >= time - Self.timeTolerance {
            samples[samples.count - 1] = (last.time, location)
        } else {
            samples.append((time, location))
        }
        // Keep what the window can still need, and the first sample (the start location).
        let horizon = time - Self.velocityWindow * 2
        if samples.count > 64, let keepFrom = samples.firstIndex(where: { $0.time >= horizon }), keepFrom > 1 {
            samples.removeSubrange(1..<keepFrom)
        }
    }

    /// The finger's speed at `time` (the lift time, or the latest sample's), in points per second.
    public func velocity(at time: Double? = nil) -> Point {
        let now = time ?? latest.time
        let last = latest
        // A finger still since its latest sample for a whole window has stopped.
        // (Within a nanosecond: stage times are sums such as start + 0.35 − (start + 0.25), a hair under 0.1.)
        guard now - last.time < Self.velocityWindow - Self.timeTolerance else { return .zero }
        // The window ends at the latest sample, as documented: a finger that stopped a moment ago still
        // reports the speed it moved at until it has been still for the whole window.
        let from = last.time - Self.velocityWindow
        guard let first = samples.first(where: { $0.time >= from - Self.timeTolerance }), last.time > first.time else {
            return .zero
        }
        let dt = last.time - first.time
        return Point(x: (last.location.x - first.location.x) / dt, y: (last.location.y - first.location.y) / dt)
    }

    public static func == (a: TouchTrack, b: TouchTrack) -> Bool {
        a.samples.count == b.samples.count
            && zip(a.samples, b.samples).allSatisfy { $0.time == $1.time && $0.location == $1.location }
    }
}
