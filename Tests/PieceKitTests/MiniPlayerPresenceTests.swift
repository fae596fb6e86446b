import Testing
@testable import PieceKit

/// `if isExpanded { fullPlayer } else { miniBar }`: a branch is in the frame while it is on screen or fading out,
/// and leaves the frame, hit testing and VoiceOver once its fade has ended.
@Suite struct MiniPlayerPresenceTests {
    static let playerParts = ["chevron", "title", "subtitle", "progress", "previous", "play", "next"]
    static let barParts = ["miniTitle", "miniSubtitle", "miniPlay"]

    private func has(_ rig: MiniPlayerRig, _ element: String, in frame: Frame? = nil) -> Bool {
        (frame ?? rig.stage.latestFrame)?["miniPlayer", element] != nil
    }

    @Test func aClosedPlayerPublishesNoneOfTheFullPlayersParts() throws {
        let rig = try MiniPlayerRig()
        for part in Self.playerParts { #expect(!has(rig, part), "\(part)") }
        for part in Self.barParts + ["content", "background", "art"] { #expect(has(rig, part), "\(part)") }
    }

    @Test func onceOpenAndAtRestTheBarsPartsHaveLeft() throws {
        let rig = try MiniPlayerRig()
        try rig.open()
        for part in Self.barParts { #expect(!has(rig, part), "\(part)") }
        for part in Self.playerParts { #expect(rig.value(part, "opacity") == 1, "\(part)") }
    }

    @Test func closingKeepsTheChevronWhileItFadesAndDropsItOnceTheSpringHasSettled() throws {
        let rig = try MiniPlayerRig()
        try rig.open()
        let chevron = try #require(rig.rect("chevron"))
        let start = rig.stage.history.count
        try rig.stage.tap(on: rig.piece, at: chevron.center)
        try rig.stage.advance(0.2)
        // 0.2 s into the 0.5 s spring: still there, part way out.
        let midway = try #require(rig.value("chevron", "opacity"))
        #expect(midway > 0 && midway < 1)
        try rig.stage.settle()
        #expect(!rig.piece.isExpanded)
        for part in Self.playerParts { #expect(!has(rig, part), "\(part)") }
        // It was in every frame until it left, and never came back.
        let frames = Array(rig.frames(since: start))
        let firstWithout = try #require(frames.firstIndex { !has(rig, "chevron", in: $0) })
        #expect(frames[..<firstWithout].allSatisfy { has(rig, "chevron", in: $0) })
        #expect(frames[firstWithout...].allSatisfy { !has(rig, "chevron", in: $0) })
        // Gone from VoiceOver and from touch: where the chevron was is the app's content now.
        #expect(!rig.piece.accessibilityElements(on: rig.stage).contains { $0.id == "chevron" })
        #expect(throws: InteractionError.self) { try rig.stage.aim(at: "chevron", on: rig.piece) }
        try rig.stage.tap(on: rig.piece, at: chevron.center)
        try rig.stage.settle()
        #expect(!rig.piece.isExpanded)
    }

    @Test func reopeningWhileTheClosingFadeRunsKeepsThePlayersParts() throws {
        let rig = try MiniPlayerRig()
        try rig.open()
        let start = rig.stage.history.count
        rig.piece.setExpanded(false)
        try rig.stage.advance(0.1)
        #expect(has(rig, "miniTitle"))
        rig.piece.setExpanded(true)
        try rig.stage.settle()
        // The removal that the close had waiting was overtaken: the chevron never left.
        #expect(rig.frames(since: start).allSatisfy { has(rig, "chevron", in: $0) })
        #expect(rig.value("chevron", "opacity") == 1)
        for part in Self.barParts { #expect(!has(rig, part), "\(part)") }
    }
}

/// With Reduce Motion on, the two states swap without morphing, and nothing the piece draws moves on its own.
@Suite struct MiniPlayerReduceMotionTests {
    @Test func theStatesSwapTheirPartsOnOneFrameAndNothingIsLeftToMove() throws {
        let rig = try MiniPlayerRig(environment: PieceEnvironment(reduceMotion: true))
        try rig.stage.tap(on: rig.piece, at: try rig.barCenter())
        // The tap's lift shows on the frame it returns on: the player whole, the bar's parts already gone.
        #expect(rig.value("chevron", "opacity") == 1)
        #expect(rig.rect("miniTitle") == nil)
        #expect(try rig.stage.settle() == 0)
        try rig.stage.tap(on: rig.piece, at: try rig.stage.aim(at: "chevron", on: rig.piece))
        #expect(rig.value("miniTitle", "opacity") == 1)
        #expect(rig.rect("chevron") == nil)
        #expect(try rig.stage.settle() == 0)
    }

    @Test func theOpenPlayerFollowsItsOwnSpaceFrameByFrameWithNoSpring() throws {
        let rig = try MiniPlayerRig(environment: PieceEnvironment(reduceMotion: true))
        try rig.open()
        let finger = try rig.stage.touchDown(on: rig.piece, at: Point(x: 196, y: 300))
        // Each move reads the frame before it, which shows the previous translation whole:
        // 30 − 0 = 30, 60 − 30 = 30, 90 − 30 = 60, 120 − 60 = 60.
        var shown: [Double] = []
        for _ in 0..<4 {
            try finger.move(dx: 0, dy: 30)
            try rig.stage.renderFrame()
            shown.append((rig.rect("chevron")?.y ?? 0) - 67)
            #expect(!rig.stage.isMoving("miniPlayer"))
        }
        #expect(shown == [30, 30, 60, 60])
        // The lift reads 120 − 60 = 60, short of 120. The view's samples: 300 at the touch, then 330, 330, 360,
        // 360 (the finger less the offset drawn), the last 3/120 s after the touch, which the 0.1 s window still
        // reaches: 60 / 0.025 = 2400 points a second, predicted 60 + 2400 × 0.099 = 297.6, short of 320. It stays
        // open and the offset is back to 0 on the next frame, with nothing moving. (On the screen: 120 and
        // 120 + 4800 × 0.099 = 595.2, which closes.)
        try finger.up()
        try rig.stage.renderFrame()
        #expect(rig.piece.isExpanded)
        #expect(rig.rect("chevron")?.y == 67)
        #expect(!rig.stage.isMoving("miniPlayer"))
    }
}
