/// Touches on the island and the actions they end in. The island only takes touches on its own glass: anything
/// landing elsewhere goes to the page behind it, which keeps scrolling.
extension ScrollIslandPiece {
    /// Where a touch landing at `point` goes: the bubble (while out), the rows (while open), the bar (the closed
    /// glass, or the open panel's bottom bar), the rest of the open glass (taken, to no effect), or the page.
    func route(for point: Point, on context: any PieceContext) -> TouchRoute {
        guard let layout = layout(in: context.environment) else { return .page }
        let usable = count > 1 && context.environment.isEnabled
        if let bubble = layout.bubble, state.bubblePresent, state.bubbleOut {
            let f = bubble.presentedFrame
            let dx = point.x - f.midX, dy = point.y - f.midY
            // A disabled button still takes the touch it is under; it just does nothing with it.
            if (dx * dx + dy * dy).squareRoot() <= f.width / 2 { return usable ? .bubble : .none }
        }
        guard layout.glass.contains(point) else { return .page }
        if layout.isOpen {
            if layout.panel.rowsFrame.contains(point) { return usable ? .rows : .none }
            if point.y >= layout.bar.frame.minY { return usable ? .bar : .none }
            return .none
        }
        return usable ? .bar : .none
    }

    public func handle(_ touch: Touch, on context: any PieceContext) {
        if touch.phase == .began { touchRoute = route(for: touch.location, on: context) }
        switch touchRoute {
        case .none: break
        case .page: page.handle(touch, on: context)
        case .bar: barTouch(touch, on: context)
        case .rows:
            if layout(in: context.environment)?.panel.scrolls == true {
                scrollingRowsTouch(touch, on: context)
            } else {
                rowsTouch(touch, on: context)
            }
        case .bubble:
            bubbleTouch(touch, on: context)
        }
        if touch.phase == .ended || touch.phase == .cancelled { touchRoute = .none }
    }

    // MARK: The bubble

    /// The back-to-top button: it sinks while the finger is down, and a lift on it goes back to the top. A lift
    /// off it, or a touch the system takes, does nothing but let go.
    private func bubbleTouch(_ touch: Touch, on context: any PieceContext) {
        switch touch.phase {
        case .began:
            handle(on: context) { state.bubblePressed = true }
        case .moved:
            break
        case .ended:
            let inside = route(for: touch.location, on: context) == .bubble
            handle(on: context) {
                state.bubblePressed = false
                if inside { backToTop(on: context) }
            }
        case .cancelled:
            handle(on: context) { state.bubblePressed = false }
        }
    }

    // MARK: The bar

    /// A tap opens or closes; sideways scrubs while closed; up opens, and a finger carrying on onto another row picks
    /// it on release, like a menu.
    private func barTouch(_ touch: Touch, on context: any PieceContext) {
        switch touch.phase {
        case .began:
            handle(on: context) {
                state.touch = .undecided
                state.pressed = true
            }
        case .moved:
            handle(on: context) { barMoved(touch, on: context) }
        case .ended:
            handle(on: context) { barEnded(touch, on: context) }
        case .cancelled:
            handle(on: context) { cancelTouch(on: context) }
        }
    }

    private func barMoved(_ touch: Touch, on context: any PieceContext) {
        let dx = touch.translation.width, dy = touch.translation.height
        switch state.touch {
        case .idle:
            state.touch = .undecided
            state.pressed = true
        case .undecided:
            let scrolls = layout(in: context.environment)?.panel.scrolls ?? false
            let intent = ScrollIslandTouchIntent.decide(dx: dx, dy: dy, isOpen: isOpen, rowsScroll: scrolls)
            guard intent != .undecided else { return }
            state.pressed = false
            switch intent {
            case .scrub:
                state.touch = .scrubbing
                state.scrubOrigin = currentIndex
                // The lift starts on the press animation first: the give is an offset outside it, set under the
                // finger with no animation.
                context.update {}
                scrub(dx, on: context)
            case .open(let slides):
                if !isOpen { setOpen(true, on: context) }
                state.touch = slides ? .opening(startY: touch.location.y) : .cancelled
            case .cancelled, .undecided:
                state.touch = .cancelled
            }
        case .scrubbing:
            scrub(dx, on: context)
        case .opening(let startY):
            guard let panel = layout(in: context.environment)?.panel else { return }
            let row = panel.row(at: touch.location)
            guard ScrollIslandTouchIntent.swipeBecomesPick(row: row, currentIndex: currentIndex, y: touch.location.y,
                                                           startY: startY, rowHeight: panel.metrics.rowHeight)
            else { return }
            state.touch = .picking
            aim(row, on: context)
        case .picking:
            aim(layout(in: context.environment)?.panel.row(at: touch.location), on: context)
        case .cancelled:
            break
        }
    }

    private func barEnded(_ touch: Touch, on context: any PieceContext) {
        let ended = state.touch
        state.touch = .idle
        state.pressed = false
        switch ended {
        case .undecided:
            setOpen(!isOpen, on: context)
        case .scrubbing:
            endScrub(velocity: touch.velocity.x, on: context)
        case .picking:
            if let candidate = state.candidate { pick(candidate, on: context) }
        default:
            break
        }
    }

