import Testing
@testable import PieceKit

/// The open panel over six sections (half-em widths): 360 wide from x 16.5, rows 44 tall in a window from y 496 (row
/// 1 is 496…540, row 4 is 628…672, row 6 is 716…760), the bar 762…810 with its centre at y 786.
@Suite struct ScrollIslandPieceGestureTests {
    private let rowY = { (row: Int) in 496 + 44 * Double(row - 1) + 22 }

    @Test func aTapOpensTheGlassAndTheRowsArriveAfterIt() throws {
        let rig = try IslandRig()
        try rig.stage.tap(on: rig.island, at: rig.center("bar"))
        let opened = rig.stage.now
        #expect(rig.island.isOpen)
        #expect(rig.events(.haptic).last?.event.detail(named: "style") == .text("impact"))
        // the rows hold still for 0.16 s, then fade in over 0.26 s
        try rig.stage.advance(0.15)
        #expect(rig.number("rows", "opacity") == 0)
        #expect((rig.number("glass", "h") ?? 0) > 200)
        try rig.stage.advance(0.05)
        #expect((rig.number("rows", "opacity") ?? 0) > 0)
        try rig.stage.settle()
        #expect(rig.element("glass")?.rect == Rect(x: 16.5, y: 490, width: 360, height: 320))
        #expect(rig.number("glass", "radius") == 26)
        #expect(rig.element("rows")?.rect == Rect(x: 22.5, y: 496, width: 348, height: 264))
        #expect(rig.number("contents", "opacity") == 1 && rig.number("title", "opacity") == 0)
        #expect(rig.number("chevron", "rotation") == 180)
        // VoiceOver moves onto the current row 420 ms after opening
        let focus = try #require(rig.events(.focus).first)
        #expect(focus.event.detail(named: "element") == .text("row.1"))
        #expect(focus.time >= opened + 0.42 - 1e-9 && focus.time < opened + 0.42 + 1.0 / 120)
        // a second tap closes, and focus goes back to the island
        try rig.stage.tap(on: rig.island, at: rig.center("bar"))
        #expect(!rig.island.isOpen)
        try rig.stage.frames(1)
        #expect(rig.events(.focus).last?.event.detail(named: "element") == .text("island"))
    }

    @Test func closingLetsTheRowsGoBeforeTheGlassShrinks() throws {
        let rig = try IslandRig()
        try rig.open()
        // Escape closes on the dismiss role; a tap would let the press go in the same update and close on the
        // release spring at once (ScrollIslandSeedFidelityTests)
        try rig.stage.press(.escape, on: rig.island)
        try rig.stage.frames(1)
        try rig.stage.advance(0.07)
        // the glass waits 0.08 s; the rows are already fading
        #expect(rig.number("glass", "h") == 320)
        #expect((rig.number("rows", "opacity") ?? 1) < 1)
        try rig.stage.advance(0.05)
        #expect((rig.number("glass", "h") ?? 320) < 320)
        #expect(rig.number("rows", "opacity") == 0)
    }

    @Test func slidingOverThreeRowsMovesThePuckAndLiftingPicks() throws {
        let rig = try IslandRig()
        try rig.open()
        let finger = try rig.stage.touchDown(on: rig.island, at: Point(x: 196, y: rowY(1)))
        for row in 2...4 {
            try rig.stage.frames(1)
            try finger.move(to: Point(x: 196, y: rowY(row)))
        }
        try rig.stage.frames(1)
        #expect(rig.ticks() == 3)
        // heading down: the bottom edge leads on the snap spring, the top follows on a looser one
        try rig.stage.frames(6)
        let top = rig.number("puck", "top") ?? 0, bottom = rig.number("puck", "bottom") ?? 0
        #expect(bottom - top > 44)       // stretched
        try finger.up()
        try rig.stage.settle()
        #expect(rig.page.selection == "serving")
        #expect(rig.page.offset == 1241)   // 1300 − 59
        #expect(!rig.island.isOpen)
        #expect(rig.text("title", "text") == "Serving")
    }

    @Test func liftingOffTheRowsOrACancelledTouchPicksNothing() throws {
        let rig = try IslandRig()
        try rig.open()
        let off = try rig.stage.touchDown(on: rig.island, at: Point(x: 196, y: rowY(1)))
        try off.move(to: Point(x: 196, y: rowY(3)))
        // 180 + 24 from the centre is the edge of the rows' reach: −7.5 is just inside, −8 is outside
        try off.move(to: Point(x: -7.5, y: rowY(3)))
        #expect(rig.island.puckRow == 2)
        try off.move(to: Point(x: -8, y: rowY(3)))
        #expect(rig.island.puckRow == 0)
        try off.up()
        #expect(rig.page.selection == nil && rig.island.isOpen)
        let cancelled = try rig.stage.touchDown(on: rig.island, at: Point(x: 196, y: rowY(5)))
        try cancelled.cancel()
        #expect(rig.page.selection == nil && rig.island.isOpen && rig.island.puckRow == 0)
    }

    @Test func theAxisIsDecidedAfter8Points() throws {
        let rig = try IslandRig()
        let bar = try rig.center("bar")
        let still = try rig.stage.touchDown(on: rig.island, at: bar)
        try rig.stage.frames(1)
        try still.move(dx: 8, dy: 0)
        try still.up()
        #expect(rig.island.isOpen)            // within 8 points: a tap
        try rig.stage.settle()
        try rig.stage.tap(on: rig.island, at: bar)
        try rig.stage.settle()
        let sideways = try rig.stage.touchDown(on: rig.island, at: bar)
        try rig.stage.frames(1)
        try sideways.move(dx: 8.01, dy: 0)
        #expect(rig.island.state.touch == .scrubbing)
        try sideways.up()
        #expect(!rig.island.isOpen && rig.page.selection == nil)
        let up = try rig.stage.touchDown(on: rig.island, at: bar)
        try rig.stage.frames(1)
        try up.move(dx: 0, dy: -8.01)
        #expect(rig.island.isOpen)
        try up.cancel()
    }

