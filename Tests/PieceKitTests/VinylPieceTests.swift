import Testing
@testable import PieceKit

/// The disc on a stage: geometry at a stated frame, the spin as drawn at timeline updates, settling, Reduce Motion,
/// the player it follows. Every expectation is worked by hand in the comment beside it.
@Suite struct VinylPieceTests {
    private func near(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
        guard let a else { return false }
        return abs(a - b) <= tolerance
    }

    private func rig(fps: Int = 120, reduceMotion: Bool = false, isPlaying: Bool = true,
                     frame: Rect? = nil) throws -> (Stage, VinylPiece) {
        let stage = try Stage(environment: PieceEnvironment(reduceMotion: reduceMotion), fps: fps)
        let piece = VinylPiece(context: stage, isPlaying: isPlaying, frame: frame)
        try stage.add(piece)
        return (stage, piece)
    }

    private func value(_ stage: Stage, _ element: String, _ number: String) -> Double? {
        stage.latestFrame?["vinyl", element]?[number]
    }

    @Test func theDefaultSquareSits28InFromTheSidesOfAnIPhoneStage() throws {
        let (stage, _) = try rig()
        try stage.renderFrame()
        let disc = try #require(stage.latestFrame?["vinyl", "disc"]?.rect)
        // side 393 − 2 × 28 = 337; centred on 852: y = (852 − 337) / 2 = 257.5.
        #expect(disc == Rect(x: 28, y: 257.5, width: 337, height: 337))
        // Ring k is inset 337 × k × 0.028 = 9.436·k from each side.
        let ring1 = try #require(stage.latestFrame?["vinyl", "ring.1"]?.rect)
        #expect(near(ring1.x, 37.436) && near(ring1.width, 318.128))          // 28 + 9.436; 337 − 18.872
        let ring7 = try #require(stage.latestFrame?["vinyl", "ring.7"]?.rect)
        #expect(near(ring7.x, 94.052) && near(ring7.y, 323.552) && near(ring7.width, 204.896))  // inset 66.052
        #expect(value(stage, "ring.7", "stroke") == 1)
        #expect(value(stage, "ring.7", "opacity") == 0.06)
        // The artwork: 0.6 × 337 = 202.2, centred: 28 + (337 − 202.2)/2 = 95.4; 257.5 + 67.4 = 324.9.
        let art = try #require(stage.latestFrame?["vinyl", "art"]?.rect)
        #expect(near(art.x, 95.4) && near(art.y, 324.9) && near(art.width, 202.2))
        // The spindle: 0.05 × 337 = 16.85, centred: 28 + 160.075 = 188.075.
        let spindle = try #require(stage.latestFrame?["vinyl", "spindle"]?.rect)
        #expect(near(spindle.x, 188.075) && near(spindle.y, 417.575) && near(spindle.width, 16.85))
        #expect(value(stage, "spindle", "white") == 0.08)
        #expect(value(stage, "disc", "white") == 0.08)
        #expect(stage.latestFrame?["vinyl", "sheen"]?.rect == disc)
    }

    @Test func aWideFrameHoldsASquareOfItsShorterSideCentred() throws {
        let (stage, _) = try rig(frame: Rect(x: 0, y: 100, width: 300, height: 200))
        try stage.renderFrame()
        // side min(300, 200) = 200, centred across 300: x = 50.
        #expect(stage.latestFrame?["vinyl", "disc"]?.rect == Rect(x: 50, y: 100, width: 200, height: 200))
    }

    @Test func theDiscIsDrawnAtTheWorkedAnglesOfTheRamp() throws {
        let (stage, piece) = try rig()
        // Added at t = 0, so the speed changes at 0: 110·t² until 0.9 s. Frame 54 (0.45 s) is not an update
        // at 120 fps (updates at odd frames); frame 55 (0.458333 s) is: 110 × 0.458333² = 23.107639.
        try stage.frames(55)
        #expect(near(value(stage, "disc", "angle"), 110 * (55.0 / 120) * (55.0 / 120)))
        #expect(near(value(stage, "disc", "angle"), 23.107639, 1e-6))
        try stage.frames(1)                                       // frame 56 shows the same drawing
        #expect(near(value(stage, "disc", "angle"), 23.107639, 1e-6))
        // The art turns with the disc.
        #expect(value(stage, "art", "angle") == value(stage, "disc", "angle"))
        // Frame 109 (0.908333 s): past the ramp, 89.1 + 198 × 0.008333 = 90.75.
        try stage.frames(53)
        #expect(near(value(stage, "disc", "angle"), 90.75, 1e-9))
        #expect(near(value(stage, "disc", "speed"), 198))
        #expect(near(piece.angle, 90.75))
    }

