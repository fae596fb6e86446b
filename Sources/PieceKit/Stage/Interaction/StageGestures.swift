/// Touches, keys and accessibility actions delivered to interactive pieces, and the synthesized gestures a
/// script asks for by name.
///
/// **Synthesized gestures** schedule their samples on the stage's clock (one per frame, and the lift at its
/// exact time), then render frames until the finger has lifted: when `tap`, `drag` or `fling` returns, the
/// latest frame is the first one at or after the lift, and the lift's changes begin on it.
/// - `tap`: down, and up `duration` later (default 0.1 s) without moving.
/// - `drag`: moves by (`dx`, `dy`) at an even speed over `duration` (default 0.25 s), then holds still for
///   `TouchTrack.velocityWindow` before lifting, so it lifts at rest: what is carried is placed, not thrown.
/// - `fling`: moves by (`dx`, `dy`) at an even `speed` (points per second) and lifts while moving, so the piece
///   sees exactly that speed as the release velocity.
extension Stage {
    /// Default tap length: a quick press, well under any long-press threshold.
    public static let tapDuration = 0.1
    public static let dragDuration = 0.25
    /// The longest a synthesized gesture may last, in seconds. A guess, far past any real press or drag: a
    /// mistyped length (1e12) would otherwise build a sample for every frame of it, or render frames without
    /// end, before the script could be stopped.
    public static let longestGesture = 600.0

    /// Why a named part with nothing drawn for it cannot be touched.
    public static let notDrawnNow = "nothing of it is drawn now (it comes and goes with the piece's state)"

    /// How far from the stage's origin a touch may be, in points on either axis. A guess, far past any screen: a
    /// touch beyond it is a mistake (1e308), and the gesture's arithmetic on it (a translation, a speed, where it
    /// would coast) would overflow to infinity and reach the frame log as not-a-number.
    public static let touchReach = 1e6

    /// The one rule for where a finger may be: finite and within `touchReach`. Every touch goes through it (a
    /// finger put down, every sample it moves to, every point of a synthesized gesture's path).
    static func checkTouch(_ location: Point) throws(InteractionError) {
        guard location.x.isFinite, location.y.isFinite,
              abs(location.x) <= touchReach, abs(location.y) <= touchReach else {
            throw .badGesture("a touch at (\(location.x), \(location.y)) is out of reach: a finger stays within "
                              + "\(Int(touchReach)) points of the stage's origin on each axis")
        }
    }

    /// Puts a finger down on `piece` at `location` now.
    public func touchDown(on piece: any InteractivePiece, at location: Point) throws(InteractionError) -> Finger {
        try Self.checkTouch(location)
        return Finger(piece: piece, stage: self, at: location)
    }

    /// The centre of a part of `piece` ("grabber", ("row", 3)), or a clear error naming the parts it has.
    public func aim(at part: String?, index: Int? = nil, on piece: any InteractivePiece) throws(InteractionError) -> Point {
        let name = part ?? piece.defaultPart
        let shownName = index.map { "\(name) \($0)" } ?? name
        // Asked first: a part that exists but is off screen now may have no rect at all (a bubble not yet out).
        if let reason = piece.unreachable(name, index: index, on: self) {
            throw .unreachablePart(piece: piece.name, part: shownName, reason: reason)
        }
        guard let rect = piece.partRect(name, index: index, on: self) else {
            // A part the piece names but draws nothing for now (a bubble not out yet) cannot be touched now; only a
            // name the piece does not have, or an index past its parts, is unknown.
            if index == nil, piece.resolvePart(name, index: nil)?.isListed == true {
                throw .unreachablePart(piece: piece.name, part: shownName, reason: Self.notDrawnNow)
            }
            throw .unknownPart(piece: piece.name, part: shownName, known: piece.partNames)
        }
        return rect.center
    }

    /// A tap at `location`; returns the frames rendered.
    @discardableResult
    public func tap(on piece: any InteractivePiece, at location: Point,
                    duration: Double = Stage.tapDuration) throws -> Int {
        try Self.checkDuration(duration, "tap")
        return try perform(on: piece, path: [(0, location)], liftAt: duration)
    }

    /// A drag from `location` by `dx`, `dy` over `duration`, lifting at rest; returns the frames rendered.
    @discardableResult
    public func drag(on piece: any InteractivePiece, from location: Point, dx: Double, dy: Double,
                     duration: Double = Stage.dragDuration) throws -> Int {
        try Self.checkDuration(duration, "drag")
        try countSamples(duration: duration)
        let path = Self.evenPath(from: location, dx: dx, dy: dy, duration: duration, fps: fps)
        return try perform(on: piece, path: path, liftAt: duration + TouchTrack.velocityWindow)
    }

