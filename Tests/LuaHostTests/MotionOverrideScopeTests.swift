import PieceKit
import Testing
@testable import LuaBindings

/// The file's motion overrides as their own part of the binding context: which tokens apply, and for how long,
/// with no state or stage.
@Suite struct MotionOverrideScopeTests {
    /// Three distinct springs, one per source of overrides, so each value names where it came from.
    let fromTokenSet = MotionOverrides(tiers: [.calm: Spring(duration: 1, bounce: 0)])
    let fromFile = MotionOverrides(tiers: [.calm: Spring(duration: 2, bounce: 0)])
    let fromTest = MotionOverrides(tiers: [.calm: Spring(duration: 3, bounce: 0)])

    @Test func whatATestSetsEndsWithItAndWhatTheFileSetsLastsForEveryTest() {
        let scope = MotionOverrideScope()
        var changes = 0
        scope.changed = { changes += 1 }
        scope.tokenSet = fromTokenSet          // change 1
        scope.apply(fromFile)                  // change 2: at the top level, so it is the file's
        scope.enterTest()
        #expect(scope.current == fromFile)
        scope.apply(fromTest)                  // change 3: inside the test
        #expect(scope.current == fromTest)
        scope.leaveTest()
        #expect(scope.current == fromFile)
        scope.enterTest()
        #expect(scope.current == fromFile)
        #expect(changes == 3)
    }

    @Test func resetGoesBackToTheFilesOverridesInATestAndToTheTokenSetAtTheTopLevel() {
        let scope = MotionOverrideScope()
        scope.tokenSet = fromTokenSet
        scope.apply(fromFile)
        scope.enterTest()
        scope.apply(fromTest)
        scope.reset()
        #expect(scope.current == fromFile)
        scope.leaveTest()
        scope.reset()
        #expect(scope.current == fromTokenSet)
        // The top-level reset made the token set the file's: the next test starts from it.
        scope.enterTest()
        #expect(scope.current == fromTokenSet)
    }
}
