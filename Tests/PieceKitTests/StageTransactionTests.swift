import Testing
@testable import PieceKit

@Suite struct StageTransactionTests {
    @Test func changesOutsideATransactionSnap() throws {
        let (stage, card) = try makeCardStage()
        try stage.frames(2)
        stage.update { card.isOpen = true }
        try stage.renderFrame()
        #expect(stage.cardHeight == 400)
        #expect(stage.latestFrame?["card", "surface"]?.attribute("expanded") == .bool(true))
        #expect(!stage.isBusy)
    }

    @Test func disablingAnimationsSnapsAndIgnoresImplicitAnimations() throws {
        let (stage, card) = try makeCardStage()
        card.badgeImplicit = .animation(.linear(duration: 1))
        try stage.frames(1)
        stage.transact(Transaction(animation: nil, disablesAnimations: true)) { card.isOpen = true }
        try stage.renderFrame()
        #expect(stage.cardHeight == 400)
        #expect(stage.badgeOpacity == 1)
        #expect(stage.animatingPaths.isEmpty)
    }

    @Test func disablingAnimationsKeepsTheTransactionsOwnAnimation() throws {
        let (stage, card) = try makeCardStage()
        card.badgeImplicit = .animation(.easeIn(duration: 1))
        try stage.frames(1)
        stage.transact(Transaction(animation: .linear(duration: 0.5), disablesAnimations: true)) { card.isOpen = true }
        try stage.frames(31)
        // Frame 2 is elapsed 0; frame 32 is a quarter second in: linear, not the implicit easeIn.
        #expect(stage.badgeOpacity == reference(from: 0, to: 1, .linear(duration: 0.5), begin: 2.0 / 120, at: 32.0 / 120))
        #expect(abs((stage.badgeOpacity ?? 0) - 0.5) < 1e-9)
    }

    @Test func anImplicitAnimationWinsOnlyWhenItsValueChanged() throws {
        let (stage, card) = try makeCardStage()
        card.badgeImplicit = .animation(.linear(duration: 1))
        try stage.frames(1)
        // isOpen changes: the badge's opacity takes the implicit linear, the surface the transaction's spring.
        stage.transact(.smooth) { card.isOpen = true }
        try stage.frames(61)
        let t = 62.0 / 120, begin = 2.0 / 120
        #expect(stage.badgeOpacity == reference(from: 0, to: 1, .linear(duration: 1), begin: begin, at: t))
        #expect(stage.cardHeight == reference(from: 100, to: 400, .smooth, begin: begin, at: t))
        try stage.settle()

        // Dimming moves the opacity without changing isOpen: the transaction's animation applies.
        stage.transact(.easeOut(duration: 0.2)) { card.dimmed = true }
        let start = Double(stage.frameIndex + 1) / 120
        try stage.frames(13)
        #expect(stage.badgeOpacity == reference(from: 1, to: 0.5, .easeOut(duration: 0.2), begin: start, at: stage.now))

        // And with no animation at all, it snaps.
        try stage.settle()
        stage.update { card.dimmed = false }
        try stage.renderFrame()
        #expect(stage.badgeOpacity == 1)
    }

    @Test func aNilImplicitAnimationSuppressesTheTransactions() throws {
        let (stage, card) = try makeCardStage()
        card.badgeImplicit = .animation(nil)
        try stage.frames(1)
        stage.transact(.smooth) { card.isOpen = true }
        try stage.frames(2)
        #expect(stage.badgeOpacity == 1)          // snapped
        #expect(try #require(stage.cardHeight) < 400)  // still springing
    }

    @Test func anImplicitAnimationAnimatesAChangeMadeWithoutATransaction() throws {
        let (stage, card) = try makeCardStage()
        card.badgeImplicit = .animation(.linear(duration: 1))
        try stage.frames(1)
        stage.update { card.isOpen = true }
        try stage.frames(61)
        #expect(stage.cardHeight == 400)
        #expect(abs((stage.badgeOpacity ?? 0) - 0.5) < 1e-9)
    }

