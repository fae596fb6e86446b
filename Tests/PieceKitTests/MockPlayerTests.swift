import Testing
@testable import PieceKit

/// The seed's example queue: two tracks by one artist.
private let aster: [MockPlayer.Track] = [
    .init(title: "Slow Mornings", artist: "Aster Vale", duration: 222),
    .init(title: "Paper Lanterns", artist: "Aster Vale", duration: 245),
]

private final class ReportLog {
    var reports: [MockPlayer.Report] = []
    init(_ player: MockPlayer) { player.observe { [unowned self] in self.reports.append($0) } }
}

@Suite struct MockPlayerTests {
    @Test func timeIsBasePlusElapsedWhilePlaying() {
        let scheduler = Scheduler()
        let player = MockPlayer(scheduler: scheduler, tracks: aster, time: 48, isPlaying: true)
        #expect(player.time(at: 0) == 48)
        #expect(player.time(at: 1.25) == 49.25)
        scheduler.runDue(upTo: 10)
        #expect(player.time == 58)
    }

    @Test func reportsEveryHalfSecondAsTheSeedsExampleTicks() {
        let scheduler = Scheduler()
        let player = MockPlayer(scheduler: scheduler, tracks: aster, time: 48, isPlaying: true)
        let log = ReportLog(player)
        scheduler.runDue(upTo: 0.49)
        #expect(log.reports.isEmpty)
        #expect(player.reportedTime == 48)
        scheduler.runDue(upTo: 2)
        #expect(log.reports.map(\.at) == [0.5, 1, 1.5, 2])
        #expect(log.reports.map(\.time) == [48.5, 49, 49.5, 50])
        #expect(log.reports.allSatisfy { $0.reason == .tick })
        #expect(player.reportedTime == 50)
    }

    @Test func reportsOnceASecondWhenAskedTo() {
        let scheduler = Scheduler()
        let player = MockPlayer(scheduler: scheduler, tracks: aster, isPlaying: true, updateInterval: .seconds(1))
        let log = ReportLog(player)
        scheduler.runDue(upTo: 3.5)
        #expect(log.reports.map(\.time) == [1, 2, 3])
    }

    @Test func reportsEveryFrameAtTheFrameRate() {
        let scheduler = Scheduler()
        let player = MockPlayer(scheduler: scheduler, tracks: aster, isPlaying: true,
                                updateInterval: .everyFrame(fps: 120))
        let log = ReportLog(player)
        scheduler.runDue(upTo: 0.1)
        #expect(log.reports.count == 12)
        #expect(abs((log.reports.last?.time ?? 0) - 0.1) < 1e-9)
    }

    @Test func aNonsenseIntervalReportsOnlyChanges() {
        #expect(MockPlayer.UpdateInterval.seconds(0).seconds == nil)
        #expect(MockPlayer.UpdateInterval.seconds(-1).seconds == nil)
        #expect(MockPlayer.UpdateInterval.seconds(.nan).seconds == nil)
        #expect(MockPlayer.UpdateInterval.everyFrame(fps: 0).seconds == nil)
        #expect(MockPlayer.UpdateInterval.seconds(1e-9).seconds == MockPlayer.UpdateInterval.minimumSeconds)
        let scheduler = Scheduler()
        let player = MockPlayer(scheduler: scheduler, tracks: aster, isPlaying: true, updateInterval: .seconds(0))
        let log = ReportLog(player)
        scheduler.runDue(upTo: 5)
        #expect(log.reports.isEmpty)
        player.pause()
        #expect(log.reports.map(\.reason) == [.pause])
        #expect(player.reportedTime == 5)
    }

    @Test func pauseFreezesTheTimeAndReportsItAtOnce() {
        let scheduler = Scheduler()
        let player = MockPlayer(scheduler: scheduler, tracks: aster, time: 10, isPlaying: true)
        let log = ReportLog(player)
        scheduler.runDue(upTo: 0.75)
        player.pause()
        #expect(player.isPlaying == false)
        #expect(player.reportedTime == 10.75)
        #expect(log.reports.last?.reason == .pause)
        scheduler.runDue(upTo: 3)
        #expect(player.time == 10.75)
        #expect(scheduler.isEmpty)
    }

    @Test func playStartsTheUpdatePhaseAfresh() {
        let scheduler = Scheduler()
        let player = MockPlayer(scheduler: scheduler, tracks: aster)
        let log = ReportLog(player)
        scheduler.runDue(upTo: 0.3)
        player.play()
        scheduler.runDue(upTo: 1.3)
        let times = log.reports.map(\.at)
        #expect(times.count == 3)
        #expect(zip(times, [0.3, 0.8, 1.3]).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(log.reports.map(\.reason) == [.play, .tick, .tick])
    }

