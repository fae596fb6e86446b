import Testing
@testable import PieceKit

/// The glass sheet with medium and large detents, on the default 393 × 852 screen (safe area 59 / 34): medium's
/// top at 852 / 2 = 426, large's at 59 + 10 = 69, dismissed at 852.
@Suite struct SheetTests {
    func sheet(_ environment: PieceEnvironment = PieceEnvironment(), detents: [SheetDetent] = [.medium, .large],
               presented: Bool = true) throws -> GlassRig<SheetPiece> {
        try GlassRig(environment: environment) { stage in SheetPiece(context: stage, detents: detents, presented: presented) }
    }

    static let landscape = PieceEnvironment(size: Size(width: 852, height: 393),
                                            safeArea: EdgeInsets(top: 0, leading: 59, bottom: 21, trailing: 59))

    @Test func mediumIsHalfTheScreenAndFloats() throws {
        let rig = try sheet()
        // Inset 8 from the sides and bottom: x 8, w 393 − 16 = 377, h 852 − 8 − 426 = 418.
        #expect(rig.element("sheet")?.rect == Rect(x: 8, y: 426, width: 377, height: 418))
        #expect(rig.value("sheet", "radius") == 36)
        #expect(rig.element("sheet")?.attribute("detent") == .text("medium"))
        #expect(rig.element("sheet")?.attribute("floating") == .bool(true))
        // The grabber, 36 × 5, centred, 5 below the top: x 196.5 − 18 = 178.5.
        #expect(rig.element("grabber")?.rect == Rect(x: 178.5, y: 431, width: 36, height: 5))
    }

    @Test func largeMeetsTheScreensEdges() throws {
        let rig = try sheet()
        try rig.piece.setDetent(.large)
        try rig.stage.settle()
        #expect(rig.element("sheet")?.rect == Rect(x: 0, y: 69, width: 393, height: 783))
        #expect(rig.value("sheet", "radius") == 24)
    }

    @Test func mediumIsInactiveInCompactHeightSoALandscapePhoneOpensAtLarge() throws {
        let rig = try sheet(Self.landscape, presented: false)
        #expect(rig.piece.layout(in: Self.landscape).detents == [.large])
        rig.piece.present()
        try rig.stage.settle()
        // Large: 0 + 10 from the top; flat, full width.
        #expect(rig.element("sheet")?.rect == Rect(x: 0, y: 10, width: 852, height: 383))
        #expect(rig.element("sheet")?.attribute("detent") == .text("large"))
        // One detent: nothing to move between, so no grabber.
        #expect(rig.value("grabber", "opacity") == 0)
        #expect(throws: SheetError.inactiveDetent(.medium, active: [.large])) { try rig.piece.setDetent(.medium) }
    }

    @Test func turningThePhoneSidewaysAtMediumShowsLarge() throws {
        let rig = try sheet()
        rig.stage.environment = Self.landscape
        try rig.stage.renderFrame()
        #expect(rig.value("sheet", "y") == 10)
        rig.stage.environment = PieceEnvironment()
        try rig.stage.renderFrame()
        #expect(rig.value("sheet", "y") == 426)
    }

    @Test func halfwayUpTheSheetIsHalfwayFlat() throws {
        // Top at (426 + 69) / 2 = 247.5: rise 0.5, inset 4, radius 36 + (24 − 36) / 2 = 30.
        let layout = SheetLayout(in: PieceEnvironment(), requested: [.medium, .large])
        #expect(layout.frame(top: 247.5) == Rect(x: 4, y: 247.5, width: 385, height: 600.5))
        #expect(layout.radius(top: 247.5) == 30)
    }

