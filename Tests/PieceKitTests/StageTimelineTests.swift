import Testing
@testable import PieceKit

/// Which frames a timeline updates at, and that its motion never holds up a settle.
@Suite struct StageTimelineTests {
    /// Draws a number that is simply the timeline's time, so each frame shows the latest update's time.
    final class Clockface: StagePiece {
        let name = "clockface"
        var timeline: StageTimeline?
        func elements(in environment: PieceEnvironment, tokens: MotionTokens) -> [Element] {
            [Element("hand").number("t", timeline?.drawnTime ?? -1)]
        }
    }

    /// The frames (by index) whose shown time changed from the frame before, over `count` frames.
    private func updateFrames(fps: Int, interval: Double, count: Int) throws -> [Int] {
        let stage = try Stage(fps: fps)
        let face = Clockface()
        face.timeline = StageTimeline(context: stage, minimumInterval: interval, paused: false, label: "face")
        try stage.add(face)
        var last = -1.0
        var changed: [Int] = []
        for _ in 0..<count {
            let frame = try stage.renderFrame()
            let shown = frame["clockface", "hand"]?["t"] ?? -2
            if shown != last { changed.append(frame.index) }
            last = shown
        }
        return changed
    }

    @Test func aSixtiethOfASecondUpdatesEverySecondFrameAt120FPS() throws {
        // First on frame 1 (the change begins there), then ⌈(1/60)·120⌉ = 2 frames apart.
        #expect(try updateFrames(fps: 120, interval: 1.0 / 60, count: 8) == [1, 3, 5, 7])
    }

    @Test func aSixtiethOfASecondUpdatesEverySecondFrameAt90FPS() throws {
        // 1/90 s (0.0111) is less than 1/60 s (0.0167); 2/90 s (0.0222) is not: ⌈1.5⌉ = 2 frames apart.
        #expect(try updateFrames(fps: 90, interval: 1.0 / 60, count: 8) == [1, 3, 5, 7])
    }

    @Test func aSixtiethOfASecondUpdatesEveryFrameAt60FPS() throws {
        #expect(try updateFrames(fps: 60, interval: 1.0 / 60, count: 4) == [1, 2, 3, 4])
    }

    @Test func noMinimumUpdatesEveryFrame() throws {
        #expect(try updateFrames(fps: 120, interval: 0, count: 3) == [1, 2, 3])
    }

    @Test func theDrawnTimeIsTheUpdatesFrameTime() throws {
        let stage = try Stage(fps: 90)
        let face = Clockface()
        face.timeline = StageTimeline(context: stage, minimumInterval: 1.0 / 60, paused: false, label: "face")
        try stage.add(face)
        try stage.frames(4)
        // Frames 1 and 3 update; frame 4 still shows frame 3's time, 3/90 = 1/30 s.
        #expect(stage.latestFrame?["clockface", "hand"]?["t"] == 3.0 / 90)
    }

    @Test func aRunningTimelineNeverKeepsSettleWaiting() throws {
        let stage = try Stage(fps: 120)
        let face = Clockface()
        face.timeline = StageTimeline(context: stage, minimumInterval: 1.0 / 60, paused: false, label: "face")
        try stage.add(face)
        #expect(try stage.settle() == 1)    // the frame that shows the new piece
        #expect(try stage.settle() == 0)
        #expect(!stage.hasBlockingWork)
    }

    @Test func aPausedTimelineKeepsItsLastDrawing() throws {
        let stage = try Stage(fps: 120)
        let face = Clockface()
        let timeline = StageTimeline(context: stage, minimumInterval: 1.0 / 60, paused: false, label: "face")
        face.timeline = timeline
        try stage.add(face)
        try stage.frames(3)                 // updates at frames 1 and 3
        timeline.setPaused(true)
        try stage.frames(10)
        #expect(stage.latestFrame?["clockface", "hand"]?["t"] == 3.0 / 120)
        #expect(timeline.updateCount == 2)
    }

    @Test func aJumpDrawsWhereItLands() throws {
        let stage = try Stage(fps: 120)
        let face = Clockface()
        let timeline = StageTimeline(context: stage, minimumInterval: 1.0 / 60, paused: false, label: "face")
        face.timeline = timeline
        try stage.add(face)
        try stage.renderFrame()             // update 1 at frame 1
        try stage.jump(1)                   // lands on frame 121; the update due at frame 3 draws there instead
        #expect(timeline.drawnTime == 121.0 / 120)
        #expect(timeline.updateCount == 2)
        try stage.frames(2)                 // next at 121 + 2 = 123
        #expect(stage.latestFrame?["clockface", "hand"]?["t"] == 123.0 / 120)
    }
}
