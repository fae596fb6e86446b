import Testing
@testable import PieceKit

/// Gestures through the stage's synthesized touches, on both sides of every threshold: the 8-point decision, the
/// 72-point projected pull, the drop of max(110, 22 % of the card), the grabber, a cancelled touch.
@Suite struct NowPlayingPieceGestureTests {
    private func surfaceCenter(_ rig: NowPlayingRig) throws -> Point {
        try rig.stage.aim(at: "surface", on: rig.piece)
    }

    private func opened(_ rig: NowPlayingRig) -> Bool { rig.attribute("surface", "shown") == .bool(true) }

    @Test func aTouchThatMovesEightPointsIsStillATapAndOpens() throws {
        let rig = try NowPlayingRig()
        try rig.stage.drag(on: rig.piece, from: try surfaceCenter(rig), dx: 0, dy: -8)
        try rig.stage.settle()
        #expect(opened(rig))
        #expect(rig.piece.expanded)
    }

    @Test func aPullJustPastEightPointsStretchesAndSpringsBack() throws {
        let rig = try NowPlayingRig()
        try rig.stage.drag(on: rig.piece, from: try surfaceCenter(rig), dx: 0, dy: -8.5)
        try rig.stage.settle()
        #expect(!opened(rig))
        #expect(rig.rect("surface") == rig.onStage(rig.layout.bar))
    }

    @Test func thePullStretchesTheBarThroughTheRubberBand() throws {
        // Two pulls side by side: one stops at 50 points, the other goes on to 100 a frame later.
        let once = try NowPlayingRig(), twice = try NowPlayingRig()
        var fingers: [Finger] = []
        for rig in [once, twice] {
            let finger = try rig.stage.touchDown(on: rig.piece, at: try surfaceCenter(rig))
            try rig.stage.renderFrame()
            // The move that decides the pull lets go of the press, so the height rides the release spring (the
            // press's implicit animation covers the glass); the top sits outside the press and snaps.
            try finger.move(dx: 0, dy: -50)
            try rig.stage.renderFrame()
            fingers.append(finger)
        }
        try fingers[1].move(dx: 0, dy: -50)
        try once.stage.renderFrame()
        try twice.stage.renderFrame()
        // band(x) = (1 − 1 / (0.55 x / 150 + 1)) × 150: band(50) = 150 × (1 − 1 / 1.183333) = 23.2394,
        // band(100) = 150 × (1 − 1 / 1.366667) = 40.2439.
        let bar = twice.layout.bar
        #expect(abs((twice.value("surface", "y") ?? 0) - (twice.onStage(bar).y - 40.2439)) < 1e-3)
        // The second move has no animation: it moves the glass by exactly the change, 40.2439 − 23.2394 =
        // 17.0045 points, and the release spring still under way plays on around it (as SwiftUI shows a change
        // made while an animation runs), so the two heights differ by the change alone.
        let lead = (twice.value("surface", "h") ?? 0) - (once.value("surface", "h") ?? 0)
        #expect(abs(lead - 17.0045) < 1e-3)
        #expect(twice.stage.isMoving(twice.piece.name))
        // Once the release is over the glass is the bar grown by the band's 40.2439.
        try twice.stage.advance(1)
        #expect(abs((twice.value("surface", "h") ?? 0) - (bar.height + 40.2439)) < 1e-3)
        try fingers[0].up()
        try fingers[1].up()
        try once.stage.settle()
        try twice.stage.settle()
    }

    @Test func aPullResting72PointsUpSpringsBackAnd73Opens() throws {
        let short = try NowPlayingRig()
        try short.stage.drag(on: short.piece, from: try surfaceCenter(short), dx: 0, dy: -72)
        try short.stage.settle()
        #expect(!opened(short))
        let long = try NowPlayingRig()
        try long.stage.drag(on: long.piece, from: try surfaceCenter(long), dx: 0, dy: -73)
        try long.stage.settle()
        #expect(opened(long))
    }

    @Test func aFlickOpensByWhereItWouldCoast() throws {
        // 40 pt at 400 pt/s coasts to 40 + 0.4 × 99 = 79.6 > 72; at 300 pt/s to 69.7.
        let strong = try NowPlayingRig()
        try strong.stage.fling(on: strong.piece, from: try surfaceCenter(strong), dx: 0, dy: -40, speed: 400)
        try strong.stage.settle()
        #expect(opened(strong))
        let weak = try NowPlayingRig()
        try weak.stage.fling(on: weak.piece, from: try surfaceCenter(weak), dx: 0, dy: -40, speed: 300)
        try weak.stage.settle()
        #expect(!opened(weak))
    }