    @Test func toggleFlipsPlayback() {
        let scheduler = Scheduler()
        let player = MockPlayer(scheduler: scheduler, tracks: aster)
        player.toggle()
        #expect(player.isPlaying)
        player.toggle()
        #expect(!player.isPlaying)
    }

    @Test func seekLandsAtOnceByDefaultAndKeepsTheUpdatePhase() {
        let scheduler = Scheduler()
        let player = MockPlayer(scheduler: scheduler, tracks: aster, time: 48, isPlaying: true)
        let log = ReportLog(player)
        scheduler.runDue(upTo: 0.2)
        player.seek(to: 100)
        #expect(player.time == 100)
        #expect(player.reportedTime == 100)
        scheduler.runDue(upTo: 0.5)
        #expect(log.reports.map(\.reason) == [.seek, .tick])
        #expect(abs(player.reportedTime - 100.3) < 1e-9)
    }

    @Test func seekConfirmedAfterADelayMovesTheTimeOnlyThen() {
        let scheduler = Scheduler()
        let player = MockPlayer(scheduler: scheduler, tracks: aster, time: 48, isPlaying: false,
                                seekConfirmation: .after(0.3))
        player.seek(to: 120)
        #expect(player.hasPendingSeek)
        scheduler.runDue(upTo: 0.29)
        #expect(player.time == 48)
        scheduler.runDue(upTo: 0.3)
        #expect(player.time == 120)
        #expect(player.lastReport?.reason == .seek)
        #expect(!player.hasPendingSeek)
    }

    @Test func seekThatIsNeverConfirmedLeavesTheTimeAlone() {
        let scheduler = Scheduler()
        let player = MockPlayer(scheduler: scheduler, tracks: aster, time: 48, seekConfirmation: .never)
        player.onSeek(120)
        scheduler.runDue(upTo: 5)
        #expect(player.time == 48)
        #expect(player.calls.map(\.kind) == [.seek(120)])
    }

    @Test func seekIsHeldWithinTheTrack() {
        let scheduler = Scheduler()
        let player = MockPlayer(scheduler: scheduler, tracks: aster, time: 48)
        player.seek(to: -5)
        #expect(player.time == 0)
        player.seek(to: 1000)
        #expect(player.time == 222)
        player.seek(to: .nan)
        #expect(player.time == 222)
        player.seek(to: -.infinity)
        #expect(player.time == 0)
        player.seek(to: .infinity)
        #expect(player.time == 222)
    }

    @Test func aSkipDropsASeekStillToBeConfirmed() {
        let scheduler = Scheduler()
        let player = MockPlayer(scheduler: scheduler, tracks: aster, time: 48, seekConfirmation: .after(0.5))
        player.seek(to: 200)
        player.skip(.next)
        scheduler.runDue(upTo: 1)
        #expect(player.trackIndex == 1)
        #expect(player.time == 0)
    }

    @Test func skipWrapsAroundTheQueueBothWays() {
        let scheduler = Scheduler()
        let player = MockPlayer(scheduler: scheduler, tracks: aster, time: 48, isPlaying: true)
        player.skip(.previous)
        #expect(player.trackIndex == 1)
        #expect(player.title == "Paper Lanterns")
        #expect(player.time == 0)
        #expect(player.isPlaying)
        player.skip(.next)
        #expect(player.trackIndex == 0)
        player.skip(.next)
        player.skip(.next)
        #expect(player.trackIndex == 0)
    }

    @Test func trackEndStopsOnTheDurationByDefault() {
        let scheduler = Scheduler()
        let player = MockPlayer(scheduler: scheduler, tracks: aster, time: 221, isPlaying: true)
        let log = ReportLog(player)
        scheduler.runDue(upTo: 3)
        #expect(!player.isPlaying)
        #expect(player.time == 222)
        #expect(log.reports.map(\.reason) == [.tick, .trackEnd])
        #expect(log.reports.last?.at == 1)
        #expect(scheduler.isEmpty)
    }

    @Test func trackEndAdvancesAndWrapsWhenAskedTo() {
        let scheduler = Scheduler()
        let player = MockPlayer(scheduler: scheduler, tracks: aster, time: 221, isPlaying: true, trackEnd: .advance)
        scheduler.runDue(upTo: 1.5)
        #expect(player.isPlaying)
        #expect(player.trackIndex == 1)
        #expect(player.time == 0.5)
        player.seek(to: 244)
        scheduler.runDue(upTo: 2.5)
        #expect(player.trackIndex == 0)
        #expect(abs(player.time - 0) < 1e-9)
    }

