import Testing
@testable import PieceKit

/// HStack and VStack sharing out a length: each expected frame is worked out by hand beside it.
@Suite struct LayoutStackTests {
    @Test func aFixedAndAFlexibleChildShareAWidth() {
        let view = LayoutView.hStack(spacing: 10, [
            fill.frame(width: 100).id("fixed"),
            fill.id("flexible"),
        ]).frame(width: 300, height: 50)
        let r = laidOut(view)
        // The 300 × 50 frame is centred in the safe area: x (393 − 300) / 2 = 46.5, y 59 + (759 − 50) / 2 = 413.5.
        // The stack has 300 − 10 = 290 to share. The fixed child (flexibility 100 − 100 = 0) goes first and is
        // offered 290 / 2 = 145 but takes 100; the colour (flexibility ∞) is offered the 190 left and takes it.
        #expect(close(frame(r, "fixed"), rect(46.5, 413.5, 100, 50)))
        #expect(close(frame(r, "flexible"), rect(46.5 + 100 + 10, 413.5, 190, 50)))
    }

    @Test func aHigherLayoutPriorityTakesItsSpaceFirstLeavingTheOthersTheirMinimum() {
        let view = LayoutView.hStack(spacing: 0, [
            fill.frame(minWidth: 50).id("low"),
            fill.layoutPriority(1).id("high"),
        ]).frame(width: 300, height: 40)
        let r = laidOut(view)
        // "low" is at least 50 (its frame's minimum). The priority-1 colour is offered 300 less the lower group's
        // minimum, 300 − 50 = 250, and takes it; "low" then gets its 50 back and takes 50.
        // Frame: x (393 − 300) / 2 = 46.5, y 59 + (759 − 40) / 2 = 418.5.
        #expect(close(frame(r, "low"), rect(46.5, 418.5, 50, 40)))
        #expect(close(frame(r, "high"), rect(96.5, 418.5, 250, 40)))
    }

    @Test func withoutPriorityTheLessFlexibleChildIsSizedFirst() {
        let view = LayoutView.hStack(spacing: 0, [
            fill.id("greedy"),
            fill.frame(maxWidth: 100).id("capped"),
        ]).frame(width: 300, height: 40)
        let r = laidOut(view)
        // "capped" (flexibility 100) goes before "greedy" (∞) although written second: offered 300 / 2 = 150 it
        // takes its maximum, 100; "greedy" takes the 200 left. Placed in the order written.
        #expect(close(frame(r, "greedy"), rect(46.5, 418.5, 200, 40)))
        #expect(close(frame(r, "capped"), rect(246.5, 418.5, 100, 40)))
    }

    @Test func aSpacerPushesItsSiblingToTheEdge() {
        let view = LayoutView.hStack([
            fill.frame(width: 50, height: 50).id("box"),
            LayoutView.spacer().id("spacer"),
        ])
        let r = laidOut(view)
        // Root proposal 393 × 759. Gap box–spacer: the spacer spacing, 0. The box (fixed 50) is sized first, with
        // the spacer's minimum 8 held back; the spacer takes the rest: 393 − 50 = 343. The stack is 393 × 50,
        // at y 59 + (759 − 50) / 2 = 413.5; the spacer is 0 high, centred: 413.5 + 25 = 438.5.
        #expect(close(frame(r, "box"), rect(0, 413.5, 50, 50)))
        #expect(close(frame(r, "spacer"), rect(50, 438.5, 343, 0)))
    }

