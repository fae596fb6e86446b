import Testing
@testable import PieceKit

@Suite struct NowPlayingClockTextTests {
    @Test func elapsedTimeReadsMinutesAndSecondsRoundedDown() {
        #expect(NowPlaying.elapsedText(72, duration: 222) == "1:12")
        #expect(NowPlaying.elapsedText(72.9, duration: 222) == "1:12")
        #expect(NowPlaying.elapsedText(0, duration: 222) == "0:00")
        #expect(NowPlaying.elapsedText(5, duration: 222) == "0:05")
    }

    @Test func remainingTimeIsNegativeAndRoundedTowardZero() {
        #expect(NowPlaying.remainingText(72, duration: 222) == "-2:30")
        #expect(NowPlaying.remainingText(71.5, duration: 222) == "-2:30")
        #expect(NowPlaying.remainingText(222, duration: 222) == "0:00")
    }

    @Test func anHourLongTrackShowsHoursOnEveryTime() {
        #expect(NowPlaying.clock(3723, total: 4000, rounding: .down) == "1:02:03")
        #expect(NowPlaying.clock(5, total: 3600, rounding: .down) == "0:00:05")
        #expect(NowPlaying.remainingText(0, duration: 3723) == "-1:02:03")
    }

    @Test func aShortTrackNeverWrapsItsMinutes() {
        #expect(NowPlaying.clock(3725, total: 3599, rounding: .down) == "62:05")
    }

    @Test func nonsenseTimesReadAsZeroOrTheLargestShown() {
        #expect(NowPlaying.clock(.nan, total: 222, rounding: .down) == "0:00")
        #expect(NowPlaying.clock(-.infinity, total: 222, rounding: .down).hasPrefix("-"))
        #expect(NowPlaying.spoken(.infinity).hasSuffix("seconds"))
    }

    @Test func spokenTimesNameEachUnitInFull() {
        #expect(NowPlaying.spoken(72) == "1 minute, 12 seconds")
        #expect(NowPlaying.spoken(72.9) == "1 minute, 12 seconds")
        #expect(NowPlaying.spoken(60) == "1 minute")
        #expect(NowPlaying.spoken(1) == "1 second")
        #expect(NowPlaying.spoken(3602) == "1 hour, 2 seconds")
        #expect(NowPlaying.spoken(7384) == "2 hours, 3 minutes, 4 seconds")
        #expect(NowPlaying.spoken(0) == "0 seconds")
        #expect(NowPlaying.spoken(-5) == "0 seconds")
    }

    @Test func jumpsAreSpokenInMinutesAndSeconds() {
        #expect(NowPlaying.spokenJump(15) == "15 seconds")
        #expect(NowPlaying.spokenJump(90) == "1 minute, 30 seconds")
        #expect(NowPlaying.spokenJump(3600) == "60 minutes")
    }
}
