/// Where the full player's drag is measured.
///
/// The specification puts the full player's drag gesture inside its `.offset(y:)`, and a `DragGesture` with no
/// coordinate space given measures in the view's own space, which that offset moves. So the translation SwiftUI
/// reports is the finger's movement less the view's movement since the touch went down, and the player, which
/// follows that translation, keeps half a step behind the finger: a slow pull of 240 points moves it about 120, and
/// closing (past 120) takes about twice the pull. The bar's gesture sits outside its offset, in a space that does
/// not move, so it stays one for one.
extension MiniPlayer {
    /// Which space the full player's drag is measured in (`s:miniPlayer{ dragSpace = ... }`).
    public enum DragSpace: String, Sendable, CaseIterable {
        /// The view's own space, which moves with the offset, as the specification is written.
        case view
        /// The screen, one for one: the model PieceBox had before, kept to compare against.
        case screen
    }

    /// Which offset the view's space is taken at when a finger's location is turned into the view's space
    /// (`s:miniPlayer{ dragGeometry = ... }`).
    public enum DragGeometry: String, Sendable, CaseIterable {
        /// Where the latest frame drew the player, the drag spring's lag included.
        case drawn
        /// Where the player is heading: the offset the latest translation set, with no lag.
        case target
    }

    public static let defaultDragSpace = DragSpace.view

    /// A guess: SwiftUI's conversion of a touch into a moving view's space is not documented, nor whether it uses
    /// the geometry as drawn (the offset part-way along its spring) or the geometry the view is heading for. Drawn
    /// is taken, since a touch is matched against what is on screen. Were it the target, each sample would be
    /// measured against the offset the previous sample set, so a steady drag's translation would go up in pairs of
    /// equal steps rather than smoothly; where the finger rests until the spring has arrived the two agree (drawn
    /// and target are then the same), so releases after such a rest decide alike.
    public static let defaultDragGeometry = DragGeometry.drawn
}

/// A full-player drag measured in the view's moving space: where the view was when the finger went down, and the
/// finger's samples turned into that space, from which the translation and the speed are read as the stage reads
/// a finger's on the screen (`TouchTrack`), so the predicted end is the local one.
struct LocalDrag {
    /// The view's offset when the finger went down.
    let startOffset: Double
    /// The finger's samples less the view's movement since it went down: one sample per sample the finger gave,
    /// and none in between (a finger at rest gives none, as a touch screen reports only moves).
    private(set) var track: TouchTrack

    init(touch: Touch, viewOffset: Double) {
        startOffset = viewOffset
        track = TouchTrack(time: touch.time, location: touch.location)
    }

    /// The finger's location in the view's space, given where the view is now.
    func local(_ touch: Touch, viewOffset: Double) -> Point {
        Point(x: touch.location.x, y: touch.location.y - (viewOffset - startOffset))
    }

    /// The translation the gesture reports for `touch`: the finger's less the view's movement.
    func translation(_ touch: Touch, viewOffset: Double) -> Size {
        let at = local(touch, viewOffset: viewOffset)
        return Size(width: at.x - track.start.location.x, height: at.y - track.start.location.y)
    }

    mutating func add(_ touch: Touch, viewOffset: Double) {
        track.add(time: touch.time, location: local(touch, viewOffset: viewOffset))
    }

    /// Where the gesture would coast to from `translation`: the speed is the local samples', read by the
    /// stage's velocity rule at the lift, with the stage's prediction rate.
    func predictedEnd(_ translation: Size, _ touch: Touch) -> Size {
        let v = track.velocity(at: touch.time)
        return Size(
            width: GesturePhysics.project(translation.width, velocity: v.x, decelerationRate: touch.predictionRate),
            height: GesturePhysics.project(translation.height, velocity: v.y, decelerationRate: touch.predictionRate))
    }
}
