/// One sample of a finger on the glass, as a piece's gesture handler sees it: SwiftUI's `DragGesture.Value`
/// plus the phase. Locations are in stage coordinates (points, y down); times are stage times.
public struct Touch: Sendable, Equatable {
    public enum Phase: String, Sendable {
        /// The finger went down. `location == startLocation`, no translation, no velocity.
        case began
        case moved
        /// The finger lifted: a tap or the end of a drag. `velocity` is the finger's speed as it lifted.
        case ended
        /// The system took the touch (a call came in, a sheet appeared). Pieces let go without acting on it.
        case cancelled
    }

    public let phase: Phase
    public let location: Point
    public let startLocation: Point
    /// When the finger went down and when this sample was taken.
    public let startTime: Double
    public let time: Double
    /// Points per second, from the latest samples (see `TouchTrack`).
    public let velocity: Point
    /// The decay `predictedEndTranslation` coasts by (the stage's `gesturePrediction`).
    public let predictionRate: Double

    public init(phase: Phase, location: Point, startLocation: Point, startTime: Double, time: Double,
                velocity: Point, predictionRate: Double = GesturePhysics.predictionDecelerationRate) {
        self.phase = phase; self.location = location; self.startLocation = startLocation
        self.startTime = startTime; self.time = time; self.velocity = velocity; self.predictionRate = predictionRate
    }

    public var translation: Size {
        Size(width: location.x - startLocation.x, height: location.y - startLocation.y)
    }

    /// Where the finger would coast to, as SwiftUI's `predictedEndTranslation` (see
    /// `GesturePhysics.predictionDecelerationRate`: a guess).
    public var predictedEndTranslation: Size {
        Size(width: GesturePhysics.project(translation.width, velocity: velocity.x, decelerationRate: predictionRate),
             height: GesturePhysics.project(translation.height, velocity: velocity.y, decelerationRate: predictionRate))
    }
}
