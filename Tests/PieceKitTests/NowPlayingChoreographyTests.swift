import Testing
@testable import PieceKit

@Suite struct NowPlayingChoreographyTests {
    private let layout = NowPlayingLayout.make(in: PieceEnvironment(), live: false, forward: true)
    private let inputs = NowPlaying.Inputs(title: "Slow Mornings", artist: "Aster Vale", duration: 222)

    /// Runs a presentation on a scheduler and returns (time, cue) in order, and the final state.
    private func run(open: Bool, reduceMotion: Bool = false, velocity: Double? = nil,
                     interruptAt: Double? = nil) -> ([(Double, NowPlaying.Cue)], NowPlaying.State) {
        let scheduler = Scheduler()
        var state = NowPlaying.State(open: !open)
        var log: [(Double, NowPlaying.Cue)] = []
        let steps = NowPlaying.presentation(
            open: open, reduceMotion: reduceMotion, motion: MotionTokens(reduceMotion: reduceMotion), layout: layout,
            inputs: inputs, state: state, velocity: velocity, bubblesPresent: open ? [.forward] : [.previous, .next])
        let choreographer = Choreographer(scheduler: scheduler)
        choreographer.start(NowPlaying.presentationChoreography(steps) { cue, change in
            log.append((scheduler.currentTime, cue))
            change(&state)
        }, at: 0)
        if let interruptAt {
            scheduler.runDue(upTo: interruptAt)
            choreographer.cancel("present")
        }
        scheduler.runDue(upTo: 5)
        return (log, state)
    }

    private func time(of cue: NowPlaying.Cue, in log: [(Double, NowPlaying.Cue)]) -> Double? {
        log.first { $0.1 == cue }?.0
    }

    @Test func openingGathersForwardBeforeTheCardGrows() {
        let (log, state) = run(open: true)
        let names = log.map { "\($0.1)" }
        let gather = names.firstIndex { $0.contains("gather") }
        let grow = names.firstIndex { $0.contains("\"shown\"") }
        #expect(gather != nil && grow != nil && (gather ?? 0) < (grow ?? 0))
        #expect(log.first.map { $0.0 } == 0)
        #expect(state.shown && state.controlsShown && !state.hairlineShown && state.linesShown)
    }

    @Test func openingBringsTheControlsIn220MillisecondsAfterTheGlassGrowsThenBloomsAndLands() {
        let (log, _) = run(open: true)
        let controls = log.first { "\($0.1)".contains("controlsShown") }?.0 ?? -1
        #expect(abs(controls - 0.22) < 1e-9)
        #expect(time(of: .bloom([.previous, .next], stagger: 0.06), in: log).map { abs($0 - 0.22) < 1e-9 } == true)
        #expect(time(of: .land(focusTitle: true), in: log).map { abs($0 - 0.464) < 1e-9 } == true)
    }

    @Test func reduceMotionFadesTheFliersFirstAndShortensEveryBeat() {
        let (log, _) = run(open: true, reduceMotion: true)
        let grow = log.first { "\($0.1)".contains("\"shown\"") }?.0 ?? -1
        let controls = log.first { "\($0.1)".contains("controlsShown") }?.0 ?? -1
        #expect(abs(grow - 0.12) < 1e-9)
        #expect(abs(controls - 0.18) < 1e-9)
        #expect(time(of: .land(focusTitle: true), in: log).map { abs($0 - 0.244) < 1e-9 } == true)
    }

    @Test func closingFoldsAfter110MillisecondsAndBringsTheBarBack280Later() {
        let (log, state) = run(open: false)
        let fold = log.first { "\($0.1)".contains("\"shown\"") }?.0 ?? -1
        let bar = log.first { "\($0.1)".contains("hairlineShown") }?.0 ?? -1
        #expect(abs(fold - 0.11) < 1e-9)
        #expect(abs(bar - 0.39) < 1e-9)
        #expect(time(of: .gather([.previous, .next]), in: log) == 0)
        #expect(time(of: .land(focusTitle: false), in: log).map { abs($0 - 0.574) < 1e-9 } == true)
        #expect(!state.shown && !state.controlsShown && state.hairlineShown)
    }

    @Test func aReleaseCarriesItsVelocityIntoTheCalmSpring() {
        let (log, _) = run(open: true, velocity: -900)
        let grow = log.first { "\($0.1)".contains("\"shown\"") }?.1
        guard case .set(_, let animation)? = grow else {
            Issue.record("no grow step")
            return
        }
        #expect(animation != MotionTokens().reveal)
    }

    @Test func anInterruptedOpeningRunsNoLaterStep() {
        let (log, state) = run(open: true, interruptAt: 0.1)
        #expect(!log.contains { "\($0.1)".contains("controlsShown") })
        #expect(state.shown && !state.controlsShown)
    }
}
