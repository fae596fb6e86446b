/// Where Reduce Motion was switched on a stage: from each entry's frame on (the first frame a change made then
/// shows) it is `on`. A room of its own because the motion rules ask it which frames were drawn under Reduce Motion
/// (`toBeContinuous` holds only without it), long after the environment moved on.
struct ReduceMotionNotes {
    private(set) var changes: [(frame: Int, on: Bool)] = []

    /// Notes a switch to `on` from `frame`: one entry per frame and none that repeats the one before; the first
    /// switch also notes what was before it (from frame 0).
    mutating func note(_ on: Bool, from frame: Int) {
        if changes.isEmpty { changes.append((0, !on)) }
        if let last = changes.last, last.frame == frame { changes.removeLast() }
        if changes.last?.on == on { return }
        changes.append((frame, on))
    }

    /// Whether frame `index` was drawn with Reduce Motion on (`current` when it was never switched).
    func isOn(atFrame index: Int, current: Bool) -> Bool {
        changes.last(where: { $0.frame <= index })?.on ?? current
    }
}
