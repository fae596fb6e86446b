@testable import PieceKit

extension Stage {
    /// What the stage gets when it asks `piece` for its elements now, in `environment` (the stage's when nil),
    /// through the piece's slot and its memo: the list kept from the last ask while the piece's input is unchanged.
    /// Empty for a piece that is not on this stage.
    func askedElements(of piece: any StagePiece, in environment: PieceEnvironment? = nil) -> [Element] {
        guard let slot = slots.first(where: { $0.piece === piece }) else { return [] }
        return slot.memo.ask(environment ?? self.environment, tokens, memoises)
    }
}
