import Testing
@testable import PieceKit

/// The one memo (`Memo`): keyed by its whole input, brought up to date by its `update`, and switched off by the
/// stage's switch wherever a piece keeps one.
@Suite struct MemoTests {
    /// An input of two fields, compared by the compiler: neither can be left out of the key.
    private struct Sum: Equatable {
        var a: Int
        var b: Int
    }

    @Test func anEqualInputGetsTheKeptAnswerAndAnyChangedFieldMakesANewOne() {
        var memo = Memo<Sum, Int> { $0.a + $0.b }
        #expect(memo(Sum(a: 1, b: 2), memoising: true) == 3)
        #expect(memo(Sum(a: 1, b: 2), memoising: true) == 3)
        // the second field alone changes the answer: 1 + 5 = 6
        #expect(memo(Sum(a: 1, b: 5), memoising: true) == 6)
        #expect(memo.counts == MemoCounts(kept: 1, made: 2, updated: 0))
    }

    @Test func anUpdateBringsTheKeptAnswerToTheNewInputAndNilMakesItAfresh() {
        // brings the sum up to date when only b moved: last answer − last b + new b
        var memo = Memo<Sum, Int>({ $0.a + $0.b }, update: { new, last, sum in
            new.a == last.a ? sum - last.b + new.b : nil
        })
        _ = memo(Sum(a: 1, b: 2), memoising: true)
        #expect(memo(Sum(a: 1, b: 7), memoising: true) == 8)  // 3 − 2 + 7
        #expect(memo(Sum(a: 4, b: 7), memoising: true) == 11)  // a moved: made afresh, 4 + 7
        #expect(memo.counts == MemoCounts(kept: 0, made: 2, updated: 1))
    }

    @Test func switchedOffEveryAskMakesTheAnswer() {
        var memo = Memo<Sum, Int> { $0.a + $0.b }
        for _ in 0..<3 { #expect(memo(Sum(a: 1, b: 2), memoising: false) == 3) }
        #expect(memo.counts == MemoCounts(kept: 0, made: 3, updated: 0))
    }

    @Test func theStagesSwitchReachesThePiecesLayoutMemos() throws {
        let rig = try IslandRig()
        rig.stage.memoises = false
        let layouts = rig.island.layoutsMade
        // nothing changes, yet each of three asks lays the island out again
        for _ in 0..<3 { _ = rig.island.layout(in: rig.stage.environment) }
        #expect(rig.island.layoutsMade == layouts + 3)
        rig.stage.memoises = true
        _ = rig.island.layout(in: rig.stage.environment)
        let kept = rig.island.layoutsMade
        for _ in 0..<3 { _ = rig.island.layout(in: rig.stage.environment) }
        #expect(rig.island.layoutsMade == kept)
    }
}
