import Foundation

/// One figure of the speed issue's table: what was measured, beside the target it is held to and, where there is
/// one, the same work done by a peer (busted, a plain Lua call) measured in the same run.
struct Row {
    let name: String
    let figure: Double
    let unit: String
    let target: Target
    /// What else was measured for this row ("168 µs a frame, 233 numbers"), as printed.
    var detail: String = ""
    /// The same figures by name, for the JSON file.
    var extra: [String: Double] = [:]
    var peer: Peer?
    /// When a row's target has a second condition (kept frames must also be counted in the memory cap).
    var alsoRequired: Bool = true

    var met: Bool { target.isMet(by: figure) && alsoRequired }

    struct Peer {
        let name: String
        let figure: Double
        let unit: String
    }
}

/// A target is a floor (frames per second) or a ceiling (microseconds, seconds, bytes).
enum Target {
    case atLeast(Double)
    case atMost(Double)

    func isMet(by figure: Double) -> Bool {
        switch self {
        case .atLeast(let floor): return figure >= floor
        case .atMost(let ceiling): return figure <= ceiling
        }
    }

    var value: Double {
        switch self {
        case .atLeast(let v), .atMost(let v): return v
        }
    }

    var comparison: String {
        switch self {
        case .atLeast: return ">="
        case .atMost: return "<="
        }
    }
}

/// Something measured once per round. Rounds alternate every probe (A B C, A B C, ...) so a slow spell of the
/// shared machine lands on all of them alike; each figure is the median of its rounds.
struct Probe {
    let key: String
    let measure: () throws -> Double
}

/// Wall time of `body` in seconds, on a monotonic clock.
func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// The middle value (the mean of the two middle ones for an even count).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

enum BenchError: Error, CustomStringConvertible {
    case failed(String)
    var description: String {
        switch self {
        case .failed(let why): return why
        }
    }
}
