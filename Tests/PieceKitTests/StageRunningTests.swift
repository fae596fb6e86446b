import Testing
@testable import PieceKit

@Suite struct StageRunningTests {
    @Test func settleReturnsTheFramesItRan() throws {
        let (stage, card) = try makeCardStage()
        #expect(try stage.settle() == 1)  // the card's first appearance is owed a frame
        #expect(try stage.settle() == 0)
        stage.transact(.smooth) { card.isOpen = true }
        let ran = try stage.settle()
        #expect(ran > 60 && ran < 240)
        #expect(stage.cardHeight == 400)
        #expect(stage.history.count == 1 + ran)
        // The frame before the last was still moving: settle stopped at the first frame at rest.
        #expect(stage.history.dropLast().last?["card", "surface"]?["h"] != 400)
    }

    @Test func settleRendersASnappedChangeAndPendingEvents() throws {
        let (stage, card) = try makeCardStage()
        try stage.settle()
        stage.update { card.isOpen = true }
        #expect(try stage.settle() == 1)
        #expect(stage.cardHeight == 400)
        stage.emit(.haptic, piece: "card")
        #expect(try stage.settle() == 1)
        #expect(stage.latestFrame?.events.count == 1)
    }

    @Test func settleThrowsNamingWhatIsStillAnimating() throws {
        let (stage, card) = try makeCardStage()
        try stage.settle()
        stage.transact(.smooth) { card.isOpen = true }
        do {
            try stage.settle(maxFrames: 10)
            Issue.record("settle should have given up")
        } catch {
            guard case .didNotSettle(let frames, _, let animating, let scheduled) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(frames == 10)
            #expect(animating.contains("card.surface.h"))
            #expect(animating.contains("card.surface.radius"))
            #expect(!animating.contains("card.surface.w"))
            #expect(scheduled.isEmpty)
            #expect(error.description.contains("card.surface.h"))
        }
    }

    @Test func settleThrowsNamingBlockingWork() throws {
        let (stage, _) = try makeCardStage()
        stage.schedule(at: 30, label: "far away") {}
        #expect {
            try stage.settle(maxFrames: 12)
        } throws: { error in
            guard let error = error as? StageError else { return false }
            return error.description.contains("still scheduled: far away")
        }
    }

    @Test func backgroundWorkDoesNotBlockSettle() throws {
        let (stage, card) = try makeCardStage()
        var ticks = 0
        func tick(at time: Double) {
            stage.schedule(at: time, label: "player tick", background: true) {
                ticks += 1
                tick(at: time + 0.5)
            }
        }
        tick(at: 0.5)
        stage.transact(.smooth) { card.isOpen = true }
        let ran = try stage.settle()
        #expect(ran < 240)
        #expect(ticks >= 1)
        #expect(!stage.hasBlockingWork)
        #expect(stage.blockingLabels.isEmpty)
        #expect(stage.scheduler.pendingLabels == ["player tick"])

        // Blocking work next to background work is still waited for, and named on its own.
        stage.schedule(after: 0.25, label: "close") { stage.transact(.smooth) { card.isOpen = false } }
        #expect(stage.blockingLabels == ["close"])
        try stage.settle()
        #expect(stage.cardHeight == 100)
    }

    @Test func cancellingBackgroundWorkThroughTheStage() throws {
        let (stage, _) = try makeCardStage()
        let id = stage.schedule(at: 1, label: "tick", background: true) {}
        stage.schedule(at: 2, label: "step") {}
        #expect(stage.cancel(id))
        #expect(stage.hasBlockingWork)
        #expect(stage.blockingLabels == ["step"])
    }

    @Test func runUntilStopsAtTheFirstFrameThatHolds() throws {
        let (stage, card) = try makeCardStage()
        try stage.settle()
        stage.transact(.smooth) { card.isOpen = true }
        let ran = try stage.runUntil({ ($0["card", "surface"]?["h"] ?? 0) > 300 }, timeout: 1)
        let last = try #require(stage.latestFrame)
        #expect(ran > 1)
        #expect(try #require(last["card", "surface"]?["h"]) > 300)
        #expect(try #require(stage.frame(at: last.index - 1)?["card", "surface"]?["h"]) <= 300)

        let end = Double(stage.frameIndex + 12) / 120
        #expect(throws: StageError.timedOut(frames: 12, time: end)) {
            try stage.runUntil({ _ in false }, timeout: 0.1)
        }
    }

    @Test func jumpSkipsFramesButTimeAndWorkMoveOn() throws {
        let (stage, card) = try makeCardStage()
        try stage.renderFrame()
        var order: [String] = []
        stage.schedule(at: 0.5, label: "b") {
            order.append("b")
            stage.transact(.smooth) { card.isOpen = true }
        }
        stage.schedule(at: 0.25, label: "a") { order.append("a") }
        #expect(try stage.jump(1.0) == 120)
        #expect(stage.frameIndex == 121)
        #expect(stage.history.count == 1)
        #expect(order == ["a", "b"])
        try stage.renderFrame()
        // The change at 0.5 began at frame 60 although that frame was skipped.
        #expect(stage.cardHeight == reference(from: 100, to: 400, .smooth, begin: 0.5, at: 122.0 / 120))
        try stage.jump(5)
        try stage.renderFrame()
        #expect(stage.cardHeight == 400)
        #expect(!stage.isBusy)
    }

    @Test func eventsLandInTheNextFrame() throws {
        let (stage, _) = try makeCardStage()
        try stage.frames(3)
        stage.emit(StageEvent(.haptic, piece: "card", details: [NamedValue("style", .text("light"))]))
        stage.schedule(at: 5.0 / 120, label: "announce") {
            stage.emit(.announcement, piece: "card", details: [NamedValue("text", .text("Open"))])
        }
        #expect(stage.latestFrame?.events.isEmpty == true)
        try stage.renderFrame()
        #expect(stage.latestFrame?.index == 4)
        #expect(stage.latestFrame?.events == [StageEvent(.haptic, piece: "card",
                                                         details: [NamedValue("style", .text("light"))])])
        try stage.renderFrame()
        #expect(stage.latestFrame?.events.map(\.kind) == [.announcement])
        #expect(stage.latestFrame?.events.first?.detail(named: "text") == .text("Open"))
        try stage.renderFrame()
        #expect(stage.latestFrame?.events.isEmpty == true)
    }

    @Test func framesAreCheapWhenNothingChanges() throws {
        let (stage, card) = try makeCardStage()
        let calls = card.layoutCalls
        try stage.advance(1)
        #expect(card.layoutCalls == calls)
    }
}

