import Testing
@testable import PieceKit

/// Frames, padding, offset, aspect ratio, fixed size and overlays: each expected frame worked out by hand beside it.
@Suite struct LayoutFrameTests {
    @Test func nestedFramesLineTheirChildrenUpByAlignment() {
        let view = fill.frame(width: 40, height: 40).id("inner")
            .frame(width: 100, height: 100, alignment: .bottomTrailing).id("outer")
            .frame(width: 200, height: 150, alignment: .topLeading).id("outermost")
        let r = laidOut(view)
        // outermost: x (393 − 200) / 2 = 96.5, y 59 + (759 − 150) / 2 = 363.5. outer at its top leading corner.
        // inner in outer's bottom trailing corner: 96.5 + 60 = 156.5, 363.5 + 60 = 423.5.
        #expect(close(frame(r, "outermost"), rect(96.5, 363.5, 200, 150)))
        #expect(close(frame(r, "outer"), rect(96.5, 363.5, 100, 100)))
        #expect(close(frame(r, "inner"), rect(156.5, 423.5, 40, 40)))
    }

    @Test func paddingSurroundsAFixedFrameWithTheDefault16() {
        let view = fill.frame(width: 100, height: 50).id("box").padding().id("padded")
        let r = laidOut(view)
        // 100 + 2 × 16 = 132 by 50 + 2 × 16 = 82, at x (393 − 132) / 2 = 130.5, y 59 + (759 − 82) / 2 = 397.5;
        // the box 16 in from each side.
        #expect(close(frame(r, "padded"), rect(130.5, 397.5, 132, 82)))
        #expect(close(frame(r, "box"), rect(146.5, 413.5, 100, 50)))
    }

    @Test func aspectRatioFitsInsideAMaximumWidth() {
        let view = LayoutView.vStack(spacing: 0, [
            fill.aspectRatio(1, contentMode: .fit).id("square").frame(maxWidth: 200),
            fill.aspectRatio(2, contentMode: .fit).id("wide").frame(maxWidth: 200),
        ])
        let r = laidOut(view)
        // Each frame offers its child min(393, 200) = 200 wide. The square fits 1:1 in 200 wide → 200 × 200; the
        // 2:1 fits in 200 wide → 200 × 100 (neither is limited by the height it is offered). The stack is 300 high
        // at y 59 + (759 − 300) / 2 = 288.5, x (393 − 200) / 2 = 96.5.
        #expect(close(frame(r, "square"), rect(96.5, 288.5, 200, 200)))
        #expect(close(frame(r, "wide"), rect(96.5, 488.5, 200, 100)))
    }

    @Test func aspectRatioFillOverflowsTheFrameOnBothSides() {
        let view = fill.aspectRatio(2, contentMode: .fill).id("filled").frame(width: 100, height: 80)
        let r = laidOut(view)
        // Fill scales 2:1 by max(100 / 2, 80 / 1) = 80 → 160 × 80, centred in the 100 × 80 frame at x 146.5:
        // 146.5 − 30 = 116.5. y 59 + (759 − 80) / 2 = 398.5.
        #expect(close(frame(r, "filled"), rect(116.5, 398.5, 160, 80)))
    }

    @Test func anOffsetMovesTheViewButNotItsSlotNorItsSiblings() {
        let view = LayoutView.vStack(spacing: 10, [
            fill.frame(width: 100, height: 50).id("inner").offset(x: 20, y: 30).id("slot"),
            fill.frame(width: 100, height: 50).id("sibling"),
        ])
        let r = laidOut(view)
        // Stack 100 × 110 at x 146.5, y 59 + (759 − 110) / 2 = 383.5. The slot stays; the view inside moves by
        // (20, 30); the sibling is where it would be with no offset, 50 + 10 below.
        #expect(close(frame(r, "slot"), rect(146.5, 383.5, 100, 50)))
        #expect(close(frame(r, "inner"), rect(166.5, 413.5, 100, 50)))
        #expect(close(frame(r, "sibling"), rect(146.5, 443.5, 100, 50)))
    }

    @Test func anOverlayIsSizedByItsBaseAndAligned() {
        let view = fill.frame(width: 120, height: 40)
            .overlay(fill.id("cover"))
            .overlay(alignment: .topTrailing, fill.frame(width: 20, height: 20).id("badge"))
            .background(fill.frame(width: 300, height: 300).id("big")).id("base")
        let r = laidOut(view)
        // The base: x (393 − 120) / 2 = 136.5, y 59 + (759 − 40) / 2 = 418.5. The cover is offered 120 × 40 and
        // fills it; the badge sits at the top trailing corner, x 136.5 + 100 = 236.5. The 300 × 300 background
        // does not grow the base; centred on it: x 136.5 − 90 = 46.5, y 418.5 − 130 = 288.5.
        #expect(close(frame(r, "base"), rect(136.5, 418.5, 120, 40)))
        #expect(close(frame(r, "cover"), rect(136.5, 418.5, 120, 40)))
        #expect(close(frame(r, "badge"), rect(236.5, 418.5, 20, 20)))
        #expect(close(frame(r, "big"), rect(46.5, 288.5, 300, 300)))
        // Drawn: the base first (it is outside everything), the background, then the overlays.
        #expect(r.views.map(\.id) == ["base", "big", "cover", "badge"])
    }

