/// Parts that come and go: the specification's `if isExpanded { fullPlayer } else { miniBar }`.
///
/// A branch that comes in is in the hierarchy from the change on, fading in from transparent; a branch that goes
/// stays (fading out, which is what is drawn) until its removal transition has ended, then leaves the frame, and
/// with it hit testing and VoiceOver. The stage drops an element the piece stops publishing and starts one it
/// publishes afresh at its target (`PieceSlot`), so the piece publishes a coming branch transparent first and then
/// changes it, and stops publishing a going one once nothing of it moves: the same way the glass group takes a
/// shape out once it has arrived.
extension MiniPlayer {
    /// Which branches are in the hierarchy. Both while one replaces the other; otherwise the one `isExpanded`
    /// names.
    public struct Presence: Sendable, Equatable {
        /// The mini bar's own parts: its lines and play.
        public var bar = true
        /// The full player's own parts: the chevron, lines, progress and transport.
        public var player = false

        public init(bar: Bool = true, player: Bool = false) {
            self.bar = bar
            self.player = player
        }
    }

    /// The full player's parts by their names in the frame, the ones that leave it with the branch.
    public static let playerParts = ["chevron", "title", "subtitle", "progress", "previous", "play", "next"]
    /// The mini bar's.
    public static let barParts = ["miniTitle", "miniSubtitle", "miniPlay"]
}

extension MiniPlayerPiece {
    /// Opens or closes with `animation` (nil: at once), `also` changing the rest of the state in the same update
    /// (a release resets the drag offset). The coming branch is put in first, transparent, so its fade has a
    /// start; the going one is taken out when its fade ends.
    func switchState(to open: Bool, animation: Animation?, also: () -> Void = {}) {
        guard let context else { return }
        cancelRemoval(on: context)
        if open ? !presence.player : !presence.bar {
            context.update {
                if open { presence.player = true } else { presence.bar = true }
            }
        }
        let begin = context.changeBeginTime
        context.transact(animation) {
            also()
            state.isExpanded = open
        }
        guard let animation else {
            removeGoingBranch(on: context)
            return
        }
        scheduleRemoval(at: begin + animation.completionTime, turn: removalTurn, on: context)
    }

    /// Takes the branch not on screen out once none of its parts moves (`scheduleOnceStill`).
    private func scheduleRemoval(at time: Double, turn: Int, on context: any PieceContext) {
        let going = state.isExpanded ? MiniPlayer.barParts : MiniPlayer.playerParts
        context.scheduleOnceStill(piece: name, elements: { going }, at: time,
                                  label: "\(name): the \(state.isExpanded ? "bar" : "player") leaves",
                                  track: { [weak self] in self?.removal = $0 }) { [weak self] in
            guard let self, let context = self.context, self.removalTurn == turn else { return }
            self.removal = nil
            self.removeGoingBranch(on: context)
        }
    }

    private func removeGoingBranch(on context: any PieceContext) {
        let open = state.isExpanded
        guard open ? presence.bar : presence.player else { return }
        context.update {
            if open { presence.bar = false } else { presence.player = false }
        }
    }

    /// A new open or close overtakes a removal still waiting: the branch it would take out may be coming back.
    private func cancelRemoval(on context: any PieceContext) {
        removalTurn += 1
        if let removal { context.cancel(removal) }
        removal = nil
    }
}
