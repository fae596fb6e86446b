import Testing
@testable import PieceKit

/// When bubbles bud out, Reduce Motion is the one in force when `bloom` is called: the specification hands it to
/// bloom as a parameter, and bloom reads it after its 24 ms wait from that parameter, not from the view again.
@Suite struct BudsReduceMotionTests {
    final class Host: BudHost {
        let name = "bubbles"
        var buds = BudSet<String>()
        weak var context: (any PieceContext)?
        init(_ context: any PieceContext) { self.context = context }
    }

    @Test func reduceMotionTurnedOnDuringTheWaitLeavesTheBloomAsCalled() throws {
        let context = try FakePieceContext()
        let host = Host(context)
        host.bloom(["a", "b"], stagger: 0.05)
        context.environment.reduceMotion = true
        context.run(upTo: 0.1)
        // The split as called, without Reduce Motion: spring(duration: 0.62, bounce: 0.22), the second bubble
        // 0.05 s after the first (index × stagger). With Reduce Motion read late it would be easeOut(0.2), no delay.
        let split = Animation.spring(Spring(duration: 0.62, bounce: 0.22))
        let sent = context.transactions.filter { $0.time > 0 }
        #expect(sent.map(\.animation) == [split.delay(0), split.delay(0.05)])
        #expect(sent.allSatisfy { abs($0.time - 0.024) < 1e-9 })      // both sent at the 24 ms lead
    }

    @Test func reduceMotionOnWhenCalledSendsThemAllAtOnceOnTheEase() throws {
        let context = try FakePieceContext()
        context.environment.reduceMotion = true
        let host = Host(context)
        host.bloom(["a", "b"], stagger: 0.05)
        context.environment.reduceMotion = false
        context.run(upTo: 0.1)
        let ease = Animation.easeOut(duration: 0.2)
        #expect(context.transactions.filter { $0.time > 0 }.map(\.animation) == [ease.delay(0), ease.delay(0)])
    }
}
