import Testing
@testable import PieceKit

/// Opening and closing on the stage, frame by frame, at 120 fps. A change made at time t begins on the first frame
/// at or after t and shows movement from the frame after.
@Suite struct NowPlayingPieceChoreographyTests {
    /// Taps the bar and returns the time the finger lifted (when the opening starts) and the history index then.
    private func open(_ rig: NowPlayingRig) throws -> (start: Double, index: Int) {
        let before = rig.stage.history.count
        let down = rig.stage.now
        try rig.tapBar()
        return (down + Stage.tapDuration, before)
    }

    private func frameTime(atOrAfter t: Double) -> Double {
        (t * 120 - 1e-6).rounded(.up) / 120
    }

    @Test func openingGathersForwardBeforeTheCardGrows() throws {
        let rig = try NowPlayingRig()
        let barHeight = rig.layout.barHeight
        let (start, index) = try open(rig)
        try rig.stage.settle()
        let called = rig.firstFrame(since: index) { $0["nowPlaying", "forward"]?.attribute("out") == .bool(false) }
        let grows = rig.firstFrame(since: index) { ($0["nowPlaying", "surface"]?["h"] ?? 0) > barHeight + 0.01 }
        #expect(called != nil && grows != nil)
        #expect((called?.index ?? .max) < (grows?.index ?? 0))
        // Forward is called home on the frame the opening starts; the glass is seen growing on the next.
        #expect(abs((called?.time ?? 0) - frameTime(atOrAfter: start)) < 1e-9)
        // Melted in, it is removed 0.52 s plus one stagger later.
        let gone = rig.firstFrame(since: index) { $0["nowPlaying", "forward"] == nil }
        #expect(abs((gone?.time ?? 0) - frameTime(atOrAfter: start + 0.56)) < 1e-9)
    }

    @Test func previousAndNextBudOut220MillisecondsAfterTheMorphStarts() throws {
        let rig = try NowPlayingRig()
        let (start, index) = try open(rig)
        try rig.stage.settle()
        let added = rig.firstFrame(since: index) { $0["nowPlaying", "previous"] != nil }
        #expect(abs((added?.time ?? 0) - frameTime(atOrAfter: start + 0.22)) < 1e-9)
        // Added home inside play, shrunk; sent out 24 ms later.
        #expect(rig.value("previous", "scale", in: added) == Liquid.homeScale)
        #expect(rig.rect("previous", in: added)?.center == rig.rect("next", in: added)?.center)
        let out = rig.firstFrame(since: index) { $0["nowPlaying", "previous"]?.attribute("out") == .bool(true) }
        #expect(abs((out?.time ?? 0) - frameTime(atOrAfter: start + 0.244)) < 1e-9)
        // Next follows previous by the opening stagger of 60 ms: still home while previous already moves.
        let homeX = rig.rect("next", in: added)?.midX ?? 0
        let nextMoves = rig.firstFrame(since: index) { abs(($0["nowPlaying", "next"]?.rect?.midX ?? homeX) - homeX) > 1e-6 }
        let previousMoves = rig.firstFrame(since: index) {
            abs(($0["nowPlaying", "previous"]?.rect?.midX ?? homeX) - homeX) > 1e-6
        }
        #expect(abs((previousMoves?.time ?? 0) - (frameTime(atOrAfter: start + 0.244) + 1.0 / 120)) < 1e-9)
        #expect(abs((nextMoves?.time ?? 0) - (frameTime(atOrAfter: start + 0.304) + 1.0 / 120)) < 1e-9)
        // At rest, 88 pt either side of play's centre.
        let play = rig.rect("play")?.midX ?? 0
        #expect(abs((rig.rect("previous")?.midX ?? 0) - (play - 88)) < 1e-6)
        #expect(abs((rig.rect("next")?.midX ?? 0) - (play + 88)) < 1e-6)
    }

    @Test func theControlsBlurInAfterTheGlassHasGrown() throws {
        let rig = try NowPlayingRig()
        let (start, index) = try open(rig)
        try rig.stage.settle()
        let begins = rig.firstFrame(since: index) { ($0["nowPlaying", "grabber"]?["opacity"] ?? 0) > 0 }
        #expect(abs((begins?.time ?? 0) - (frameTime(atOrAfter: start + 0.22) + 1.0 / 120)) < 1e-9)
        #expect(rig.value("grabber", "blur") == 0)
        #expect(rig.value("hairline", "opacity") == 0)
        #expect(rig.rect("surface") == rig.onStage(rig.layout.card))
        #expect(rig.value("surface", "radius") == NowPlayingLayout.cardRadius)
    }

