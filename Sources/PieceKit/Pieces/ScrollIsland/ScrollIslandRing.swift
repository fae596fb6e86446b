/// The read ring: a track circle and a red arc from twelve o'clock, clockwise, as long as the part of the page read.
public struct ScrollIslandRing: Equatable, Sendable {
    /// The ring's square, inside the bar's leading cap.
    public var frame: Rect
    /// The stroke's centre line sits half a stroke inside the frame, so the stroke's outer edge touches it.
    public var radius: Double
    public var lineWidth: Double
    /// 0 to 1.
    public var fraction: Double
    /// Degrees, screen convention (0 at three o'clock, growing clockwise): the arc starts at the top.
    public var startAngle: Double { -90 }
    public var endAngle: Double { -90 + 360 * fraction }

    public init(frame: Rect, lineWidth: Double, fraction: Double) {
        self.frame = frame
        self.lineWidth = lineWidth
        self.radius = max((min(frame.width, frame.height) - lineWidth) / 2, 0)
        self.fraction = fraction.isFinite ? min(max(fraction, 0), 1) : 0
    }

    /// How much has been read. A given `progress` is pinned to 0...1 (non-finite reads 0); without one it is
    /// estimated from the section's place: the middle of its share of the list, (index + ½) / count.
    public static func readFraction(progress: Double?, selectedIndex: Int, count: Int) -> Double {
        if let progress { return progress.isFinite ? max(0, min(progress, 1)) : 0 }
        guard count > 0 else { return 0 }
        let index = min(max(selectedIndex, 0), count - 1)
        return (Double(index) + 0.5) / Double(count)
    }

    /// Whether a change of reading is a jump (a pick, back to top) that sweeps the arc on a spring with no overshoot,
    /// rather than a scroll the arc tracks as it goes.
    public static func sweeps(from old: Double, to new: Double) -> Bool {
        abs(new - old) > ScrollIslandMetrics.ringJump
    }
}