    @Test func aSlowDragGoesToLargeOnlyPastHalfway() throws {
        // The midpoint between 426 and 69 is 247.5: 426 − 170 = 256 stays medium, 426 − 180 = 246 goes large.
        let short = try sheet()
        try short.stage.drag(on: short.piece, from: Point(x: 196, y: 500), dx: 0, dy: -170, duration: 0.4)
        try short.stage.settle()
        #expect(short.value("sheet", "y") == 426)
        let long = try sheet()
        try long.stage.drag(on: long.piece, from: Point(x: 196, y: 500), dx: 0, dy: -180, duration: 0.4)
        try long.stage.settle()
        #expect(long.value("sheet", "y") == 69)
        #expect(long.stage.history.flatMap(\.events).contains {
            $0.detail(named: "name") == .text("onDetentChange") && $0.detail(named: "detent") == .text("large")
        })
    }

    @Test func aFlickDownDismissesWhenItWouldCoastPastHalfwayToTheBottom() throws {
        // From 426 a 40-point flick lifts at 466 and coasts 0.099 × v further (the 0.99 detent rate: v / 1000 ×
        // 0.99 / 0.01). Halfway from medium to dismissed is (426 + 852) / 2 = 639: at 2000 pt/s it coasts to
        // 466 + 198 = 664 and goes; at 1500 to 466 + 148.5 = 614.5 and comes back.
        let hard = try sheet()
        try hard.stage.fling(on: hard.piece, from: Point(x: 196, y: 500), dx: 0, dy: 40, speed: 2000)
        try hard.stage.settle()
        #expect(!hard.piece.isPresented)
        #expect(hard.value("sheet", "y") == 852)
        #expect(hard.stage.history.flatMap(\.events).contains { $0.detail(named: "name") == .text("onDismiss") })
        let soft = try sheet()
        try soft.stage.fling(on: soft.piece, from: Point(x: 196, y: 500), dx: 0, dy: 40, speed: 1500)
        try soft.stage.settle()
        #expect(soft.piece.isPresented)
        #expect(soft.value("sheet", "y") == 426)
    }

    @Test func aPullAboveLargeMeetsARubberBand() throws {
        // 300 past large: 80 × (1 − 1 / (300 × 0.55 / 80 + 1)) = 80 × (1 − 1 / 3.0625) = 53.8776 up, so 69 − 53.8776.
        let rig = try sheet()
        try rig.piece.setDetent(.large)
        try rig.stage.settle()
        let finger = try rig.stage.touchDown(on: rig.piece, at: Point(x: 196, y: 300))
        try rig.stage.frames(1)
        try finger.move(dx: 0, dy: -300)
        try rig.stage.frames(1)
        #expect(abs(try #require(rig.value("sheet", "y")) - (69 - 53.877551)) < 1e-6)
        try finger.up()
        try rig.stage.settle()
        #expect(rig.value("sheet", "y") == 69)
    }

    @Test func theGrabberMovesToTheNextDetent() throws {
        let rig = try sheet()
        try rig.stage.tap(on: rig.piece, at: Point(x: 196.5, y: 433.5))
        try rig.stage.settle()
        #expect(rig.value("sheet", "y") == 69)
        try rig.piece.perform("activate", on: "grabber", context: rig.stage)
        try rig.stage.settle()
        #expect(rig.value("sheet", "y") == 426)
    }

    @Test func presentingRisesFromBelowTheScreenAndDismissingFallsBack() throws {
        let rig = try sheet(presented: false)
        #expect(rig.value("sheet", "y") == 852)
        rig.piece.present()
        try rig.stage.settle()
        #expect(rig.value("sheet", "y") == 426)
        rig.piece.dismiss()
        try rig.stage.settle()
        #expect(rig.value("sheet", "y") == 852)
        #expect(rig.element("sheet")?.attribute("detent") == .text("none"))
    }

    /// Found by exploring with a finger held across steps (examples/explore/two_fingers.lua): the app dismissed the
    /// sheet under a finger, and the finger's next move brought it back from below the screen in one frame.
    @Test func aSheetDismissedUnderAFingerStaysDismissedWhenTheFingerMovesAndLifts() throws {
        let rig = try sheet()
        // A finger down on the sheet at medium (its top at 426), then the app dismisses it: it falls to 852.
        let finger = try rig.stage.touchDown(on: rig.piece, at: Point(x: 196, y: 600))
        try rig.stage.frames(1)
        rig.piece.dismiss()
        try rig.stage.settle()
        #expect(rig.value("sheet", "y") == 852)
        // The finger moves 43 up and lifts: the dismissed sheet is no longer under it, so it stays at 852.
        try finger.move(dx: 0, dy: -43)
        try rig.stage.frames(1)
        #expect(rig.value("sheet", "y") == 852)
        try finger.up()
        try rig.stage.settle()
        #expect(rig.value("sheet", "y") == 852)
        #expect(rig.element("sheet")?.attribute("presented") == .bool(false))
    }

    /// Found by exploring with fingers held across steps (examples/explore/two_fingers.lua): a tap on the grabber
    /// while the sheet still rose held it where it was, and the lift let it go with a snap, 852 to 426 in one frame.
    @Test func aGrabberTapWhileTheSheetRisesLetsItGoOnASpring() throws {
        let rig = try sheet(presented: false)
        rig.piece.present()
        try rig.stage.frames(1)
        #expect(rig.value("sheet", "y") == 852)   // the rise shows its start on its first frame
        // A finger on the grabber's band (5 below the top edge, within its 19-point slop), held a frame, lifted.
        let finger = try rig.stage.touchDown(on: rig.piece, at: Point(x: 196.5, y: 852))
        try rig.stage.frames(1)
        try finger.up()
        try rig.stage.frames(1)
        #expect(rig.value("sheet", "y") == 852)   // the release shows its start value first (it was 426: a snap)
        try rig.stage.frames(1)
        // The next detent up from medium is large (69): the snap spring (0.32 s) leaves 852 at rest, and one frame
        // (1/60 s) moves it about (2π / 0.32 / 60)² / 2 = 5.4 % of the 783 points, some 42: far under a jump of 150.
        let y = try #require(rig.value("sheet", "y"))
        #expect(y < 852 && y > 852 - 150, "\(y)")
        try rig.stage.settle()
        #expect(rig.value("sheet", "y") == 69)
    }

    /// Found by exploring with fingers held across steps (examples/explore/two_fingers.lua): a second finger that
    /// landed while the first dragged restarted the drag from where the sheet stood, and the first finger's next
    /// move put the sheet at its whole translation from there, a jump. A piece follows the first finger only.
    @Test func aSecondFingerLandingWhileTheFirstDragsIsNotFollowed() throws {
        let rig = try sheet()
        // Medium's top at 426. The first finger drags 100 down: 426 + 100 = 526.
        let first = try rig.stage.touchDown(on: rig.piece, at: Point(x: 196, y: 600))
        try rig.stage.frames(1)
        try first.move(dx: 0, dy: 100)
        try rig.stage.frames(1)
        #expect(rig.value("sheet", "y") == 526)
        // A second finger lands and moves 40 up: the sheet does not follow it (it was 486 when it did).
        let second = try rig.stage.touchDown(on: rig.piece, at: Point(x: 196, y: 700))
        #expect(!second.isFollowed && first.isFollowed)
        try rig.stage.frames(1)
        try second.move(dx: 0, dy: -40)
        try rig.stage.frames(1)
        #expect(rig.value("sheet", "y") == 526)
        // The first finger moves 10 more: 426 + 110 = 536 (it was 526 + 110 = 636 when the second restarted it).
        try first.move(dx: 0, dy: 10)
        try rig.stage.frames(1)
        #expect(rig.value("sheet", "y") == 536)
        // Once the first lifts, a new finger is followed again.
        try second.up()
        try first.up()
        #expect(try rig.stage.touchDown(on: rig.piece, at: Point(x: 196, y: 700)).isFollowed)
    }
}
