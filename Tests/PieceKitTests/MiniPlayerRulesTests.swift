import Testing
@testable import PieceKit

/// The release thresholds on both sides, with strict comparisons, and the small rules around them.
@Suite struct MiniPlayerRulesTests {
    private typealias Rules = MiniPlayer

    @Test func closedAnUpwardDragOf39StaysAnd41Opens() {
        #expect(Rules.release(isExpanded: false, translation: -39, predicted: -39) == nil)
        #expect(Rules.release(isExpanded: false, translation: -40, predicted: -40) == nil)   // strict
        #expect(Rules.release(isExpanded: false, translation: -41, predicted: -41) == true)
    }

    @Test func closedAPredictedEndOf159StaysAnd161Opens() {
        #expect(Rules.release(isExpanded: false, translation: -20, predicted: -159) == nil)
        #expect(Rules.release(isExpanded: false, translation: -20, predicted: -160) == nil)  // strict
        #expect(Rules.release(isExpanded: false, translation: -20, predicted: -161) == true)
    }

    @Test func openADownwardDragOf119StaysAnd121Closes() {
        #expect(Rules.release(isExpanded: true, translation: 119, predicted: 119) == nil)
        #expect(Rules.release(isExpanded: true, translation: 120, predicted: 120) == nil)    // strict
        #expect(Rules.release(isExpanded: true, translation: 121, predicted: 121) == false)
    }

    @Test func openAPredictedEndOf319StaysAnd321Closes() {
        #expect(Rules.release(isExpanded: true, translation: 50, predicted: 319) == nil)
        #expect(Rules.release(isExpanded: true, translation: 50, predicted: 320) == nil)     // strict
        #expect(Rules.release(isExpanded: true, translation: 50, predicted: 321) == false)
    }

    @Test func aDragTheWrongWayNeverDecides() {
        // Closed and pulled down, or open and pushed up, however far.
        #expect(Rules.release(isExpanded: false, translation: 500, predicted: 900) == nil)
        #expect(Rules.release(isExpanded: true, translation: -500, predicted: -900) == nil)
    }

    @Test func theBarRisesAQuarterOfAnUpwardDragAndThePlayerFollowsADownwardOne() {
        #expect(Rules.barOffset(dragOffset: -60) == -15)   // −60 / 4
        #expect(Rules.barOffset(dragOffset: 60) == 0)
        #expect(Rules.playerOffset(dragOffset: 60) == 60)
        #expect(Rules.playerOffset(dragOffset: -60) == 0)
    }

    @Test func progressIsHeldWithinZeroAndOneAndNotANumberIsZero() {
        #expect(Rules.safeProgress(-0.5) == 0)
        #expect(Rules.safeProgress(1.5) == 1)
        #expect(Rules.safeProgress(0.25) == 0.25)
        #expect(Rules.safeProgress(.nan) == 0)
        #expect(Rules.safeProgress(.infinity) == 0)
        #expect(Rules.progress(time: 40, duration: 200) == 0.2)
        #expect(Rules.progress(time: 40, duration: 0) == 0)   // a live stream: 40 / 0 is infinite
        #expect(Rules.progress(time: 0, duration: 0) == 0)    // 0 / 0 is not a number
    }

    @Test func theSpokenPositionIsAWholePercent() {
        #expect(MiniPlayerPiece.spokenProgress(0.2) == "20%")
        #expect(MiniPlayerPiece.spokenProgress(0.996) == "100%")
        #expect(MiniPlayerPiece.spokenProgress(.nan) == "0%")
    }
}
