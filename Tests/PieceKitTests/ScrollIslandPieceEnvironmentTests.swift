import Testing
@testable import PieceKit

@Suite struct ScrollIslandPieceEnvironmentTests {
    @Test func arrowsStepSectionsAndOpenTheContentsThenMoveThePuckAndPick() throws {
        let rig = try IslandRig()
        #expect(try rig.stage.press(.right, on: rig.island))
        #expect(rig.page.selection == "ingredients")
        #expect(try rig.stage.press(.left, on: rig.island))
        #expect(rig.page.selection == "overview")
        #expect(try !rig.stage.press(.down, on: rig.island))      // closed, down does nothing
        #expect(try !rig.stage.press(.escape, on: rig.island))
        #expect(try rig.stage.press(.up, on: rig.island))
        #expect(rig.island.isOpen)
        try rig.stage.press(.down, on: rig.island)
        try rig.stage.press(.down, on: rig.island)
        #expect(rig.island.puckRow == 2 && rig.page.selection == "overview")
        try rig.stage.press(.return, on: rig.island)
        #expect(rig.page.selection == "method" && !rig.island.isOpen)
        try rig.stage.press(.space, on: rig.island)
        #expect(rig.island.isOpen)
        try rig.stage.press(.escape, on: rig.island)
        #expect(!rig.island.isOpen && rig.page.selection == "method")
        try rig.stage.frames(1)
        #expect(rig.ticks() == 4)     // right, left, down, down
    }

    @Test func rightToLeftMirrorsTheArrowsTheScrubAndTheLayout() throws {
        let rig = try IslandRig(environment: PieceEnvironment(layoutDirection: .rightToLeft))
        // the capsule mirrors about the centre: 393 − 92 − 209 = 92; the ring leads from the right
        #expect(rig.element("glass")?.rect == Rect(x: 92, y: 762, width: 209, height: 48))
        #expect(rig.element("ring")?.rect == Rect(x: 264, y: 773, width: 26, height: 26))   // 393 − 103 − 26
        try rig.stage.press(.left, on: rig.island)
        #expect(rig.page.selection == "ingredients")
        try rig.stage.press(.right, on: rig.island)
        #expect(rig.page.selection == "overview")
        // later sections lie toward the trailing (left) side
        try rig.stage.drag(on: rig.island, from: rig.center("bar"), dx: -40, dy: 0)
        #expect(rig.page.selection == "ingredients")
        try rig.stage.settle()
        // the bubble buds out of the leading (right) end
        let glass = try #require(rig.element("glass")?.rect)
        let bubble = try #require(rig.element("bubble")?.rect)
        #expect(bubble.minX == glass.maxX + 4)
    }

    @Test func reduceMotionSlidesThePuckWithoutStretchingAndGrowsOnAShortEase() throws {
        let rig = try IslandRig(environment: PieceEnvironment(reduceMotion: true))
        try rig.stage.tap(on: rig.island, at: rig.center("bar"))
        let begin = rig.stage.now
        try rig.stage.advance(0.1)
        let eased = reference(from: 48, to: 320, .easeOut(duration: 0.2), begin: begin, at: rig.stage.now)
        #expect(abs((rig.number("glass", "h") ?? 0) - eased) < 1e-9)
        try rig.stage.settle()
        // the rows arrive with no beat after the glass
        try rig.stage.press(.down, on: rig.island)
        try rig.stage.press(.down, on: rig.island)
        for _ in 0..<20 {
            try rig.stage.frames(1)
            let top = rig.number("puck", "top") ?? 0, bottom = rig.number("puck", "bottom") ?? 0
            #expect(abs(bottom - top - 44) < 1e-9)
        }
        // no give past the ends, no lift
        try rig.stage.press(.escape, on: rig.island)
        try rig.stage.settle()
        let finger = try rig.stage.touchDown(on: rig.island, at: try rig.center("bar"))
        try rig.stage.frames(1)
        try finger.move(dx: -64, dy: 0)
        try rig.stage.frames(1)
        #expect(rig.island.state.pull == 0)
        #expect(rig.number("glass", "scale") == 1)
        try finger.cancel()
    }

    @Test func withoutReduceMotionThePuckStretchesTowardTheRowAndGathers() throws {
        let rig = try IslandRig()
        try rig.open()
        try rig.stage.press(.down, on: rig.island)
        let begin = rig.stage.now + 1.0 / 120
        try rig.stage.advance(0.1)
        let t = rig.stage.now
        let tokens = rig.stage.tokens
        // down: the bottom edge leads on snap (0.32, 0.25), the top follows on responsive rank 2 (0.40, 0.29)
        let bottom = reference(from: 44, to: 88, tokens.snap, begin: begin, at: t)
        let top = reference(from: 0, to: 44, .spring(duration: 0.4, bounce: 0.29), begin: begin, at: t)
        #expect(abs((rig.number("puck", "bottom") ?? 0) - bottom) < 1e-6)
        #expect(abs((rig.number("puck", "top") ?? 0) - top) < 1e-6)
        #expect(bottom - top > 44)
        try rig.stage.settle()
        #expect(rig.number("puck", "top") == 44 && rig.number("puck", "bottom") == 88)
    }

    @Test func accessibilitySizesDropTheQuietPosition() throws {
        let rig = try IslandRig(environment: PieceEnvironment(dynamicTypeSize: .accessibility1), factor: 1.5)
        #expect(rig.element("position") == nil && rig.element("read") == nil)
        #expect(rig.element("chevron") != nil)
        #expect(rig.number("glass", "h") == 72)   // 48 × 1.5
        let island = try #require(rig.island.accessibilityElements(on: rig.stage).first)
        #expect(island.value == "Overview, Section 1 of 6, 0% read")
    }

