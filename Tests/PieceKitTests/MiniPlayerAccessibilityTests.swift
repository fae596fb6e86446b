import Testing
@testable import PieceKit

/// VoiceOver's elements and actions, and what the player's reports do to what is shown.
@Suite struct MiniPlayerAccessibilityTests {
    @Test func closedTheBarReadsOpenPlayerWithTheTrackAsItsValue() throws {
        let rig = try MiniPlayerRig()
        let tree = rig.piece.accessibilityElements(on: rig.stage)
        #expect(tree.map(\.id) == ["bar", "play"])
        #expect(tree[0].label == "Open player")
        #expect(tree[0].value == "Midnight Drive, The Night Owls")
        #expect(tree[0].traits == ["button"])
        #expect(tree[1].label == "Play")
        // The open button: from 22, as wide as 349 − 44 − 12 = 293, as tall as the 46-point artwork, centred on 778.
        #expect(tree[0].frame == Rect(x: 22, y: 755, width: 293, height: 46))
    }

    @Test func openTheArtIsHiddenAndEscapeClosesFromAnywhere() throws {
        let rig = try MiniPlayerRig()
        try rig.piece.perform("activate", on: "bar", context: rig.stage)
        try rig.stage.settle()
        let tree = rig.piece.accessibilityElements(on: rig.stage)
        #expect(tree.map(\.id) == ["chevron", "title", "subtitle", "progress", "previous", "play", "next"])
        #expect(tree.map(\.label) == ["Close player", "Midnight Drive", "The Night Owls", "Playback position",
                                      "Previous", "Play", "Next"])
        // A paused player at 40 s of 200 s: 0.2, read as 20 percent.
        #expect(tree[3].value == "20%")
        #expect(tree.allSatisfy { $0.actions.contains("escape") })
        #expect(rig.stage.latestFrame?["miniPlayer", "content"]?.attribute("accessibilityHidden") == .bool(true))
        try rig.piece.perform("activate", on: "play", context: rig.stage)
        #expect(rig.piece.accessibilityElements(on: rig.stage)[5].label == "Pause")
        try rig.piece.perform("escape", on: nil, context: rig.stage)
        try rig.stage.settle()
        #expect(!rig.piece.isExpanded)
    }

    /// Found by exploring the mini player (examples/explore/mini_player.lua): a skip to a track with no artist,
    /// then the player opened, left an element labelled "" in the tree. SwiftUI gives an empty `Text` no element.
    @Test func aTrackWithNoArtistHasNoSubtitleElementAndNoTitleNoTitleElement() throws {
        let rig = try MiniPlayerRig(tracks: [MockPlayer.Track(title: "Interlude", artist: "", duration: 40),
                                             MockPlayer.Track(title: "", artist: "The Night Owls", duration: 40)])
        try rig.piece.perform("activate", on: "bar", context: rig.stage)
        try rig.stage.settle()
        var tree = rig.piece.accessibilityElements(on: rig.stage)
        #expect(tree.map(\.id) == ["chevron", "title", "progress", "previous", "play", "next"])
        #expect(tree[1].label == "Interlude")
        #expect(throws: InteractionError.self) { try rig.piece.perform("escape", on: "subtitle", context: rig.stage) }
        rig.player.skip(.next)
        try rig.stage.frames(1)
        tree = rig.piece.accessibilityElements(on: rig.stage)
        #expect(tree.map(\.id) == ["chevron", "subtitle", "progress", "previous", "play", "next"])
        #expect(tree[1].label == "The Night Owls")
    }

    @Test func closedThereIsNoEscapeToPerform() throws {
        let rig = try MiniPlayerRig()
        #expect(throws: InteractionError.unsupportedAction(piece: "miniPlayer", element: "", action: "escape",
                                                           supported: [])) {
            try rig.piece.perform("escape", on: nil, context: rig.stage)
        }
        #expect(throws: InteractionError.self) { try rig.piece.perform("activate", on: "chevron", context: rig.stage) }
    }

    @Test func noKeysAreTakenAndNoHapticsPlay() throws {
        let rig = try MiniPlayerRig()
        for key in Key.known { #expect(try rig.stage.press(key, on: rig.piece) == false) }
        try rig.open()
        try rig.stage.tap(on: rig.piece, at: try rig.stage.aim(at: "play", on: rig.piece))
        #expect(!rig.stage.history.contains { frame in frame.events.contains { $0.kind == .haptic } })
    }

    @Test func theProgressFollowsThePlayersReportsAndALiveStreamShowsZero() throws {
        // The progress bar is the open player's: opened under Reduce Motion, it is there on the next frame
        // (1/120 s on, before the first report at 0.5 s).
        let still = PieceEnvironment(reduceMotion: true)
        let rig = try MiniPlayerRig(environment: still, isPlaying: true)
        rig.piece.setExpanded(true)
        try rig.stage.renderFrame()
        #expect(rig.value("progress", "value") == 0.2)          // 40 / 200
        try rig.stage.advance(1)
        // Two reports later (every 0.5 s): 41 / 200 = 0.205.
        #expect(abs((rig.value("progress", "value") ?? 0) - 0.205) < 1e-9)
        let live = try MiniPlayerRig(environment: still,
                                     tracks: [MockPlayer.Track(title: "Radio", artist: "Live", duration: 0)])
        live.piece.setExpanded(true)
        try live.stage.renderFrame()
        #expect(live.value("progress", "value") == 0)
    }
}