    @Test func aSidewaysDragPassesThrough() throws {
        let rig = try NowPlayingRig()
        try rig.stage.drag(on: rig.piece, from: try surfaceCenter(rig), dx: 40, dy: -20)
        try rig.stage.settle()
        #expect(!opened(rig))
        #expect(rig.rect("surface") == rig.onStage(rig.layout.bar))
    }

    @Test func theBarSinksUnderAPossibleTap() throws {
        let rig = try NowPlayingRig()
        let finger = try rig.stage.touchDown(on: rig.piece, at: try surfaceCenter(rig))
        try rig.stage.advance(0.3)
        let pressed = GesturePhysics.pressScale(for: rig.layout.bar.size)
        #expect(abs((rig.value("surface", "scale") ?? 0) - pressed) < 1e-3)
        try finger.cancel()
        try rig.stage.settle()
        #expect(rig.value("surface", "scale") == 1)
        #expect(!opened(rig))
    }

    @Test func aCancelledPullLetsGoAndSpringsBack() throws {
        let rig = try NowPlayingRig()
        let finger = try rig.stage.touchDown(on: rig.piece, at: try surfaceCenter(rig))
        try rig.stage.renderFrame()
        try finger.move(dx: 0, dy: -200)
        try rig.stage.renderFrame()
        try finger.cancel()
        try rig.stage.settle()
        #expect(!opened(rig))
        #expect(rig.rect("surface") == rig.onStage(rig.layout.bar))
    }

    @Test func droppingTheCardClosesPastTheClosingDistance() throws {
        let probe = try NowPlayingRig(expanded: true)
        let closing = probe.layout.closingDrop
        #expect(closing == max(110, probe.layout.card.height * 0.22))
        let short = try NowPlayingRig(expanded: true)
        try short.stage.drag(on: short.piece, from: try surfaceCenter(short), dx: 0, dy: closing - 0.5)
        try short.stage.settle()
        #expect(opened(short))
        #expect(short.rect("surface") == short.onStage(short.layout.card))
        let long = try NowPlayingRig(expanded: true)
        try long.stage.drag(on: long.piece, from: try surfaceCenter(long), dx: 0, dy: closing + 0.5)
        try long.stage.settle()
        #expect(!opened(long))
        #expect(!long.piece.expanded)
    }

    @Test func theCardFollowsTheFingerDownAndResistsUp() throws {
        let rig = try NowPlayingRig(expanded: true)
        let card = rig.onStage(rig.layout.card)
        let finger = try rig.stage.touchDown(on: rig.piece, at: try surfaceCenter(rig))
        try rig.stage.renderFrame()
        try finger.move(dx: 0, dy: 60)
        try rig.stage.renderFrame()
        #expect(abs((rig.value("surface", "y") ?? 0) - (card.y + 60)) < 1e-9)
        try finger.move(dx: 0, dy: -120)
        try rig.stage.renderFrame()
        #expect(abs((rig.value("surface", "y") ?? 0) - (card.y + GesturePhysics.rubberBand(-60, limit: 36))) < 1e-9)
        try finger.up()
        try rig.stage.settle()
        #expect(rig.rect("surface") == card)
    }

    @Test func aTapOnTheGrabberClosesAndElsewhereOnTheCardDoesNothing() throws {
        let elsewhere = try NowPlayingRig(expanded: true)
        try elsewhere.stage.tap(on: elsewhere.piece, at: try elsewhere.stage.aim(at: "art", on: elsewhere.piece))
        try elsewhere.stage.settle()
        #expect(opened(elsewhere))
        let rig = try NowPlayingRig(expanded: true)
        try rig.stage.tap(on: rig.piece, at: try rig.stage.aim(at: "grabber", on: rig.piece))
        try rig.stage.settle()
        #expect(!opened(rig))
    }

    @Test func aDisabledPieceTakesNoTouchesNorKeys() throws {
        let rig = try NowPlayingRig(environment: PieceEnvironment(isEnabled: false))
        try rig.tapBar()
        try rig.stage.settle()
        #expect(!opened(rig))
        #expect(try !rig.stage.press(.space, on: rig.piece))
        #expect(rig.value("surface", "opacity") == NowPlayingPiece.disabledOpacity)
        #expect(rig.player.calls.isEmpty)
    }
}
