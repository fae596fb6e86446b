/// Something on the stage: a piece model written in Swift, or (through the Lua host) one written in Lua.
///
/// The stage only asks it for its elements: a pure function of its own state, the environment and the motion
/// tokens. State changes happen in `Stage.transact` (or `update`), in scheduled work, or in the piece's own
/// handlers called from either; the stage then asks again and animates what moved.
/// A class because the stage and the piece's handlers share one live instance.
public protocol StagePiece: AnyObject {
    /// The key of the piece in frames and logs ("nowPlaying"). Unique on a stage.
    var name: String { get }

    /// Where every element should be for the current state, in the order frames should list them. Asked several
    /// times a frame; a piece whose elements are a function of one input says so (`MemoisedPiece`) and the stage
    /// hands its last list out again while that input is equal.
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
