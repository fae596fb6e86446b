import Foundation
import LuaHost
import PieceKit

/// `piecebox explore --jobs N`: every exploration's runs split across N workers, with the result `--jobs 1` gives.
/// First each file runs N times, each worker searching one share of every exploration's runs (run i of the
/// shard's sequence when i mod N is the share) without shrinking, and handing on the first failure of each kind
/// it met and its counts. Then one worker per file is given every share's findings and the summed counts, and does
/// what `--jobs 1` does after its search: picks the failures (by run number, `Lua/search.lua`'s `Q.select`),
/// shrinks each, and reports. The search's end is a function of the first failing run alone, and every share has
/// searched its runs up to at least that end, so the findings picked are the same, and so is every byte after.
enum ExploreShares {
    /// The shares' findings and counts for each file, as the second half's worker reads them (`--explore-found`);
    /// a file missing from it (a share failed, crashed or hit a limit) runs whole in the second half instead, where
    /// that failure is reported as `--jobs 1` reports it.
    static func search(_ files: [String], shares: Int, cmd: RunCommand, headers: ScenarioHeaders,
                       early: EarlyWorkers?) -> [String: String] {
        let jobs = files.flatMap { Array(repeating: $0, count: shares) }
        let collected = Collected(count: jobs.count)
        var options = cmd.options
        options.logPath = nil
        options.goldens = .init()
        var pool = WorkerPool(executable: SandboxFlags.executable, jobs: cmd.jobs, options: options, logPaths: [:],
                              headers: headers, early: early)
        pool.adjust = { index, options in
            options.exploration.share = index % shares
            options.exploration.shares = shares
        }
        pool.run(jobs, each: { index, report in collected.set(index, report) })
        var out: [String: String] = [:]
        for (n, file) in files.enumerated() {
            let reports = (0..<shares).compactMap { collected.get(n * shares + $0) }
            if reports.count == shares, let merged = merge(reports) { out[file] = merged }
        }
        return out
    }

    /// One JSON object, by exploration name, of every share's counts (summed), findings and printed lines (all of
    /// them, in share order: the second half sorts them by run); nil when a share did not end as a search does or
    /// printed more than a share keeps.
    static func merge(_ reports: [FileReport]) -> String? {
        var order: [String] = []
        var merged: [String: [(key: String, value: JSONValue)]] = [:]
        for report in reports {
            for test in report.tests where test.status != .skipped {
                guard test.status == .passed, let text = test.exploration, let value = JSONValue.parse(text),
                      case .object(let fields) = value, let name = value["name"]?.string else {
                    if test.tags.contains("explore") || test.status == .failed { return nil }
                    continue
                }
                // A share that printed more than it keeps (`Q.printedBytes`): the file runs whole in one worker,
                // which prints everything as `--jobs 1` does.
                if case .bool(true)? = value["printedOverflow"] { return nil }
                if let earlier = merged[name] {
                    merged[name] = combine(earlier, fields)
                } else {
                    order.append(name)
                    merged[name] = fields
                }
            }
        }
        return text(.object(order.map { (key: $0, value: JSONValue.object(merged[$0] ?? [])) }))
    }

    /// Two shares' outcomes as one: counts added (each action's too), findings and printed lines one after the other.
    static func combine(_ a: [(key: String, value: JSONValue)], _ b: [(key: String, value: JSONValue)]) -> [(key: String, value: JSONValue)] {
        let other = JSONValue.object(b)
        return a.map { field in
            switch (field.key, field.value, other[field.key]) {
            case ("name", _, _), ("seed", _, _): return field
            case (_, .number(let x), .number(let y)?): return (field.key, .number(x + y))
            case ("actions", .array(let xs), .array(let ys)?) where xs.count == ys.count:
                return (field.key, .array(zip(xs, ys).map { x, y in
                    guard case .object(let xf) = x, case .object(let yf) = y else { return x }
                    return .object(combine(xf, yf))
                }))
            case ("found", .array(let xs), .array(let ys)?), ("printed", .array(let xs), .array(let ys)?):
                return (field.key, .array(xs + ys))
            default: return field
            }
        }
    }

    /// A JSON value's text (whole numbers without a fraction).
    static func text(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let x): return x.rounded() == x && abs(x) < 9.0e15 ? String(Int64(x)) : "\(x)"
        case .string(let s): return JSONString.quoted(s)
        case .array(let items): return "[" + items.map(text).joined(separator: ",") + "]"
        case .object(let fields):
            return "{" + fields.map { JSONString.quoted($0.key) + ":" + text($0.value) }.joined(separator: ",") + "}"
        }
    }

    /// The shares' reports as they come in, from the job slots' threads.
    final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var reports: [FileReport?]
        init(count: Int) { reports = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ report: FileReport) { lock.lock(); reports[index] = report; lock.unlock() }
        func get(_ index: Int) -> FileReport? { lock.lock(); defer { lock.unlock() }; return reports[index] }
    }
}
