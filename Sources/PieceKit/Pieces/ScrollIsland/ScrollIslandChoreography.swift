/// The island's timing: how it reacts when what it shows changes (the seed's `onChange` handlers), and the beats it
/// keeps on the stage clock (the bubble's budding and melting, VoiceOver's focus after opening, a tapped row's pick).
extension ScrollIslandPiece {
    /// The seed's numbers for the island's beats, in seconds.
    public enum Beats {
        /// VoiceOver moves onto the current row this long after the contents open, once the rows have arrived.
        public static let focusAfterOpen = 0.42
        /// A tapped row (rows that scroll) is picked this long after the puck heads for it; 0.06 under Reduce Motion.
        public static let tapPick = 0.18
        public static let tapPickReduced = 0.06
        /// A bubble is added home, then sent out this long after (plus its own delay).
        public static let budLead = 0.024
        /// After a close the bubble waits this long, so the glass settles back into the island first.
        public static let budAfterClose = 0.45
        /// A change of `wantsTop` this soon after a close counts as part of the close.
        public static let closeWindow = 0.15
        /// A bubble called home is removed this long after (0.52 plus one 0.04 stagger for the one bubble).
        public static let meltRemoval = 0.52 + 0.04
        /// The bar's label layers: the one giving way blurs out on a quick ease; the one arriving blurs in a beat
        /// later, once the glass has mostly changed shape (no beat under Reduce Motion).
        public static let labelOut = 0.12
        public static let labelIn = 0.24
        public static let labelInDelay = 0.2
        public static let labelBlur = 5.0
        /// The rows arrive after the glass has grown and leave before it shrinks.
        public static let rowsIn = 0.26
        public static let rowsInDelay = 0.16
        public static let rowsOut = 0.12
        /// Closing, the glass waits this long, so the rows are gone first (not under Reduce Motion).
        public static let glassCloseDelay = 0.08
        /// The bubble's arrow: in a beat after the bubble leaves, out at once as it heads home.
        public static let bubbleContentIn = 0.3
        public static let bubbleContentInDelay = 0.1
        public static let bubbleContentOut = 0.14
        public static let bubbleContentBlur = 6.0
    }

    // MARK: Running changes

    /// Runs a handler's changes as one update with no animation, then the reactions to what changed, as SwiftUI
    /// runs `onChange` after the update a gesture or key made.
    ///
    /// The outermost handler notes the glass's press scale as it starts: while the scale differs from it, the
    /// update is one that pressed or let go, and the press animation covers every part of the island (see
    /// `islandAnimation` in `ScrollIslandElements`).
    func handle(on context: any PieceContext, _ body: () -> Void) {
        if handling == 0 { scaleAtHandlerStart = glassScale(in: context.environment) }
        handling += 1
        context.update { body() }
        handling -= 1
        if handling == 0 {
            scaleAtHandlerStart = nil
            react(on: context)
        }
    }

    /// The glass's press and scrub scale for the current state.
    func glassScale(in environment: PieceEnvironment) -> Double {
        guard let layout = layout(in: environment) else { return 1 }
        return ScrollIslandLayout.glassScale(size: layout.glass.size, pressed: state.pressed,
                                             scrubbing: state.touch == .scrubbing,
                                             reduceMotion: environment.reduceMotion)
    }

    /// Compares what the island shows with what it showed and reacts to each change, in the seed's order. Changes
    /// a reaction makes are reacted to in the next round, as the next update would.
    func react(on context: any PieceContext) {
        guard handling == 0 else { return }
        guard !reacting else { reactAgain = true; return }
        reacting = true
        defer { reacting = false }
        var rounds = 0
        repeat {
            reactAgain = false
            let now = snapshot
            let before = watched ?? now
            watched = now
            if now.displayIndex != before.displayIndex { morphTitle(to: now.displayIndex, on: context) }
            if now.readFraction != before.readFraction {
                moveRing(from: before.readFraction, to: now.readFraction, on: context)
            }
            if now.isOpen != before.isOpen { openChanged(now.isOpen, on: context) }
            if now.puckRow != before.puckRow { puckRowChanged(now.puckRow, on: context) }
            if now.wantsTop != before.wantsTop {
                let recent = context.workTime - state.closedAt < Beats.closeWindow
                updateTop(delay: recent ? Beats.budAfterClose : 0, on: context)
            }
            if now.count != before.count { countChanged(on: context) }
            rounds += 1
        } while (reactAgain || snapshot != watched) && rounds < 10
    }

