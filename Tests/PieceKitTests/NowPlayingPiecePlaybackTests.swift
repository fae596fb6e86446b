import Testing
@testable import PieceKit

/// The piece and its player: play, skips, scrubbing and the pending seek, keys, VoiceOver.
@Suite struct NowPlayingPiecePlaybackTests {
    private func callbacks(_ rig: NowPlayingRig, since index: Int = 0) -> [String] {
        rig.events(.callback, since: index).map { entry in
            entry.event.details.map { "\($0.value)" }.joined(separator: " ")
        }
    }

    @Test func thePlayBubbleCallsOnPlayPauseWithALightImpact() throws {
        let rig = try NowPlayingRig()
        try rig.stage.tap(on: rig.piece, at: try rig.stage.aim(at: "play", on: rig.piece))
        try rig.stage.settle()
        #expect(callbacks(rig) == ["onPlayPause"])
        #expect(rig.events(.haptic).map { $0.event.detail(named: "name") } == [.text("play")])
        #expect(!rig.player.isPlaying)
        #expect(rig.attribute("play", "glyph") == .text("play.fill"))
        #expect(rig.attribute("surface", "shown") == .bool(false))
    }

    @Test func aTrackSkipIsAnnouncedOnceTheNewTrackArrives() throws {
        let rig = try NowPlayingRig(isPlaying: false, expanded: true)
        let index = rig.stage.history.count
        try rig.stage.tap(on: rig.piece, at: try rig.stage.aim(at: "next", on: rig.piece))
        try rig.stage.settle()
        #expect(callbacks(rig, since: index) == ["onSkip next"])
        #expect(rig.events(.announcement, since: index).map { $0.event.detail(named: "text") }
                == [.text("Paper Lanterns, Aster Vale")])
        #expect(rig.attribute("title", "text") == .text("Paper Lanterns"))
        #expect(rig.attribute("times", "elapsed") == .text("0:00"))
        #expect(rig.attribute("times", "remaining") == .text("-4:05"))
    }

    @Test func podcastSkipsSeekBy15And30() throws {
        let rig = try NowPlayingRig(skipping: .podcast, expanded: true)
        try rig.stage.tap(on: rig.piece, at: try rig.stage.aim(at: "next", on: rig.piece))
        try rig.stage.tap(on: rig.piece, at: try rig.stage.aim(at: "previous", on: rig.piece))
        try rig.stage.settle()
        let seeks = rig.player.calls.compactMap { call -> Double? in
            if case .seek(let t) = call.kind { return t } else { return nil }
        }
        #expect(seeks.count == 2)
        #expect(abs((seeks.first ?? 0) - 78.1) < 0.2)
        #expect(abs((seeks.last ?? 0) - ((seeks.first ?? 0) + 0.1 - 15)) < 0.2)
        #expect(rig.attribute("next", "glyph") == .text("goforward.30"))
        #expect(rig.events(.announcement).isEmpty)
    }

    /// Scrubs from the thumb to 3/4 of the track, lifting at rest.
    private func scrub(_ rig: NowPlayingRig) throws -> Double {
        let track = try #require(rig.rect("scrubber"))
        let from = Point(x: track.minX + track.width * 0.5, y: track.midY)
        try rig.stage.drag(on: rig.piece, from: from, dx: track.width * 0.25, dy: 0)
        return 222 * 0.75
    }

    @Test func scrubbingGrowsTheThumbAndSeeksOnceOnRelease() throws {
        let rig = try NowPlayingRig(expanded: true)
        let index = rig.stage.history.count
        let track = try #require(rig.rect("scrubber"))
        let finger = try rig.stage.touchDown(on: rig.piece, at: Point(x: track.minX + track.width / 2, y: track.midY))
        try rig.stage.advance(0.3)
        #expect(abs((rig.value("thumb", "scale") ?? 0) - 1) < 1e-3)
        #expect(rig.attribute("times", "elapsed") == .text("1:51"))
        // The player's updates wait while the finger is down.
        try rig.stage.advance(0.6)
        #expect(rig.attribute("times", "elapsed") == .text("1:51"))
        try finger.move(dx: track.width / 4, dy: 0)
        try finger.up()
        try rig.stage.settle()
        #expect(callbacks(rig, since: index) == ["onSeek 166.5"])
        #expect(rig.events(.haptic, since: index).map { $0.event.detail(named: "name") } == [.text("grab")])
        #expect(abs((rig.value("thumb", "scale") ?? 0) - 16.0 / 28) < 1e-3)
    }

    @Test func aLateConfirmationHoldsTheThumbOnTheSeek() throws {
        let rig = try NowPlayingRig(seekConfirmation: .after(1.0), expanded: true)
        let target = try scrub(rig)
        try rig.stage.advance(0.9)
        #expect(rig.piece.state.playhead.pendingSeek == target)
        #expect(abs((rig.value("scrubber", "progress") ?? 0) - 0.75) < 1e-9)
        try rig.stage.advance(0.2)
        // Confirmed within 1.2 s of the seek: the pending seek lets go and the player's time shows.
        #expect(rig.piece.state.playhead.pendingSeek == nil)
        #expect(abs(rig.piece.shownTime - rig.player.reportedTime) < 1e-9)
    }

    @Test func aSeekThePlayerNeverConfirmsGivesUpAfterOneAndAHalfSeconds() throws {
        let rig = try NowPlayingRig(isPlaying: false, seekConfirmation: .never, expanded: true)
        let target = try scrub(rig)
        let seekTime = rig.stage.now
        try rig.stage.advance(1.45)
        #expect(rig.piece.state.playhead.pendingSeek == target)
        try rig.stage.settle()
        #expect(rig.piece.state.playhead.pendingSeek == nil)
        #expect(rig.stage.now >= seekTime + 1.5 - 1e-9)
        #expect(abs((rig.value("scrubber", "progress") ?? 0) - 48.0 / 222) < 1e-9)
    }

    @Test func theHairlineCreepsLinearlyBetweenUpdates() throws {
        let rig = try NowPlayingRig(time: 48, updateInterval: .seconds(1))
        try rig.stage.advance(3.0)
        // Updates one second apart: once the gap is measured, the creep after an update lasts one second.
        #expect(abs(rig.piece.state.playhead.updateGap - 1) < 1e-9)
        let a = try #require(rig.value("hairline", "progress"))
        try rig.stage.advance(0.25)
        let b = try #require(rig.value("hairline", "progress"))
        try rig.stage.advance(0.25)
        let c = try #require(rig.value("hairline", "progress"))
        #expect(abs((b - a) - (c - b)) < 1e-9)
        #expect(abs((c - a) * 222 - 0.5) < 1e-6)
    }

    @Test func keysPlayOpenSeekAndClose() throws {
        let rig = try NowPlayingRig()
        #expect(try rig.stage.press(.space, on: rig.piece))
        #expect(try !rig.stage.press(.right, on: rig.piece))
        #expect(try !rig.stage.press(.escape, on: rig.piece))
        #expect(try rig.stage.press(.return, on: rig.piece))
        try rig.stage.settle()
        #expect(try rig.stage.press(.right, on: rig.piece))
        #expect(try !rig.stage.press(.return, on: rig.piece))
        #expect(try rig.stage.press(.escape, on: rig.piece))
        try rig.stage.settle()
        #expect(callbacks(rig).first == "onPlayPause")
        #expect(callbacks(rig).count == 2)
        #expect(callbacks(rig).last?.hasPrefix("onSeek 63") == true)
        #expect(!rig.piece.expanded)
    }

    @Test func voiceOverReadsTheBarAndActsOnIt() throws {
        let rig = try NowPlayingRig(isPlaying: false)
        let tree = rig.piece.accessibilityElements(on: rig.stage)
        #expect(tree.map(\.id) == ["surface"])
        #expect(tree.first?.label == "Now playing, Slow Mornings, Aster Vale")
        #expect(tree.first?.value == "Paused")
        #expect(tree.first?.actions == ["activate", "escape", "Play", "Next track", "Open player"])
        try rig.piece.perform("Next track", on: "bar", context: rig.stage)
        try rig.piece.perform("activate", on: "surface", context: rig.stage)
        try rig.stage.settle()
        let open = rig.piece.accessibilityElements(on: rig.stage)
        #expect(open.map(\.id) == ["title", "artist", "grabber", "scrubber", "previous", "next", "play"])
        #expect(open.first { $0.id == "scrubber" }?.value == "0 seconds of 4 minutes, 5 seconds")
        try rig.piece.perform("increment", on: "scrubber", context: rig.stage)
        #expect(rig.player.calls.last?.kind == .seek(15))
        #expect(throws: InteractionError.self) { try rig.piece.perform("increment", on: "title", context: rig.stage) }
        #expect(throws: InteractionError.self) { try rig.piece.perform("activate", on: "nothing", context: rig.stage) }
        try rig.piece.perform("escape", on: nil, context: rig.stage)
        try rig.stage.settle()
        #expect(!rig.piece.expanded)
    }

    @Test func aLiveStreamHasNoScrubberAndNoForward() throws {
        let rig = try NowPlayingRig(tracks: [MockPlayer.Track(title: "Night Radio", artist: "KXLU", duration: 0)],
                                    skipping: .podcast, expanded: true)
        #expect(rig.stage.latestFrame?["nowPlaying", "scrubber"] == nil)
        #expect(rig.attribute("times", "live") == .text("Live"))
        #expect(rig.stage.latestFrame?["nowPlaying", "next"] == nil)
        #expect(try !rig.stage.press(.right, on: rig.piece))
    }
}
