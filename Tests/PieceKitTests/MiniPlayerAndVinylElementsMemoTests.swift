import Testing
@testable import PieceKit

/// The mini player and the disc are handed back the list they made last (by the stage's memo of their input) while
/// nothing their elements are made from has changed. Each test asks first (so a list is kept), changes one thing, and
/// asks again: a kept list that missed the change would show the old numbers. Expected numbers are worked by hand
/// beside them.
@Suite struct MiniPlayerAndVinylElementsMemoTests {
    private func number(_ element: String, _ number: String, _ list: [Element]) -> Double? {
        list.first { $0.name == element }?.number(named: number)
    }

    private func text(_ element: String, _ name: String, _ list: [Element]) -> ElementValue? {
        list.first { $0.name == element }?.attribute(named: name)
    }

    private func rect(_ element: String, _ list: [Element]) -> Rect? {
        list.first { $0.name == element }?.rect
    }

    private func storage(_ list: [Element]) -> UnsafeRawPointer? {
        list.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    // MARK: The mini player

    private func targets(_ rig: MiniPlayerRig, in environment: PieceEnvironment? = nil) -> [Element] {
        rig.stage.askedElements(of: rig.piece, in: environment)
    }

    @Test func theMiniPlayerHandsBackTheSameListWhenNothingChanged() throws {
        let rig = try MiniPlayerRig()
        #expect(storage(targets(rig)) != nil && storage(targets(rig)) == storage(targets(rig)))
    }

    @Test func theMiniPlayerFollowsThePlayersTrackAndTime() throws {
        let rig = try MiniPlayerRig()
        #expect(text("miniTitle", "text", targets(rig)) == .text("Midnight Drive"))
        // The progress is the open player's: open it (the player is paused, so still at 40 s).
        try rig.open()
        let before = targets(rig)
        // 40 s of 200: 0.2.
        #expect(number("progress", "value", before) == 0.2)
        rig.player.onSeek(100)
        try rig.stage.settle()
        // 100 s of 200: 0.5.
        #expect(number("progress", "value", targets(rig)) == 0.5)
        rig.player.onSkip(.next)
        try rig.stage.settle()
        let after = targets(rig)
        #expect(text("title", "text", after) == .text("Paper Planes"))
        // A new track starts at 0 s.
        #expect(number("progress", "value", after) == 0)
    }

    @Test func openingTheMiniPlayerSwapsWhichPartsAreSeen() throws {
        let rig = try MiniPlayerRig()
        let closed = targets(rig)
        // Closed: the bar's parts at 1, the full player's not there (they leave with their branch).
        #expect(number("miniTitle", "opacity", closed) == 1)
        #expect(rect("title", closed) == nil)
        try rig.open()
        let open = targets(rig)
        #expect(rect("miniTitle", open) == nil)
        #expect(number("title", "opacity", open) == 1)
        // Open, the background fills the whole 393 × 852 screen.
        #expect(rect("background", open) == Rect(x: 0, y: 0, width: 393, height: 852))
    }

    @Test func theMiniPlayerFollowsTheScreen() throws {
        let rig = try MiniPlayerRig()
        #expect(rect("content", targets(rig)) == Rect(x: 0, y: 0, width: 393, height: 852))
        var landscape = rig.stage.environment
        landscape.size = Size(width: 852, height: 393)
        // The content is the whole screen, whichever way it is turned.
        #expect(rect("content", targets(rig, in: landscape)) == Rect(x: 0, y: 0, width: 852, height: 393))
        #expect(rect("content", targets(rig)) == Rect(x: 0, y: 0, width: 393, height: 852))
    }

    // MARK: The disc

    private func vinyl(isPlaying: Bool = true) throws -> (Stage, VinylPiece) {
        let stage = try Stage(environment: PieceEnvironment(), fps: 120)
        let piece = VinylPiece(context: stage, isPlaying: isPlaying)
        try stage.add(piece)
        return (stage, piece)
    }

    private func targets(_ stage: Stage, _ piece: VinylPiece,
                         in environment: PieceEnvironment? = nil) -> [Element] {
        stage.askedElements(of: piece, in: environment)
    }

    @Test func theDiscHandsBackTheSameListBetweenItsUpdates() throws {
        let (stage, piece) = try vinyl(isPlaying: false)
        try stage.renderFrame()
        #expect(storage(targets(stage, piece)) != nil && storage(targets(stage, piece)) == storage(targets(stage, piece)))
    }

    @Test func theDiscIsDrawnAtEachNewAngle() throws {
        let (stage, piece) = try vinyl()
        // Playing from rest at t = 0: the angle is 110 t² during the ramp, drawn at the timeline's updates
        // (odd frames at 120 fps): frame 55 at 55/120 s, frame 57 at 57/120 s.
        try stage.frames(55)
        let early = number("disc", "angle", targets(stage, piece)) ?? 0
        #expect(abs(early - 110 * (55.0 / 120) * (55.0 / 120)) < 1e-9)   // 23.1076
        try stage.frames(2)
        let later = number("disc", "angle", targets(stage, piece)) ?? 0
        #expect(abs(later - 110 * (57.0 / 120) * (57.0 / 120)) < 1e-9)   // 24.8188
    }

    @Test func theDiscFollowsItsFrameAndTheScreen() throws {
        let (stage, piece) = try vinyl(isPlaying: false)
        // 393 − 2 × 28 = 337 square, centred on 852: y = (852 − 337) / 2 = 257.5.
        #expect(rect("disc", targets(stage, piece)) == Rect(x: 28, y: 257.5, width: 337, height: 337))
        var bigger = stage.environment
        bigger.size = Size(width: 500, height: 1000)
        // 500 − 56 = 444 square, centred: y = (1000 − 444) / 2 = 278.
        #expect(rect("disc", targets(stage, piece, in: bigger)) == Rect(x: 28, y: 278, width: 444, height: 444))
        piece.setFrame(Rect(x: 0, y: 100, width: 300, height: 200))
        // The shorter side, 200, centred across 300: x = 50.
        #expect(rect("disc", targets(stage, piece)) == Rect(x: 50, y: 100, width: 200, height: 200))
    }
}
