import Testing
@testable import PieceKit

/// A knob that follows a finger vertically. On release it springs home, or to the top when flung upward faster
/// than 500 pt/s; a release also lights its glow (0 → 1), so a test can see the frame the lift lands on.
private final class Knob: InteractivePiece {
    let name = "knob"
    var offset = 0.0
    var atTop = false
    var glow = 0.0
    var touches: [Touch] = []
    /// What carries the release (nil snaps).
    var releaseAnimation: Animation? = .smooth

    static let flingThreshold = 500.0

    /// The knob (the default), its track, and the numbered dots `dot.N`.
    var parts: [Part] { [Part("knob"), Part("track"), .numbered("dot") { _, here in here.element() }] }

    func elements(in environment: PieceEnvironment, tokens: MotionTokens) -> [Element] {
        let y = (atTop ? 100 : 500) + offset
        return [
            Element("knob").rect(Rect(x: 150, y: y, width: 40, height: 40)).number("glow", glow),
            Element("track").rect(Rect(x: 160, y: 100, width: 20, height: 440)),
            Element("dot.1").rect(Rect(x: 100, y: 200, width: 10, height: 10)),
            Element("dot.2").rect(Rect(x: 100, y: 300, width: 10, height: 10)),
        ]
    }

    func handle(_ touch: Touch, on context: any PieceContext) {
        touches.append(touch)
        switch touch.phase {
        case .began:
            break
        case .moved:
            context.update { offset = touch.translation.height }
        case .ended:
            context.transact(releaseAnimation) {
                offset = 0
                glow = 1
                if touch.velocity.y < -Self.flingThreshold { atTop = true }
            }
        case .cancelled:
            context.update { offset = 0 }
        }
    }

    func handle(_ key: Key, on context: any PieceContext) -> Bool {
        guard key == .up else { return false }
        context.update { atTop = true }
        return true
    }

    func accessibilityElements(on context: any PieceContext) -> [AccessibilityElement] {
        [AccessibilityElement(id: "knob", label: "Knob", value: atTop ? "top" : "bottom", traits: ["adjustable"],
                              offering: [AccessibilityAction("increment") { context.update { self.atTop = true } }],
                              frame: partRect("knob", index: nil, on: context) ?? .zero)]
    }
}

@Suite struct StageGestureTests {
    private func stage(fps: Int = 120) throws -> (Stage, Knob) {
        let stage = try Stage(fps: fps)
        let knob = Knob()
        try stage.add(knob)
        try stage.frames(1)
        return (stage, knob)
    }

    private func value(_ stage: Stage, frame: Int, _ number: String = "y") -> Double? {
        stage.frame(at: frame)?["knob", "knob"]?[number]
    }

    // MARK: TouchTrack

    @Test func steadyMotionReportsExactlyItsSpeed() {
        var track = TouchTrack(time: 0, location: Point(x: 10, y: 500))
        for k in 1...30 {
            track.add(time: Double(k) / 120, location: Point(x: 10 + Double(k), y: 500 - 5 * Double(k)))
            let v = track.velocity()
            #expect(abs(v.x - 120) < 1e-9)
            #expect(abs(v.y + 600) < 1e-9)
        }
    }

    @Test func aFingerStillForAWholeWindowReportsZero() {
        var track = TouchTrack(time: 0, location: Point(x: 0, y: 0))
        for k in 1...12 { track.add(time: Double(k) / 120, location: Point(x: 0, y: 4 * Double(k))) }
        let last = 12.0 / 120
        #expect(abs(track.velocity(at: last + 0.099).y - 480) < 1e-9)
        #expect(track.velocity(at: last + TouchTrack.velocityWindow) == .zero)
        #expect(track.velocity(at: last + 1) == .zero)
    }

    @Test func aSingleSampleHasNoSpeed() {
        let track = TouchTrack(time: 0.5, location: Point(x: 3, y: 4))
        #expect(track.velocity() == .zero)
        #expect(track.velocity(at: 0.55) == .zero)
    }

    @Test func twoMovesAtOneTimeAreOneMoveButTheStartStaysPut() {
        var track = TouchTrack(time: 1, location: Point(x: 0, y: 0))
        track.add(time: 1, location: Point(x: 0, y: 40))
        #expect(track.start.location == Point(x: 0, y: 0))
        #expect(track.latest.location == Point(x: 0, y: 40))
        track.add(time: 1, location: Point(x: 0, y: 50))
        #expect(track.samples.count == 2)
        #expect(track.latest.location == Point(x: 0, y: 50))
        #expect(track.velocity() == .zero)   // no time has passed
    }

    // MARK: tap