    @Test func playAtTheEndStartsTheTrackAgain() {
        let scheduler = Scheduler()
        let player = MockPlayer(scheduler: scheduler, tracks: aster, time: 222)
        player.play()
        #expect(player.time == 0)
    }

    @Test func aLiveStreamRunsOnAndCannotSeek() {
        let scheduler = Scheduler()
        let player = MockPlayer(scheduler: scheduler, tracks: [.init(title: "Radio", duration: 0)], isPlaying: true)
        #expect(player.isLive)
        scheduler.runDue(upTo: 1000)
        #expect(player.time == 1000)
        player.seek(to: 5)
        #expect(player.time == 1000)
        #expect(MockPlayer.Track(title: "x", duration: .infinity).isLive)
        #expect(MockPlayer.Track(title: "x", duration: .nan).isLive)
        #expect(MockPlayer.Track(title: "x", duration: -3).isLive)
    }

    @Test func anEmptyQueueNeitherPlaysNorSkips() {
        let scheduler = Scheduler()
        let player = MockPlayer(scheduler: scheduler, tracks: [], time: 30, isPlaying: true)
        #expect(player.trackIndex == nil)
        #expect(player.currentTrack == nil)
        #expect(player.title == "")
        #expect(player.duration == 0)
        player.play()
        player.skip(.next)
        player.skip(.previous)
        player.seek(to: 10)
        player.onPlayPause()
        #expect(player.trackIndex == nil)
        scheduler.runDue(upTo: 5)
        #expect(player.calls.count == 1)
    }

    @Test func loadingAnEmptyQueueStopsPlayback() {
        let scheduler = Scheduler()
        let player = MockPlayer(scheduler: scheduler, tracks: aster, isPlaying: true)
        player.load([])
        #expect(!player.isPlaying)
        #expect(scheduler.isEmpty)
        player.load(aster, at: 9)
        #expect(player.trackIndex == 1)
    }

    @Test func recordsEveryCallThePieceMakesInOrder() {
        let scheduler = Scheduler()
        let player = MockPlayer(scheduler: scheduler, tracks: aster, time: 48)
        player.onPlayPause()
        scheduler.runDue(upTo: 0.5)
        player.onSkip(.next)
        player.onSeek(-3)
        #expect(player.calls == [
            .init(at: 0, kind: .playPause),
            .init(at: 0.5, kind: .skip(.next)),
            .init(at: 0.5, kind: .seek(-3)),
        ])
        #expect(player.calls.map(\.name) == ["onPlayPause", "onSkip", "onSeek"])
        #expect(player.takeNewCalls().count == 3)
        #expect(player.takeNewCalls().isEmpty)
        player.onPlayPause()
        #expect(player.takeNewCalls().map(\.kind) == [.playPause])
    }

    @Test func scriptCallsAreNotRecordedAsThePieces() {
        let scheduler = Scheduler()
        let player = MockPlayer(scheduler: scheduler, tracks: aster)
        player.play()
        player.seek(to: 3)
        player.skip(.next)
        #expect(player.calls.isEmpty)
    }

    @Test func updatesAndTheTrackEndAreBackgroundWorkButASeekIsNot() {
        let scheduler = Scheduler()
        let player = MockPlayer(scheduler: scheduler, tracks: aster, isPlaying: true,
                                seekConfirmation: .after(0.4))
        player.seek(to: 10)
        let labels = scheduler.pendingLabels
        #expect(labels.filter(MockPlayer.isBackground(label:)).count == 2)
        #expect(labels.filter { !MockPlayer.isBackground(label: $0) } == ["player: seek to 10.0"])
    }
}

@Suite struct MockPlayerOnAStageTests {
    @Test func aPlayingPlayerNeverBlocksTheStagesSettleButASeekDoes() throws {
        let stage = try Stage()
        let player = MockPlayer(stage: stage, tracks: aster, time: 48, isPlaying: true,
                                seekConfirmation: .after(0.3))
        #expect(!stage.hasBlockingWork)
        #expect(stage.scheduler.count == 2)
        player.onSeek(100)
        #expect(stage.blockingLabels == ["player: seek to 100.0"])
        stage.scheduler.runDue(upTo: 0.5)
        #expect(!stage.hasBlockingWork)
        #expect(abs(player.time - 100.2) < 1e-9)
        player.pause()
        #expect(stage.scheduler.isEmpty)
    }
}
