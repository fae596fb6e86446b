/// Something on the stage: a piece model written in Swift, or (through the Lua host) one written in Lua.
///
/// The stage only asks it for its elements: a pure function of its own state, the environment and the motion
/// tokens. State changes happen in `Stage.transact` (or `update`), in scheduled work, or in the piece's own
/// handlers called from either; the stage then asks again and animates what moved.
/// A class because the stage and the piece's handlers share one live instance.
public protocol StagePiece: AnyObject {
    /// The key of the piece in frames and logs ("nowPlaying"). Unique on a stage.
    var name: String { get }

    /// A number the piece changes whenever anything its elements are made from changes (its own state, or another
    /// piece's it reads), besides the environment and the tokens, which the stage watches itself. While it stays
    /// the same the stage does not ask again: it asks several times a frame, and most asks would find nothing new.
    /// Nil (the default) says the piece keeps no such count, and the stage asks every time.
    var elementsRevision: Int? { get }

    /// Where every element should be for the current state, in the order frames should list them.
    func elements(in environment: PieceEnvironment, tokens: MotionTokens) -> [Element]

}

/// A piece that keeps texts its author made as long as they liked (the names and texts of a piece written in a
/// script), so a host counts them against a memory cap (`Stage.heldBytes`). A marker of its own, not a member
/// every piece answers: the stage keeps a list of these when they are added, and the count that runs every frame
/// walks only them (usually none) instead of asking every piece.
public protocol HoldsScriptTexts: StagePiece {
    /// About how many bytes of such text the piece keeps now.
    var heldTextBytes: Int { get }
}

extension StagePiece {
    /// No count kept: the stage asks for the elements every time.
    public var elementsRevision: Int? { nil }
}