    @Test func aSpringRetargetedMidFlightKeepsItsVelocity() throws {
        let (stage, card) = try makeCardStage()
        stage.transact(.smooth) { card.isOpen = true }
        try stage.frames(15)
        stage.transact(.smooth) { card.isOpen = false }
        try stage.frames(6)
        let heights = stage.history.map { $0["card", "surface"]?["h"] ?? .nan }
        // Frame 16 is the retarget's elapsed 0 (index 15 in `heights`); compare the speed just before and after.
        let before = (heights[15] - heights[14]) * 120
        let after = (heights[16] - heights[15]) * 120
        #expect(before > 500)
        #expect(after > 0)  // still moving up: the velocity carried over
        #expect(abs(after - before) < 0.25 * before)
        // A spring restarted from rest would have turned back at once.
        let restarted = reference(from: heights[15], to: 100, .smooth, begin: 16.0 / 120, at: 17.0 / 120)
        #expect(restarted < heights[15])
    }

    @Test func anEaseOutOverARunningSpringEndsOnTheNewTarget() throws {
        let (stage, card) = try makeCardStage()
        stage.transact(.bouncy) { card.isOpen = true }
        try stage.frames(12)
        stage.transact(.easeOut(duration: 0.3)) { card.isOpen = false }
        try stage.frames(36)
        #expect(try #require(stage.cardHeight) > 100)  // frame 48: still 1/120 s to go
        try stage.renderFrame()
        #expect(stage.cardHeight == 100)  // frame 49 = 0.3 s after its start at frame 13
        #expect(stage.animatingPaths.isEmpty)
        let midway = try #require(stage.frame(at: 20)?["card", "surface"]?["h"])
        #expect(midway > 100 && midway < 400)
    }

    @Test func aNestedTransactionAnimatesOnlyWhatItsBodyChanged() throws {
        let (stage, card) = try makeCardStage()
        try stage.frames(1)
        stage.transact(.linear(duration: 1)) {
            card.dimmed = true
            stage.update { card.isOpen = true }
        }
        try stage.frames(2)
        #expect(stage.cardHeight == 400)  // snapped in the inner update
        #expect(try #require(stage.badgeOpacity) < 0.5)  // from 0 toward 0.5, linearly
    }

    @Test func environmentChangesRelayOut() throws {
        let (stage, _) = try makeCardStage()
        try stage.frames(1)
        stage.environment.size = Size(width: 430, height: 932)
        try stage.renderFrame()
        #expect(stage.latestFrame?["card", "surface"]?["w"] == 390)

        var wider = stage.environment
        wider.size.width = 500
        stage.setEnvironment(wider, transaction: Transaction(animation: .linear(duration: 0.5)))
        try stage.frames(31)
        #expect(stage.latestFrame?["card", "surface"]?["w"] == 425)
        try stage.settle()
        #expect(stage.latestFrame?["card", "surface"]?["w"] == 460)
    }

    @Test func elementsThatDisappearAreDroppedAndReappearInPlace() throws {
        let (stage, card) = try makeCardStage()
        try stage.frames(1)
        stage.transact(.smooth) { card.showsBadge = false }
        try stage.renderFrame()
        #expect(stage.latestFrame?["card", "badge"] == nil)
        #expect(stage.latestFrame?.piece("card")?.elements.map(\.name) == ["surface"])
        stage.transact(.smooth) {
            card.isOpen = true
            card.showsBadge = true
        }
        try stage.renderFrame()
        #expect(stage.badgeOpacity == 1)  // new: appears at its target
        #expect(stage.cardHeight == 100)  // existing: starts animating
        #expect(stage.latestFrame?["card", "badge"]?.attribute("label") == .text("Open"))
    }

    @Test func duplicatePiecesAreRefusedAndDuplicateNamesWarned() throws {
        let (stage, _) = try makeCardStage()
        #expect(throws: StageError.duplicatePiece("card")) { try stage.add(StageTestCard()) }
        try stage.add(TwinPiece())
        try stage.renderFrame()
        #expect(stage.layoutWarnings.count == 2)
        #expect(stage.latestFrame?["twin", "a"]?["x"] == 1)
        #expect(stage.latestFrame?.piece("twin")?.elements.count == 1)
        #expect(stage.latestFrame?.value(at: "twin.a.x") == 1)
    }
}

private final class TwinPiece: StagePiece {
    let name = "twin"
    func elements(in environment: PieceEnvironment, tokens: MotionTokens) -> [Element] {
        [Element("a").number("x", 1).number("x", 2), Element("a").number("y", 3)]
    }
}
