import Testing
@testable import PieceKit

/// Numbers marked as background motion (a playing player's creep) never keep a settle waiting.
@Suite struct StageBackgroundMotionTests {
    final class Meter: StagePiece {
        let name = "meter"
        var level = 0.0
        var background = true
        func elements(in environment: PieceEnvironment, tokens: MotionTokens) -> [Element] {
            [Element("bar").number("level", level).background(["level"], when: background)]
        }
    }

    @Test func aBackgroundNumberStillMovesButDoesNotHoldUpASettle() throws {
        let stage = try Stage()
        let meter = Meter()
        try stage.add(meter)
        try stage.renderFrame()
        stage.transact(.linear(duration: 1)) { meter.level = 1 }
        #expect(try stage.settle() == 1)
        try stage.advance(0.5)
        let shown = try #require(stage.latestFrame?["meter", "bar"]?["level"])
        #expect(shown > 0.4 && shown < 0.6)
        #expect(stage.animatingPaths.isEmpty)
    }

    @Test func theSameNumberInTheForegroundIsWaitedFor() throws {
        let stage = try Stage()
        let meter = Meter()
        meter.background = false
        try stage.add(meter)
        try stage.renderFrame()
        stage.transact(.linear(duration: 1)) { meter.level = 1 }
        #expect(try stage.settle() >= 120)
        #expect(stage.latestFrame?["meter", "bar"]?["level"] == 1)
    }
}
