import Foundation

/// Prints the table and writes `bench/results.json`.
enum Report {
    /// Figures from a debug build say little about speed; the table says which build measured them.
    #if DEBUG
    static let build = "debug (figures not comparable; scripts/bench builds in release)"
    #else
    static let build = "release"
    #endif

    /// The machine's one-minute load average (Linux), or nil: figures taken on a busy machine are slower, and the
    /// table says how busy it was.
    static func loadAverage() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.flatMap { Double($0) }
    }

    static func print(_ rows: [Row], rounds: Int, quick: Bool, load: (before: Double?, after: Double?)) {
        let width = rows.map(\.name.count).max() ?? 40
        let busy = load.before.map { before in
            "; load average \(Rows.f(before, 1)) before, \(load.after.map { Rows.f($0, 1) } ?? "?") after, on \(ProcessInfo.processInfo.activeProcessorCount) cores"
        } ?? ""
        Swift.print("\(quick ? "quick: " : "")medians of \(rounds) alternating round\(rounds == 1 ? "" : "s"), \(build) build\(busy)")
        for row in rows {
            let name = row.name.padding(toLength: width, withPad: " ", startingAt: 0)
            let figure = Rows.f(row.figure, digits(row.figure))
            let target = "\(row.target.comparison == ">=" ? "≥" : "≤") \(Rows.f(row.target.value, digits(row.target.value)))"
            Swift.print("\(row.met ? "met " : "MISS") \(name)  \(figure) \(row.unit)  (target \(target))")
            if !row.detail.isEmpty { Swift.print("     \(String(repeating: " ", count: width))  \(row.detail)") }
        }
        let missed = rows.filter { !$0.met }.count
        Swift.print(missed == 0 ? "every target met" : "\(missed) of \(rows.count) targets missed")
    }

    /// Few decimals for big figures, more for small ones.
    private static func digits(_ x: Double) -> Int {
        let a = Swift.abs(x)
        return a >= 100 ? 0 : a >= 1 ? 2 : 3
    }

    static func writeJSON(_ rows: [Row], to path: String, rounds: Int, quick: Bool, bustedPath: String?,
                          load: (before: Double?, after: Double?)) throws {
        func clean(_ x: Double) -> Any { x.isFinite ? x : NSNull() }
        let list: [[String: Any]] = rows.map { row in
            var o: [String: Any] = [
                "name": row.name, "figure": clean(row.figure), "unit": row.unit,
                "target": row.target.value, "comparison": row.target.comparison, "met": row.met,
                "detail": row.detail,
                "extra": row.extra.mapValues(clean),
            ]
            if let peer = row.peer {
                o["peer"] = ["name": peer.name, "figure": clean(peer.figure), "unit": peer.unit]
            } else {
                o["peer"] = NSNull()
            }
            return o
        }
        let document: [String: Any] = [
            "rounds": rounds, "quick": quick, "statistic": "median of alternating rounds",
            "build": build, "cores": ProcessInfo.processInfo.activeProcessorCount,
            "date": ISO8601DateFormatter().string(from: Date()),
            "busted": bustedPath ?? NSNull(),
            "loadAverage": ["before": load.before.map { $0 as Any } ?? NSNull(),
                            "after": load.after.map { $0 as Any } ?? NSNull()],
            "rows": list,
        ]
        let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try (data + Data("\n".utf8)).write(to: url)
    }
}
