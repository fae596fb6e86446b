import Testing
@testable import PieceKit

/// The MiniPlayer's transport row written as its SwiftUI body reads, laid out by the engine, against the piece's
/// own hand-written layout: the same symbol rule gives the same buttons and gaps.
@Suite struct LayoutMiniPlayerTests {
    func transport(_ size: DynamicTypeSize) -> (engine: LayoutResult, piece: MiniPlayerLayout) {
        let button = { (name: String, style: TextStyle) in
            LayoutView.image(systemName: name).font(LayoutFont(.style(style)))
                .frame(minWidth: MiniPlayerLayout.minTouchTarget, minHeight: MiniPlayerLayout.minTouchTarget)
                .id(name)
        }
        let row = LayoutView.hStack(spacing: MiniPlayerLayout.transportSpacing, [
            button("backward.fill", .title), button("play.fill", .largeTitle), button("forward.fill", .title),
        ])
        var context = phone
        context.dynamicTypeSize = size
        var environment = PieceEnvironment()
        environment.dynamicTypeSize = size
        let piece = MiniPlayerLayout.make(in: environment, title: "Song", subtitle: "Artist")
        return (LayoutEngine.layout(row, in: context), piece)
    }

    @Test(arguments: [DynamicTypeSize.large, .accessibility3])
    func theTransportRowMatchesThePiecesOwnLayout(size: DynamicTypeSize) {
        let (engine, piece) = transport(size)
        let previous = frame(engine, "backward.fill"), play = frame(engine, "play.fill")
        let next = frame(engine, "forward.fill")
        // Each button is max(44, the symbol's side), in both layouts: 44 at Large, the symbol's side (one title
        // line) at accessibility 3.
        #expect(size == .large ? piece.previous.width == 44 : piece.previous.width > 44)
        #expect(abs(previous.width - piece.previous.width) < 1e-9)
        #expect(abs(play.width - piece.play.width) < 1e-9)
        #expect(abs(next.height - piece.next.height) < 1e-9)
        // The gaps are the stack's spacing, 44, as the piece places them.
        #expect(abs((play.minX - previous.maxX) - (piece.play.minX - piece.previous.maxX)) < 1e-9)
        #expect(abs((next.minX - play.maxX) - (piece.next.minX - piece.play.maxX)) < 1e-9)
        // Both centre the row on the screen's middle (the piece's column is centred too), and centre each button
        // on the row's middle line.
        #expect(abs((previous.minX + next.maxX) / 2 - (piece.previous.minX + piece.next.maxX) / 2) < 1e-9)
        #expect(abs(previous.midY - play.midY) < 1e-9)
    }
}
