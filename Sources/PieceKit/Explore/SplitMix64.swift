/// A small, fixed pseudo-random generator (SplitMix64), so a seed gives the same order on every machine and
/// every Swift version (the standard library's generators promise neither). One generator for everything seeded:
/// the shuffled order of files and tests, and an exploration's draws (`ChoiceSource`).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// Where the generator is: a run kept as this value (a script keeps it between draws) goes on exactly.
    public var position: UInt64 { state }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// SplitMix64's finaliser: every bit of the input moves about half the bits of the output.
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The generator of an exploration's run `run` under `seed`: made from the two alone, so any machine (a shard,
    /// another `--jobs`) can start any run without the runs before it.
    public static func forRun(_ run: UInt64, seed: UInt64) -> SplitMix64 {
        SplitMix64(seed: mix(seed ^ mix(run)))
    }

    /// A whole number below `bound` (> 0), without modulo bias.
    public mutating func below(_ bound: Int) -> Int {
        let b = UInt64(bound)
        let limit = UInt64.max - UInt64.max % b
        while true {
            let x = next()
            if x < limit { return Int(x % b) }
        }
    }

    /// Fisher–Yates.
    public mutating func shuffle<T>(_ list: inout [T]) {
        guard list.count > 1 else { return }
        for i in stride(from: list.count - 1, to: 0, by: -1) {
            list.swapAt(i, below(i + 1))
        }
    }

    /// A seed for one file out of the run's seed and the file's path (FNV-1a, 64-bit), so each file has its own
    /// order and the same one whichever files run beside it.
    public static func seed(_ runSeed: UInt64, for path: String) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in path.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
        return runSeed ^ h
    }
}