    @Test func theObjcIoOverflowExampleGives75And100InA175Stack() {
        let view = LayoutView.hStack(spacing: 0, [
            fill.frame(maxWidth: 100).id("a"),
            fill.frame(minWidth: 100).id("b"),
        ]).id("stack").frame(width: 150, height: 100)
        let r = laidOut(view)
        // a: min 0, max 100 (flexibility 100); b: min 100, max ∞. a first: offered 150 / 2 = 75, takes 75. b is
        // offered the 75 left and takes its minimum 100. The stack is 75 + 100 = 175 wide, centred in the 150
        // frame at x (393 − 150) / 2 = 121.5, so it starts at 121.5 − (175 − 150) / 2 = 109.
        // y: 59 + (759 − 100) / 2 = 388.5.
        #expect(close(frame(r, "stack"), rect(109, 388.5, 175, 100)))
        #expect(close(frame(r, "a"), rect(109, 388.5, 75, 100)))
        #expect(close(frame(r, "b"), rect(184, 388.5, 100, 100)))
    }

    @Test func defaultSpacingIsEightAndAnEmptyViewTakesNone() {
        let view = LayoutView.vStack([
            fill.frame(width: 20, height: 20).id("top"),
            .empty,
            LayoutView.group([]),
            fill.frame(width: 20, height: 20).id("bottom"),
        ])
        let r = laidOut(view)
        // Two squares and one default gap of 8: 48 high, at y 59 + (759 − 48) / 2 = 414.5; x (393 − 20) / 2.
        #expect(close(frame(r, "top"), rect(186.5, 414.5, 20, 20)))
        #expect(close(frame(r, "bottom"), rect(186.5, 414.5 + 28, 20, 20)))
    }

    @Test func aGroupsChildrenJoinTheStackEachWithTheGroupsModifiers() {
        let view = LayoutView.hStack(spacing: 10, [
            LayoutView.group([fill.id("a"), fill.id("b")]).frame(width: 30, height: 30),
            fill.frame(width: 30, height: 30).id("c"),
        ])
        let r = laidOut(view)
        // Three 30-wide children and two gaps of 10: 110 wide at x (393 − 110) / 2 = 141.5,
        // y 59 + (759 − 30) / 2 = 423.5.
        #expect(close(frame(r, "a"), rect(141.5, 423.5, 30, 30)))
        #expect(close(frame(r, "b"), rect(181.5, 423.5, 30, 30)))
        #expect(close(frame(r, "c"), rect(221.5, 423.5, 30, 30)))
    }

    @Test func vStackAlignmentLinesChildrenUpOnTheLeadingEdge() {
        let view = LayoutView.vStack(alignment: .leading, spacing: 0, [
            fill.frame(width: 100, height: 10).id("wide"),
            fill.frame(width: 40, height: 10).id("narrow"),
        ])
        let r = laidOut(view)
        // The stack is as wide as its widest child, 100, at x (393 − 100) / 2 = 146.5; 20 high at
        // y 59 + (759 − 20) / 2 = 428.5. Both start at its leading edge.
        #expect(close(frame(r, "wide"), rect(146.5, 428.5, 100, 10)))
        #expect(close(frame(r, "narrow"), rect(146.5, 438.5, 40, 10)))
    }

    @Test func aZStackIsSizedByItsHighestPriorityChildrenAndProposesItsOwnSize() {
        let view = LayoutView.zStack(alignment: .bottomTrailing, [
            fill.layoutPriority(-1).id("backdrop"),
            fill.frame(width: 80, height: 60).id("card"),
            fill.frame(width: 20, height: 20).id("badge"),
        ])
        let r = laidOut(view)
        // Sized by the card (80 × 60), the largest of the priority-0 children; the backdrop is proposed 80 × 60
        // and fills it. At x (393 − 80) / 2 = 156.5, y 59 + (759 − 60) / 2 = 408.5; the badge sits in the bottom
        // trailing corner: x 156.5 + 60 = 216.5, y 408.5 + 40 = 448.5.
        #expect(close(frame(r, "backdrop"), rect(156.5, 408.5, 80, 60)))
        #expect(close(frame(r, "card"), rect(156.5, 408.5, 80, 60)))
        #expect(close(frame(r, "badge"), rect(216.5, 448.5, 20, 20)))
    }

