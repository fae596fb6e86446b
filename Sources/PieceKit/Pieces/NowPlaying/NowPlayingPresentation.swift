/// Opening, closing and the bubbles, on the stage's clock.
extension NowPlayingPiece {
    /// The name of the open/close choreography: a new open or close cancels the one running.
    public static let presentationName = "present"

    /// Opens or closes on the seed's beats (`NowPlaying.presentation`), cancelling an open or close under way.
    /// Steps already run stay run; the bubbles' own blooms and gathers go on and the turn rule sorts them out.
    func present(_ open: Bool) {
        guard let context else { return }
        let velocity = releaseVelocity
        releaseVelocity = nil
        let environment = context.environment
        let steps = NowPlaying.presentation(open: open, reduceMotion: environment.reduceMotion, motion: context.tokens,
                                            layout: layout(in: environment), inputs: inputs(in: environment),
                                            state: state, velocity: velocity, bubblesPresent: buds.present)
        let choreography = NowPlaying.presentationChoreography(steps) {
            [weak self] cue, change in self?.perform(cue, change)
        }
        context.start(choreography, for: name)
    }

    private func perform(_ cue: NowPlaying.Cue, _ edit: (inout NowPlaying.State) -> Void) {
        switch cue {
        case .set(_, let animation):
            let wasShown = state.shown
            change(animation) { edit(&state) }
            // The card's elements are gone once the bar is back: VoiceOver's focus goes with them.
            if wasShown, !state.shown { focusedElement = nil }
        case .gather(let bubbles):
            gather(bubbles)
        case .bloom(let bubbles, let stagger):
            bloom(bubbles, stagger: stagger)
        case .land(let focusTitle):
            haptic("land", .impactFlexibility("soft"))
            if focusTitle {
                focusedElement = "title"
                emit(.focus, [NamedValue("element", .text("title"))])
            }
        }
    }

    // MARK: Bubbles

    /// Keeps the bubbles in step when the skip mode, its handler or the stream changes underneath: the ones no
    /// longer wanted melt home, then the new ones bud out (after the gather has removed the old, as the seed awaits
    /// it).
    func skipsChanged() {
        guard let context else { return }
        let desired = inputs.bubbles(open: state.shown)
        let leaving = buds.present.filter { !desired.contains($0) }
        let arriving = desired.filter { !buds.contains($0) }
        if leaving.isEmpty {
            if !arriving.isEmpty { bloom(arriving) }
            return
        }
        gather(leaving)
        guard !arriving.isEmpty else { return }
        let wait = NowPlaying.Beats.gatherRemoval + Double(leaving.count) * NowPlaying.Beats.gatherStagger
        context.schedule(after: wait, label: "\(name): bloom after gather") { [weak self] in self?.bloom(arriving) }
    }
}
