import Testing
@testable import PieceKit

@Suite struct ClockTests {
    @Test func oneSecondAt120fpsIsExactly120Frames() throws {
        var clock = try VirtualClock(fps: 120)
        #expect(clock.now == 0)
        for _ in 0..<120 { try clock.advance() }
        #expect(clock.frame == 120)
        #expect(clock.now == 1.0)
        #expect(clock.firstFrame(atOrAfter: 1.0) == 120)
    }

    @Test func oneSecondAt60fpsIsExactly60Frames() throws {
        var clock = try VirtualClock(fps: 60)
        try clock.advance(frames: 60)
        #expect(clock.now == 1.0)
        #expect(clock.firstFrame(atOrAfter: 1.0) == 60)
    }

    @Test func aThirdOfASecondAt60fpsIsFrame20() throws {
        let clock = try VirtualClock(fps: 60)
        #expect(clock.firstFrame(atOrAfter: 1.0 / 3.0) == 20)
        #expect(clock.time(ofFrame: 20) == 1.0 / 3.0)
    }

    @Test func timeIsDerivedFromTheFrameNotSummed() throws {
        var clock = try VirtualClock(fps: 60)
        var summed = 0.0
        for _ in 0..<600 {
            try clock.advance()
            summed += clock.frameDuration
        }
        #expect(clock.now == 10.0)
        #expect(summed != 10.0)  // why the clock never sums
    }

    @Test(arguments: [24, 30, 60, 90, 120, 144, 240])
    func everyWholeSecondLandsExactlyOnAFrame(fps: Int) throws {
        let clock = try VirtualClock(fps: fps)
        for second in 1...30 {
            let frame = clock.firstFrame(atOrAfter: Double(second))
            #expect(frame == second * fps)
            #expect(clock.time(ofFrame: frame) == Double(second))
        }
    }

    @Test func aTimeWithinFloatingErrorOfAFrameMapsToThatFrame() throws {
        let clock = try VirtualClock(fps: 60)
        #expect(clock.firstFrame(atOrAfter: 0.1 + 0.2) == 18)  // 0.30000000000000004
        #expect(clock.firstFrame(atOrAfter: 0.3 - 1e-12) == 18)
        #expect(clock.firstFrame(atOrAfter: 0.3 + 1e-6) == 19)
        #expect(clock.firstFrame(atOrAfter: 0.31) == 19)
    }

    @Test func timesBeforeZeroMapToTheFirstFrameAndNaNToNever() throws {
        let clock = try VirtualClock(fps: 60)
        #expect(clock.firstFrame(atOrAfter: -5) == 0)
        #expect(clock.firstFrame(atOrAfter: -.infinity) == 0)
        #expect(clock.firstFrame(atOrAfter: .nan) == Int.max)
        #expect(clock.firstFrame(atOrAfter: .infinity) == Int.max)
        #expect(clock.firstFrame(atOrAfter: 1e300) == Int.max)
    }

    @Test func aJumpLandsOnTheFirstFrameAtOrAfterTheTarget() throws {
        var clock = try VirtualClock(fps: 60)
        try clock.advance(frames: 3)
        let passed = try clock.jump(0.01)  // less than a frame: the next frame
        #expect(passed == 1)
        #expect(clock.frame == 4)
        try clock.jump(0.5)
        #expect(clock.frame == 34)
        #expect(clock.now == 34.0 / 60.0)
        try clock.jump(0)
        #expect(clock.frame == 34)
    }

    @Test func jumpingFromALateTimeStaysOnTheGrid() throws {
        var clock = try VirtualClock(fps: 120, frame: 1_000_000)
        try clock.jump(1.0 / 3.0)
        #expect(clock.frame == 1_000_040)
        #expect(clock.now == Double(1_000_040) / 120.0)
    }

    @Test(arguments: [0, -1, -60, VirtualClock.maximumFPS + 1])
    func anImpossibleFrameRateIsRejected(fps: Int) {
        #expect(throws: ClockError.invalidFPS(fps)) { try VirtualClock(fps: fps) }
    }

    @Test func timeNeverGoesBackwardsOrToInfinity() throws {
        var clock = try VirtualClock(fps: 60)
        #expect(throws: ClockError.self) { try clock.advance(frames: -1) }
        #expect(throws: ClockError.self) { try clock.jump(-0.5) }
        #expect(throws: ClockError.self) { try clock.jump(.nan) }
        #expect(throws: ClockError.self) { try clock.jump(.infinity) }
        #expect(throws: ClockError.overflow) { try clock.advance(frames: Int.max); try clock.advance() }
        #expect(throws: ClockError.self) { try VirtualClock(fps: 60, frame: -1) }
    }
}
