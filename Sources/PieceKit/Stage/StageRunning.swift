/// Moving the world forward: frames, settling, waiting for a condition, jumping.
extension Stage {
    /// Renders the next frame: the clock moves one frame, due work runs (each batch reconciled at its own time),
    /// every property is sampled at the frame time, and the frame is kept (and logged, when a log is attached).
    @discardableResult
    public func renderFrame() throws(StageError) -> Frame {
        if let refusal = clockMoveRefusal("render a frame") { throw .insideCallout(refusal) }
        guard insideOwnWork == 0 else { throw .reentered("render a frame") }
        try limits.checkInterruption()
        do { try clock.advance() } catch { throw .clock(error) }
        let runaway = try runScheduledWork(upTo: clock.now)
        let frame = sample()
        pendingEvents.removeAll(keepingCapacity: true)
        memory.pendingEventBytes = 0
        owesFrame = false
        presentedFrame = clock.frame
        kept.keep(frame)
        try log.reportFailure()
        if let sink = log.sink {
            let line = log.line(for: frame)
            do { try sink.receive(utf8: line) } catch { throw .logFailed("\(error)") }
        }
        // Reported after the frame is kept, so the stage is left in a consistent state.
        if let overLimit = kept.overLimit { throw overLimit }
        if runaway { throw .runawayWork(time: clock.now, pending: Array(scheduler.pendingLabels.prefix(10))) }
        return frame
    }

    /// Renders `count` frames. Returns the last one (the latest frame when `count` is 0).
    @discardableResult
    public func frames(_ count: Int) throws(StageError) -> Frame? {
        if let refusal = clockMoveRefusal("render frames") { throw .insideCallout(refusal) }
        guard count >= 0 else { throw .negativeCount("frames", count) }
        defer { flushLog() }
        for _ in 0..<count { try renderFrame() }
        return latestFrame
    }

    /// Renders every frame up to the first frame at or after `now + seconds`; returns how many. The count comes
    /// from frame times, so 1.0 s at 120 fps is exactly 120 frames and the last one is at exactly `now + 1.0`
    /// (when `now` is on the grid, which it always is).
    @discardableResult
    public func advance(_ seconds: Double) throws(StageError) -> Int {
        if let refusal = clockMoveRefusal("advance the clock") { throw .insideCallout(refusal) }
        let count = try frameCount(for: seconds)
        defer { flushLog() }
        for _ in 0..<count { try renderFrame() }
        return count
    }

    /// Renders frames until nothing animates, no blocking work is scheduled and the latest frame shows every
    /// change and event; returns how many frames that took (0 when already at rest).
    ///
    /// Gives up after `maxFrames` (default: ten seconds of frames) with `StageError.didNotSettle`, which names
    /// every `piece.element.number` still animating and the label of every blocking work still scheduled.
    /// Background work (see `schedule(at:label:background:_:)`) never keeps the stage from settling.
    @discardableResult
    public func settle(maxFrames: Int? = nil) throws(StageError) -> Int {
        if let refusal = clockMoveRefusal("settle") { throw .insideCallout(refusal) }
        let limit = maxFrames ?? clock.fps * 10
        guard limit >= 0 else { throw .negativeCount("maxFrames", limit) }
        defer { flushLog() }
        var ran = 0
        while isBusy {
            guard ran < limit else {
                throw .didNotSettle(frames: ran, time: now, animating: animatingPaths, scheduled: blockingLabels)
            }
            try renderFrame()
            ran += 1
        }
        return ran
    }

    /// Renders frames until `predicate` holds for a newly rendered frame; returns how many were rendered
    /// (the last one is the frame that satisfied it). Frames rendered before the call are not tested, so waiting
    /// for an event never matches an old one. Throws `timedOut` once `timeout` seconds of frames have passed.
    @discardableResult
    public func runUntil(_ predicate: (Frame) -> Bool, timeout: Double) throws(StageError) -> Int {
        if let refusal = clockMoveRefusal("run until a condition holds") { throw .insideCallout(refusal) }
        let limit = try frameCount(for: timeout)
        defer { flushLog() }
        var ran = 0
        while ran < limit {
            let frame = try renderFrame()
            ran += 1
            if predicate(frame) { return ran }
        }
        throw .timedOut(frames: ran, time: now)
    }

    /// Moves time on by `seconds` (to the first frame at or after `now + seconds`) without rendering the frames
    /// in between: animations progress in time, scheduled work in the span runs in (time, order) order and its
    /// changes begin at the first frame at or after their time. Events emitted meanwhile go to the next rendered
    /// frame. Returns the number of frames skipped.
    @discardableResult
    public func jump(_ seconds: Double) throws(StageError) -> Int {
        if let refusal = clockMoveRefusal("jump") { throw .insideCallout(refusal) }
        guard insideOwnWork == 0 else { throw .reentered("jump") }
        try limits.checkInterruption()
        let start = clock.frame
        do { try clock.jump(seconds) } catch { throw .clock(error) }
        let runaway = try runScheduledWork(upTo: clock.now)
        presentedFrame = clock.frame
        if runaway { throw .runawayWork(time: clock.now, pending: Array(scheduler.pendingLabels.prefix(10))) }
        return clock.frame - start
    }

