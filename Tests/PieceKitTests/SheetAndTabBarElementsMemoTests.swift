import Testing
@testable import PieceKit

/// The glass sheet and the tab bar are handed back the list they made last (by the stage's memo of their input) while
/// nothing their elements are made from has changed. Each test asks first (so a list is kept), changes one thing the
/// list is made from, and asks again: a kept list that missed the change would show the old numbers. The default screen
/// is 393 × 852 with a safe area of 59 at the top and 34 at the bottom; expected numbers are worked by hand beside
/// them.
@Suite struct SheetAndTabBarElementsMemoTests {
    private func element(_ name: String, _ list: [Element]) -> Element? {
        list.first { $0.name == name }
    }

    private func storage(_ list: [Element]) -> UnsafeRawPointer? {
        list.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    // MARK: The sheet

    private func sheet(presented: Bool = true) throws -> GlassRig<SheetPiece> {
        try GlassRig { stage in SheetPiece(context: stage, detents: [.medium, .large], presented: presented) }
    }

    private func targets(_ rig: GlassRig<SheetPiece>, in environment: PieceEnvironment? = nil) -> [Element] {
        rig.stage.askedElements(of: rig.piece, in: environment)
    }

    @Test func theSheetHandsBackTheSameListWhenNothingChanged() throws {
        let rig = try sheet()
        #expect(storage(targets(rig)) != nil && storage(targets(rig)) == storage(targets(rig)))
    }

    @Test func theSheetFollowsItsDetent() throws {
        let rig = try sheet()
        // Medium: the top at half of 852.
        #expect(element("sheet", targets(rig))?.number(named: "y") == 426)
        try rig.piece.setDetent(.large)
        let large = targets(rig)
        // Large: 59 + 10 from the top, flat against the sides.
        #expect(element("sheet", large)?.rect == Rect(x: 0, y: 69, width: 393, height: 783))
        #expect(element("sheet", large)?.attribute(named: "detent") == .text("large"))
    }

    @Test func theSheetFollowsBeingPresentedAndDismissed() throws {
        let rig = try sheet()
        #expect(element("sheet", targets(rig))?.attribute(named: "presented") == .bool(true))
        rig.piece.dismiss()
        let gone = targets(rig)
        // Dismissed, it waits just below the screen: its top at 852.
        #expect(element("sheet", gone)?.number(named: "y") == 852)
        #expect(element("sheet", gone)?.attribute(named: "presented") == .bool(false))
        #expect(element("sheet", gone)?.attribute(named: "detent") == .text("none"))
        rig.piece.present()
        #expect(element("sheet", targets(rig))?.number(named: "y") == 426)
    }

    @Test func theSheetFollowsTheFinger() throws {
        let rig = try sheet()
        #expect(element("sheet", targets(rig))?.number(named: "y") == 426)
        let finger = try rig.stage.touchDown(on: rig.piece, at: Point(x: 196, y: 500))
        try rig.stage.frames(1)
        try finger.move(dx: 0, dy: -100)
        // Held at medium's 426 and pulled up 100, below large's 69, so one for one: 326.
        #expect(element("sheet", targets(rig))?.number(named: "y") == 326)
        try finger.move(dx: 0, dy: -50)
        // 150 up in all: 426 − 150 = 276.
        #expect(element("sheet", targets(rig))?.number(named: "y") == 276)
    }

    @Test func theSheetFollowsTheScreen() throws {
        let rig = try sheet()
        #expect(element("sheet", targets(rig))?.number(named: "y") == 426)
        var landscape = rig.stage.environment
        landscape.size = Size(width: 852, height: 393)
        landscape.safeArea = EdgeInsets(top: 0, leading: 59, bottom: 21, trailing: 59)
        // 393 tall is compact: medium is inactive, so the sheet shows at large, 0 + 10 from the top.
        #expect(element("sheet", targets(rig, in: landscape))?.rect == Rect(x: 0, y: 10, width: 852, height: 383))
        #expect(element("sheet", targets(rig))?.number(named: "y") == 426)
    }

    // MARK: The tab bar

    private func tabBar() throws -> (Stage, TabBarPiece) {
        let stage = try Stage(environment: PieceEnvironment(), fps: 120)
        let sections = (1...12).map { ScrollPage.Section(id: "s\($0)", title: "Section \($0)", height: 400) }
        let page = LiveScrollPage(page: ScrollPage(sections: sections, containerSize: stage.environment.size),
                                  context: stage)
        try stage.add(page)
        let bar = TabBarPiece(context: stage, page: page)
        try stage.add(bar)
        try stage.renderFrame()
        return (stage, bar)
    }

    private func targets(_ stage: Stage, _ bar: TabBarPiece, in environment: PieceEnvironment? = nil) -> [Element] {
        stage.askedElements(of: bar, in: environment)
    }

    @Test func theTabBarHandsBackTheSameListWhenNothingChanged() throws {
        let (stage, bar) = try tabBar()
        #expect(storage(targets(stage, bar)) != nil && storage(targets(stage, bar)) == storage(targets(stage, bar)))
    }

    @Test func theTabBarFollowsBeingMinimized() throws {
        let (stage, bar) = try tabBar()
        // Expanded: 62 tall, its bottom 13 into the 34 safe area (852 − 34 + 13 = 831), so y 769; from 21 to the
        // lens's 393 − 21 − 62 = 310 less the 12 gap: 277 wide.
        #expect(element("bar", targets(stage, bar))?.rect == Rect(x: 21, y: 769, width: 277, height: 62))
        bar.setMinimized(true)
        let minimized = targets(stage, bar)
        // Minimized: a 48 circle on the same bottom line, 831 − 48 = 783.
        #expect(element("bar", minimized)?.rect == Rect(x: 21, y: 783, width: 48, height: 48))
        #expect(element("bar", minimized)?.attribute(named: "minimized") == .bool(true))
        #expect(element("accessory", minimized)?.attribute(named: "inline") == .bool(true))
    }

    @Test func theTabBarFollowsTheSelectedTab() throws {
        let (stage, bar) = try tabBar()
        #expect(element("tab.radio", targets(stage, bar))?.attribute(named: "selected") == .bool(false))
        try bar.select("radio")
        let after = targets(stage, bar)
        #expect(element("bar", after)?.attribute(named: "selected") == .text("radio"))
        #expect(element("tab.radio", after)?.attribute(named: "selected") == .bool(true))
        #expect(element("tab.library", after)?.attribute(named: "selected") == .bool(false))
    }

    @Test func theTabBarFollowsTheScreen() throws {
        let (stage, bar) = try tabBar()
        #expect(element("search", targets(stage, bar))?.rect == Rect(x: 310, y: 769, width: 62, height: 62))
        var wider = stage.environment
        wider.size = Size(width: 500, height: 852)
        // The lens 21 from the right of 500: x 500 − 21 − 62 = 417.
        #expect(element("search", targets(stage, bar, in: wider))?.rect == Rect(x: 417, y: 769, width: 62, height: 62))
        #expect(element("search", targets(stage, bar))?.rect == Rect(x: 310, y: 769, width: 62, height: 62))
    }
}
