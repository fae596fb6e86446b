/// Something on the stage: a piece model written in Swift, or (through the Lua host) one written in Lua.
///
/// The stage only asks it for its elements: a pure function of its own state, the environment and the motion
/// tokens. State changes happen in `Stage.transact` (or `update`), in scheduled work, or in the piece's own
/// handlers called from either; the stage then asks again and animates what moved.
/// A class because the stage and the piece's handlers share one live instance.
public protocol StagePiece: AnyObject {
    /// The key of the piece in frames and logs ("nowPlaying"). Unique on a stage.
    var name: String { get }

    /// Where every element should be for the current state, in the order frames should list them.
    func elements(in environment: PieceEnvironment, tokens: MotionTokens) -> [Element]
}
