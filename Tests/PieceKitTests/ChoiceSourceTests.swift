import Testing
@testable import PieceKit

/// An exploration's draws: the same seed and run give the same draws on every machine, a record replays exactly,
/// and a record that no longer fits gives the simplest values.
@Suite struct ChoiceSourceTests {
    @Test func splitMix64GivesItsPublishedFirstOutputForSeedZero() {
        // SplitMix64 (Steele, Lea and Flood 2014) seeded with 0 first gives 0xE220A8397B1DCDAF.
        var g = SplitMix64(seed: 0)
        #expect(g.next() == 0xE220_A839_7B1D_CDAF)
    }

    @Test func aRunsDrawsDependOnlyOnTheSeedAndTheRun() {
        func draws(run: UInt64, seed: UInt64) -> [Choice] {
            var source = ChoiceSource(run: run, seed: seed)
            _ = source.integer(-5, 5); _ = source.number(0, 400); _ = source.bool(); _ = source.pick(3)
            return source.drawn
        }
        #expect(draws(run: 7, seed: 42) == draws(run: 7, seed: 42))
        #expect(draws(run: 7, seed: 42) != draws(run: 8, seed: 42))
        #expect(draws(run: 7, seed: 42) != draws(run: 7, seed: 43))
    }

    @Test func drawsStayInTheirRanges() {
        var source = ChoiceSource(run: 1, seed: 1)
        for _ in 0..<1000 {
            let i = source.integer(3, -2)
            #expect(i >= -2 && i <= 3)
            let x = source.number(-1, 1)
            #expect(x >= -1 && x <= 1)
            #expect(source.pick(4) < 4)
        }
        #expect(source.drawn.count == 3000)
    }

    @Test func aRecordReplaysExactly() {
        var fresh = ChoiceSource(run: 3, seed: 9)
        let values = (fresh.integer(0, 100), fresh.number(-50, 50), fresh.bool(), fresh.pick(5))
        var again = ChoiceSource(replaying: fresh.drawn)
        let replayed = (again.integer(0, 100), again.number(-50, 50), again.bool(), again.pick(5))
        #expect(values == replayed)
        #expect(!again.misaligned && !again.overran)
    }

    @Test func aValueThatNoLongerFitsBecomesTheSimplestAndARunPastTheEndOverruns() {
        // Recorded: 80 in 0...100 and option 4 of 5; asked now: 0...10 and one of 2.
        var source = ChoiceSource(replaying: [.integer(low: 0, high: 100, value: 80), .pick(count: 5, index: 4)])
        #expect(source.integer(0, 10) == 0)      // 80 does not fit: the value nearest 0
        #expect(source.pick(2) == 0)             // option 4 does not exist: the first
        #expect(source.misaligned && !source.overran)
        // Asked past the record: the simplest, and the run is an overrun. Nearest 0 in 5...9 is 5; in -9...-5, -5.
        #expect(source.integer(5, 9) == 5 && source.integer(-9, -5) == -5)
        #expect(source.number(2, 3) == 2 && source.bool() == false)
        #expect(source.overran)
    }
}
