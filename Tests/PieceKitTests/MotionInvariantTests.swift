import Testing
@testable import PieceKit

/// The motion rules on frames made by hand: each breaks one rule at a known frame, or keeps them all.
@Suite struct MotionInvariantTests {
    func finite(_ frames: [Frame]) -> InvariantBreach? {
        var work = HostWork()
        return try? MotionInvariants.finite(frames, work: &work)
    }

    func continuous(_ frames: [Frame], limits: MotionInvariants.StepLimits) -> InvariantBreach? {
        var work = HostWork()
        return try? MotionInvariants.continuous(frames, limits: limits, work: &work)
    }

    func still(_ frames: [Frame], moving: Set<String> = []) -> InvariantBreach? {
        var work = HostWork()
        return try? MotionInvariants.still(frames, moving: moving, work: &work)
    }

    @Test func aWalkAsksTheHostsLimitsAsItGoes() {
        // A limit that refuses at once stops the walk with its reason.
        var work = HostWork { _ in "time limit" }
        let frames = (0..<3000).map { Self.frame($0, ["a": ["x": Double($0)]]) }
        #expect(throws: HostLimitReached(reason: "time limit")) {
            try MotionInvariants.continuous(frames, limits: .init(maxStep: 10), work: &work)
        }
    }

    /// A frame of one piece "card" with the elements given as name → [number name: value].
    static func frame(_ index: Int, _ elements: KeyValuePairs<String, KeyValuePairs<String, Double>>) -> Frame {
        let made = elements.map { name, numbers in
            ElementFrame(name: name, numberNames: numbers.map(\.key), values: numbers.map(\.value), attributes: [])
        }
        // 60 fps: frame i at i / 60 s.
        return Frame(index: index, time: Double(index) / 60, pieces: [PieceFrame(name: "card", elements: made)],
                     events: [])
    }

    @Test func aNaNIsFoundAtItsFrameElementAndProperty() {
        let frames = [Self.frame(0, ["surface": ["x": 0, "w": 100]]),
                      Self.frame(1, ["surface": ["x": 1, "w": .nan]])]
        let breach = finite(frames)
        #expect(breach?.frame == 1 && breach?.element == "surface" && breach?.property == "w")
        // Frame 1 at 1/60 s = 0.016667 s.
        #expect(breach?.message == "frame 1 (t = 0.016667 s): card.surface.w is NaN")
        #expect(finite([Self.frame(0, ["surface": ["x": 0, "w": 100]])]) == nil)
    }

    @Test func anInfinityIsNotFinite() {
        let breach = finite([Self.frame(3, ["a": ["y": -.infinity]])])
        #expect(breach?.detail == "is -infinity")
    }

    @Test func aStepLargerThanTheLimitBreaksContinuityAndSaysByHowMuch() {
        // x goes 10 → 30 → 75: steps of 20 and 45; with at most 40 a step, frame 2 breaks.
        let frames = [Self.frame(0, ["surface": ["x": 10]]), Self.frame(1, ["surface": ["x": 30]]),
                      Self.frame(2, ["surface": ["x": 75]])]
        let breach = continuous(frames, limits: .init(maxStep: 40))
        #expect(breach?.message == "frame 2 (t = 0.033333 s): card.surface.x moved 45 in one frame (at most 40): 30 → 75")
        #expect(continuous(frames, limits: .init(maxStep: 45)) == nil)
    }

    @Test func aPropertysOwnLimitAndExemptionsApply() {
        // opacity 0 → 1 in one frame (a step of 1): fine under 40 points, not under opacity's own 0.5.
        let frames = [Self.frame(0, ["title": ["x": 0, "opacity": 0]]), Self.frame(1, ["title": ["x": 5, "opacity": 1]])]
        #expect(continuous(frames, limits: .init(maxStep: 40)) == nil)
        let own = continuous(frames, limits: .init(maxStep: 40, limits: ["opacity": 0.5]))
        #expect(own?.property == "opacity")
        // The element's own name wins over the plain property name, and an exemption wins over both.
        #expect(continuous(frames, limits: .init(maxStep: 40, limits: ["opacity": 0.5, "title.opacity": 1])) == nil)
        #expect(continuous(frames, limits: .init(maxStep: 1, limits: ["opacity": 0.5],
                                                                   except: ["title.opacity", "x"])) == nil)
    }

    @Test func framesThatShareALayoutFindTheSameFirstBreach() {
        // The stage's frames share one layout while nothing but numbers changes; the same numbers in frames made
        // apart must give the same answer. x: 0 → 30 (fine under 40), opacity 0 → 1 (over its own 0.5).
        let first = Self.frame(0, ["a": ["x": 0, "opacity": 0]])
        let apart = Self.frame(1, ["a": ["x": 30, "opacity": 1]])
        let shared = Frame(index: 1, time: 1.0 / 60, layout: first.layout, values: [30, 1], events: [])
        let limits = MotionInvariants.StepLimits(maxStep: 40, limits: ["opacity": 0.5])
        let together = continuous([first, shared], limits: limits)
        #expect(together?.property == "opacity")
        #expect(together == continuous([first, apart], limits: limits))
        #expect(continuous([first, shared], limits: .init(maxStep: 40, limits: ["opacity": 1])) == nil)
    }

    @Test func appearingDisappearingAndSkippedFramesAreNotJumps() {
        // "badge" appears at x = 300 in frame 1 and is gone in frame 2; frame 5 follows frame 2 after a jump.
        let frames = [Self.frame(0, ["surface": ["x": 0]]),
                      Self.frame(1, ["surface": ["x": 1], "badge": ["x": 300]]),
                      Self.frame(2, ["surface": ["x": 2]]),
                      Self.frame(5, ["surface": ["x": 200]])]
        #expect(continuous(frames, limits: .init(maxStep: 10)) == nil)
    }

    @Test func underReduceMotionOnlyOpacityMayChange() {
        // Every opacity may change, whatever it is called.
        let fading = [Self.frame(0, ["card": ["x": 10, "opacity": 0, "contentOpacity": 1]]),
                      Self.frame(1, ["card": ["x": 10, "opacity": 0.4, "contentOpacity": 0.5]])]
        #expect(still(fading) == nil)
        let sliding = [Self.frame(0, ["card": ["x": 10, "opacity": 1]]), Self.frame(1, ["card": ["x": 10.5, "opacity": 1]])]
        #expect(still(sliding)?.message
                == "frame 1 (t = 0.016667 s): card.card.x moved under Reduce Motion: 10 → 10.5")
        #expect(still(sliding, moving: ["x"]) == nil)
    }

    @Test func anElementDrawnAtOpacityZeroInBothFramesIsNotSeenToMove() {
        // The hidden puck placed 200 points away while at opacity 0: nothing is drawn, so nothing jumps.
        let hidden = [Self.frame(0, ["puck": ["x": 0, "opacity": 0]]), Self.frame(1, ["puck": ["x": 200, "opacity": 0]])]
        #expect(continuous(hidden, limits: .init(maxStep: 10)) == nil)
        // Seen in either frame, it is a jump: 200 points while it fades in.
        let appearing = [Self.frame(0, ["puck": ["x": 0, "opacity": 0]]), Self.frame(1, ["puck": ["x": 200, "opacity": 0.2]])]
        #expect(continuous(appearing, limits: .init(maxStep: 10))?.property == "x")
    }

    @Test func aCreepSmallerThanTheLogsDecimalsSaysByHowMuch() {
        // 0.2161 → 0.2164 both print as 0.216: the message adds the step, 0.0003.
        let creeping = [Self.frame(0, ["card": ["progress": 0.2161]]), Self.frame(1, ["card": ["progress": 0.2164]])]
        #expect(still(creeping)?.message
                == "frame 1 (t = 0.016667 s): card.card.progress moved under Reduce Motion: 0.216 → 0.216 (by 0.0003)")
    }
}
