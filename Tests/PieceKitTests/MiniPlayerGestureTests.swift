import Testing
@testable import PieceKit

/// Gestures through the stage's synthesized touches, on both sides of every threshold. A `drag` lifts at rest
/// (velocity 0), so its predicted end is its translation; a `fling` lifts at exactly its speed, so its predicted end
/// is translation + velocity × 0.099 (the 0.99-per-millisecond decay: 0.99 / (1 − 0.99) / 1000 s). The open
/// player's thresholds here are measured on the screen (`dragSpace: .screen`), one for one; in its own moving space
/// they are in `MiniPlayerDragSpaceTests`.
@Suite struct MiniPlayerGestureTests {
    @Test func anUpwardDragOf39StaysClosedAnd41Opens() throws {
        let short = try MiniPlayerRig()
        try short.stage.drag(on: short.piece, from: try short.barCenter(), dx: 0, dy: -39)
        try short.stage.settle()
        #expect(!short.piece.isExpanded)
        #expect(sameRect(short.rect("background"), Rect(x: 12, y: 746, width: 369, height: 64)))

        let far = try MiniPlayerRig()
        try far.stage.drag(on: far.piece, from: try far.barCenter(), dx: 0, dy: -41)
        try far.stage.settle()
        #expect(far.piece.isExpanded)
        #expect(sameRect(far.rect("background"), Rect(x: 0, y: 0, width: 393, height: 852)))
    }

    @Test func aFlickPredictedToEnd159UpStaysClosedAnd161Opens() throws {
        // −20 − 1404 × 0.099 = −158.996: stays. −20 − 1425 × 0.099 = −161.075: opens.
        let weak = try MiniPlayerRig()
        try weak.stage.fling(on: weak.piece, from: try weak.barCenter(), dx: 0, dy: -20, speed: 1404)
        try weak.stage.settle()
        #expect(!weak.piece.isExpanded)

        let strong = try MiniPlayerRig()
        try strong.stage.fling(on: strong.piece, from: try strong.barCenter(), dx: 0, dy: -20, speed: 1425)
        try strong.stage.settle()
        #expect(strong.piece.isExpanded)
    }

    @Test func onTheScreenOpenADownwardDragOf119StaysAnd121Closes() throws {
        let short = try MiniPlayerRig(dragSpace: .screen)
        try short.open()
        try short.stage.drag(on: short.piece, from: Point(x: 196, y: 300), dx: 0, dy: 119)
        try short.stage.settle()
        #expect(short.piece.isExpanded)
        #expect(sameRect(short.rect("background"), Rect(x: 0, y: 0, width: 393, height: 852)))

        let far = try MiniPlayerRig(dragSpace: .screen)
        try far.open()
        try far.stage.drag(on: far.piece, from: Point(x: 196, y: 300), dx: 0, dy: 121)
        try far.stage.settle()
        #expect(!far.piece.isExpanded)
        #expect(sameRect(far.rect("background"), Rect(x: 12, y: 746, width: 369, height: 64)))
    }

    @Test func onTheScreenOpenAFlickPredictedToEnd319DownStaysAnd321Closes() throws {
        // 100 + 2212 × 0.099 = 318.988: stays. 100 + 2233 × 0.099 = 321.067: closes.
        let weak = try MiniPlayerRig(dragSpace: .screen)
        try weak.open()
        try weak.stage.fling(on: weak.piece, from: Point(x: 196, y: 300), dx: 0, dy: 100, speed: 2212)
        try weak.stage.settle()
        #expect(weak.piece.isExpanded)

        let strong = try MiniPlayerRig(dragSpace: .screen)
        try strong.open()
        try strong.stage.fling(on: strong.piece, from: Point(x: 196, y: 300), dx: 0, dy: 100, speed: 2233)
        try strong.stage.settle()
        #expect(!strong.piece.isExpanded)
    }

    @Test func closedTheBarRisesByAQuarterOfAnUpwardDragAndNotAtAllForADownwardOne() throws {
        let rig = try MiniPlayerRig()
        let finger = try rig.stage.touchDown(on: rig.piece, at: try rig.barCenter())
        try finger.move(dx: 0, dy: -60)
        try rig.stage.advance(1)
        // 746 − 60 / 4.
        #expect(rig.rect("background")?.y == 731)
        #expect(abs((rig.rect("miniTitle")?.y ?? 0) - (761 + 1.0 / 3 - 15)) < 1e-9)
        try finger.move(dx: 0, dy: 100)   // now 40 below where it went down
        try rig.stage.advance(1)
        #expect(rig.rect("background")?.y == 746)
        try finger.up()
        try rig.stage.settle()
        #expect(!rig.piece.isExpanded)
    }

