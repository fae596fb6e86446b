import Foundation

/// Splits the files of a run into shards, so N machines run a suite between them: every file in exactly one
/// shard, the same one on every machine (the split depends only on the file list, and the timings when given).
enum Shards {
    /// The files of `shard`, in their run order. Without timings, file i goes to shard i mod N (counts differ by
    /// at most one). With timings (seconds per file), the longest file goes first to the least loaded shard (ties to
    /// the lower shard, equal durations in path order); a file the timings do not know counts as their median.
    static func pick(_ files: [String], shard: Shard, timings: [String: Double]? = nil) -> [String] {
        assign(files, count: shard.count, timings: timings).enumerated()
            .filter { $0.element == shard.index - 1 }.map { files[$0.offset] }
    }

    /// The shard (from 0) of each file.
    static func assign(_ files: [String], count: Int, timings: [String: Double]?) -> [Int] {
        guard let timings, !timings.isEmpty else { return files.indices.map { $0 % count } }
        let known = timings.values.filter { $0.isFinite && $0 >= 0 }.sorted()
        let median = known.isEmpty ? 1 : known[known.count / 2]
        func duration(_ f: String) -> Double {
            guard let d = timings[f], d.isFinite, d >= 0 else { return median }
            return d
        }
        let order = files.indices.sorted { a, b in
            let da = duration(files[a]), db = duration(files[b])
            return da != db ? da > db : files[a] < files[b]
        }
        var load = [Double](repeating: 0, count: count)
        var shardOf = [Int](repeating: 0, count: files.count)
        for i in order {
            var best = 0
            for s in 1..<count where load[s] < load[best] { best = s }
            shardOf[i] = best
            load[best] += duration(files[i])
        }
        return shardOf
    }

    struct TimingsProblem: Error, CustomStringConvertible { let description: String }

    /// Each file's duration from a json report (`--reporter json=FILE`): its `files` list of `path` and `duration`.
    static func readTimings(_ path: String) throws(TimingsProblem) -> [String: Double] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TimingsProblem(description: "--shard-timings: cannot read \(path)")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let files = object["files"] as? [[String: Any]] else {
            throw TimingsProblem(description: "--shard-timings: \(path) is not a piecebox json report (no \"files\" list)")
        }
        var out: [String: Double] = [:]
        for f in files {
            if let p = f["path"] as? String, let d = (f["duration"] as? NSNumber)?.doubleValue { out[p, default: 0] += d }
        }
        return out
    }
}
