import Testing
@testable import PieceKit

/// The glass tab bar over a 12 × 400-point page on the default 393 × 852 screen (safe area 59 / 34): the bar's
/// bottom at 852 − 34 + 13 = 831.
@Suite struct TabBarTests {
    struct Rig {
        let stage: Stage
        let page: LiveScrollPage
        let bar: TabBarPiece

        init(_ environment: PieceEnvironment = PieceEnvironment(), onScrollDown: Bool = true) throws {
            stage = try Stage(environment: environment, fps: 120)
            let sections = (1...12).map { ScrollPage.Section(id: "s\($0)", title: "Section \($0)", height: 400) }
            page = LiveScrollPage(page: ScrollPage(sections: sections, containerSize: environment.size), context: stage)
            try stage.add(page)
            bar = TabBarPiece(context: stage, page: page, minimizesOnScrollDown: onScrollDown)
            try stage.add(bar)
            try stage.renderFrame()
        }

        func rect(_ element: String) -> Rect? { stage.latestFrame?[bar.name, element]?.rect }
    }

    @Test func expandedTheTabsShareACapsuleBesideTheSearchLens() throws {
        let rig = try Rig()
        // Lens: 62 round, 21 from the right: x 393 − 21 − 62 = 310. Bar: from 21 to 310 − 12 = 298, so 277 wide.
        #expect(rig.rect("search") == Rect(x: 310, y: 769, width: 62, height: 62))
        #expect(rig.rect("bar") == Rect(x: 21, y: 769, width: 277, height: 62))
        // Two tabs inside a 4-point inset: (277 − 8) / 2 = 134.5 each, from 25.
        #expect(rig.rect("tab.library") == Rect(x: 25, y: 773, width: 134.5, height: 54))
        #expect(rig.rect("tab.radio") == Rect(x: 159.5, y: 773, width: 134.5, height: 54))
        // The accessory: 48 tall, 8 above the bar, full width between the margins.
        #expect(rig.rect("accessory") == Rect(x: 21, y: 713, width: 351, height: 48))
    }

    @Test func aScrollDownOfTenPointsMinimizesAndTenBackUpExpands() throws {
        let rig = try Rig()
        rig.page.scroll(toOffset: 9)
        #expect(!rig.bar.isMinimized)
        rig.page.scroll(toOffset: 10)
        #expect(rig.bar.isMinimized)
        // The scroll turns at 10: 5 back up is not enough, 10 is.
        rig.page.scroll(toOffset: 5)
        #expect(rig.bar.isMinimized)
        rig.page.scroll(toOffset: 0)
        #expect(!rig.bar.isMinimized)
    }

    @Test func minimizedTheAccessoryJoinsTheRowBetweenBarAndLens() throws {
        let rig = try Rig()
        rig.bar.setMinimized(true)
        try rig.stage.settle()
        // A 48-point row ending at 831: y 783. Bar at 21, lens at 393 − 21 − 48 = 324, accessory from
        // 21 + 48 + 12 = 81 to 324 − 12 = 312.
        #expect(rig.rect("bar") == Rect(x: 21, y: 783, width: 48, height: 48))
        #expect(rig.rect("search") == Rect(x: 324, y: 783, width: 48, height: 48))
        #expect(rig.rect("accessory") == Rect(x: 81, y: 783, width: 231, height: 48))
        #expect(rig.stage.latestFrame?[rig.bar.name, "tab.radio"]?["opacity"] == 0)
        #expect(rig.stage.latestFrame?[rig.bar.name, "tab.library"]?["opacity"] == 1)
    }

    /// Found by exploring the tab bar (examples/explore/tab_bar.lua: one fling down the page): minimized, VoiceOver's
    /// tab element had the tab's inset frame, 48 − 2 × 4 = 40 points, under the 44-point target, while a finger
    /// expands the bar anywhere on its 48-point circle and activating the element does the same.
    @Test func minimizedTheSelectedTabIsTheWholeCircleForVoiceOver() throws {
        let rig = try Rig()
        rig.bar.setMinimized(true)
        try rig.stage.settle()
        let tree = rig.bar.accessibilityElements(on: rig.stage)
        #expect(tree.map(\.id) == ["tab.library", "search", "accessory"])
        // The circle: 48 round at x 21, y 831 − 48 = 783.
        #expect(tree[0].frame == Rect(x: 21, y: 783, width: 48, height: 48))
        // Expanded again, each tab has its own 134.5 × 54 slot.
        try rig.bar.perform("activate", on: "tab.library", context: rig.stage)
        try rig.stage.settle()
        #expect(rig.bar.accessibilityElements(on: rig.stage)[0].frame == Rect(x: 25, y: 773, width: 134.5, height: 54))
    }

    @Test func neverDoesNotMinimize() throws {
        let rig = try Rig(onScrollDown: false)
        rig.page.scroll(toOffset: 300)
        #expect(!rig.bar.isMinimized)
    }

    @Test func rightToLeftMirrorsTheRow() throws {
        let rig = try Rig(PieceEnvironment(layoutDirection: .rightToLeft))
        // The lens at 393 − 310 − 62 = 21, the bar at 393 − 21 − 277 = 95.
        #expect(rig.rect("search")?.x == 21)
        #expect(rig.rect("bar")?.x == 95)
    }
}
