import Testing
@testable import PieceKit

/// NowPlaying driven through a fake context, with no stage: what the piece asks of its world is all it gets, so
/// these tests read the conversation (transactions, choreography, events) rather than frames.
@Suite struct NowPlayingThroughAFakeContextTests {
    private func closedPiece() throws -> (FakePieceContext, NowPlayingPiece) {
        let context = try FakePieceContext()
        let player = MockPlayer(scheduler: context.scheduler,
                                tracks: [MockPlayer.Track(title: "Slow Mornings", artist: "Aster Vale", duration: 222)])
        return (context, NowPlayingPiece(context: context, player: player))
    }

    @Test func returnOnTheBarStartsThePresentationThroughTheContext() throws {
        let (context, piece) = try closedPiece()
        #expect(piece.handle(.return, on: context))
        #expect(context.started == ["nowPlaying.\(NowPlayingPiece.presentationName)"])
        // Nothing runs before the context runs its work: the piece scheduled, it did not act on its own.
        #expect(context.transactions.isEmpty)
        context.run(upTo: 0)
        // The card's morph rides the reveal role from the first step.
        #expect(context.transactions.contains { $0.time == 0 && $0.animation == context.tokens.role(.reveal) })
        #expect(!piece.state.controlsShown)
        // The controls follow 220 ms later, also on reveal.
        context.run(upTo: 0.219)
        #expect(!piece.state.controlsShown)
        context.run(upTo: 0.22)
        #expect(piece.state.controlsShown)
    }

    @Test func theOpeningLandsWithASoftImpactAndFocusOnTheTitle() throws {
        let (context, piece) = try closedPiece()
        piece.handle(.return, on: context)
        // Land: 220 ms (controls) + 24 ms (the bubbles' bloom lead) + 220 ms = 0.464 s after the key.
        context.run(upTo: 0.463)
        #expect(context.events(.haptic).isEmpty)
        context.run(upTo: 0.464)
        let haptics = context.events(.haptic)
        #expect(haptics.count == 1)
        #expect(abs((haptics.first?.time ?? 0) - 0.464) < 1e-9)
        #expect(haptics.first?.event.detail(named: "flexibility") == .text("soft"))
        #expect(context.events(.focus).first?.event.detail(named: "element") == .text("title"))
    }

    @Test func escapeOnTheClosedBarAsksNothingOfTheContext() throws {
        let (context, piece) = try closedPiece()
        #expect(!piece.handle(.escape, on: context))
        #expect(context.started.isEmpty && context.transactions.isEmpty && context.events.isEmpty)
    }
}
