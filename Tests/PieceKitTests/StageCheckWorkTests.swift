import Testing
@testable import PieceKit

/// A piece that counts how often the stage asks for its elements.
private final class CountingPiece: StagePiece {
    let name = "counted"
    var layouts = 0
    var height = 100.0
    func elements(in environment: PieceEnvironment, tokens: MotionTokens) -> [Element] {
        layouts += 1
        return [Element("card").number("h", height)]
    }
}

@Suite struct StageCheckWorkTests {
    @Test func workThatOnlyReadsLaysNothingOutAgain() throws {
        let stage = try Stage(fps: 120)
        let piece = CountingPiece()
        try stage.add(piece)
        let before = piece.layouts
        var checked = 0
        // Due at the first frame (1/120 s): a check alone in its batch.
        stage.scheduleCheck(at: 1.0 / 120, label: "look") { checked += 1 }
        try stage.frames(1)
        #expect(checked == 1)
        #expect(piece.layouts == before)
    }

    @Test func ordinaryWorkStillLaysOutAfterItsBatch() throws {
        let stage = try Stage(fps: 120)
        let piece = CountingPiece()
        try stage.add(piece)
        let before = piece.layouts
        stage.schedule(at: 1.0 / 120, label: "grow", background: true) { piece.height = 200 }
        try stage.frames(1)
        #expect(piece.layouts == before + 1)
        // The change was made outside a transaction, so it snaps: the first frame already shows 200.
        #expect(stage.latestFrame?["counted", "card"]?["h"] == 200)
    }

    @Test func aCheckSharingItsBatchWithOtherWorkStillLaysOut() throws {
        let stage = try Stage(fps: 120)
        let piece = CountingPiece()
        try stage.add(piece)
        stage.scheduleCheck(at: 1.0 / 120, label: "look") {}
        stage.schedule(at: 1.0 / 120, label: "grow") { piece.height = 300 }
        try stage.frames(1)
        #expect(stage.latestFrame?["counted", "card"]?["h"] == 300)
    }
}
