/// One glass shape as presented, for the merge rule: a rounded rect about `center` (a circle when its corner
/// radius reaches half of both sides, a capsule when it reaches half of the shorter one), already scaled.
///
/// Every piece that draws liquid glass (NowPlaying's bar and bubbles, a glass group's shapes) measures its necks with
/// this one rule, so two pieces never disagree about whether the same two shapes touch.
public struct LiquidShape: Sendable, Equatable {
    public var name: String
    public var center: Point
    public var halfWidth: Double
    public var halfHeight: Double
    public var radius: Double

    public init(name: String, center: Point, halfWidth: Double, halfHeight: Double, radius: Double) {
        self.name = name
        self.center = center
        self.halfWidth = halfWidth
        self.halfHeight = halfHeight
        self.radius = radius
    }

    /// The gap between two shapes' outlines (negative when they overlap).
    ///
    /// Exact wherever it is positive: a rounded rect is a rect (its core, shrunk by the corner radius) swept by a
    /// disc, so the gap between two of them is the distance between their cores less both radii. A circle has a
    /// point for its core, so against a circle this is the distance from the circle's centre to the other
    /// outline, less its radius.
    public func gap(to other: LiquidShape) -> Double {
        let (box, circle) = other.isCircle ? (self, other) : (other, self)
        if circle.isCircle { return box.distance(to: circle.center) - circle.radius }
        let a = core, b = other.core
        let qx = abs(center.x - other.center.x) - a.halfWidth - b.halfWidth
        let qy = abs(center.y - other.center.y) - a.halfHeight - b.halfHeight
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        return outside + min(max(qx, qy), 0) - a.radius - b.radius
    }

    var isCircle: Bool { halfWidth == halfHeight && radius >= halfWidth }

    /// The corner radius the outline can hold (no more than half the shorter side).
    var clampedRadius: Double { max(min(radius, halfWidth, halfHeight), 0) }

    /// The rect that, swept by a disc of the corner radius, makes this outline.
    private var core: (halfWidth: Double, halfHeight: Double, radius: Double) {
        let r = clampedRadius
        return (halfWidth - r, halfHeight - r, r)
    }

    /// Signed distance from `p` to this rounded rect's outline.
    func distance(to p: Point) -> Double {
        let r = min(radius, halfWidth, halfHeight)
        let qx = abs(p.x - center.x) - (halfWidth - r)
        let qy = abs(p.y - center.y) - (halfHeight - r)
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        return outside + min(max(qx, qy), 0) - r
    }
}

extension Liquid {
    /// Whether two shapes `gap` apart merge inside a container of `spacing`: only when strictly closer.
    ///
    /// Apple's words are "closer than" the spacing, so a gap exactly equal to it stays apart. The seed's Tools rest
    /// exactly there (an HStack of spacing 16 in a container of spacing 16): at rest its two buttons are two
    /// bubbles, and they share a neck only while one grows out of, or melts into, the other.
    public static func merges(gap: Double, spacing: Double) -> Bool {
        gap < spacing
    }

    /// Every pair of `shapes` that merges within `spacing`, as "a+b" in the shapes' order (`mergingPairs`, with no
    /// host to ask).
    public static func mergedPairs(_ shapes: [LiquidShape], spacing: Double) -> [String] {
        var work = HostWork()
        let pairs = (try? mergingPairs(shapes, spacing: spacing, work: &work)) ?? []
        return pairs.map { "\(shapes[$0.first].name)+\(shapes[$0.second].name)" }
    }
}