@Suite struct StageWorkTests {
    @Test func choreographyStepsAnimateFromTheirOwnTimes() throws {
        let (stage, card) = try makeCardStage()
        try stage.frames(10)
        let open = Choreography(name: "open")
            .then { stage.emit(.haptic, piece: "card") }
            .then(after: 0.1) { stage.transact(.smooth) { card.isOpen = true } }
        stage.start(open, for: "card")
        try stage.renderFrame()
        #expect(stage.latestFrame?.events.map(\.kind) == [.haptic])
        try stage.settle()
        // Started at 10/120, the step at 10/120 + 0.1 = frame 22 (elapsed 0 there).
        #expect(stage.frame(at: 22)?["card", "surface"]?["h"] == 100)
        #expect(try #require(stage.frame(at: 23)?["card", "surface"]?["h"]) > 100)
        #expect(stage.choreographer(for: "card").activeNames.isEmpty)
    }

    @Test func runawayWorkIsReportedAndTheFrameKept() throws {
        let (stage, _) = try makeCardStage()
        stage.scheduler.workLimitPerRun = 50
        func again() { stage.schedule(at: 0, label: "again") { again() } }
        again()
        #expect(throws: StageError.self) { try stage.renderFrame() }
        #expect(stage.latestFrame?.index == 1)
    }

    @Test func reduceMotionInTheEnvironmentReachesTheTokens() throws {
        let (stage, _) = try makeCardStage()
        #expect(!stage.tokens.reduceMotion)
        stage.environment.reduceMotion = true
        #expect(stage.tokens.reduceMotion)
        // Overrides reach them too: press, which Reduce Motion leaves alone, takes its override; reveal keeps
        // its Reduce Motion substitute (MotionTokensTests).
        stage.overrides = MotionOverrides(roles: [.press: .linear, .reveal: .linear])
        #expect(stage.tokens.press == .linear)
        #expect(stage.tokens.reveal == .easeOut(duration: 0.2))
    }

    @Test func badArgumentsThrowInsteadOfTrapping() throws {
        #expect(throws: StageError.clock(.invalidFPS(0))) { try Stage(fps: 0) }
        let (stage, _) = try makeCardStage()
        #expect(throws: StageError.negativeCount("frames", -1)) { try stage.frames(-1) }
        #expect(throws: StageError.negativeCount("maxFrames", -2)) { try stage.settle(maxFrames: -2) }
        #expect(throws: StageError.self) { try stage.jump(.infinity) }
        #expect(throws: StageError.self) { try stage.runUntil({ _ in true }, timeout: -1) }
    }

    @Test func nonFiniteTargetsSnapAndLogAsNull() throws {
        let stage = try Stage()
        let piece = ValuePiece()
        try stage.add(piece)
        try stage.renderFrame()
        stage.transact(.smooth) { piece.value = .nan }
        try stage.renderFrame()
        #expect(stage.latestFrame?["v", "e"]?["n"]?.isNaN == true)
        #expect(FrameLog.line(for: try #require(stage.latestFrame)).contains(#""n":null"#))
        stage.transact(.smooth) { piece.value = 5 }
        try stage.renderFrame()
        #expect(stage.latestFrame?["v", "e"]?["n"] == 5)
        #expect(try stage.settle() == 0)
    }
}

private final class ValuePiece: StagePiece {
    let name = "v"
    var value = 1.0
    func elements(in environment: PieceEnvironment, tokens: MotionTokens) -> [Element] {
        [Element("e").number("n", value)]
    }
}
