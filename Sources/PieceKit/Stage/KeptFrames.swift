/// The frames a stage keeps for scripts to read back, which of them it keeps (`retention`) and the most bytes they
/// may hold (`byteLimit`). A room of its own because finding a kept frame, letting old ones go and saying why a
/// frame is no longer there are one rule, which the frame loop only feeds (`keep`).
struct KeptFrames {
    /// The kept frames, oldest first.
    var history = FrameHistory()
    /// Which frames are kept; narrowing it lets the older ones go at once (`applyRetention`).
    var retention: FrameRetention = .all
    /// The most bytes the kept frames may hold (a host's memory cap), nil for no limit.
    var byteLimit: Int?

    /// Keeps the newest frame and lets go of those the retention window no longer holds.
    mutating func keep(_ frame: Frame) {
        history.append(frame)
        applyRetention()
    }

    /// Lets go of the frames older than the `retention` window.
    mutating func applyRetention() {
        guard case .seconds(let seconds) = retention, let latest = history.last else { return }
        history.dropFrames(before: latest.time - seconds)
    }

    /// The error for kept frames past `byteLimit` (the frame that took them past it is kept all the same).
    var overLimit: StageError? {
        guard let limit = byteLimit, history.bytes > limit else { return nil }
        return .historyOverLimit(frames: history.count, bytes: history.bytes, limit: limit, retention: retention)
    }

    /// The kept frame with this index, by halving (frame indices grow along the history).
    func frame(at index: Int) -> Frame? {
        var low = history.startIndex, high = history.endIndex
        while low < high {
            let mid = (low + high) / 2
            if history[mid].index < index { low = mid + 1 } else { high = mid }
        }
        return low < history.endIndex && history[low].index == index ? history[low] : nil
    }

    /// The kept frames at or after `time` (to within a nanosecond), oldest first; none for NaN.
    func frames(from time: Double) -> Slice<FrameHistory> {
        guard !time.isNaN else { return history[history.endIndex...] }
        let limit = time - 1e-9
        var low = history.startIndex, high = history.endIndex
        while low < high {
            let mid = (low + high) / 2
            if history[mid].time < limit { low = mid + 1 } else { high = mid }
        }
        return history[low...]
    }

    /// The latest kept frame whose time is at or before `time` (within `VirtualClock.timeTolerance`).
    func frame(atTime time: Double) -> Frame? {
        guard !time.isNaN else { return nil }
        let limit = time + VirtualClock.timeTolerance
        var low = history.startIndex, high = history.endIndex
        while low < high {
            let mid = (low + high) / 2
            if history[mid].time <= limit { low = mid + 1 } else { high = mid }
        }
        return low > history.startIndex ? history[low - 1] : nil
    }

    /// An error naming frame `index` when it was rendered but let go, the window kept and how to widen it.
    func checkKept(frame index: Int) throws(StageError) {
        guard let dropped = history.lastDroppedFrame, index <= dropped else { return }
        try notKept(frame: index, time: nil)
    }

    /// An error naming `time` when frames from before the kept ones were let go (within `tolerance`).
    func checkKept(time: Double, tolerance: Double) throws(StageError) {
        guard history.lastDroppedFrame != nil, let first = history.first, time < first.time - tolerance else { return }
        try notKept(frame: nil, time: time)
    }

    /// The kept frames from `from` to `to` (times, inclusive within a nanosecond).
    func frames(from: Double, to: Double) -> [Frame] {
        history.filter { $0.time >= from - 1e-9 && $0.time <= to + 1e-9 }
    }

    private func notKept(frame: Int?, time: Double?) throws(StageError) {
        guard let first = history.first else { return }
        throw .frameNotKept(frame: frame, time: time, kept: first.index...(history.last?.index ?? first.index),
                            retention: retention)
    }
}
