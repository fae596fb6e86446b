/// How many rendered frames a stage keeps for scripts to read back.
///
/// By default every frame (a scenario reads any of them afterwards); a scenario that runs long narrows it to
/// the latest stretch of virtual time. Either way a host with a memory cap counts the kept frames against it
/// (`Stage.historyByteLimit`), and more history than the cap holds is an error that says so, never a silent loss.
public enum FrameRetention: Sendable, Equatable, CustomStringConvertible {
    /// Every rendered frame.
    case all
    /// The frames of the last `seconds` of virtual time (the latest frame always).
    case seconds(Double)

    public var description: String {
        switch self {
        case .all: return "every frame"
        case .seconds(let s): return "the frames of the last \(s) s"
        }
    }
}

/// The frames a stage keeps, oldest first, as a collection whose indices stay put: position `p` is the `p`-th
/// frame ever kept, so positions taken before older frames were let go still find the same frames (the first
/// valid one is `startIndex`). Frames share their layouts (`FrameLayout`); `bytes` counts each layout once.
public struct FrameHistory: RandomAccessCollection, Sendable {
    private var storage: [Frame] = []
    /// The estimated bytes each kept frame accounts for, parallel to `storage`.
    private var costs: [Int] = []
    /// Slots of `storage` before this one were let go.
    private var head = 0
    /// Frames let go since the stage began.
    public private(set) var droppedCount = 0
    /// About how many bytes the kept frames hold (see `FrameSize`).
    public private(set) var bytes = 0
    /// The index of the latest frame let go (nil while every frame is kept).
    public private(set) var lastDroppedFrame: Int?

    public init() {}

    public var startIndex: Int { droppedCount }
    public var endIndex: Int { droppedCount + storage.count - head }
    public subscript(position: Int) -> Frame { storage[head + position - droppedCount] }

    /// Keeps `frame` (the newest).
    mutating func append(_ frame: Frame) {
        var cost = FrameSize.ownBytes(of: frame)
        if storage.count == head || storage[storage.count - 1].layout !== frame.layout {
            cost += frame.layout.estimatedBytes
        }
        storage.append(frame)
        costs.append(cost)
        bytes += cost
    }

    /// Lets go of the oldest frames until the oldest kept one is at or after `time` (the newest always stays).
    mutating func dropFrames(before time: Double) {
        while storage.count - head > 1, storage[head].time < time - VirtualClock.timeTolerance {
            dropOldest()
        }
        // Slots let go are compacted away once they are half the storage, so dropping costs O(1) on average.
        if head > 64, head * 2 > storage.count {
            storage.removeFirst(head)
            costs.removeFirst(head)
            head = 0
        }
    }

    private mutating func dropOldest() {
        let frame = storage[head]
        let own = FrameSize.ownBytes(of: frame)
        let layoutShare = costs[head] - own
        // The layout stays alive while the next frame uses it: its share moves there.
        if layoutShare > 0, head + 1 < storage.count, storage[head + 1].layout === frame.layout {
            costs[head + 1] += layoutShare
            bytes -= own
        } else {
            bytes -= costs[head]
            // The next frame's layout was counted only for what it does not share with this one; the lists they
            // share outlive this frame, so the next layout now carries them: it is charged in full.
            if layoutShare > 0, head + 1 < storage.count {
                let next = storage[head + 1].layout
                let extra = next.standaloneBytes - next.estimatedBytes
                costs[head + 1] += extra
                bytes += extra
            }
        }
        lastDroppedFrame = frame.index
        storage[head] = FrameHistory.placeholder
        costs[head] = 0
        head += 1
        droppedCount += 1
    }

    /// What a slot let go holds until it is compacted: nothing.
    private static let placeholder = Frame(index: -1, time: -.infinity, layout: FrameLayout([]), values: [], events: [])
}
