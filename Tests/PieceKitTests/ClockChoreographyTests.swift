import Testing
@testable import PieceKit

/// Choreography lives in Clock/; its tests sit under the Clock file prefix.
@Suite struct ChoreographyTests {
    /// Records steps with the scheduler's time, as a piece's state changes would be.
    final class Recorder {
        var entries: [String] = []
        func step(_ name: String, _ scheduler: Scheduler) -> () -> Void {
            { [unowned self] in self.entries.append("\(name)@\(scheduler.currentTime)") }
        }
    }

    @Test func stepsRunAtTheirRelativeDelays() {
        let scheduler = Scheduler()
        let recorder = Recorder()
        let open = Choreography(name: "open")
            .then(recorder.step("a", scheduler))
            .then(after: 0.25, recorder.step("b", scheduler))
            .wait(0.25)
            .then(recorder.step("c", scheduler))
        let handle = open.start(on: scheduler, at: 1.0)
        scheduler.runDue(upTo: 0.9)
        #expect(recorder.entries.isEmpty)
        scheduler.runDue(upTo: 1.0)
        #expect(recorder.entries == ["a@1.0"])
        #expect(scheduler.pendingLabels == ["open: step 2 of 3"])
        scheduler.runDue(upTo: 2.0)
        #expect(recorder.entries == ["a@1.0", "b@1.25", "c@1.5"])
        #expect(handle.isFinished)
        #expect(!handle.isActive)
        #expect(handle.stepsRun == 3)
    }

    @Test func aNewOpenCancelsTheRemainingStepsOfTheOld() {
        let scheduler = Scheduler()
        let choreographer = Choreographer(scheduler: scheduler)
        let recorder = Recorder()
        func open(_ tag: String) -> Choreography {
            Choreography(name: "open")
                .then(recorder.step("\(tag)1", scheduler))
                .then(after: 0.22, recorder.step("\(tag)2", scheduler))
                .then(after: 0.22, recorder.step("\(tag)3", scheduler))
        }
        let first = choreographer.start(open("old"), at: 0)
        scheduler.runDue(upTo: 0.3)
        let second = choreographer.start(open("new"), at: 0.3)
        scheduler.runDue(upTo: 2)
        #expect(recorder.entries == ["old1@0.0", "old2@0.22", "new1@0.3", "new2@0.52", "new3@0.74"])
        #expect(first.isCancelled && !first.isFinished && first.stepsRun == 2)
        #expect(second.isFinished)
        #expect(choreographer.activeNames.isEmpty)
    }

    @Test func choreographiesWithDifferentNamesRunSideBySide() {
        let scheduler = Scheduler()
        let choreographer = Choreographer(scheduler: scheduler)
        let recorder = Recorder()
        choreographer.start(Choreography(name: "open").then(after: 0.1, recorder.step("open", scheduler)), at: 0)
        choreographer.start(Choreography(name: "pulse").then(after: 0.1, recorder.step("pulse", scheduler)), at: 0)
        #expect(choreographer.activeNames == ["open", "pulse"])
        scheduler.runDue(upTo: 1)
        #expect(recorder.entries == ["open@0.1", "pulse@0.1"])
    }

    @Test func anExplicitCancelStopsTheRemainingSteps() {
        let scheduler = Scheduler()
        let choreographer = Choreographer(scheduler: scheduler)
        let recorder = Recorder()
        choreographer.start(
            Choreography(name: "close").then(recorder.step("a", scheduler)).then(after: 0.5, recorder.step("b", scheduler)),
            at: 0)
        scheduler.runDue(upTo: 0.1)
        #expect(choreographer.cancel("close"))
        #expect(!choreographer.cancel("close"))
        scheduler.runDue(upTo: 1)
        #expect(recorder.entries == ["a@0.0"])
        #expect(scheduler.isEmpty)
    }

    @Test func aStepThatCancelsItsOwnChoreographyIsTheLastToRun() {
        let scheduler = Scheduler()
        let recorder = Recorder()
        var handle: ChoreographyHandle?
        handle = Choreography(name: "x")
            .then { recorder.entries.append("a"); handle?.cancel(); recorder.entries.append("a-end") }
            .then { recorder.entries.append("b") }
            .then(after: 0.1) { recorder.entries.append("c") }
            .start(on: scheduler, at: 0)
        scheduler.runDue(upTo: 1)
        #expect(recorder.entries == ["a", "a-end"])
        #expect(scheduler.isEmpty)
    }

    @Test func stepsWithoutADelayRunTogetherWithNothingInBetween() {
        let scheduler = Scheduler()
        var log: [String] = []
        Choreography(name: "x")
            .then { log.append("a") }
            .then { log.append("b") }
            .start(on: scheduler, at: 0)
        scheduler.schedule(at: 0, label: "other") { log.append("other") }
        scheduler.runDue(upTo: 0)
        #expect(log == ["a", "b", "other"])
    }

    @Test func stepTimesDoNotDependOnTheFrameRate() throws {
        for fps in [24, 60, 120] {
            let clock = try VirtualClock(fps: fps)
            let scheduler = Scheduler()
            var times: [Double] = []
            Choreography(name: "x")
                .then(after: 0.1) { times.append(scheduler.currentTime) }
                .then(after: 0.22) { times.append(scheduler.currentTime) }
                .start(on: scheduler, at: 0)
            for frame in 0...fps { scheduler.runDue(upTo: clock.time(ofFrame: frame)) }
            #expect(times == [0.1, 0.1 + 0.22])
        }
    }

    @Test func anEmptyChoreographyIsFinishedAtOnce() {
        let scheduler = Scheduler()
        let handle = Choreography(name: "nothing").start(on: scheduler, at: 0)
        #expect(handle.isFinished)
        #expect(scheduler.isEmpty)
    }

    @Test func labelledStepsNameThemselvesInPendingWork() {
        let scheduler = Scheduler()
        Choreography(name: "open").then(after: 1, label: "bloom") {}.start(on: scheduler, at: 0)
        #expect(scheduler.pendingLabels == ["open: bloom"])
    }
}