    /// The first frame: everything where it rests, nothing moving.
    func appear() {
        state.shownIndex = displayIndex
        shownProgress = readFraction
        state.puckTop = Double(currentIndex)
        state.puckBottom = Double(currentIndex + 1)
        state.rowsShown = isOpen
        if wantsTop {
            state.bubblePresent = true
            state.bubbleOut = true
        }
        watched = snapshot
    }

    // MARK: Reactions

    /// The title, the count and the glass around them change as one, on the morph spring.
    /// The letters that change arrive one by one (`ScrollIslandLetters`): they are first set at their start with
    /// no animation, then released in the same update as the title, each on its own staggered spring.
    private func morphTitle(to index: Int, on context: any PieceContext) {
        let old = sections.indices.contains(clamp(state.shownIndex)) ? sections[clamp(state.shownIndex)].title : ""
        let new = sections.indices.contains(index) ? sections[index].title : ""
        context.transact(Transaction(disablesAnimations: true)) {
            state.letterTitle = new
            state.arrivingLetters = ScrollIslandLetters.arriving(from: old, to: new)
        }
        context.transact(context.tokens.morph) {
            state.shownIndex = index
            state.letterTitle = nil
            state.arrivingLetters = []
        }
    }

    /// A scroll tracks as it goes; a jump (a pick, back to top) sweeps the arc on the value spring, no overshoot.
    private func moveRing(from old: Double, to new: Double, on context: any PieceContext) {
        let animation = ScrollIslandRing.sweeps(from: old, to: new) ? context.tokens.value : nil
        context.transact(animation) { shownProgress = new }
    }

    private func openChanged(_ open: Bool, on context: any PieceContext) {
        emitImpact(on: context)
        stopRowsMotion(on: context)
        if open {
            if let rowsHide { context.cancel(rowsHide) }
            rowsHide = nil
            context.update {
                state.candidate = nil
                state.rowsShown = true
                if let panel = layout(in: context.environment)?.panel {
                    state.rowsOffset = panel.openingRowsOffset(for: puckRow)
                }
            }
            place(currentIndex, on: context)
            context.schedule(after: Beats.focusAfterOpen, label: "\(name): focus the current row") { [weak self] in
                guard let self, let context = self.context else { return }
                self.handle(on: context) {
                    guard self.isOpen else { return }
                    self.state.focusedRow = self.currentIndex
                    self.moveFocus(to: "row.\(self.currentIndex + 1)", on: context)
                }
            }
        } else {
            context.update {
                state.candidate = nil
                state.closedAt = context.workTime
                if state.focusedRow != nil {
                    state.focusedRow = nil
                    moveFocus(to: "island", on: context)
                }
            }
            hideRows(on: context)
        }
        updateTop(delay: open ? 0 : Beats.budAfterClose, on: context)
    }

    /// The rows stop being published once their fade out has run its length from the close. Background work: it
    /// only drops what can no longer be seen, so it never keeps a settle waiting.
    private func hideRows(on context: any PieceContext) {
        if let rowsHide { context.cancel(rowsHide) }
        let gone = context.changeBeginTime + Beats.rowsOut
        rowsHide = context.schedule(at: gone, label: "\(name): rows faded out", background: true) { [weak self] in
            guard let self, let context = self.context else { return }
            self.rowsHide = nil
            self.handle(on: context) {
                if !self.isOpen { self.state.rowsShown = false }
            }
        }
    }