    @Test func aTapGoesDownNowAndLiftsATenthOfASecondLaterOnTheTwelfthFrame() throws {
        let (stage, knob) = try stage()
        knob.releaseAnimation = nil
        let start = stage.now
        let rendered = try stage.tap(on: knob, at: stage.aim(at: nil, on: knob))
        #expect(rendered == 12)
        #expect(stage.frameIndex == 13)
        #expect(knob.touches.map(\.phase) == [.began, .ended])
        #expect(knob.touches[0].time == start)
        #expect(abs(knob.touches[1].time - (start + Stage.tapDuration)) < 1e-12)
        #expect(knob.touches[1].location == Point(x: 170, y: 520))
        #expect(knob.touches[1].velocity == .zero)
        // The lift's change snaps on the frame the lift lands on, not before.
        #expect(value(stage, frame: 12, "glow") == 0)
        #expect(value(stage, frame: 13, "glow") == 1)
    }

    @Test func anAnimatedChangeFromTheLiftBeginsOnTheLiftFrame() throws {
        let (stage, knob) = try stage()
        try stage.tap(on: knob, at: Point(x: 170, y: 520))
        #expect(value(stage, frame: 13, "glow") == 0)      // the start value: elapsed time 0
        try stage.frames(1)
        #expect((value(stage, frame: 14, "glow") ?? 0) > 0)
    }

    @Test func aTapLastsItsDurationAtAnyFrameRate() throws {
        let (stage, knob) = try stage(fps: 60)
        #expect(try stage.tap(on: knob, at: Point(x: 0, y: 0), duration: 0.25) == 15)
        #expect(try stage.tap(on: knob, at: Point(x: 0, y: 0), duration: 0.001) == 1)
    }

    // MARK: drag

    @Test func aDragMovesEvenlyThenLiftsAtRest() throws {
        let (stage, knob) = try stage()
        let rendered = try stage.drag(on: knob, from: Point(x: 170, y: 520), dx: 0, dy: -300)
        #expect(rendered == 42)                              // 0.25 s moving, 0.1 s still
        let moves = knob.touches.filter { $0.phase == .moved }
        #expect(moves.count == 30)
        #expect(moves.last?.translation == Size(width: 0, height: -300))
        #expect(abs((moves.last?.velocity.y ?? 0) + 1200) < 1e-9)
        #expect(knob.touches.last?.phase == .ended)
        #expect(knob.touches.last?.velocity == .zero)
        #expect(!knob.atTop)
        // Each move snaps on the frame it is due: 10 pt per frame.
        #expect(value(stage, frame: 2) == 490)
        #expect(value(stage, frame: 3) == 480)
        #expect(value(stage, frame: 31) == 200)
        #expect(value(stage, frame: 42) == 200)              // still held
        #expect(value(stage, frame: 43) == 200)              // the release begins here, from where it was
        try stage.frames(1)
        #expect((value(stage, frame: 44) ?? 0) > 200)
    }

    // MARK: fling

    @Test func aFlingLiftsMovingAtExactlyTheGivenSpeed() throws {
        let (stage, knob) = try stage()
        let rendered = try stage.fling(on: knob, from: Point(x: 170, y: 520), dx: 0, dy: -60, speed: 600)
        #expect(rendered == 12)
        let lift = try #require(knob.touches.last)
        #expect(lift.phase == .ended)
        #expect(abs(lift.velocity.y + 600) < 1e-9)
        #expect(lift.translation == Size(width: 0, height: -60))
        #expect(knob.atTop)
    }

    @Test func aFlingJustUnderTheThresholdStaysAndJustOverOpens() throws {
        let (slow, slowKnob) = try stage()
        try slow.fling(on: slowKnob, from: Point(x: 170, y: 520), dx: 0, dy: -120, speed: 499)
        #expect(!slowKnob.atTop)
        let (fast, fastKnob) = try stage()
        try fast.fling(on: fastKnob, from: Point(x: 170, y: 520), dx: 0, dy: -120, speed: 501)
        #expect(fastKnob.atTop)
    }

    @Test func aFlingLongerThanTheWindowAndADiagonalOneKeepTheirSpeed() throws {
        let (stage, knob) = try stage()
        try stage.fling(on: knob, from: Point(x: 170, y: 520), dx: 0, dy: -300, speed: 1000)
        #expect(abs((knob.touches.last?.velocity.y ?? 0) + 1000) < 1e-9)
        try stage.fling(on: knob, from: Point(x: 170, y: 520), dx: 30, dy: -40, speed: 500)
        let v = try #require(knob.touches.last?.velocity)
        #expect(abs(v.x - 300) < 1e-9)
        #expect(abs(v.y + 400) < 1e-9)
    }

