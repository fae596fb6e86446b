import Testing
@testable import PieceKit

/// A piece whose elements are a function of its width and the screen's height.
private final class BoxPiece: MemoisedPiece {
    let name = "box"
    var width = 10.0

    struct ElementsInput: Equatable, Sendable {
        let width: Double
        let height: Double
    }

    func elementsInput(in environment: PieceEnvironment, tokens: MotionTokens) -> ElementsInput {
        ElementsInput(width: width, height: environment.size.height)
    }

    static func elements(for input: ElementsInput) -> [Element] {
        [Element("box").number("w", input.width).number("h", input.height)]
    }
}

/// A piece that says nothing of what its elements are made from, and counts the stage's asks.
private final class PlainPiece: StagePiece {
    let name = "plain"
    private(set) var asks = 0

    func elements(in environment: PieceEnvironment, tokens: MotionTokens) -> [Element] {
        asks += 1
        return [Element("box").number("w", 10)]
    }
}

/// When the stage has a piece make its elements again: a `MemoisedPiece` only when its input changed since the
/// last list, any other piece every time it asks, and every piece every time with the memo switched off.
@Suite struct StageElementsMemoTests {
    private func slot(_ stage: Stage) throws -> PieceSlot { try #require(stage.slots.first) }

    @Test func anUnchangedInputMakesNoNewList() throws {
        let stage = try Stage(fps: 120)
        try stage.add(BoxPiece())
        #expect(try slot(stage).listsMade == 1)
        // a transaction settles what came before it and what its body changed: two asks each, nothing new
        stage.transact(Transaction()) {}
        stage.transact(Transaction()) {}
        #expect(try slot(stage).listsMade == 1)
        #expect(try slot(stage).asksSkipped == 4)
    }

    @Test func aChangedInputMakesOneListAndShowsTheChange() throws {
        let stage = try Stage(fps: 120)
        let piece = BoxPiece()
        try stage.add(piece)
        stage.transact(Transaction()) { piece.width = 20 }
        // made after the body, not before it (nothing had changed yet)
        #expect(try slot(stage).listsMade == 2)
        try stage.frames(1)
        #expect(stage.latestFrame?.value(at: "box.box.w") == 20)
    }

    @Test func onlyAChangeThePieceReadsMakesANewList() throws {
        let stage = try Stage(fps: 120)
        try stage.add(BoxPiece())
        var environment = stage.environment
        environment.size = Size(width: environment.size.width, height: 500)
        stage.environment = environment
        #expect(try slot(stage).listsMade == 2)
        try stage.frames(1)
        #expect(stage.latestFrame?.value(at: "box.box.h") == 500)
        // the width of the screen and the tokens are not in its input
        environment.size = Size(width: environment.size.width + 1, height: 500)
        stage.environment = environment
        stage.overrides = MotionOverrides()
        #expect(try slot(stage).listsMade == 2)
    }

    @Test func aPieceThatNamesNoInputIsAskedEveryTime() throws {
        let stage = try Stage(fps: 120)
        let piece = PlainPiece()
        try stage.add(piece)
        stage.transact(Transaction()) {}
        #expect(piece.asks == 3)
        #expect(try slot(stage).asksSkipped == 0)
    }

    @Test func withTheMemoOffEveryAskMakesAList() throws {
        let stage = try Stage(fps: 120)
        stage.memoises = false
        let piece = BoxPiece()
        try stage.add(piece)
        stage.transact(Transaction()) {}
        // one ask when added, two for the transaction
        #expect(try slot(stage).listsMade == 3)
        #expect(try slot(stage).asksSkipped == 0)
        stage.transact(Transaction()) { piece.width = 30 }
        try stage.frames(1)
        #expect(stage.latestFrame?.value(at: "box.box.w") == 30)
    }

    @Test func aRestingPageAndIslandAreNotAskedAgain() throws {
        let rig = try IslandRig(page: fortySectionPage())
        rig.page.fling(velocity: 3000)
        try rig.stage.settle()
        let skipped = rig.stage.slots.map(\.asksSkipped)
        // a script's empty transaction: before and after its body, neither the page nor the island changed
        rig.stage.transact(Transaction()) {}
        #expect(rig.stage.slots.map(\.asksSkipped) == skipped.map { $0 + 2 })
    }

    @Test func aScrollingPageIsAskedAgainAndTheIslandFollowsIt() throws {
        let rig = try IslandRig(page: fortySectionPage())
        rig.page.fling(velocity: 3000)
        try rig.stage.frames(10)
        func published(_ piece: String, _ element: String, _ number: String) -> Double? {
            rig.stage.targets(of: piece)?.first { $0.name == element }?.number(named: number)
        }
        let (offset, arc) = (published("page", "content", "offset"), published("scrollIsland", "ring", "arc"))
        try rig.stage.frames(10)
        // the fling carries the page on down: what it publishes is where it shows, and the ring reads further on
        let (offsetAfter, arcAfter) = (published("page", "content", "offset"), published("scrollIsland", "ring", "arc"))
        #expect(offsetAfter == rig.page.offset)
        #expect(try #require(offsetAfter) > #require(offset))
        #expect(try #require(arcAfter) > #require(arc))
    }
}
