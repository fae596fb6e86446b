/// The brushed-metal rim: an angular gradient of greys round a centre, as a white level (0 black … 1 white) at any
/// angle, and the numbers of the metal button that wears it.
///
/// Angles follow Apple's convention for angular gradients: 0° points along +x and angles grow clockwise on screen,
/// so 90° is straight down. The gradient's location 0 sits at `startAngle` (200°) and a full turn spans 0…1.
public enum MetalRim {
    /// A gradient stop: where it sits (0…1 of the turn) and its white level.
    public struct Stop: Equatable, Sendable {
        public let location: Double
        public let white: Double
    }

    public static let stops: [Stop] = [
        Stop(location: 0, white: 0.08), Stop(location: 0.10, white: 0.97), Stop(location: 0.30, white: 0.55),
        Stop(location: 0.45, white: 1), Stop(location: 0.55, white: 0.17), Stop(location: 0.70, white: 0.86),
        Stop(location: 0.81, white: 0.08), Stop(location: 0.92, white: 0.97),
    ]

    /// Where location 0 sits, in degrees.
    public static let startAngle = 200.0

    /// Decision: from the last stop (0.92) to the seam the level holds at the last stop's 0.97, and at the seam it
    /// meets the first stop's 0.08 with a hard edge, because a gradient holds its end colours beyond its first and
    /// last stops rather than wrapping between them. The seam is at `startAngle`, 200°.
    public static let holdsTheLastStopToTheSeam = true

    /// Between stops the level moves linearly in the grey value itself.
    public static let blendsLinearlyInWhite = true

    /// The white level at `degrees` (any finite angle; turns wrap). Not a number gives the first stop's level.
    public static func white(atDegrees degrees: Double) -> Double {
        guard degrees.isFinite else { return stops[0].white }
        let turns = (degrees - startAngle) / 360
        var location = turns - turns.rounded(.down)
        if location >= 1 { location = 0 }
        var previous = stops[0]
        for stop in stops.dropFirst() {
            if location <= stop.location {
                let span = stop.location - previous.location
                let share = span > 0 ? (location - previous.location) / span : 1
                return previous.white + (stop.white - previous.white) * share
            }
            previous = stop
        }
        return previous.white
    }
}
