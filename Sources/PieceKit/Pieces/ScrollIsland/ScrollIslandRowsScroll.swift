/// The rows of a long contents list scroll inside the panel like any scroll view: a finger that moves past the
/// scroll slop drags them (banded past the ends), lets go into a fling, and a press that never moved is a tap that
/// picks its row (after the puck has had a moment to get there).
extension ScrollIslandPiece {
    /// How far a finger moves on the rows before it scrolls them rather than tapping. A guess: UIScrollView's pan
    /// starts after about 10 points; the seed leaves it to the system.
    public static let rowsScrollSlop = 10.0

    func scrollingRowsTouch(_ touch: Touch, on stage: Stage) {
        guard let panel = layout(in: stage.environment)?.panel else { return }
        let range = 0...panel.maxRowsOffset
        switch touch.phase {
        case .began:
            stopRowsMotion(on: stage)
            state.rowsTouch = .pressing
        case .moved:
            switch state.rowsTouch {
            case .pressing:
                guard abs(touch.translation.height) > Self.rowsScrollSlop else { return }
                let drag = ScrollPageDrag(startOffset: state.rowsOffset, range: range, dimension: panel.rowsViewport)
                state.rowsTouch = .scrolling(drag, fromY: touch.location.y)
            case .scrolling(let drag, let fromY):
                let offset = drag.offset(forTranslation: touch.location.y - fromY)
                handle(on: stage) { state.rowsOffset = offset }
            case .none:
                break
            }
        case .ended:
            let was = state.rowsTouch
            state.rowsTouch = .none
            switch was {
            case .pressing:
                guard let row = panel.tappedRow(at: touch.location, rowsOffset: state.rowsOffset) else { return }
                handle(on: stage) { tapRow(row, on: stage) }
            case .scrolling:
                flingRows(velocity: -touch.velocity.y, range: range, on: stage)
            case .none:
                break
            }
        case .cancelled:
            if case .scrolling = state.rowsTouch { flingRows(velocity: 0, range: range, on: stage) }
            state.rowsTouch = .none
        }
    }

    /// Lets the rows coast at `velocity` points per second, decelerating like a scroll view and springing back from
    /// past an end, sampled frame by frame.
    private func flingRows(velocity: Double, range: ClosedRange<Double>, on stage: Stage) {
        let fling = ScrollPageFling(startOffset: state.rowsOffset, velocity: velocity, range: range)
        let begin = stage.changeBeginTime
        guard fling.duration > 0 else {
            handle(on: stage) { state.rowsOffset = fling.finalOffset }
            return
        }
        scheduleRowsTick(fling, begin: begin, after: begin, on: stage)
    }

    private func scheduleRowsTick(_ fling: ScrollPageFling, begin: Double, after time: Double, on stage: Stage) {
        let clock = stage.clock
        var next = clock.firstFrame(atOrAfter: time)
        if clock.time(ofFrame: next) <= time + VirtualClock.timeTolerance { next += 1 }
        rowsTick = stage.schedule(at: clock.time(ofFrame: next), label: "\(name): rows scroll") { [weak self] in
            guard let self, let stage = self.stage else { return }
            self.rowsTick = nil
            let now = stage.scheduler.currentTime
            let done = now - begin >= fling.duration
            let offset = done ? fling.finalOffset : fling.offset(at: now - begin)
            self.handle(on: stage) { self.state.rowsOffset = offset }
            if !done { self.scheduleRowsTick(fling, begin: begin, after: now, on: stage) }
        }
    }

    /// A finger landing on moving rows catches them; opening or closing stops them.
    func stopRowsMotion(on stage: Stage) {
        if let rowsTick { stage.cancel(rowsTick) }
        rowsTick = nil
    }
}
