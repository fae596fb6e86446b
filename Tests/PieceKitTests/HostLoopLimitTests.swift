import Testing
@testable import PieceKit

/// The stage's own loops that a script can make long ask the host's `interruption` as they go, and the loops over
/// pending work and log keys stay near-linear, so a limit can stop them and nothing is quadratic in the meantime.
@Suite struct HostLoopLimitTests {
    @Test func aJumpOverAMonthOfRecurringWorkStopsWhenTheHostAsks() throws {
        let stage = try Stage()
        var ran = 0
        func tick() {
            ran += 1
            stage.schedule(after: 0.5, label: "tick", background: true) { tick() }
        }
        stage.schedule(after: 0.5, label: "tick", background: true) { tick() }
        var asked = 0
        stage.interruption = {
            asked += 1
            return asked > 100 ? "stop" : nil
        }
        // A month of ticks every 0.5 s is 30 × 86 400 × 2 = 5 184 000 batches; the host stops it after 100 asks.
        #expect(throws: StageError.interrupted("stop")) { try stage.jump(30 * 24 * 3600) }
        #expect(ran <= 101, "\(ran) ticks ran")
    }

    @Test func workRunsInTimeThenSchedulingOrderWhateverWasCancelled() {
        let scheduler = Scheduler()
        var log: [Int] = []
        var ids: [ScheduledID] = []
        // Times cycle through 0.0, 0.7, 0.4, 0.1, 0.8, 0.5, 0.2, 0.9, 0.6, 0.3 (i × 7 mod 10, tenths), so ten
        // pieces of work share each time; every third is cancelled.
        for i in 0..<300 {
            let time = Double(i * 7 % 10) / 10
            ids.append(scheduler.schedule(at: time, label: "w\(i)") { log.append(i) })
        }
        for i in stride(from: 0, to: 300, by: 3) { #expect(scheduler.cancel(ids[i])) }
        #expect(!scheduler.cancel(ids[0]), "cancelled twice")
        #expect(scheduler.count == 200)
        scheduler.runDue(upTo: 1)
        // Expected, worked out without the scheduler: the kept ones sorted by time, then by when they were scheduled.
        let expected = (0..<300).filter { $0 % 3 != 0 }.sorted { a, b in
            let (ta, tb) = (a * 7 % 10, b * 7 % 10)
            return ta != tb ? ta < tb : a < b
        }
        #expect(log == expected)
        #expect(scheduler.isEmpty)
        #expect(scheduler.nextTime == nil)
    }

    @Test func cancellingMostWorkShrinksWhatTheSchedulerHolds() {
        let scheduler = Scheduler()
        let ids = (0..<1000).map { i in scheduler.schedule(at: Double(1000 - i), label: "w") {} }
        for id in ids.dropFirst(10) { scheduler.cancel(id) }
        #expect(scheduler.count == 10)
        // Rebuilt once cancelled entries outnumber live ones two to one: never more than 64 or 2 × 10 held.
        #expect(scheduler.heldEntries <= 64)
        // The ten kept were scheduled first, at times 1000 down to 991: the earliest, 991, runs next.
        #expect(scheduler.nextTime == 991)
    }

    @Test func aFrameWithALongTextCountsItsBytes() {
        let text = String(repeating: "é", count: 500_000)  // 2 bytes each in UTF-8: 1 000 000 bytes
        let frame = Frame(index: 1, time: 0, pieces: [
            PieceFrame(name: "p", elements: [
                ElementFrame(name: "e", numberNames: [], values: [], attributes: [NamedValue("title", .text(text))]),
            ]),
        ], events: [])
        #expect(frame.estimatedBytes >= 1_000_000)
    }

    @Test func aStageCountsTheFramesItKeeps() throws {
        let stage = try Stage()
        #expect(stage.historyBytes == 0)
        try stage.frames(10)
        // Ten empty frames: each is at least the frame's own fixed cost, 64 bytes.
        #expect(stage.historyBytes >= 640)
        #expect(stage.heldBytes >= stage.historyBytes)
    }

    @Test func aGoldenComparisonWhoseHostSaysTheTimeIsUpStopsWithItsReason() {
        // The comparison's time bound is the host's: it asks `work` as it goes. 5,000 frames: past the passes
        // (`HostWork.stride`) and the bytes (`HostWork.slack`) small work may take before it asks.
        let log = (1...5000).map { #"{"frame":\#($0),"t":\#(Double($0) / 120),"pieces":{}}"# }.joined(separator: "\n")
        let parts = FrameLogParts(text: log)
        #expect(throws: HostLimitReached(reason: "time limit of 1 s exceeded")) {
            var work = HostWork { _ in "time limit of 1 s exceeded" }
            _ = try GoldenComparison().compare(actual: parts, golden: parts, lines: 10, work: &work)
        }
        // Without a host, equal logs agree.
        #expect(GoldenComparison().compare(actual: parts, golden: parts).isEmpty)
        #expect(GoldenComparison().lineDifferences(actual: parts, golden: parts).isEmpty)
    }

    @Test func objectsWithManyKeysCompareKeyByKeyInTheGoldensOrder() {
        // 20 000 keys: each is looked up in a table. The log lacks k0 and has an extra key, which comes last.
        let keys = (0..<20_000).map { "\"k\($0)\":\($0)" }
        let expected = "{" + keys.joined(separator: ",") + "}"
        let actual = "{" + keys.dropFirst().joined(separator: ",") + ",\"extra\":1}"
        let found = GoldenComparison().lineDifferences(actual: FrameLogParts(text: actual), golden: FrameLogParts(text: expected))
        #expect(found.map(\.path) == ["k0", "extra"])
        #expect(found.first?.actual == "absent")
        #expect(found.last?.expected == "absent")
    }
}
