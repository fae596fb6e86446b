/// The rows of a long contents list scroll inside the panel like any scroll view: a finger that moves past the
/// scroll slop drags them (banded past the ends), lets go into a fling, and a press that never moved is a tap that
/// picks its row (after the puck has had a moment to get there).
extension ScrollIslandPiece {
    /// How far a finger moves on the rows before it scrolls them rather than tapping. A guess: UIScrollView's pan
    /// starts after about 10 points; the seed leaves it to the system.
    public static let rowsScrollSlop = 10.0

    func scrollingRowsTouch(_ touch: Touch, on context: any PieceContext) {
        guard let panel = layout(in: context.environment)?.panel else { return }
        let range = 0...panel.maxRowsOffset
        switch touch.phase {
        case .began:
            stopRowsMotion(on: context)
            state.rowsTouch = .pressing
        case .moved:
            switch state.rowsTouch {
            case .pressing:
                guard abs(touch.translation.height) > Self.rowsScrollSlop else { return }
                let drag = ScrollPageDrag(startOffset: state.rowsOffset, range: range, dimension: panel.rowsViewport)
                state.rowsTouch = .scrolling(drag, fromY: touch.location.y)
            case .scrolling(let drag, let fromY):
                let offset = drag.offset(forTranslation: touch.location.y - fromY)
                handle(on: context) { state.rowsOffset = offset }
            case .none:
                break
            }
        case .ended:
            let was = state.rowsTouch
            state.rowsTouch = .none
            switch was {
            case .pressing:
                guard let row = panel.tappedRow(at: touch.location, rowsOffset: state.rowsOffset) else { return }
                handle(on: context) { tapRow(row, on: context) }
            case .scrolling:
                flingRows(velocity: -touch.velocity.y, range: range, on: context)
            case .none:
                break
            }
        case .cancelled:
            if case .scrolling = state.rowsTouch { flingRows(velocity: 0, range: range, on: context) }
            state.rowsTouch = .none
        }
    }

    /// Lets the rows coast at `velocity` points per second, decelerating like a scroll view and springing back from
    /// past an end, sampled frame by frame.
    private func flingRows(velocity: Double, range: ClosedRange<Double>, on context: any PieceContext) {
        let fling = ScrollPageFling(startOffset: state.rowsOffset, velocity: velocity, range: range)
        let begin = context.changeBeginTime
        guard fling.duration > 0 else {
            handle(on: context) { state.rowsOffset = fling.finalOffset }
            return
        }
        scheduleRowsTick(fling, begin: begin, after: begin, on: context)
    }

    private func scheduleRowsTick(_ fling: ScrollPageFling, begin: Double, after time: Double, on context: any PieceContext) {
        let clock = context.clock
        var next = clock.firstFrame(atOrAfter: time)
        if clock.time(ofFrame: next) <= time + VirtualClock.timeTolerance { next += 1 }
        rowsTick = context.schedule(at: clock.time(ofFrame: next), label: "\(name): rows scroll") { [weak self] in
            guard let self, let context = self.context else { return }
            self.rowsTick = nil
            let now = context.workTime
            let done = now - begin >= fling.duration
            let offset = done ? fling.finalOffset : fling.offset(at: now - begin)
            self.handle(on: context) { self.state.rowsOffset = offset }
            if !done { self.scheduleRowsTick(fling, begin: begin, after: now, on: context) }
        }
    }

    /// A finger landing on moving rows catches them; opening or closing stops them.
    func stopRowsMotion(on context: any PieceContext) {
        if let rowsTick { context.cancel(rowsTick) }
        rowsTick = nil
    }
}