    /// The system took the touch: nothing commits, and the island lets go.
    func cancelTouch(on context: any PieceContext) {
        guard state.touch != .idle else { return }
        if state.touch == .scrubbing || state.touch == .picking { state.candidate = nil }
        state.touch = .idle
        state.pressed = false
        if state.pull != 0 { context.transact(context.tokens.settle) { state.pull = 0 } }
    }

    /// One section per 32 points toward the trailing side, a tick for each, and the banded give past the ends.
    private func scrub(_ dx: Double, on context: any PieceContext) {
        let s = ScrollIslandScrub(origin: state.scrubOrigin, count: count, dx: dx,
                                  layoutDirection: context.environment.layoutDirection,
                                  reduceMotion: context.environment.reduceMotion)
        if s.ticks(from: displayIndex) { emitTick(on: context) }
        state.candidate = s.candidate
        state.pull = s.pull
    }

    /// Letting go commits the section under the finger; past an end the band springs back at the finger's speed,
    /// slowed the way the band slowed it (a fifth).
    private func endScrub(velocity: Double, on context: any PieceContext) {
        let target = state.candidate ?? currentIndex
        if target != currentIndex { commit(target, on: context) }
        state.candidate = nil
        guard state.pull != 0 else { return }
        let leading = context.environment.isRightToLeft ? -velocity : velocity
        let animation = context.tokens.settle(velocity: leading * ScrollIslandPiece.bandSlowing, from: state.pull, to: 0)
        context.transact(animation) { state.pull = 0 }
    }

    /// The share of the finger's speed the scrub's give springs back with.
    static let bandSlowing = 0.2

    // MARK: The rows (every row in view)

    /// The puck goes to the row under the finger and follows it row by row; lifting on a row picks it, lifting off
    /// the rows picks nothing.
    private func rowsTouch(_ touch: Touch, on context: any PieceContext) {
        let panel = layout(in: context.environment)?.panel
        switch touch.phase {
        case .began, .moved:
            handle(on: context) {
                if state.touch == .idle { state.touch = .picking }
                guard state.touch == .picking else { return }
                aim(panel?.row(at: touch.location), on: context)
            }
        case .ended:
            handle(on: context) {
                let row = state.touch == .picking ? panel?.row(at: touch.location) : nil
                state.touch = .idle
                if let row { pick(row, on: context) } else { state.candidate = nil }
            }
        case .cancelled:
            handle(on: context) { cancelTouch(on: context) }
        }
    }

    // MARK: Actions

    func setOpen(_ open: Bool, on context: any PieceContext) {
        // Nothing to do when already there; a single section has no contents to open.
        guard open != isOpen, count > 1 || !open else { return }
        if boundExpanded != nil {
            boundExpanded = open
            emitBinding("isExpanded", .bool(open), on: context)
        } else {
            state.localExpanded = open
        }
    }

    /// Moves the puck to a row (or back to the current one for nil), with a tick for each row it lands on.
    func aim(_ row: Int?, on context: any PieceContext) {
        let before = puckRow
        state.candidate = row
        if let row, row != before { emitTick(on: context) }
    }

    /// A row tapped (or activated by VoiceOver or a keyboard): the puck goes there, then the panel closes on it.
    func tapRow(_ index: Int, on context: any PieceContext) {
        guard isOpen, sections.indices.contains(index) else { return }
        state.candidate = index
        let wait = context.environment.reduceMotion ? Beats.tapPickReduced : Beats.tapPick
        context.schedule(after: wait, label: "\(name): pick the tapped row") { [weak self] in
            guard let self, let context = self.context else { return }
            self.handle(on: context) {
                if self.isOpen, self.state.candidate == index { self.pick(index, on: context) }
            }
        }
    }

    func pick(_ index: Int, on context: any PieceContext) {
        if index != currentIndex { commit(index, on: context) }
        state.candidate = nil
        setOpen(false, on: context)
    }

    func backToTop(on context: any PieceContext) {
        guard currentIndex > 0 else { return }
        handle(on: context) {
            emitTick(on: context)
            commit(0, on: context)
        }
    }

    /// One section on, or back: the arrow keys and VoiceOver's adjustable action on the closed island.
    func step(_ delta: Int, on context: any PieceContext) {
        let target = clamp(currentIndex + delta)
        guard target != currentIndex else { return }
        emitTick(on: context)
        commit(target, on: context)
    }

    /// The puck one row up or down in the open panel.
    func move(_ delta: Int, on context: any PieceContext) {
        let row = clamp(puckRow + delta)
        guard row != puckRow else { return }
        state.candidate = row
        emitTick(on: context)
    }

    /// Writes the pick to the binding with no animation; the page jumps there.
    func commit(_ index: Int, on context: any PieceContext) {
        guard index >= 0, index < sections.count else { return }
        let id = sections[index].id
        page.select(id, animation: nil)
        emitBinding("selection", .text(id), on: context)
    }
}
