/// Where an exploration's random choices come from, and how they are kept. Every draw is recorded, so a run can be
/// replayed exactly, and shrunk by editing the record and replaying it (the draws, not the actions, are what is made
/// simpler). Run `i` of seed `s` draws from its own generator (`SplitMix64.forRun`). Integer and bit arithmetic only:
/// the same draws on every platform.
/// One recorded draw: what was asked for and what was given.
public enum Choice: Sendable, Equatable {
    /// A whole number in `low...high`.
    case integer(low: Int, high: Int, value: Int)
    /// A number in `low...high`.
    case number(low: Double, high: Double, value: Double)
    case bool(Bool)
    /// One of `count` options, by its place (0 is the first, the simplest).
    case pick(count: Int, index: Int)
}

/// The draws of one run: fresh from a generator, or replayed from a record (a shrunk one). A replayed value that no
/// longer fits what is asked at its place (a shrink moved the draws) becomes the simplest value that does, and the
/// run is marked misaligned; asking past the end of a record is an overrun (the candidate is not a valid run).
public struct ChoiceSource: Sendable {
    private var generator: SplitMix64?
    private let replay: [Choice]
    public private(set) var drawn: [Choice] = []
    public private(set) var misaligned = false
    public private(set) var overran = false

    /// Fresh draws from run `run` of `seed`.
    public init(run: UInt64, seed: UInt64) {
        generator = .forRun(run, seed: seed)
        replay = []
    }

    /// The draws of `record`, in order.
    public init(replaying record: [Choice]) {
        generator = nil
        replay = record
    }

    /// A whole number in `low...high` (the bounds in either order); simplest is the one nearest 0.
    public mutating func integer(_ a: Int, _ b: Int) -> Int {
        let low = min(a, b), high = max(a, b)
        let value: Int
        if var g = generator {
            let span = UInt64(bitPattern: Int64(high) &- Int64(low)) &+ 1
            // Unbiased below the span (`below`) when it fits an Int; span 0 is the whole 64-bit range.
            let offset = span == 0 ? g.next() : span <= UInt64(Int.max) ? UInt64(g.below(Int(span))) : g.next() % span
            value = Int(truncatingIfNeeded: Int64(low) &+ Int64(bitPattern: offset))
            generator = g
        } else if case .integer(_, _, let recorded)? = nextRecorded(), recorded >= low, recorded <= high {
            value = recorded
        } else {
            if !overran { misaligned = true }
            value = Self.simplest(low, high)
        }
        drawn.append(.integer(low: low, high: high, value: value))
        return value
    }

    /// A number in `low...high`; simplest is the one nearest 0.
    public mutating func number(_ a: Double, _ b: Double) -> Double {
        let low = min(a, b), high = max(a, b)
        let value: Double
        if var g = generator {
            // 53 random bits as a fraction in [0, 1): exact, and the same everywhere.
            let fraction = Double(g.next() >> 11) * 0x1p-53
            value = min(low + (high - low) * fraction, high)
            generator = g
        } else if case .number(_, _, let recorded)? = nextRecorded(), recorded >= low, recorded <= high {
            value = recorded
        } else {
            if !overran { misaligned = true }
            value = low > 0 ? low : high < 0 ? high : 0
        }
        drawn.append(.number(low: low, high: high, value: value))
        return value
    }

    /// True or false; simplest is false.
    public mutating func bool() -> Bool {
        let value: Bool
        if var g = generator {
            value = g.next() >> 63 == 1
            generator = g
        } else if case .bool(let recorded)? = nextRecorded() {
            value = recorded
        } else {
            if !overran { misaligned = true }
            value = false
        }
        drawn.append(.bool(value))
        return value
    }

    /// The place of one of `count` options (at least 1); simplest is the first.
    public mutating func pick(_ count: Int) -> Int {
        let n = max(count, 1)
        let index: Int
        if var g = generator {
            index = g.below(n)
            generator = g
        } else if case .pick(_, let recorded)? = nextRecorded(), recorded < n {
            index = recorded
        } else {
            if !overran { misaligned = true }
            index = 0
        }
        drawn.append(.pick(count: n, index: index))
        return index
    }

    private mutating func nextRecorded() -> Choice? {
        guard drawn.count < replay.count else {
            overran = true
            return nil
        }
        return replay[drawn.count]
    }

    /// The value of `low...high` nearest 0.
    static func simplest(_ low: Int, _ high: Int) -> Int { low > 0 ? low : high < 0 ? high : 0 }
}
