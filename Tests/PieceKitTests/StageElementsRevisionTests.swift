import Testing
@testable import PieceKit

/// A piece that counts the stage's asks for its elements and, when told to, keeps a revision.
private final class CountedPiece: StagePiece {
    let name = "counted"
    var keepsRevision: Bool
    var width = 10.0 { didSet { changes += 1 } }
    private var changes = 0
    private(set) var asks = 0

    init(keepsRevision: Bool) {
        self.keepsRevision = keepsRevision
    }

    var elementsRevision: Int? { keepsRevision ? changes : nil }

    func elements(in environment: PieceEnvironment, tokens: MotionTokens) -> [Element] {
        asks += 1
        return [Element("box").number("w", width).number("h", environment.size.height)]
    }
}

/// When the stage asks a piece for its elements again: always for a piece that keeps no revision, and for one that
/// keeps one only when it or the environment changed since the last ask.
@Suite struct StageElementsRevisionTests {
    @Test func anUnchangedPieceIsNotAskedForItsElementsAgain() throws {
        let stage = try Stage(fps: 120)
        let piece = CountedPiece(keepsRevision: true)
        try stage.add(piece)
        #expect(piece.asks == 1)
        // a transaction settles what came before it and what its body changed: two chances to ask, nothing new
        stage.transact(Transaction()) {}
        stage.transact(Transaction()) {}
        #expect(piece.asks == 1)
        #expect(stage.slots.first?.asksSkipped == 4)
    }

    @Test func aChangedPieceIsAskedOnceAndShowsTheChange() throws {
        let stage = try Stage(fps: 120)
        let piece = CountedPiece(keepsRevision: true)
        try stage.add(piece)
        stage.transact(Transaction()) { piece.width = 20 }
        // asked after the body, not before it (nothing had changed yet)
        #expect(piece.asks == 2)
        try stage.frames(1)
        #expect(stage.latestFrame?.value(at: "counted.box.w") == 20)
    }

    @Test func aNewEnvironmentAsksAgainWhateverThePieceCounts() throws {
        let stage = try Stage(fps: 120)
        let piece = CountedPiece(keepsRevision: true)
        try stage.add(piece)
        var environment = stage.environment
        environment.size = Size(width: environment.size.width, height: 500)
        stage.environment = environment
        #expect(piece.asks == 2)
        try stage.frames(1)
        #expect(stage.latestFrame?.value(at: "counted.box.h") == 500)
        stage.overrides = MotionOverrides()
        #expect(piece.asks == 3)
    }

    @Test func aPieceWithoutARevisionIsAskedEveryTime() throws {
        let stage = try Stage(fps: 120)
        let piece = CountedPiece(keepsRevision: false)
        try stage.add(piece)
        stage.transact(Transaction()) {}
        #expect(piece.asks == 3)
        #expect(stage.slots.first?.asksSkipped == 0)
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