    @Test func fixedSizeProposesNothingSoAShapeTakesTen() {
        let view = fill.fixedSize().id("fixed").frame(width: 100, height: 100)
        let r = laidOut(view)
        // Proposed nothing, a colour is 10 × 10, centred in the frame at (146.5, 388.5): + 45.
        #expect(close(frame(r, "fixed"), rect(191.5, 433.5, 10, 10)))
    }

    @Test func aFlexibleFrameWithOnlyAMinimumRaisesTheChildToIt() {
        // Proposed 80 (by the outer frame): child asked max(80, 50) = 80; the 30-wide child answers 30; the frame
        // is max(min(80, 30), 50) = 50. A 90-wide child gives max(min(80, 90), 50) = 80: smaller than the child.
        let small = laidOut(fill.frame(width: 30, height: 30).frame(minWidth: 50).id("f").frame(width: 80, height: 80))
        #expect(frame(small, "f").width == 50)
        let big = laidOut(fill.frame(width: 90, height: 30).frame(minWidth: 50).id("f").frame(width: 80, height: 80))
        #expect(frame(big, "f").width == 80)
    }

    @Test func aFlexibleFrameWithOnlyAMaximumGrowsToTheProposalUpToIt() {
        // Proposed 80: child asked min(80, 60) = 60; a 30-wide child → min(max(60, 30), 60) = 60 (grows around
        // it). Proposed 40: asked 40 → min(max(40, 30), 60) = 40.
        let wide = laidOut(fill.frame(width: 30, height: 30).frame(maxWidth: 60).id("f").frame(width: 80, height: 80))
        #expect(frame(wide, "f").width == 60)
        let narrow = laidOut(fill.frame(width: 30, height: 30).frame(maxWidth: 60).id("f").frame(width: 40, height: 80))
        #expect(frame(narrow, "f").width == 40)
    }

    @Test func aFlexibleFrameWithBothLimitsClampsTheProposalWithoutAskingTheChild() {
        // Proposed 80 → clamp(80, 50, 70) = 70; proposed 40 → 50. The 10-wide child does not matter.
        let r80 = laidOut(fill.frame(width: 10, height: 10).frame(minWidth: 50, maxWidth: 70).id("f")
            .frame(width: 80, height: 80))
        #expect(frame(r80, "f").width == 70)
        let r40 = laidOut(fill.frame(width: 10, height: 10).frame(minWidth: 50, maxWidth: 70).id("f")
            .frame(width: 40, height: 80))
        #expect(frame(r40, "f").width == 50)
    }

    @Test func aFlexibleFrameProposedNothingTakesItsIdealAndProposesItToItsChild() {
        let view = fill.id("c").frame(idealWidth: 120, idealHeight: 60).fixedSize().id("f")
        let r = laidOut(view)
        // fixedSize proposes nothing; the frame answers its ideal 120 × 60 and places the colour with that size.
        // Centred: x (393 − 120) / 2 = 136.5, y 59 + (759 − 60) / 2 = 408.5.
        #expect(close(frame(r, "f"), rect(136.5, 408.5, 120, 60)))
        #expect(close(frame(r, "c"), rect(136.5, 408.5, 120, 60)))
    }

    @Test func aButtonLaysOutAsItsLabel() {
        let view = LayoutView.button(fill.frame(width: 60, height: 30).id("label")).padding(10).id("button")
        let r = laidOut(view)
        // The label's 60 × 30 padded by 10: 80 × 50 at x (393 − 80) / 2 = 156.5, y 59 + (759 − 50) / 2 = 413.5.
        #expect(close(frame(r, "button"), rect(156.5, 413.5, 80, 50)))
        #expect(close(frame(r, "label"), rect(166.5, 423.5, 60, 30)))
    }

    @Test func aCircleIsASquareOfTheSmallerSide() {
        let view = LayoutView.shape(.circle).id("dot").frame(width: 100, height: 40)
        let r = laidOut(view)
        // min(100, 40) = 40, centred in the frame at (146.5, 418.5): x + 30.
        #expect(close(frame(r, "dot"), rect(176.5, 418.5, 40, 40)))
        #expect(r["dot"]?.cornerRadius == 20)
    }
}
