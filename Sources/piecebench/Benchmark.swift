import Foundation

/// One measured figure and the target it must meet. Targets are ceilings (seconds, MiB), set with room for a
/// slower machine than the one they were measured on: a miss means something got several times worse.
struct Benchmark {
    let name: String
    let unit: String
    let target: Double
    let body: () throws -> Double

    /// Runs the body `repeats` times and keeps the best: the least disturbed run says most about the code.
    func run(repeats: Int) throws -> Result {
        var best = Double.infinity
        for _ in 0..<max(repeats, 1) { best = min(best, try body()) }
        return Result(name: name, unit: unit, measured: best, target: target)
    }

    struct Result {
        let name: String
        let unit: String
        let measured: Double
        let target: Double
        var met: Bool { measured <= target }
    }
}

/// Wall time of `body` in seconds, on a monotonic clock.
func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// The process's peak resident memory so far, in MiB (Linux reports kilobytes, macOS bytes).
func peakResidentMiB() -> Double {
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
    #else
    getrusage(RUSAGE_SELF, &usage)
    return Double(usage.ru_maxrss) / (1024 * 1024)
    #endif
}