    @Test func scrubbingStepsOneSectionPer32PointsWithATickEachAndCommitsOnRelease() throws {
        let rig = try IslandRig()
        try rig.stage.drag(on: rig.island, from: rig.center("bar"), dx: 100, dy: 0)
        // 100/32 = 3.125: crossings at 16, 48 and 80
        #expect(rig.ticks() == 3)
        #expect(rig.page.selection == "serving")
        try rig.stage.settle()
        #expect(rig.text("title", "text") == "Serving")
    }

    @Test func scrubbingPastTheLastSectionGivesUpTo14PointsAndSpringsBack() throws {
        let rig = try IslandRig(page: sixSectionPage(selection: "extras"))
        try rig.stage.settle()
        // "Extras" 51 + 140 → 192 wide; room 52 shifts it 26: x = 196.5 − 96 + 26
        #expect(rig.number("glass", "x") == 126.5)
        let finger = try rig.stage.touchDown(on: rig.island, at: try rig.center("bar"))
        try rig.stage.frames(1)
        try finger.move(dx: 32, dy: 0)
        try finger.move(dx: 32, dy: 0)
        try rig.stage.frames(1)
        // over 64: (1 − 1/(64·0.55/14 + 1))·14 = 10.01626
        #expect(abs((rig.number("glass", "x") ?? 0) - (126.5 + 10.01626)) < 1e-5)
        #expect(rig.ticks() == 0)
        try finger.up()
        try rig.stage.settle()
        #expect(rig.number("glass", "x") == 126.5)
        #expect(rig.page.selection == "extras")
    }

    @Test func aSwipeUpOpensAndBecomesAPickOnAnotherRowOrThreeQuartersOfARow() throws {
        let rig = try IslandRig(page: sixSectionPage(selection: "extras"))
        let finger = try rig.stage.touchDown(on: rig.island, at: Point(x: 196, y: 786))
        try rig.stage.frames(1)
        try finger.move(dx: 0, dy: -9)      // decided at y 777: open, sliding
        #expect(rig.island.isOpen)
        try finger.move(to: Point(x: 196, y: 744))   // row 6 is current, 33 travelled: not more than 3/4 of 44
        #expect(rig.island.state.touch == .opening(startY: 777))
        try finger.move(to: Point(x: 196, y: 743.9))
        #expect(rig.island.state.touch == .picking)
        try finger.move(to: Point(x: 196, y: rowY(2)))
        try finger.up()
        #expect(rig.page.selection == "ingredients" && !rig.island.isOpen)

        let other = try IslandRig()
        let swipe = try other.stage.touchDown(on: other.island, at: Point(x: 196, y: 786))
        try other.stage.frames(1)
        try swipe.move(dx: 0, dy: -9)
        try swipe.move(to: Point(x: 196, y: 755))    // row 6, not the current one: a pick at once
        #expect(other.island.state.touch == .picking)
        try swipe.up()
        #expect(other.page.selection == "extras")
    }

    @Test func whenTheRowsScrollATapPicksAfter180ms() throws {
        for reduceMotion in [false, true] {
            let rig = try IslandRig(page: fortySectionPage(), environment: PieceEnvironment(reduceMotion: reduceMotion))
            try rig.open()
            // 40 × 44 = 1760 > 759·0.6 − 56 = 399.4: a window of 399.4 from y 810 − 455.4 + 6 = 360.6
            #expect(abs((rig.number("rows", "y") ?? 0) - 360.6) < 1e-9)
            #expect(rig.element("rows")?.attribute("scrolls") == .bool(true))
            try rig.stage.tap(on: rig.island, at: Point(x: 196, y: 360.6 + 88 + 22))
            let lift = rig.stage.now
            #expect(rig.island.puckRow == 2 && rig.island.isOpen)
            let wait = reduceMotion ? 0.06 : 0.18
            try rig.stage.runUntil({ _ in !rig.island.isOpen }, timeout: 1)
            #expect(rig.stage.now >= lift + wait - 1e-9 && rig.stage.now < lift + wait + 1.0 / 120)
            #expect(rig.page.selection == "s3")
        }
    }

    @Test func aDragOnScrollingRowsScrollsThemAndPicksNothing() throws {
        let rig = try IslandRig(page: fortySectionPage())
        try rig.open()
        try rig.stage.drag(on: rig.island, from: Point(x: 196, y: 600), dx: 0, dy: -200)
        try rig.stage.settle()
        // recognised past 10 points, then one for one: about 190 of the 200
        let offset = rig.number("rows", "offset") ?? 0
        #expect(offset > 180 && offset <= 200)
        #expect(rig.island.isOpen && rig.page.selection == nil)
        // a swipe up on a scrolling panel opens it but never picks
        let other = try IslandRig(page: fortySectionPage())
        try other.stage.drag(on: other.island, from: Point(x: 196, y: 786), dx: 0, dy: -200)
        #expect(other.island.isOpen && other.page.selection == nil)
    }

    @Test func touchesOffTheGlassScrollThePage() throws {
        let rig = try IslandRig()
        try rig.stage.drag(on: rig.island, from: Point(x: 196, y: 500), dx: 0, dy: -300)
        try rig.stage.settle()
        #expect(rig.page.offset == 241)   // −59 + 300
        #expect(!rig.island.isOpen)
    }
}
