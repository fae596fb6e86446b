import Testing
@testable import PieceKit

/// The motion rules as a stage's matchers and an exploration's steps ask them: over the kept frames from a time on,
/// found by halving. They must read exactly the frames a filter over every kept frame reads, and find what the
/// rules find over those frames handed to them as a list.
@Suite struct MotionRulesOnStageTests {
    /// A card that opens on a spring, snaps shut (a jump of 300 points in one frame), skips time, and does it again
    /// under Reduce Motion; the oldest frames let go by a window of 2 s.
    func travelledStage() throws -> Stage {
        let (stage, card) = try makeCardStage(fps: 60)
        stage.retention = .seconds(2)
        try stage.frames(3)
        for reduceMotion in [false, true] {
            stage.environment.reduceMotion = reduceMotion
            stage.transact(Transaction(animation: .smooth)) { card.isOpen = true }
            try stage.advance(0.5)
            stage.transact(Transaction()) { card.isOpen = false }
            try stage.frames(4)
            try stage.jump(0.25)
            try stage.advance(0.3)
        }
        return stage
    }

    /// Every frame time, a hair either side of each, the first and last kept, and times no frame has.
    func times(_ stage: Stage) -> [Double] {
        var out: [Double] = [-.infinity, .infinity, .nan, 0, -1, 1e9]
        for frame in stage.history { out += [frame.time, frame.time - 1e-10, frame.time + 1e-10, frame.time - 0.004] }
        return out
    }

    @Test func theFramesFromATimeAreThoseAFilterOverEveryKeptFrameGives() throws {
        let stage = try travelledStage()
        // At 60 fps: 3 frames, then twice 30 + 4 rendered, 15 jumped over (0.25 s) and 18 rendered (0.3 s):
        // 3 + 2 × (30 + 4 + 15 + 18) = 137. The 2 s window keeps 120 frames' time: frames 137 - 120 = 17 on.
        #expect(stage.frameIndex == 137)
        #expect(stage.history.first?.index == 17)
        for time in times(stage) {
            let filtered = stage.history.filter { $0.time >= time - 1e-9 }.map(\.index)
            #expect(stage.keptFrames(from: time).map(\.index) == filtered, "from \(time)")
        }
    }

    @Test func theRulesOnAStageFindWhatTheyFindInTheSameFramesListed() throws {
        let stage = try travelledStage()
        var breaches = 0
        for time in times(stage) {
            let frames = stage.history.filter { $0.time >= time - 1e-9 }
            let moving = frames.filter { !stage.reduceMotion(atFrame: $0.index) }
            let calm = frames.filter { stage.reduceMotion(atFrame: $0.index) }
            var work = HostWork()
            let limits = MotionInvariants.StepLimits(maxStep: 150)
            let continuous = try MotionInvariants.continuous(on: stage, from: time, limits: limits, work: &work)
            #expect(continuous == (try MotionInvariants.continuous(moving, limits: limits, work: &work)))
            let still = try MotionInvariants.still(on: stage, from: time, moving: ["radius"], work: &work)
            #expect(still == (try MotionInvariants.still(calm, moving: ["radius"], work: &work)))
            #expect(try MotionInvariants.finite(on: stage, from: time, work: &work)
                    == (try MotionInvariants.finite(frames, work: &work)))
            breaches += (continuous == nil ? 0 : 1) + (still == nil ? 0 : 1)
        }
        // Both snaps are in the kept frames (frame 55 → 56 without Reduce Motion, h 400 → 100; the same under it):
        // the comparison above is not only of nils.
        #expect(breaches > 0)
    }
}