    @Test func onTheScreenOpenThePlayerFollowsADownwardDragOneForOneAndNotAnUpwardOne() throws {
        let rig = try MiniPlayerRig(dragSpace: .screen)
        try rig.open()
        let finger = try rig.stage.touchDown(on: rig.piece, at: Point(x: 196, y: 300))
        try finger.move(dx: 0, dy: 80)
        try rig.stage.advance(1)
        #expect(rig.rect("background")?.y == 80)
        #expect(abs((rig.rect("chevron")?.y ?? 0) - (67 + 80)) < 1e-9)
        try finger.move(dx: 0, dy: -200)
        try rig.stage.advance(1)
        #expect(rig.rect("background")?.y == 0)
        try finger.up()
        try rig.stage.settle()
        #expect(rig.piece.isExpanded)
    }

    @Test func aCancelledDragChangesNothingButTheOffset() throws {
        let rig = try MiniPlayerRig()
        let finger = try rig.stage.touchDown(on: rig.piece, at: try rig.barCenter())
        try finger.move(dx: 0, dy: -300)
        try rig.stage.advance(0.5)
        try finger.cancel()
        try rig.stage.settle()
        #expect(!rig.piece.isExpanded)
        #expect(rig.piece.state.dragOffset == 0)
        #expect(rig.rect("background")?.y == 746)
    }

    @Test func aTouchThatMovesElevenPointsIsATapAndTwelveIsADrag() throws {
        // 11 points up: under the drag's 12, so the bar's button takes it as a tap and opens.
        let tap = try MiniPlayerRig()
        try tap.stage.drag(on: tap.piece, from: try tap.barCenter(), dx: 0, dy: -11)
        try tap.stage.settle()
        #expect(tap.piece.isExpanded)
        // 12 points up: the drag, which is short of 40 and lifts at rest, so nothing opens.
        let drag = try MiniPlayerRig()
        try drag.stage.drag(on: drag.piece, from: try drag.barCenter(), dx: 0, dy: -12)
        try drag.stage.settle()
        #expect(!drag.piece.isExpanded)
    }

    @Test func tapsOpenCloseToggleAndSkip() throws {
        let rig = try MiniPlayerRig()
        try rig.stage.tap(on: rig.piece, at: try rig.stage.aim(at: "play", on: rig.piece))
        #expect(rig.player.isPlaying)
        #expect(!rig.piece.isExpanded)   // play is its own button, not the bar's
        try rig.open()
        try rig.stage.tap(on: rig.piece, at: try rig.stage.aim(at: "next", on: rig.piece))
        #expect(rig.player.title == "Paper Planes")
        try rig.stage.tap(on: rig.piece, at: try rig.stage.aim(at: "previous", on: rig.piece))
        #expect(rig.player.title == "Midnight Drive")
        try rig.stage.tap(on: rig.piece, at: try rig.stage.aim(at: "play", on: rig.piece))
        #expect(!rig.player.isPlaying)
        try rig.stage.tap(on: rig.piece, at: try rig.stage.aim(at: "chevron", on: rig.piece))
        try rig.stage.settle()
        #expect(!rig.piece.isExpanded)
        #expect(rig.callbacks() == ["isPlaying", "onNext", "onPrevious", "isPlaying"])
    }

    @Test func aTapOnTheBarsPaddingOrBesideTheBarDoesNothing() throws {
        let rig = try MiniPlayerRig()
        // The bar's top edge, 746 + 4: inside the background, above the open button (755 to 801).
        try rig.stage.tap(on: rig.piece, at: Point(x: 196, y: 750))
        // Above the bar: the app's content.
        try rig.stage.tap(on: rig.piece, at: Point(x: 196, y: 700))
        try rig.stage.settle()
        #expect(!rig.piece.isExpanded)
    }

    @Test func partsOfTheOtherStateCannotBeTouched() throws {
        let rig = try MiniPlayerRig()
        #expect(throws: InteractionError.self) { try rig.stage.aim(at: "chevron", on: rig.piece) }
        try rig.open()
        #expect(throws: InteractionError.self) { try rig.stage.aim(at: "bar", on: rig.piece) }
    }

    @Test func aDisabledPlayerTakesNoTouches() throws {
        let rig = try MiniPlayerRig(environment: PieceEnvironment(isEnabled: false))
        try rig.stage.tap(on: rig.piece, at: try rig.barCenter())
        try rig.stage.drag(on: rig.piece, from: try rig.barCenter(), dx: 0, dy: -100)
        try rig.stage.settle()
        #expect(!rig.piece.isExpanded)
    }
}