    private func puckRowChanged(_ row: Int, on context: any PieceContext) {
        guard isOpen else {
            place(row, on: context)
            return
        }
        fly(to: row, on: context)
        if let panel = layout(in: context.environment)?.panel, panel.scrolls {
            let target = panel.rowsOffset(revealing: row, from: state.rowsOffset)
            if target != state.rowsOffset {
                stopRowsMotion(on: context)
                context.transact(context.tokens.value) { state.rowsOffset = target }
            }
        }
    }

    private func countChanged(on context: any PieceContext) {
        context.update { state.candidate = nil }
        place(currentIndex, on: context)
    }

    // MARK: The puck

    /// Sets the puck on a row with no animation.
    func place(_ row: Int, on context: any PieceContext) {
        context.transact(Transaction(disablesAnimations: true)) {
            state.puckTop = Double(row)
            state.puckBottom = Double(row + 1)
        }
    }

    /// Moves the puck edge by edge: the edge facing the new row leads on the snap spring, the far edge follows on a
    /// looser one (responsive, rank 2), so it stretches toward the row and gathers there. Reduce Motion gives both
    /// the same short spring: it slides without stretching.
    func fly(to row: Int, on context: any PieceContext) {
        let tokens = context.tokens
        let down = Double(row) + 0.5 > (state.puckTop + state.puckBottom) / 2
        let lead = tokens.snap
        let trail = tokens.follow(tokens.tier(.responsive), rank: 2)
        context.transact(down ? lead : trail) { state.puckBottom = Double(row + 1) }
        context.transact(down ? trail : lead) { state.puckTop = Double(row) }
    }

    // MARK: The bubble

    /// Buds the bubble out or melts it home to match where the reader is. A newer call overtakes an older one
    /// still waiting (one "bubble" choreography per island).
    func updateTop(delay: Double, on context: any PieceContext) {
        let want = wantsTop
        if want, !(state.bubblePresent && state.bubbleOut) {
            bud(delay: delay, on: context)
        } else if !want, state.bubblePresent {
            melt(on: context)
        }
    }

    /// Adds the bubble home with no animation, then sends it out on the split spring.
    private func bud(delay: Double, on context: any PieceContext) {
        context.transact(Transaction(disablesAnimations: true)) { state.bubblePresent = true }
        let wait = Beats.budLead + max(delay, 0)
        let choreography = Choreography(name: "bubble").then(after: wait, label: "bubble buds") { [weak self] in
            guard let self, let context = self.context else { return }
            self.handle(on: context) {
                context.transact(Liquid.split(reduceMotion: context.environment.reduceMotion)) {
                    self.state.bubbleOut = true
                }
            }
        }
        context.start(choreography, for: name)
    }

    /// Calls the bubble home on the home spring, then removes it once it has melted in.
    private func melt(on context: any PieceContext) {
        context.transact(Liquid.home(reduceMotion: context.environment.reduceMotion)) { state.bubbleOut = false }
        let choreography = Choreography(name: "bubble").then(after: Beats.meltRemoval, label: "bubble melts") {
            [weak self] in
            guard let self, let context = self.context else { return }
            self.handle(on: context) {
                if !self.state.bubbleOut { self.state.bubblePresent = false }
            }
        }
        context.start(choreography, for: name)
    }

    // MARK: Events

    /// The selection tick: a section a scrub or the puck crosses, an arrow key, the bubble.
    func emitTick(on context: any PieceContext) {
        context.emit(.haptic, piece: name, details: [NamedValue("style", .text("selection"))])
    }

    /// The light impact when the contents open and close.
    func emitImpact(on context: any PieceContext) {
        context.emit(.haptic, piece: name, details: [NamedValue("style", .text("impact")),
                                                   NamedValue("weight", .text("light"))])
    }

    func moveFocus(to element: String, on context: any PieceContext) {
        state.voiceOverFocus = element
        context.emit(.focus, piece: name, details: [NamedValue("element", .text(element))])
    }

    /// Tells the app that the island wrote one of its bindings.
    func emitBinding(_ binding: String, _ value: ElementValue, on context: any PieceContext) {
        context.emit(.callback, piece: name, details: [NamedValue("name", .text(binding)), NamedValue("value", value)])
    }
}