    // MARK: State

    /// True while something animates, blocking work is pending, or a change or event is not yet in a frame.
    public var isBusy: Bool {
        owesFrame || hasBlockingWork || slots.contains { $0.isAnimating(at: now) }
    }

    /// `piece.element.number` for every number moving at `now`.
    public var animatingPaths: [String] {
        slots.flatMap { $0.animatingPaths(at: now) }
    }

    // MARK: Frames

    public var latestFrame: Frame? { kept.history.last }

    /// The rendered frame with this index (nil for frames never rendered, such as those a jump passed over, and
    /// for frames no longer kept: `keptFrame(at:)` says which).
    public func frame(at index: Int) -> Frame? { kept.frame(at: index) }

    /// The kept frames whose time is at or after `time` (to within a nanosecond, as the motion rules read "from"),
    /// oldest first: none for NaN. Kept frames are in time order, so the first is found by halving: a rule checked
    /// after every step of a long run reads that step's frames, not every frame kept before them.
    public func keptFrames(from time: Double) -> Slice<FrameHistory> { kept.frames(from: time) }

    /// The rendered frame with this index, nil for frames never rendered; a frame rendered but no longer kept
    /// (older than the `retention` window) is an error naming the frame, the window and how to widen it.
    public func keptFrame(at index: Int) throws(StageError) -> Frame? {
        try kept.checkKept(frame: index)
        return kept.frame(at: index)
    }

    /// The frame on screen at `time`: the latest rendered frame whose time is at or before it (within
    /// `VirtualClock.timeTolerance`, so `0.1` finds the frame at 0.1 however the script computed it).
    public func frame(atTime time: Double) -> Frame? { kept.frame(atTime: time) }

    /// As `frame(atTime:)`, but a time whose frame is no longer kept is an error (see `keptFrame(at:)`).
    public func keptFrame(atTime time: Double) throws(StageError) -> Frame? {
        try kept.checkKept(time: time, tolerance: VirtualClock.timeTolerance)
        return kept.frame(atTime: time)
    }

    /// The kept frames from `from` to `to` (times, inclusive within a nanosecond); a span that starts before the
    /// frames kept, once some were let go, is an error (see `keptFrame(at:)`).
    public func keptFrames(from: Double, to: Double) throws(StageError) -> [Frame] {
        try kept.checkKept(time: from, tolerance: 1e-9)
        return kept.frames(from: from, to: to)
    }

    // MARK: Internals

    /// Hands the log's buffered lines to the OS as an operation returns to its caller. A failure here is kept
    /// for the next frame to report (a `defer` cannot throw), and the sink keeps the lines to try again.
    func flushLog() {
        guard let sink = log.sink else { return }
        do { try sink.flush() } catch { log.keep(failure: "\(error)") }
    }

    /// Frames in `seconds` from now, by frame times (never by summing durations).
    private func frameCount(for seconds: Double) throws(StageError) -> Int {
        guard seconds.isFinite else { throw .clock(.notFinite(seconds)) }
        guard seconds >= 0 else { throw .clock(.backwards("\(number: seconds) s")) }
        let count = clock.firstFrame(atOrAfter: seconds)
        guard count != Int.max else { throw .clock(.overflow) }
        return count
    }

    /// Runs due work one time at a time, reconciling after each, so changes made directly (not in a transaction)
    /// by work due at t snap at t, and the next work sees them. Returns true when work ran away (see `Scheduler`).
    ///
    /// `interruption` is asked before each time's work as well as before each frame: a jump over a month of a
    /// playing player's ticks runs no frames and no Lua, and must still stop at the host's limits.
    func runScheduledWork(upTo time: Double) throws(StageError) -> Bool {
        insideOwnWork += 1
        defer { insideOwnWork -= 1 }
        while let next = scheduler.nextTime, next <= time + VirtualClock.timeTolerance {
            try limits.checkInterruption()
            backgroundWork.checksRun = 0
            let ran = scheduler.runDue(upTo: next)
            try limits.throwHostStop()
            // A batch made only of checks read and changed nothing: the layouts stand as they are.
            if ran == 0 || ran != backgroundWork.checksRun { reconcileAll(Transaction()) }
            if scheduler.lastRunWasCutShort { return true }
        }
        scheduler.runDue(upTo: time)
        try limits.throwHostStop()
        return false
    }

    /// Every piece at the current frame time, with the pending events: one buffer of numbers, in the layout
    /// the latest frame used unless a piece's shape changed.
    private func sample() -> Frame {
        let time = clock.now
        let layout: FrameLayout
        if let current = frameLayout, current.holds(slots.lazy.map(\.shape)) {
            layout = current
        } else {
            layout = FrameLayout(slots.map(\.shape), previous: frameLayout)
            frameLayout = layout
            for (slot, shape) in zip(slots, layout.pieces) { slot.noteFramed(shape) }
        }
        let values = [Double](unsafeUninitializedCapacity: layout.valueCount) { buffer, count in
            for (position, slot) in slots.enumerated() {
                slot.sample(at: time, into: buffer, from: layout.offsets[position])
            }
            count = layout.valueCount
        }
        return Frame(index: clock.frame, time: time, layout: layout, values: values, events: pendingEvents)
    }
}