    @Test func theLandingHapticAndTheFocusComeLast() throws {
        let rig = try NowPlayingRig()
        let (start, index) = try open(rig)
        try rig.stage.settle()
        let lands = rig.events(.haptic, since: index).filter { $0.event.detail(named: "name") == .text("land") }
        #expect(lands.count == 1)
        #expect(abs((lands.first?.time ?? 0) - frameTime(atOrAfter: start + 0.464)) < 1e-9)
        let focus = rig.events(.focus, since: index)
        #expect(focus.map(\.time) == lands.map(\.time))
        #expect(focus.first?.event.detail(named: "element") == .text("title"))
        #expect(rig.piece.accessibilityElements(on: rig.stage).first { $0.isFocused }?.id == "title")
    }

    @Test func closingFoldsAfter110MillisecondsAndBudsForwardBack() throws {
        let rig = try NowPlayingRig(expanded: true)
        let index = rig.stage.history.count
        let start = rig.stage.now
        #expect(try rig.stage.press(.escape, on: rig.piece))
        try rig.stage.settle()
        let cardHeight = rig.layout.card.height
        let folds = rig.firstFrame(since: index) { ($0["nowPlaying", "surface"]?["h"] ?? 0) < cardHeight - 0.01 }
        #expect(abs((folds?.time ?? 0) - (frameTime(atOrAfter: start + 0.11) + 1.0 / 120)) < 1e-9)
        let forward = rig.firstFrame(since: index) { $0["nowPlaying", "forward"] != nil }
        #expect(abs((forward?.time ?? 0) - frameTime(atOrAfter: start + 0.39)) < 1e-9)
        let lands = rig.events(.haptic, since: index).filter { $0.event.detail(named: "name") == .text("land") }
        #expect(lands.map(\.time) == [frameTime(atOrAfter: start + 0.574)])
        #expect(rig.events(.focus, since: index).isEmpty)
        #expect(rig.rect("surface") == rig.onStage(rig.layout.bar))
        #expect(rig.stage.latestFrame?["nowPlaying", "previous"] == nil)
        #expect(!rig.piece.expanded)
    }

    @Test func aCloseInterruptingAnOpeningCancelsItsLaterSteps() throws {
        let rig = try NowPlayingRig()
        let index = rig.stage.history.count
        rig.piece.expanded = true
        try rig.stage.advance(0.1)
        rig.piece.expanded = false
        try rig.stage.settle()
        // The controls never came in, nothing landed open, and the bar is back with forward out.
        #expect(rig.frames(since: index).allSatisfy { ($0["nowPlaying", "grabber"]?["opacity"] ?? 0) == 0 })
        #expect(rig.events(.focus, since: index).isEmpty)
        #expect(rig.rect("surface") == rig.onStage(rig.layout.bar))
        #expect(rig.attribute("forward", "out") == .bool(true))
        #expect(rig.stage.latestFrame?["nowPlaying", "next"] == nil)
    }

    @Test func reduceMotionFadesTheFliersThenChangesTheLayout() throws {
        let rig = try NowPlayingRig(environment: PieceEnvironment(reduceMotion: true))
        let (start, index) = try open(rig)
        try rig.stage.settle()
        let barHeight = rig.layout.barHeight
        let grows = rig.firstFrame(since: index) { ($0["nowPlaying", "surface"]?["h"] ?? 0) > barHeight + 0.01 }
        #expect(abs((grows?.time ?? 0) - (frameTime(atOrAfter: start + 0.12) + 1.0 / 120)) < 1e-9)
        // The artwork is faded out by then.
        let before = rig.stage.frame(at: (grows?.index ?? 1) - 1)
        #expect(rig.value("art", "opacity", in: before) == 0)
        let lands = rig.events(.haptic, since: index).filter { $0.event.detail(named: "name") == .text("land") }
        #expect(lands.map(\.time) == [frameTime(atOrAfter: start + 0.244)])
        // The bubbles never travel: every frame shows them at rest beside play, their glass closing or opening.
        let play = rig.rect("play")?.midX ?? 0
        for frame in rig.frames(since: index) {
            if let next = frame["nowPlaying", "next"]?.rect { #expect(abs(next.midX - (play + 88)) < 1e-6) }
        }
        #expect(rig.value("next", "scale") == 1)
    }

    @Test func theBindingOpensFromOutsideOnTheSameBeats() throws {
        let rig = try NowPlayingRig()
        let index = rig.stage.history.count
        let start = rig.stage.now
        rig.piece.expanded = true
        try rig.stage.settle()
        let lands = rig.events(.haptic, since: index).filter { $0.event.detail(named: "name") == .text("land") }
        #expect(lands.map(\.time) == [frameTime(atOrAfter: start + 0.464)])
        #expect(rig.rect("surface") == rig.onStage(rig.layout.card))
    }

    @Test func theBarAndPlayAreJoinedAndTheOpenCardStandsApart() throws {
        let rig = try NowPlayingRig()
        let first = rig.events(.merge).first?.event
        #expect(first?.detail(named: "pairs") == .text("surface+play,forward+play"))
        rig.piece.expanded = true
        try rig.stage.settle()
        try rig.stage.advance(0.1)
        #expect(rig.events(.merge).last?.event.detail(named: "pairs") == .text(""))
    }
}
