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

/// What a draw asks for, before it is given a value.
public enum ChoiceAsk: Sendable, Equatable {
    case integer(low: Int, high: Int)
    case number(low: Double, high: Double)
    case bool
    case pick(count: Int)

    /// The ask with its bounds in order (either order may be given) and a pick of at least one option.
    public var normalised: ChoiceAsk {
        switch self {
        case .integer(let a, let b): .integer(low: min(a, b), high: max(a, b))
        case .number(let a, let b): .number(low: min(a, b), high: max(a, b))
        case .bool: .bool
        case .pick(let n): .pick(count: max(n, 1))
        }
    }

    /// The simplest value that fits: the whole number or number nearest 0, false, the first option.
    public var simplest: Choice {
        switch normalised {
        case .integer(let low, let high): .integer(low: low, high: high, value: low > 0 ? low : high < 0 ? high : 0)
        case .number(let low, let high): .number(low: low, high: high, value: low > 0 ? low : high < 0 ? high : 0)
        case .bool: .bool(false)
        case .pick(let n): .pick(count: n, index: 0)
        }
    }

    /// A fresh value from `generator`.
    public func draw(_ generator: inout SplitMix64) -> Choice {
        switch normalised {
        case .integer(let low, let high):
            let span = UInt64(bitPattern: Int64(high) &- Int64(low)) &+ 1
            // Unbiased below the span (`below`) when it fits an Int; span 0 is the whole 64-bit range.
            let offset = span == 0 ? generator.next()
                : span <= UInt64(Int.max) ? UInt64(generator.below(Int(span))) : generator.next() % span
            return .integer(low: low, high: high, value: Int(truncatingIfNeeded: Int64(low) &+ Int64(bitPattern: offset)))
        case .number(let low, let high):
            // 53 random bits as a fraction in [0, 1): exact, and the same everywhere.
            let fraction = Double(generator.next() >> 11) * 0x1p-53
            // A span past the largest double (−1e308 to 1e308) is blended end by end, never inf × 0.
            let span = high - low
            let value = span.isFinite ? min(low + span * fraction, high) : low * (1 - fraction) + high * fraction
            return .number(low: low, high: high, value: value)
        case .bool:
            return .bool(generator.next() >> 63 == 1)
        case .pick(let n):
            return .pick(count: n, index: generator.below(n))
        }
    }

    /// How often a fresh number leans to a boundary instead of spreading evenly: one draw in this many.
    public static let leanOneIn = 4

    /// A fresh value from `generator` that leans toward boundaries one draw in `leanOneIn`: a range's ends, 0, a
    /// whole number, or a value drawn earlier in the run (`earlier(i)` for `i < earlierCount`, when it fits). A
    /// uniform draw almost never gives exactly 0, an end or a value seen before, and those are where defects sit.
    /// Only fresh draws lean: a replayed record is read as it is.
    public func draw(_ generator: inout SplitMix64, earlierCount: Int, earlier: (Int) -> Double?) -> Choice {
        let ask = normalised
        let low: Double, high: Double
        switch ask {
        case .integer(let a, let b): low = Double(a); high = Double(b)
        case .number(let a, let b): low = a; high = b
        case .bool, .pick: return ask.draw(&generator)
        }
        guard generator.below(Self.leanOneIn) == 0 else { return ask.draw(&generator) }
        let leaned: Double?
        switch generator.below(5) {
        case 0: leaned = low
        case 1: leaned = high
        case 2: leaned = low <= 0 && high >= 0 ? 0 : nil
        case 3:
            // A whole number: an even draw, rounded (+ 0 makes −0 plain 0). An integer is whole already.
            if case .number = ask, case .number(_, _, let v) = ask.draw(&generator) { leaned = v.rounded() + 0 } else { leaned = nil }
        default:
            leaned = earlierCount > 0 ? earlier(generator.below(earlierCount)) : nil
        }
        guard let v = leaned, v >= low, v <= high else { return ask.draw(&generator) }
        switch ask {
        case .integer(let a, let b):
            guard let whole = Int(exactly: v) else { return ask.draw(&generator) }
            return .integer(low: a, high: b, value: whole)
        case .number(let a, let b):
            return .number(low: a, high: b, value: v)
        case .bool, .pick:
            return ask.draw(&generator)
        }
    }

    /// `recorded` when it still answers this ask (a value of its kind within the bounds), else nil.
    public func replay(_ recorded: Choice) -> Choice? {
        switch (normalised, recorded) {
        case (.integer(let low, let high), .integer(_, _, let v)) where v >= low && v <= high:
            return .integer(low: low, high: high, value: v)
        case (.number(let low, let high), .number(_, _, let v)) where v >= low && v <= high:
            return .number(low: low, high: high, value: v)
        case (.bool, .bool(let v)):
            return .bool(v)
        case (.pick(let n), .pick(_, let i)) where i >= 0 && i < n:
            return .pick(count: n, index: i)
        default:
            return nil
        }
    }
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
        guard case .integer(_, _, let v) = next(.integer(low: a, high: b)) else { return 0 }
        return v
    }

    /// A number in `low...high`; simplest is the one nearest 0.
    public mutating func number(_ a: Double, _ b: Double) -> Double {
        guard case .number(_, _, let v) = next(.number(low: a, high: b)) else { return 0 }
        return v
    }

    /// True or false; simplest is false.
    public mutating func bool() -> Bool {
        guard case .bool(let v) = next(.bool) else { return false }
        return v
    }

    /// The place of one of `count` options (at least 1); simplest is the first.
    public mutating func pick(_ count: Int) -> Int {
        guard case .pick(_, let i) = next(.pick(count: count)) else { return 0 }
        return i
    }

    private mutating func next(_ ask: ChoiceAsk) -> Choice {
        let choice: Choice
        if var g = generator {
            choice = ask.draw(&g)
            generator = g
        } else if drawn.count < replay.count, let fits = ask.replay(replay[drawn.count]) {
            choice = fits
        } else {
            if drawn.count >= replay.count { overran = true } else { misaligned = true }
            choice = ask.simplest
        }
        drawn.append(choice)
        return choice
    }
}
