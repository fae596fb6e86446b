import Testing
@testable import PieceKit

@Suite struct StageTimingTests {
    @Test func oneSecondAt120fpsIsExactly120Frames() throws {
        let (stage, _) = try makeCardStage()
        #expect(try stage.advance(1.0) == 120)
        #expect(stage.history.count == 120)
        #expect(stage.history.first?.index == 1)
        #expect(stage.latestFrame?.index == 120)
        #expect(stage.latestFrame?.time == 1.0)
        #expect(stage.now == 1.0)
        #expect(stage.frameIndex == 120)
    }

    @Test func advanceCountsFramesFromFrameTimes() throws {
        let stage = try Stage(fps: 60)
        #expect(try stage.advance(1.0 / 3.0) == 20)
        #expect(try stage.advance(0.1 + 0.2) == 18)
        #expect(stage.latestFrame?.time == 38.0 / 60.0)
        #expect(throws: StageError.self) { try stage.advance(-1) }
        #expect(throws: StageError.self) { try stage.advance(.nan) }
    }

    @Test func aScriptChangeStartsOnTheNextFrameAndMovesOnTheOneAfter() throws {
        let (stage, card) = try makeCardStage()
        try stage.frames(10)
        stage.transact(.smooth) { card.isOpen = true }
        try stage.renderFrame()
        #expect(stage.latestFrame?.index == 11)
        #expect(stage.cardHeight == 100)
        try stage.renderFrame()
        let moving = try #require(stage.cardHeight)
        #expect(moving > 100 && moving < 400)
        #expect(moving == reference(from: 100, to: 400, .smooth, begin: 11.0 / 120, at: 12.0 / 120))
    }

    @Test func aScheduledChangeStartsOnTheFirstFrameAtOrAfterItsTime() throws {
        let (stage, card) = try makeCardStage()
        stage.schedule(at: 0.503, label: "open") { stage.transact(.smooth) { card.isOpen = true } }
        try stage.advance(0.5)
        #expect(stage.cardHeight == 100)
        try stage.renderFrame()  // frame 61, t = 0.50833 ≥ 0.503: elapsed 0
        #expect(stage.latestFrame?.index == 61)
        #expect(stage.cardHeight == 100)
        try stage.frames(20)
        for index in 61...81 {
            let frame = try #require(stage.frame(at: index))
            let expected = reference(from: 100, to: 400, .smooth, begin: 61.0 / 120, at: frame.time)
            #expect(frame["card", "surface"]?["h"] == expected)
        }
        #expect(try #require(stage.frame(at: 62)?["card", "surface"]?["h"]) > 100)
    }

    @Test func aChangeMadeBeforeTheFirstFrameStartsAtFrameOne() throws {
        let (stage, card) = try makeCardStage()
        stage.transact(.smooth) { card.isOpen = true }
        try stage.renderFrame()
        #expect(stage.cardHeight == 100)
        try stage.renderFrame()
        #expect(try #require(stage.cardHeight) > 100)
    }

    @Test func framesCanBeFoundByIndexAndTime() throws {
        let (stage, _) = try makeCardStage()
        try stage.advance(0.5)
        try stage.jump(0.5)
        try stage.advance(0.1)
        #expect(stage.frame(at: 30)?.time == 0.25)
        #expect(stage.frame(at: 90) == nil)  // jumped over
        #expect(stage.frame(at: 0) == nil)
        #expect(stage.frame(atTime: 0.25)?.index == 30)
        #expect(stage.frame(atTime: 0.1 + 0.15)?.index == 30)
        #expect(stage.frame(atTime: 0.251)?.index == 30)  // the frame still on screen
        #expect(stage.frame(atTime: 0.8)?.index == 60)    // the last frame before the jump
        #expect(stage.frame(atTime: 1.05)?.index == 126)
        #expect(stage.frame(atTime: 0.001) == nil)
    }
}
