/// One finger on one piece, from touch down to lift: the low-level gesture (`touch(x, y):move(...):up()`).
/// Each call delivers one sample to the piece at the current time (the due time of the running work, inside
/// scheduled work; the latest frame's time otherwise), so its changes begin on the next frame.
/// A class: the script holds it between frames while the stage moves on.
public final class Finger {
    public let piece: any InteractivePiece
    // Strong: a script may keep a finger longer than anything else keeps the stage.
    private let stage: Stage
    public private(set) var track: TouchTrack
    public private(set) var isDown = true
    /// Whether the piece follows this finger. A piece follows one finger, the first down on it, until that one
    /// lifts, as a SwiftUI drag follows one touch: a second finger landing while the first is down reaches
    /// nothing (none of its samples is delivered), so it can never restart the first one's drag from its own
    /// start. Every touch goes through a `Finger` (a synthesized gesture's too), so this is the one place.
    public let isFollowed: Bool

    init(piece: any InteractivePiece, stage: Stage, at location: Point) {
        self.piece = piece
        self.stage = stage
        track = TouchTrack(time: stage.scheduler.currentTime, location: location)
        isFollowed = stage.touchHolders[ObjectIdentifier(piece)] == nil
        if isFollowed { stage.touchHolders[ObjectIdentifier(piece)] = ObjectIdentifier(self) }
        deliver(.began)
    }

    public var location: Point { track.latest.location }

    /// Moves the finger to `location` (stage coordinates).
    public func move(to location: Point) throws(InteractionError) {
        guard isDown else { throw .touchEnded(piece: piece.name) }
        try Stage.checkTouch(location)
        track.add(time: stage.scheduler.currentTime, location: location)
        deliver(.moved)
    }

    /// Moves the finger by `dx`, `dy` from where it is.
    public func move(dx: Double, dy: Double) throws(InteractionError) {
        try move(to: Point(x: location.x + dx, y: location.y + dy))
    }

    /// Lifts the finger where it is.
    public func up() throws(InteractionError) {
        guard isDown else { throw .touchEnded(piece: piece.name) }
        isDown = false
        deliver(.ended)
    }

    /// The system takes the touch.
    public func cancel() throws(InteractionError) {
        guard isDown else { throw .touchEnded(piece: piece.name) }
        isDown = false
        deliver(.cancelled)
    }

    private func deliver(_ phase: Touch.Phase) {
        guard isFollowed else { return }
        if phase == .ended || phase == .cancelled { stage.touchHolders[ObjectIdentifier(piece)] = nil }
        let now = stage.scheduler.currentTime
        let start = track.start
        let velocity = phase == .began ? Point.zero : track.velocity(at: now)
        piece.handle(Touch(phase: phase, location: location, startLocation: start.location,
                           startTime: start.time, time: now, velocity: velocity,
                           predictionRate: stage.gesturePrediction), on: stage)
    }
}