    @Test func aDisabledIslandFadesAndTakesNoTouchesOrKeys() throws {
        let rig = try IslandRig(environment: PieceEnvironment(isEnabled: false))
        #expect(rig.number("glass", "opacity") == 0.45)
        try rig.stage.tap(on: rig.island, at: rig.center("bar"))
        #expect(!rig.island.isOpen)
        #expect(try !rig.stage.press(.right, on: rig.island))
        #expect(rig.island.accessibilityElements(on: rig.stage).first?.traits.contains("notEnabled") == true)
        #expect(throws: InteractionError.self) { try rig.island.perform("activate", on: "island", context: rig.stage) }
    }

    @Test func aBoundIsExpandedIsReportedAndDrivesTheContents() throws {
        let rig = try IslandRig(isExpanded: false)
        try rig.stage.tap(on: rig.island, at: rig.center("bar"))
        try rig.stage.frames(1)
        let callback = try #require(rig.events(.callback).last)
        #expect(callback.event.detail(named: "name") == .text("isExpanded"))
        #expect(callback.event.detail(named: "value") == .bool(true))
        rig.island.setExpanded(false)
        #expect(!rig.island.isOpen)
        rig.island.setExpanded(true)
        #expect(rig.island.isOpen)
        // the island's own state when unbound ignores the app
        let own = try IslandRig()
        own.island.setExpanded(true)
        #expect(!own.island.isOpen)
    }

    @Test func aSelectionThatChangesWhileOpenMovesThePuck() throws {
        let rig = try IslandRig()
        try rig.open()
        rig.page.select("notes")
        #expect(rig.island.puckRow == 4)
        try rig.stage.frames(3)
        #expect((rig.number("puck", "bottom") ?? 0) > 44)
        try rig.stage.settle()
        #expect(rig.number("puck", "top") == 176 && rig.number("puck", "bottom") == 220)
        #expect(rig.island.isOpen)
    }

    @Test func afterACloseTheBubbleWaitsForTheGlassToSettle() throws {
        let rig = try IslandRig()
        try rig.open()
        let finger = try rig.stage.touchDown(on: rig.island, at: Point(x: 196, y: 496 + 88 + 22))
        try rig.stage.frames(1)
        try finger.up()                     // picks "Method" and closes
        let closed = rig.stage.now
        #expect(rig.page.selection == "method" && !rig.island.isOpen)
        try rig.stage.runUntil({ $0["scrollIsland", "bubble"]?.attribute("out") == .bool(true) }, timeout: 2)
        // 0.45 for the glass, 0.024 to add it home first
        #expect(rig.stage.now >= closed + 0.474 - 1e-9 && rig.stage.now < closed + 0.474 + 1.0 / 120)
        // opening melts it home at once
        try rig.stage.settle()
        try rig.stage.tap(on: rig.island, at: rig.center("bar"))
        try rig.stage.frames(1)
        #expect(rig.element("bubble")?.attribute("out") == .bool(false))
    }

    @Test func theBubbleTapSelectsTheFirstSection() throws {
        let rig = try IslandRig(page: sixSectionPage(selection: "serving"))
        try rig.stage.tap(on: rig.island, at: rig.center("bubble"))
        #expect(rig.page.selection == "overview")
        #expect(rig.page.offset == -59)
        try rig.stage.settle()
        #expect(rig.element("bubble") == nil)
        #expect(rig.ticks() == 1)
    }

    @Test func theIslandRidesAboveTheKeyboard() throws {
        let rig = try IslandRig()
        rig.page.setKeyboard(336)
        try rig.stage.frames(1)
        // the space's bottom is 852 − 336 = 516: the island's bottom edge is 8 above it
        #expect(abs((rig.number("glass", "y") ?? 0) - 460) < 1e-9)
        rig.page.setKeyboard(0)
        try rig.stage.frames(1)
        #expect(rig.number("glass", "y") == 762)
    }
}

@Suite struct ScrollIslandBindingRoundTripTests {
    @Test func scrollingThePageAndPickingASectionStayInAgreement() throws {
        let rig = try IslandRig()
        // the reader flings down the page: the island follows the section at the top anchor every frame
        try rig.stage.fling(on: rig.page, from: Point(x: 196, y: 600), dx: 0, dy: -200, speed: 2000)
        try rig.stage.settle()
        let resting = try #require(rig.page.sectionAtAnchor)
        #expect(rig.page.selection == resting)
        #expect(rig.island.displayIndex == rig.island.sections.firstIndex { $0.id == resting })
        #expect(rig.text("title", "text") == rig.island.sections[rig.island.displayIndex].title)
        // every section picked from the contents brings the page there and reads back from the anchor
        for (i, section) in rig.island.sections.enumerated() where i < 5 {
            try rig.open()
            let row = try rig.center("row", i + 1)
            let finger = try rig.stage.touchDown(on: rig.island, at: row)
            try rig.stage.frames(1)
            try finger.up()
            try rig.stage.settle()
            #expect(rig.page.selection == section.id)
            #expect(rig.page.sectionAtAnchor == section.id)
            #expect(rig.text("title", "text") == section.title)
            #expect(abs((rig.number("ring", "arc") ?? 0) - rig.page.readFraction) < 1e-12)
        }
        // the last section can't reach the anchor: the page stops at its end and the binding keeps the pick
        try rig.open()
        let last = try rig.stage.touchDown(on: rig.island, at: try rig.center("row", 6))
        try rig.stage.frames(1)
        try last.up()
        try rig.stage.settle()
        #expect(rig.page.selection == "extras" && rig.page.offset == 1882)
        #expect(rig.text("title", "text") == "Extras")
    }
}
