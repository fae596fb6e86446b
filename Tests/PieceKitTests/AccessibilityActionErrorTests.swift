import Testing
@testable import PieceKit

/// Accessibility actions are checked in one place (`InteractivePiece.perform`), so every piece words the same
/// mistake the same way. Before, each piece wrote its own: a bare action NowPlaying has no answer to read
/// `nowPlaying.(screen) has no…`, the sheet's `sheet.(the piece) has no…`, and a refresher said it had no
/// element "(the piece)".
@Suite struct AccessibilityActionErrorTests {
    private func message(_ perform: () throws -> Void) -> String? {
        do { try perform() } catch { return "\(error)" }
        return nil
    }

    @Test func aBareActionNoPieceAnswersNamesTheWholeScreenAndItsActions() throws {
        let np = try NowPlayingRig()
        #expect(message { try np.piece.perform("magicTap", on: nil, context: np.stage) }
                == "nowPlaying has no whole-screen accessibility action \"magicTap\" (it has: escape)")
        let sheet = try GlassRig { stage in SheetPiece(context: stage, detents: [.medium, .large], presented: true) }
        #expect(message { try sheet.piece.perform("activate", on: nil, context: sheet.stage) }
                == "sheet has no whole-screen accessibility action \"activate\" (it has: escape)")
        let refresher = try GlassRig { _ in RefresherPiece(area: Refresher.Area(x: 0, top: 100, width: 393)) }
        #expect(message { try refresher.piece.perform("activate", on: nil, context: refresher.stage) }
                == "refresher has no whole-screen accessibility action \"activate\" (it has none)")
    }

    @Test func aBareActionGoesToThePiecesDefaultElement() throws {
        let disc = try GlassRig { stage in VinylPiece(context: stage) }
        #expect(message { try disc.piece.perform("activate", on: nil, context: disc.stage) }
                == "vinyl.disc has no accessibility action \"activate\" (it has none)")
    }

    @Test func anElementIsFoundByItsOtherNameAndAnUnknownOneIsNamedAsGiven() throws {
        let np = try NowPlayingRig()
        // the collapsed bar is `surface`, also found as `bar`; it answers activate
        #expect(message { try np.piece.perform("activate", on: "bar", context: np.stage) } == nil)
        #expect(message { try np.piece.perform("activate", on: "lid", context: np.stage) }?
                    .hasPrefix("nowPlaying has no accessibility element \"lid\" (it has: surface") == true)
    }
}
