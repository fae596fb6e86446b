/// Everything NowPlaying's elements are made from (`NowPlayingPiece.elements`): equal keys give equal elements, so
/// the list made for one can be handed out again. The layout, the line widths and the letters are pure functions of
/// these (the environment and the inputs), so they need no place of their own. Nothing here reads the clock: the
/// elements are targets, and the stage moves the numbers between them.
struct NowPlayingElementsKey: Equatable {
    /// The stage's environment (size, safe area, Dynamic Type, direction, Reduce Motion, `isEnabled`).
    let environment: PieceEnvironment
    let tokens: MotionTokens
    /// The parameters as last passed (the track, the time, the skip mode, the messages).
    let inputs: NowPlaying.Inputs
    let state: NowPlaying.State
    let budsPresent: [NowPlaying.Bubble]
    let budsOut: Set<NowPlaying.Bubble>
    let pressedButton: String?
    /// The time's creep as the hairline, scrubber and thumb watch it (the piece's own, or the `value` role).
    let creep: Animation
    let creepIsSteady: Bool
    /// The press shade's scheme, read from the piece's context.
    let colorScheme: ColorScheme
}
