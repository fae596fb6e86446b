import Testing
@testable import PieceKit

@Suite struct LayoutEngineMemoTests {
    @Test func theMemoLaysOutAgainOnlyWhenTheTreeOrTheContextChanged() {
        var memo = LayoutEngineMemo()
        let view = LayoutView.vStack([fill.frame(width: 10, height: 10).id("a")])
        let first = memo.layout(view, in: phone)
        #expect(memo.layout(view, in: phone) == first)
        #expect(memo.layouts == 1)
        var rtl = phone
        rtl.layoutDirection = .rightToLeft
        _ = memo.layout(view, in: rtl)
        #expect(memo.layouts == 2)
        let moved = memo.layout(view.padding(.top, 10), in: rtl)
        #expect(memo.layouts == 3)
        // 10 + 10 high, at 59 + (759 − 20) / 2 = 428.5; the square 10 below: 438.5 (it was 433.5).
        #expect(moved["a"]?.frame.y == 438.5)
        #expect(first["a"]?.frame.y == 433.5)
    }

    @Test func aStackAsksEachChildOnceForEachDistinctProposal() {
        // Three nested stacks of three children: without answers kept within the pass, each stack's three
        // questions to each child (minimum, maximum, share) and its placement would multiply level by level.
        func row(_ inner: LayoutView) -> LayoutView {
            LayoutView.hStack([inner, inner, inner])
        }
        let deep = row(LayoutView.vStack([row(fill), row(fill), row(fill)]))
        let tree = LayoutTree(deep, context: phone)
        let pass = LayoutPass(tree: tree, context: phone, metrics: .systemFont, symbols: .lineHeightSquares)
        _ = pass.size(tree.root ?? 0, ProposedSize(width: 393, height: 759))
        let once = pass.computed
        _ = pass.size(tree.root ?? 0, ProposedSize(width: 393, height: 759))
        #expect(pass.computed == once)
    }
}

/// A tree a script sized is laid out under the host's limits.
@Suite struct LayoutHostLimitTests {
    @Test func aHugeTreeIsStoppedByTheHostWithItsOwnMessage() {
        let rows = (0..<20_000).map { LayoutView.text("row \($0)").id("r\($0)") }
        var asked = 0
        var work = HostWork { _ in
            asked += 1
            return asked > 3 ? "time limit of 1 s exceeded" : nil
        }
        #expect(throws: HostLimitReached(reason: "time limit of 1 s exceeded")) {
            _ = try LayoutEngine.layout(LayoutView.vStack(rows), in: phone, work: &work)
        }
    }

    @Test func aHostThatNeverRefusesGetsTheSameLayout() throws {
        let view = LayoutView.vStack([LayoutView.text("a").id("a"), fill.frame(width: 10, height: 10).id("b")])
        var work = HostWork { _ in nil }
        #expect(try LayoutEngine.layout(view, in: phone, work: &work) == LayoutEngine.layout(view, in: phone))
    }
}