    @Test func aRightToLeftHStackRunsFromTheTrailingEdge() {
        var context = phone
        context.layoutDirection = .rightToLeft
        let view = LayoutView.hStack(spacing: 10, [
            fill.frame(width: 100, height: 50).id("first"),
            fill.frame(width: 50, height: 50).id("second").offset(x: 5).id("moved"),
        ])
        let r = laidOut(view, context)
        // Left to right the stack is 160 wide at x (393 − 160) / 2 = 116.5: first at 116.5, second at 226.5.
        // Mirrored across 393: first at 393 − 116.5 − 100 = 176.5, second at 393 − 226.5 − 50 = 116.5; the
        // offset of 5 towards the trailing edge moves it left: 111.5. y: 59 + (759 − 50) / 2 = 413.5.
        #expect(close(frame(r, "first"), rect(176.5, 413.5, 100, 50)))
        #expect(close(frame(r, "moved"), rect(116.5, 413.5, 50, 50)))
        #expect(close(frame(r, "second"), rect(111.5, 413.5, 50, 50)))
    }

    @Test func aRightToLeftLeadingPaddingAndAlignmentFlip() {
        var context = phone
        context.layoutDirection = .rightToLeft
        let view = fill.frame(width: 100, height: 50).id("box").padding(EdgeInsets(leading: 20)).id("padded")
            .frame(width: 200, height: 50, alignment: .leading)
        let r = laidOut(view, context)
        // Left to right: the 200 frame at x (393 − 200) / 2 = 96.5; the padded view (120) at its leading edge,
        // 96.5; the box at 96.5 + 20 = 116.5. Mirrored: padded 393 − 96.5 − 120 = 176.5 (flush with the frame's
        // right, its leading edge), box 393 − 116.5 − 100 = 176.5 (the padding now on its right).
        // y: 59 + (759 − 50) / 2 = 413.5.
        #expect(close(frame(r, "padded"), rect(176.5, 413.5, 120, 50)))
        #expect(close(frame(r, "box"), rect(176.5, 413.5, 100, 50)))
    }

    @Test func aStackAskedForItsMaximumIsEndlessNotUndefined() {
        // Proposed infinity, the first colour takes infinity; what is left for the second is still infinity
        // (not ∞ − ∞), so the stack's maximum is ∞ wide and, with ends aligned at the bottom, ∞ high.
        let view = LayoutView.hStack(alignment: .bottom, spacing: 0, [fill, fill])
        let tree = LayoutTree(view, context: phone)
        let pass = LayoutPass(tree: tree, context: phone, metrics: .systemFont, symbols: .lineHeightSquares)
        let size = pass.size(tree.root ?? 0, .infinity)
        #expect(size.width == .infinity)
        #expect(size.height == .infinity)
    }

    @Test func aSpacerSharesOutOnlyWhatTheOtherChildrenLeft() {
        // The guess LayoutConstants.spacerLayoutPriority (−∞): the colour, in the higher group, is offered
        // 300 − the spacer's minimum 8 = 292 and takes it; the spacer gets its 8 back and takes 8.
        let view = LayoutView.hStack(spacing: 0, [fill.id("colour"), LayoutView.spacer().id("spacer")])
            .frame(width: 300, height: 10)
        let r = laidOut(view)
        #expect(frame(r, "colour").width == 292)
        #expect(frame(r, "spacer").width == 8)
    }

    @Test func layoutPrioritySurvivesModifiersAppliedAfterIt() {
        // The guess LayoutConstants.layoutPriorityPassesThroughModifiers: `.layoutPriority(1).padding(0)` still
        // goes first, so the answer is the one of aHigherLayoutPriority…: 300 − 50 = 250.
        let view = LayoutView.hStack(spacing: 0, [
            fill.frame(minWidth: 50).id("low"),
            fill.layoutPriority(1).padding(0).id("high"),
        ]).frame(width: 300, height: 40)
        #expect(frame(laidOut(view), "high").width == 250)
    }
}
