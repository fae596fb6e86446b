import Testing
@testable import PieceKit

/// The seed's finer points: one app update moves the bubbles once, the glass is touched by its rounded shape,
/// VoiceOver's quiet actions, and the haptics named as SwiftUI's `SensoryFeedback`.
@Suite struct NowPlayingPieceFidelityTests {
    private func frameTime(atOrAfter t: Double) -> Double { (t * 120 - 1e-6).rounded(.up) / 120 }

    private func mergeEvents(_ rig: NowPlayingRig, since index: Int) -> [StageEvent] {
        rig.events(.merge, since: index).map(\.event)
    }

    // MARK: One app update

    @Test func oneUpdateThatDropsOnSkipForPodcastModeKeepsForwardOut() throws {
        let rig = try NowPlayingRig()
        let index = rig.stage.history.count
        rig.piece.setParameters(skipping: .seconds(back: 15, forward: 30), hasOnSkip: false)
        try rig.stage.advance(1)
        for frame in rig.frames(since: index) {
            #expect(frame["nowPlaying", "forward"]?.attribute("out") == .bool(true))
            #expect(frame["nowPlaying", "forward"]?["scale"] == 1)
        }
        #expect(rig.attribute("forward", "glyph") == .text("goforward.30"))
        #expect(rig.piece.buds.present == [.forward])
        #expect(!mergeEvents(rig, since: index).contains { event in
            event.detail(named: "parted")?.description.contains("forward+play") ?? false
        })
        // The bar still has forward's room, and forward fills it: 48 pt beyond play.
        #expect(abs((rig.rect("forward")?.midX ?? 0) - (rig.rect("play")?.midX ?? 0) - 48) < 1e-9)
    }

    @Test func oneUpdateFromPodcastModeToTracksWithoutOnSeekKeepsForwardOut() throws {
        let rig = try NowPlayingRig(skipping: .seconds(back: 15, forward: 30))
        let index = rig.stage.history.count
        rig.piece.setParameters(skipping: .tracks, hasOnSeek: false)
        try rig.stage.advance(1)
        #expect(rig.frames(since: index).allSatisfy { $0["nowPlaying", "forward"]?.attribute("out") == .bool(true) })
        #expect(rig.attribute("forward", "glyph") == .text("forward.fill"))
    }

    @Test func twoSeparateUpdatesWithin560MillisecondsLoseForwardAsTheSeedDoes() throws {
        let rig = try NowPlayingRig()
        rig.piece.hasOnSkip = false
        try rig.stage.advance(0.1)
        rig.piece.skipping = .seconds(back: 15, forward: 30)
        try rig.stage.advance(1)
        #expect(rig.piece.buds.present.isEmpty)
        #expect(rig.piece.inputs.bubbles(open: false) == [.forward])
    }

    @Test func oneUpdateThatRemovesTheSkipsGathersForwardOnce() throws {
        let rig = try NowPlayingRig()
        let index = rig.stage.history.count
        rig.piece.setParameters(hasOnSkip: false)
        try rig.stage.settle()
        #expect(rig.piece.buds.present.isEmpty)
        #expect(rig.stage.latestFrame?["nowPlaying", "forward"] == nil)
        // The gather's removal: 0.52 s plus one 40 ms stagger.
        let gone = rig.firstFrame(since: index) { $0["nowPlaying", "forward"] == nil }
        #expect(abs((gone?.time ?? 0) - frameTime(atOrAfter: (rig.stage.history[index].time - 1.0 / 120) + 0.56))
                < 1e-9)
    }

    // MARK: The glass's shape

    @Test func aTapInTheBarsCornerOutsideTheCapsulePassesThrough() throws {
        let rig = try NowPlayingRig()
        let bar = rig.onStage(rig.layout.bar)
        try rig.stage.tap(on: rig.piece, at: Point(x: bar.minX + 2, y: bar.minY + 2))
        try rig.stage.settle()
        #expect(!rig.piece.expanded)
        #expect(rig.attribute("surface", "shown") == .bool(false))
    }

    @Test func aTapOnTheCapsuleJustInsideItsCornerOpens() throws {
        let rig = try NowPlayingRig()
        let bar = rig.onStage(rig.layout.bar)
        // The 32 pt radius: (minX + 32, minY + 2) is inside, and so is (minX + 10, minY + 10).
        try rig.stage.tap(on: rig.piece, at: Point(x: bar.minX + 32, y: bar.minY + 2))
        try rig.stage.settle()
        #expect(rig.piece.expanded)
        let other = try NowPlayingRig()
        try other.stage.tap(on: other.piece, at: Point(x: bar.minX + 10, y: bar.minY + 10))
        #expect(other.piece.expanded)
    }

    @Test func aDragFromTheCardsCornerOutsideItsRadiusLeavesTheCard() throws {
        let rig = try NowPlayingRig(expanded: true)
        let card = rig.onStage(rig.layout.card)
        try rig.stage.drag(on: rig.piece, from: Point(x: card.minX + 2, y: card.minY + 2), dx: 0, dy: 200)
        try rig.stage.settle()
        #expect(rig.piece.expanded)
        #expect(rig.piece.state.drop == 0)
        // 34 pt radius: 12 pt in on both axes is inside the card, and the same drag closes it.
        let inside = try NowPlayingRig(expanded: true)
        try inside.stage.drag(on: inside.piece, from: Point(x: card.minX + 12, y: card.minY + 12), dx: 0, dy: 200)
        try inside.stage.settle()
        #expect(!inside.piece.expanded)
    }

    // MARK: The press

    @Test func onTheFrameAPressBecomesAPullTheTopSnapsUpAndTheHeightRidesTheRelease() throws {
        let rig = try NowPlayingRig()
        let bar = rig.onStage(rig.layout.bar)
        let finger = try rig.stage.touchDown(on: rig.piece, at: bar.center)
        try rig.stage.advance(0.3)
        #expect((rig.value("surface", "scale") ?? 1) < 1)
        try finger.move(dx: 0, dy: -8.5)
        try rig.stage.frames(1)
        let stretch = rig.piece.state.stretch
        #expect(stretch > 4 && stretch < 5)
        #expect(rig.rect("surface")?.y == bar.y - stretch)
        #expect((rig.rect("surface")?.height ?? 0) < bar.height + stretch)
        try finger.up()
        try rig.stage.settle()
    }

    @Test func underReduceMotionThePressShadesInsteadOfSinking() throws {
        var environment = PieceEnvironment()
        environment.reduceMotion = true
        for (scheme, shade) in [(ColorScheme.light, -0.08), (.dark, 0.1)] {
            environment.colorScheme = scheme
            let rig = try NowPlayingRig(environment: environment)
            let finger = try rig.stage.touchDown(on: rig.piece, at: rig.onStage(rig.layout.bar).center)
            try rig.stage.advance(0.5)
            #expect(abs((rig.value("surface", "brightness") ?? 0) - shade) < 1e-6)
            #expect(rig.value("surface", "scale") == 1)
            try finger.up()
            try rig.stage.settle()
            #expect(rig.value("surface", "brightness") == 0)
            let play = try rig.stage.touchDown(on: rig.piece, at: try rig.stage.aim(at: "play", on: rig.piece))
            try rig.stage.advance(0.5)
            #expect(abs((rig.value("play", "brightness") ?? 0) - shade) < 1e-6)
            try play.cancel()
        }
        let moving = try NowPlayingRig()
        _ = try moving.stage.touchDown(on: moving.piece, at: moving.onStage(moving.layout.bar).center)
        try moving.stage.advance(0.5)
        #expect(moving.value("surface", "brightness") == 0)
        #expect((moving.value("surface", "scale") ?? 1) < 1)
    }

    // MARK: VoiceOver's quiet actions

    @Test func escapeOnTheCollapsedBarDoesNothing() throws {
        let rig = try NowPlayingRig()
        let index = rig.stage.history.count
        #expect(rig.piece.accessibilityElements(on: rig.stage).first?.actions.contains("escape") == true)
        try rig.piece.perform("escape", on: "bar", context: rig.stage)
        try rig.piece.perform("escape", on: nil, context: rig.stage)
        try rig.stage.settle()
        #expect(!rig.piece.expanded)
        #expect(rig.frames(since: index).allSatisfy { $0.events.allSatisfy { $0.kind == .merge } })
        #expect(rig.player.calls.isEmpty)
    }

    @Test func adjustingAScrubberThatCannotSeekDoesNothing() throws {
        let stage = try Stage(environment: PieceEnvironment(), fps: 120)
        let player = MockPlayer(stage: stage, tracks: NowPlayingRig.tracks, time: 48, isPlaying: false)
        let piece = NowPlayingPiece(context: stage, player: player, hasOnSeek: false, expanded: true)
        try stage.add(piece)
        try stage.renderFrame()
        let scrubber = piece.accessibilityElements(on: stage).first { $0.id == "scrubber" }
        #expect(scrubber?.traits.contains("adjustable") == true)
        #expect(scrubber?.actions.contains("increment") == true)
        try piece.perform("increment", on: "scrubber", context: stage)
        try piece.perform("decrement", on: "scrubber", context: stage)
        try stage.settle()
        #expect(player.calls.isEmpty)
        #expect(piece.shownTime == 48)
    }

    @Test func otherActionsStillNameWhatIsSupported() throws {
        let rig = try NowPlayingRig()
        #expect(throws: InteractionError.self) { try rig.piece.perform("increment", on: "bar", context: rig.stage) }
        #expect(throws: InteractionError.self) { try rig.piece.perform("magicTap", on: nil, context: rig.stage) }
    }

    // MARK: Haptics

    private func haptic(_ rig: NowPlayingRig, _ name: String, since index: Int = 0) -> [String] {
        rig.events(.haptic, since: index)
            .filter { $0.event.detail(named: "name") == .text(name) }
            .map { entry in entry.event.details.filter { $0.name != "name" }.map { "\($0.name)=\($0.value)" }
                .joined(separator: " ") }
    }

    @Test func hapticsAreNamedAsSwiftUIsSensoryFeedback() throws {
        let rig = try NowPlayingRig()
        try rig.stage.tap(on: rig.piece, at: try rig.stage.aim(at: "play", on: rig.piece))
        try rig.stage.tap(on: rig.piece, at: try rig.stage.aim(at: "forward", on: rig.piece))
        try rig.tapBar()
        try rig.stage.settle()
        try rig.stage.drag(on: rig.piece, from: try rig.stage.aim(at: "scrubber", on: rig.piece), dx: 30, dy: 0)
        try rig.stage.settle()
        #expect(haptic(rig, "play") == ["style=impact weight=light"])
        #expect(haptic(rig, "skip") == ["style=selection"])
        #expect(haptic(rig, "grab") == ["style=selection"])
        #expect(haptic(rig, "land") == ["style=impact flexibility=soft"])
    }

    // MARK: Guards

    @Test func theFrameAfterNeverIsStillNever() {
        #expect(LiquidMergeWatch.frameAfter(Int.max) == Int.max)
        #expect(LiquidMergeWatch.frameAfter(41) == 42)
        #expect(LiquidMergeWatch.frameAfter(-1) == 0)
    }
}
