import Testing
@testable import PieceKit

/// Where the root goes, and how `ignoresSafeArea` and `safeAreaPadding` reach into the insets.
@Suite struct LayoutSafeAreaTests {
    @Test func theRootIsCentredInTheSafeAreaNotOnTheScreen() {
        let r = laidOut(fill.frame(width: 100, height: 100).id("box"))
        // Safe area: y 59 to 852 − 34 = 818, 759 high. Centred in it: 59 + (759 − 100) / 2 = 388.5 (centred on
        // the screen it would be (852 − 100) / 2 = 376).
        #expect(close(frame(r, "box"), rect(146.5, 388.5, 100, 100)))
    }

    @Test func aFullScreenColourThatIgnoresTheSafeAreaCoversTheScreen() {
        let r = laidOut(fill.id("color").ignoresSafeArea().id("slot"))
        // Its slot is the safe area (0, 59, 393, 759); every edge touches the safe area's, so the colour grows to
        // the screen's: 393 × 852 from the origin.
        #expect(close(frame(r, "slot"), rect(0, 59, 393, 759)))
        #expect(close(frame(r, "color"), rect(0, 0, 393, 852)))
    }

    @Test func aBarsBackgroundGrowsIntoTheTopInsetOnly() {
        let view = LayoutView.vStack([
            fill.frame(height: 44).background(fill.id("bg").ignoresSafeArea()).id("bar"),
            LayoutView.spacer(),
        ])
        let r = laidOut(view)
        // The stack fills the safe area (a spacer takes what the bar leaves): the bar is 393 × 44 at y 59. Its
        // background touches the safe area's top, leading and trailing edges, not its bottom (59 + 44 = 103, far
        // from 818): it grows up by 59 to y 0 and is proposed 44 + 59 = 103 high, which a colour takes.
        #expect(close(frame(r, "bar"), rect(0, 59, 393, 44)))
        #expect(close(frame(r, "bg"), rect(0, 0, 393, 103)))
    }

    @Test func aViewThatTouchesNoSafeAreaEdgeIsNotGrown() {
        let r = laidOut(fill.id("c").ignoresSafeArea().frame(width: 100, height: 100))
        #expect(close(frame(r, "c"), rect(146.5, 388.5, 100, 100)))
    }

    @Test func onlyTheEdgesAskedForAreGrown() {
        let r = laidOut(fill.id("c").ignoresSafeArea(edges: .bottom))
        // The safe area (0, 59, 393, 759) grown at the bottom only, to 852: 759 + 34 = 793 high.
        #expect(close(frame(r, "c"), rect(0, 59, 393, 793)))
    }

    @Test func aFixedHeightChildIsMovedIntoTheInsetNotStretched() {
        let view = LayoutView.vStack([
            fill.frame(height: 44).id("strip").ignoresSafeArea(),
            LayoutView.spacer(),
        ])
        let r = laidOut(view)
        // The modifier's slot is (0, 59, 393, 44); it grows to y 0 and proposes 103 high, but the 44-high frame
        // keeps 44 and is placed at the grown rect's top.
        #expect(close(frame(r, "strip"), rect(0, 0, 393, 44)))
    }

    @Test func safeAreaPaddingPadsAndLetsIgnoringContentReachThroughItToTheScreen() {
        let view = LayoutView.zStack([
            fill.id("plain"),
            fill.id("ignoring").ignoresSafeArea(),
        ]).safeAreaPadding(.all, 20).id("padded")
        let r = laidOut(view)
        // Laid out like padding: the content is the safe area less 20 on each side, (20, 79, 353, 719). The
        // ignoring colour touches the padding's inner edges, grows to the padded view (the safe area), which in
        // turn touches the window's safe area on every side, so it grows on to the screen.
        #expect(close(frame(r, "padded"), rect(0, 59, 393, 759)))
        #expect(close(frame(r, "plain"), rect(20, 79, 353, 719)))
        #expect(close(frame(r, "ignoring"), rect(0, 0, 393, 852)))
    }
}
