import Testing
@testable import PieceKit

/// Gestures aimed at a part reach it only while it is on screen: the card's controls while the card is open, the
/// bar's hairline and forward bubble while the bar is.
@Suite struct NowPlayingPartReachTests {
    @Test func theCardsControlsCannotBeTouchedOnTheBar() throws {
        let rig = try NowPlayingRig()
        for part in ["grabber", "scrubber", "thumb", "times", "previous", "next"] {
            #expect(throws: InteractionError.unreachablePart(
                piece: "nowPlaying", part: part, reason: "the card is closed (open it first, e.g. tap the bar)")) {
                try rig.stage.aim(at: part, on: rig.piece)
            }
        }
        #expect(throws: Never.self) { try rig.stage.aim(at: "forward", on: rig.piece) }
        #expect(throws: Never.self) { try rig.stage.aim(at: "hairline", on: rig.piece) }
    }

    @Test func theBarsPartsCannotBeTouchedOnTheOpenCard() throws {
        let rig = try NowPlayingRig(expanded: true)
        try rig.stage.settle()
        #expect(throws: Never.self) { try rig.stage.aim(at: "grabber", on: rig.piece) }
        #expect(throws: Never.self) { try rig.stage.aim(at: "previous", on: rig.piece) }
        #expect(throws: InteractionError.unreachablePart(
            piece: "nowPlaying", part: "forward", reason: "the card is open; the forward belongs to the bar")) {
            try rig.stage.aim(at: "forward", on: rig.piece)
        }
    }

    @Test func anUnknownPartIsStillNamedAsUnknown() throws {
        let rig = try NowPlayingRig()
        #expect(throws: InteractionError.self) { try rig.stage.aim(at: "volume", on: rig.piece) }
        do {
            _ = try rig.stage.aim(at: "volume", on: rig.piece)
        } catch {
            #expect(error.description.hasPrefix("nowPlaying has no part named \"volume\""))
        }
    }
}