    @Test func aStageErrorMidGestureCancelsTheTouchAndDropsItsRemainingSamples() throws {
        let (stage, knob) = try stage()
        stage.scheduler.workLimitPerRun = 3
        for _ in 0..<5 { stage.schedule(after: 0.05, label: "busy") {} }
        #expect(throws: StageError.self) {
            try stage.drag(on: knob, from: Point(x: 170, y: 520), dx: 0, dy: -100)
        }
        #expect(knob.touches.last?.phase == .cancelled)
        let delivered = knob.touches.count
        stage.scheduler.workLimitPerRun = 100_000
        try stage.advance(0.5)
        #expect(knob.touches.count == delivered)
        #expect(knob.offset == 0)
    }

    // MARK: a finger the caller moves

    @Test func samplesLandBetweenFramesAndTheirChangesBeginOnTheNextFrame() throws {
        let (stage, knob) = try stage()
        try stage.frames(1)
        let finger = try stage.touchDown(on: knob, at: Point(x: 170, y: 520))
        try finger.move(dx: 0, dy: 30)
        #expect(knob.touches.map(\.time) == [stage.now, stage.now])
        #expect(knob.touches[1].translation == Size(width: 0, height: 30))
        #expect(stage.latestFrame?["knob", "knob"]?["y"] == 500)
        try stage.frames(1)
        #expect(stage.latestFrame?["knob", "knob"]?["y"] == 530)
        try finger.up()
        try stage.frames(1)
        #expect(stage.latestFrame?["knob", "knob"]?["y"] == 530)   // the spring home starts here
        try stage.frames(1)
        #expect((stage.latestFrame?["knob", "knob"]?["y"] ?? 0) < 530)
        #expect(!finger.isDown)
    }

    @Test func aFingerThatMovedFastAFrameBeforeLiftingIsFlung() throws {
        let (stage, knob) = try stage()
        let finger = try stage.touchDown(on: knob, at: Point(x: 170, y: 520))
        try stage.frames(1)
        try finger.move(to: Point(x: 170, y: 500))
        try stage.frames(1)
        try finger.up()
        #expect(abs((knob.touches.last?.velocity.y ?? 0) + 2400) < 1e-9)   // 20 pt in 1/120 s
        #expect(knob.atTop)
    }

    @Test func aCancelledTouchLetsGoWithoutActing() throws {
        let (stage, knob) = try stage()
        let finger = try stage.touchDown(on: knob, at: Point(x: 170, y: 520))
        try stage.frames(1)
        try finger.move(dx: 0, dy: -100)
        try finger.cancel()
        #expect(knob.touches.last?.phase == .cancelled)
        #expect(!knob.atTop)
        #expect(knob.offset == 0)
    }

    // MARK: aiming

    @Test func aimingFindsThePresentedCentreOfAPart() throws {
        let (stage, knob) = try stage()
        #expect(try stage.aim(at: nil, on: knob) == Point(x: 170, y: 520))
        #expect(try stage.aim(at: "track", on: knob) == Point(x: 170, y: 320))
        #expect(try stage.aim(at: "dot", index: 2, on: knob) == Point(x: 105, y: 305))
        stage.transact(.smooth) { knob.atTop = true }
        try stage.frames(3)
        let presented = try #require(stage.latestFrame?["knob", "knob"]?["y"])
        #expect(try stage.aim(at: "knob", on: knob).y == presented + 20)
    }

    @Test func beforeAnyFrameAPartIsAimedAtItsTarget() throws {
        let stage = try Stage()
        let knob = Knob()
        try stage.add(knob)
        #expect(knob.partRect("knob", index: nil, on: stage) == Rect(x: 150, y: 500, width: 40, height: 40))
    }

    // MARK: keys and accessibility

    @Test func aKeySaysWhetherThePieceActed() throws {
        let (stage, knob) = try stage()
        #expect(try stage.press(.left, on: knob) == false)
        #expect(try stage.press(.up, on: knob) == true)
        #expect(knob.atTop)
    }

    @Test func accessibilityActionsReachThePiece() throws {
        let (stage, knob) = try stage()
        #expect(knob.accessibilityElements(on: stage).first?.value == "bottom")
        try knob.perform("increment", on: "knob", context: stage)
        #expect(knob.accessibilityElements(on: stage).first?.value == "top")
    }

    // MARK: errors

    @Test func anUnknownPartNamesTheParts() throws {
        let (stage, knob) = try stage()
        #expect(throws: InteractionError.unknownPart(piece: "knob", part: "lid", known: ["knob", "track", "dot N"])) {
            try stage.aim(at: "lid", on: knob)
        }
        do {
            _ = try stage.aim(at: "dot", index: 9, on: knob)
            Issue.record("no error")
        } catch {
            #expect(error.description == "knob has no part named \"dot 9\" (it has: knob, track, dot N)")
        }
    }

    @Test func anUnknownKeyListsTheKnownOnes() throws {
        let (stage, knob) = try stage()
        do {
            _ = try stage.press(Key("spce"), on: knob)
            Issue.record("no error")
        } catch {
            #expect(error == .unknownKey("spce"))
            #expect(error.description == "unknown key \"spce\" (known: space, return, escape, left, right, up, down, tab)")
        }
    }

    @Test func aFingerThatLiftedCannotBeUsedAgain() throws {
        let (stage, knob) = try stage()
        let finger = try stage.touchDown(on: knob, at: Point(x: 170, y: 520))
        try finger.up()
        #expect(throws: InteractionError.touchEnded(piece: "knob")) { try finger.up() }
        #expect(throws: InteractionError.touchEnded(piece: "knob")) { try finger.move(dx: 1, dy: 1) }
        #expect(throws: InteractionError.touchEnded(piece: "knob")) { try finger.cancel() }
        #expect(knob.touches.count == 2)
        let cancelled = try stage.touchDown(on: knob, at: Point(x: 170, y: 520))
        try cancelled.cancel()
        #expect(throws: InteractionError.touchEnded(piece: "knob")) { try cancelled.move(to: .zero) }
    }

    @Test func aGestureWithNoTimeOrNoSpeedIsRefused() throws {
        let (stage, knob) = try stage()
        let at = Point(x: 170, y: 520)
        #expect(throws: InteractionError.badGesture("tap: duration must be a positive number of seconds, got 0.0")) {
            try stage.tap(on: knob, at: at, duration: 0)
        }
        #expect(throws: InteractionError.badGesture("drag: duration must be a positive number of seconds, got -1.0")) {
            try stage.drag(on: knob, from: at, dx: 0, dy: 10, duration: -1)
        }
        #expect(throws: InteractionError.badGesture("fling: velocity must be a positive number of points per second, got 0.0")) {
            try stage.fling(on: knob, from: at, dx: 0, dy: 10, speed: 0)
        }
        #expect(throws: InteractionError.badGesture("fling: the finger must travel a distance that takes time at the velocity "
                                                    + "(give dx or dy), got dx = 0.0, dy = 0.0 at 100.0 points per second")) {
            try stage.fling(on: knob, from: at, dx: 0, dy: 0, speed: 100)
        }
        // 5e-324 is the smallest double: squared it was 0, and the message said "a distance of 0.0". It is named as
        // Lua prints it (%.14g of 4.94065645841246544e-324).
        #expect(throws: InteractionError.badGesture("fling: the finger must travel a distance that takes time at the velocity "
                                                    + "(give dx or dy), got dx = 4.9406564584125e-324, dy = 0.0 at 1000.0 points per second")) {
            try stage.fling(on: knob, from: at, dx: .leastNonzeroMagnitude, dy: 0, speed: 1000)
        }
        #expect(knob.touches.isEmpty)
        #expect(stage.frameIndex == 1)
    }

    /// A mistyped length would otherwise sample or render frames for longer than any script can wait.
    @Test func aGestureLongerThanTenMinutesIsRefusedBeforeAnyFrame() throws {
        let (stage, knob) = try stage()
        let at = Point(x: 170, y: 520)
        #expect(throws: InteractionError.badGesture("tap: duration must be at most 600.0 seconds, got 1000000000000.0")) {
            try stage.tap(on: knob, at: at, duration: 1e12)
        }
        #expect(throws: InteractionError.badGesture("drag: duration must be at most 600.0 seconds, got 600.5")) {
            try stage.drag(on: knob, from: at, dx: 0, dy: 10, duration: 600.5)
        }
        #expect(throws: InteractionError.badGesture(
            "fling: the finger would travel for 1000000000.0 s (distance over velocity); at most 600.0 s")) {
            try stage.fling(on: knob, from: at, dx: 0, dy: 1e9, speed: 1)
        }
        #expect(knob.touches.isEmpty)
        #expect(stage.frameIndex == 1)
        #expect(try stage.tap(on: knob, at: at, duration: 0.5) == 60)
    }

    @Test func accessibilityErrorsNameTheElementAndTheActions() throws {
        let (stage, knob) = try stage()
        #expect(throws: InteractionError.unsupportedAction(piece: "knob", element: "knob", action: "decrement",
                                                           supported: ["increment"])) {
            try knob.perform("decrement", on: "knob", context: stage)
        }
        #expect(InteractionError.unsupportedAction(piece: "knob", element: "knob", action: "decrement",
                                                   supported: ["increment"]).description
                == "knob.knob has no accessibility action \"decrement\" (it has: increment)")
        #expect(InteractionError.unsupportedAction(piece: "knob", element: "", action: "magicTap", supported: []).description
                == "knob has no whole-screen accessibility action \"magicTap\" (it has none)")
    }
}