    @Test func aPlayingDiscNeverKeepsSettleWaiting() throws {
        let (stage, piece) = try rig()
        #expect(try stage.settle() == 1)
        try stage.advance(2)
        #expect(try stage.settle() == 0)
        #expect(!piece.isEasing)
    }

    @Test func aPauseCoastsToAStopAndSettleWaitsForIt() throws {
        let (stage, piece) = try rig()
        try stage.advance(2)
        piece.setPlaying(false)
        #expect(piece.isEasing)
        // The stop comes 0.9 + 0.05 s after the pause: 0.95 × 120 = 114 frames.
        #expect(try stage.settle() == 114)
        #expect(!piece.isEasing)
        // At 2 s the disc is at 89.1 + 198 × 1.1 = 306.9; it slows to 306.9 + 198·0.9 − 110·0.81 = 396.
        #expect(near(value(stage, "disc", "angle"), 396))
        #expect(value(stage, "disc", "speed") == 0)
        #expect(piece.timeline.isPaused)
    }

    @Test func anRPMChangeWhilePlayingRetargetsFromTheCurrentSpeed() throws {
        let (stage, piece) = try rig()
        try stage.advance(2)
        piece.setRPM(45)
        // 45 × 6 = 270 °/s from 198 at 2 s: 306.9 + 198·r + 40·r²; at r = 0.9: 517.5; frame 349 (2.908333 s)
        // is an update: 517.5 + 270 × 0.008333 = 519.75.
        try stage.advance(0.9)
        try stage.frames(1)
        #expect(near(value(stage, "disc", "angle"), 519.75))
        #expect(near(piece.speed, 270))
    }

    @Test func anRPMChangeWhilePausedWaitsForPlay() throws {
        let (stage, piece) = try rig(isPlaying: false)
        try stage.settle()
        piece.setRPM(45)
        #expect(piece.speed == 0)
        piece.setPlaying(true)
        try stage.advance(2)
        #expect(near(piece.speed, 270))
    }

    @Test func reduceMotionDrawsTheDiscUprightAndMakesNoSpeedChange() throws {
        let (stage, piece) = try rig(reduceMotion: true)
        try stage.advance(1)
        #expect(value(stage, "disc", "angle") == 0)
        #expect(piece.spin.targetSpeed == 0)            // the task never ran
        piece.setRPM(45)
        #expect(piece.spin.targetSpeed == 0)
        #expect(try stage.settle() == 0)
    }

    @Test func reduceMotionTurningOnMidSpinSnapsUpright() throws {
        let (stage, piece) = try rig()
        try stage.advance(1)
        stage.environment.reduceMotion = true
        try stage.frames(1)
        #expect(value(stage, "disc", "angle") == 0)
        #expect(piece.timeline.isPaused)
    }

    @Test func reduceMotionTurningOffResumesTheKeptSpin() throws {
        let (stage, _) = try rig()
        try stage.advance(0.5)
        stage.environment.reduceMotion = true
        try stage.advance(1.5)                          // now 2.0 s
        stage.environment.reduceMotion = false
        // The task runs at 2.0 s: the kept spin is at 89.1 + 198 × 1.1 = 306.9, turning at 198 °/s. Updates
        // start on frame 241; frame 301 (2.508333 s) is one: 306.9 + 198 × 0.508333 = 407.55.
        try stage.advance(0.5)
        try stage.frames(1)
        #expect(near(value(stage, "disc", "angle"), 407.55))
    }

    @Test func aDiscThatAppearsPlayingRampsUpFromRestWhereItIsAdded() throws {
        let stage = try Stage(fps: 60)
        try stage.advance(1)
        let piece = VinylPiece(context: stage, isPlaying: true)
        try stage.add(piece)
        // Added at 1 s: at 1.45 s (frame 87, an update at 60 fps) it is at 110 × 0.45² = 22.275.
        try stage.advance(0.45)
        #expect(near(value(stage, "disc", "angle"), 22.275))
    }

    @Test func itFollowsAPlayersIsPlaying() throws {
        let stage = try Stage(fps: 120)
        let player = MockPlayer(stage: stage, tracks: [MockPlayer.Track(title: "A", artist: "B", duration: 200)],
                                isPlaying: true)
        let piece = VinylPiece(context: stage, player: player)
        try stage.add(piece)
        #expect(piece.isPlaying)
        try stage.advance(1)
        player.pause()
        #expect(!piece.isPlaying && piece.isEasing)
        #expect(try stage.settle() == 114)              // 0.95 s at 120 fps
    }

    @Test func voiceOverMeetsOneElementNamedAlbumArt() throws {
        let (stage, piece) = try rig()
        let elements = piece.accessibilityElements(on: stage)
        #expect(elements.count == 1)
        #expect(elements.first?.label == "Album art")
        #expect(elements.first?.value == nil && elements.first?.traits == [] && elements.first?.actions == [])
    }
}
