import Testing
@testable import PieceKit

@Suite struct SchedulerTests {
    @Test func workScheduledAtTheSameTimeRunsInSchedulingOrder() {
        let scheduler = Scheduler()
        var log: [String] = []
        for name in ["a", "b", "c", "d"] {
            scheduler.schedule(at: 0.5, label: name) { log.append(name) }
        }
        scheduler.runDue(upTo: 0.5)
        #expect(log == ["a", "b", "c", "d"])
    }

    @Test func earlierWorkRunsFirstWhateverTheSchedulingOrder() {
        let scheduler = Scheduler()
        var log: [String] = []
        scheduler.schedule(at: 0.3, label: "late") { log.append("late") }
        scheduler.schedule(at: 0.1, label: "early") { log.append("early") }
        scheduler.schedule(at: 0.2, label: "middle") { log.append("middle") }
        scheduler.schedule(at: 0.1, label: "early2") { log.append("early2") }
        #expect(scheduler.pendingLabels == ["early", "early2", "middle", "late"])
        let ran = scheduler.runDue(upTo: 0.25)
        #expect(ran == 3)
        #expect(log == ["early", "early2", "middle"])
        #expect(scheduler.pendingLabels == ["late"])
        #expect(scheduler.nextTime == 0.3)
    }

    @Test func workScheduledByDueWorkRunsInTheSameCallWhenItIsDueToo() {
        let scheduler = Scheduler()
        var log: [String] = []
        scheduler.schedule(at: 0.1, label: "first") {
            log.append("first")
            scheduler.schedule(at: 0.1, label: "same time") { log.append("same time") }
            scheduler.schedule(at: 0.15, label: "soon") { log.append("soon") }
            scheduler.schedule(at: 0.5, label: "later") { log.append("later") }
        }
        scheduler.schedule(at: 0.1, label: "second") { log.append("second") }
        scheduler.runDue(upTo: 0.2)
        #expect(log == ["first", "second", "same time", "soon"])
        #expect(scheduler.pendingLabels == ["later"])
    }

    @Test func cancelledWorkNeverRuns() {
        let scheduler = Scheduler()
        var ran = false
        let id = scheduler.schedule(at: 0.1, label: "x") { ran = true }
        #expect(scheduler.cancel(id))
        #expect(!scheduler.cancel(id))
        scheduler.runDue(upTo: 1)
        #expect(!ran)
        #expect(scheduler.isEmpty)
        #expect(scheduler.nextTime == nil)
    }

    @Test func workCanCancelLaterWork() {
        let scheduler = Scheduler()
        var log: [String] = []
        var laterID: ScheduledID?
        scheduler.schedule(at: 0.1, label: "canceller") {
            log.append("canceller")
            if let laterID { scheduler.cancel(laterID) }
        }
        laterID = scheduler.schedule(at: 0.1, label: "victim") { log.append("victim") }
        scheduler.runDue(upTo: 0.1)
        #expect(log == ["canceller"])
    }

    @Test func aStepAtAnInexactSumRunsOnTheFrameItMeans() throws {
        let scheduler = Scheduler()
        let clock = try VirtualClock(fps: 60)
        var ran = false
        scheduler.schedule(at: 0.1 + 0.2, label: "x") { ran = true }
        scheduler.runDue(upTo: clock.time(ofFrame: 18))  // exactly 0.3
        #expect(ran)
    }

    @Test func theCurrentTimeIsTheRunningWorksTime() {
        let scheduler = Scheduler()
        var seen: [Double] = []
        scheduler.schedule(at: 0.25, label: "x") { seen.append(scheduler.currentTime) }
        scheduler.runDue(upTo: 0.5)
        #expect(seen == [0.25])
        #expect(scheduler.currentTime == 0.5)
    }

    @Test func nanTimeIsNeverDueButStaysVisible() {
        let scheduler = Scheduler()
        scheduler.schedule(at: .nan, label: "lost") {}
        scheduler.runDue(upTo: 1e9)
        #expect(scheduler.pendingLabels == ["lost"])
        #expect(scheduler.nextTime == .infinity)
    }

    @Test func workThatReschedulesItselfForeverIsCutShort() {
        let scheduler = Scheduler()
        scheduler.workLimitPerRun = 50
        var runs = 0
        func loop() {
            runs += 1
            scheduler.schedule(at: 0, label: "loop") { loop() }
        }
        scheduler.schedule(at: 0, label: "loop") { loop() }
        let ran = scheduler.runDue(upTo: 0)
        #expect(ran == 50)
        #expect(runs == 50)
        #expect(scheduler.lastRunWasCutShort)
        #expect(scheduler.pendingLabels == ["loop"])
    }

    @Test func aNestedRunDueDoesNothing() {
        let scheduler = Scheduler()
        var log: [String] = []
        scheduler.schedule(at: 0.1, label: "outer") {
            log.append("outer")
            #expect(scheduler.runDue(upTo: 1) == 0)
        }
        scheduler.schedule(at: 0.1, label: "next") { log.append("next") }
        scheduler.runDue(upTo: 0.1)
        #expect(log == ["outer", "next"])
    }
}