    /// A flick from `location` by `dx`, `dy` at `speed` points per second, lifting while moving.
    @discardableResult
    public func fling(on piece: any InteractivePiece, from location: Point, dx: Double, dy: Double,
                      speed: Double) throws -> Int {
        // Scaled first, so a tiny or huge dx does not underflow to 0 or overflow to inf when squared.
        let scale = max(abs(dx), abs(dy))
        let distance = scale > 0 && scale.isFinite ? scale * ((dx / scale) * (dx / scale) + (dy / scale) * (dy / scale)).squareRoot() : scale
        guard speed.isFinite, speed > 0 else {
            throw InteractionError.badGesture("fling: velocity must be a positive number of points per second, got \(number: speed)")
        }
        let duration = distance / speed
        // The script's own numbers are named: the distance is worked from them and says less.
        guard distance.isFinite, distance > 0, duration > 0 else {
            throw InteractionError.badGesture("fling: the finger must travel a distance that takes time at the velocity "
                + "(give dx or dy), got dx = \(number: dx), dy = \(number: dy) at \(number: speed) points per second")
        }
        guard duration <= Self.longestGesture else {
            throw InteractionError.badGesture("fling: the finger would travel for \(number: duration) s (distance over velocity); "
                + "at most \(Self.longestGesture) s")
        }
        try countSamples(duration: duration)
        let path = Self.evenPath(from: location, dx: dx, dy: dy, duration: duration, fps: fps)
        return try perform(on: piece, path: path, liftAt: duration)
    }

    /// What one sample of a gesture costs the host: its point on the path, its scheduled work and that work's
    /// closure. Measured at about 225 bytes (a 600 s drag at 1000 fps), rounded up.
    static let bytesPerSample = 256

    /// A gesture's samples (one per frame of it: a 600 s drag at 1000 fps is 600,000) are counted by the host
    /// before they are made, as any allocation a script sizes.
    private func countSamples(duration: Double) throws(StageError) {
        let samples = Int(min((duration * Double(fps)).rounded(.up), 1e12)) + 2
        if let reason = hostLimit(holding: samples * Self.bytesPerSample) {
            limits.hostStop = nil
            throw .interrupted(reason)
        }
    }

    /// Delivers a key press now.
    @discardableResult
    public func press(_ key: Key, on piece: any InteractivePiece) throws(InteractionError) -> Bool {
        guard Key.known.contains(key) else { throw .unknownKey(key.rawValue) }
        return piece.handle(key, on: self)
    }

    // MARK: Synthesis

    private static func checkDuration(_ duration: Double, _ gesture: String) throws(InteractionError) {
        guard duration.isFinite, duration > 0 else {
            throw .badGesture("\(gesture): duration must be a positive number of seconds, got \(number: duration)")
        }
        guard duration <= longestGesture else {
            throw .badGesture("\(gesture): duration must be at most \(longestGesture) seconds, got \(number: duration)")
        }
    }

    /// Samples at every frame time strictly inside the motion, and the end at exactly `duration`.
    static func evenPath(from start: Point, dx: Double, dy: Double, duration: Double,
                         fps: Int) -> [(Double, Point)] {
        var path: [(Double, Point)] = [(0, start)]
        let step = 1 / Double(fps)
        var k = 1
        while Double(k) * step < duration - 1e-9 {
            let f = Double(k) * step / duration
            path.append((Double(k) * step, Point(x: start.x + dx * f, y: start.y + dy * f)))
            k += 1
        }
        path.append((duration, Point(x: start.x + dx, y: start.y + dy)))
        return path
    }

    /// Puts the finger down now, schedules the moves at their offsets and the lift at `liftAt`, and renders
    /// frames until the lift has run. The samples are blocking work, so `settle` waits for a gesture too.
    ///
    /// A stage error while the frames render ends the gesture as the system would take a touch: its remaining
    /// samples are dropped and the piece gets `.cancelled`, so no half-finished drag goes on in later frames.
    private func perform(on piece: any InteractivePiece, path: [(Double, Point)], liftAt: Double) throws -> Int {
        guard let first = path.first else { return 0 }
        for (_, point) in path { try Self.checkTouch(point) }
        let start = scheduler.currentTime
        let finger = try touchDown(on: piece, at: first.1)
        let label = "\(piece.name): touch"
        var samples: [ScheduledID] = []
        for (offset, point) in path.dropFirst() {
            samples.append(schedule(at: start + offset, label: label) { try? finger.move(to: point) })
        }
        samples.append(schedule(at: start + liftAt, label: label) { try? finger.up() })
        var rendered = 0
        do {
            while finger.isDown {
                try renderFrame()
                rendered += 1
            }
        } catch {
            for id in samples { cancel(id) }
            try? finger.cancel()
            throw error
        }
        return rendered
    }
}
