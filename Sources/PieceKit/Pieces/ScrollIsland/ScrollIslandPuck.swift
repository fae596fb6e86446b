/// A spring as the seed names it, by duration and bounce; the stage's motion engine turns it into a `Spring`.
public struct ScrollIslandSpringSpec: Equatable, Sendable {
    public var duration: Double
    public var bounce: Double
    public init(duration: Double, bounce: Double) { self.duration = duration; self.bounce = bounce }

    /// The house "responsive" tier: snapping to a detent, page or segment.
    public static let responsive = ScrollIslandSpringSpec(duration: 0.32, bounce: 0.25)
    /// What every settle becomes under Reduce Motion: short, no overshoot.
    public static let still = ScrollIslandSpringSpec(duration: 0.25, bounce: 0)

    /// Follow-through: each rank later arrives 40 ms slower and 0.02 bouncier (rank capped at 6, bounce at 0.55).
    public func following(rank: Int) -> ScrollIslandSpringSpec {
        let k = Double(max(0, min(rank, 6)))
        return ScrollIslandSpringSpec(duration: duration + 0.04 * k, bounce: min(bounce + 0.02 * k, 0.55))
    }
}

/// The puck's two edges, in rows from the top of the list. Row `i` rests between `i` and `i + 1`.
public struct ScrollIslandPuck: Equatable, Sendable {
    public var top: Double
    public var bottom: Double

    public init(top: Double, bottom: Double) { self.top = top; self.bottom = bottom }

    /// Resting on `row`.
    public init(row: Int) { self.init(top: Double(row), bottom: Double(row + 1)) }

    /// One edge heading for a new row: where to, and on which spring.
    public struct EdgeMove: Equatable, Sendable {
        public var target: Double
        public var spring: ScrollIslandSpringSpec
    }

    /// The puck flying to `row`: the edge facing it leads on the responsive spring and the far edge follows a beat
    /// later on a looser one (rank 2: 0.40 s, bounce 0.29), so it stretches toward the row and gathers there. Under
    /// Reduce Motion both edges share one short spring and the puck slides without stretching.
    public func move(to row: Int, reduceMotion: Bool) -> (top: EdgeMove, bottom: EdgeMove) {
        let downward = Double(row) + 0.5 > (top + bottom) / 2
        let lead = reduceMotion ? ScrollIslandSpringSpec.still : .responsive
        let trail = reduceMotion ? ScrollIslandSpringSpec.still : ScrollIslandSpringSpec.responsive.following(rank: 2)
        return (top: EdgeMove(target: Double(row), spring: downward ? trail : lead),
                bottom: EdgeMove(target: Double(row + 1), spring: downward ? lead : trail))
    }
}
