import Foundation
import LuaHost
import PieceKit

/// Splits the files of a run into shards, so N machines run a suite between them: every file in exactly one
/// shard, the same one on every machine (the split depends only on the file list, and the timings when given).
enum Shards {
    /// The files of `shard`, in their run order. Files are dealt out in the order of their `key` (their path from
    /// the project root, so the split is the same however the paths were typed or in what order they were given):
    /// without timings, the i-th file in that order goes to shard i mod N (counts differ by at most one). With
    /// timings (seconds per key), the longest file goes first to the least loaded shard (ties to the lower shard,
    /// equal durations in key order); a file the timings do not know counts as their median.
    static func pick(_ files: [String], shard: Shard, timings: [String: Double]? = nil,
                     key: (String) -> String = { $0 }) -> [String] {
        assign(files, count: shard.count, timings: timings, key: key).enumerated()
            .filter { $0.element == shard.index - 1 }.map { files[$0.offset] }
    }

    /// The shard (from 0) of each file.
    static func assign(_ files: [String], count: Int, timings: [String: Double]?,
                       key: (String) -> String = { $0 }) -> [Int] {
        let keys = files.map(key)
        // Key order; the path as typed only between two files with one key (two projects' `a.lua`).
        let byKey = files.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : files[$0] < files[$1] }
        var shardOf = [Int](repeating: 0, count: files.count)
        guard let timings, !timings.isEmpty else {
            for (rank, i) in byKey.enumerated() { shardOf[i] = rank % count }
            return shardOf
        }
        let known = timings.values.filter { $0.isFinite && $0 >= 0 }.sorted()
        let median = known.isEmpty ? 1 : known[known.count / 2]
        let durations = keys.map { k -> Double in
            guard let d = timings[k], d.isFinite, d >= 0 else { return median }
            return d
        }
        let rank = Dictionary(uniqueKeysWithValues: byKey.enumerated().map { ($0.element, $0.offset) })
        let order = files.indices.sorted { a, b in
            durations[a] != durations[b] ? durations[a] > durations[b] : rank[a, default: 0] < rank[b, default: 0]
        }
        var load = [Double](repeating: 0, count: count)
        for i in order {
            var best = 0
            for s in 1..<count where load[s] < load[best] { best = s }
            shardOf[i] = best
            load[best] += durations[i]
        }
        return shardOf
    }

    /// The files in a shuffled order that depends only on `seed` and the files' keys: put in key order first, so
    /// neither how the paths were typed nor the order they were given in changes it.
    static func shuffled(_ files: [String], seed: UInt64, key: (String) -> String) -> [String] {
        let keys = files.map(key)
        var ordered = files.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : files[$0] < files[$1] }
        var generator = SplitMix64(seed: seed)
        generator.shuffle(&ordered)
        return ordered.map { files[$0] }
    }

    /// Timings keyed by each file's path from its project root, as `pick` looks them up: a report written by a run
    /// that typed its paths differently still balances this one. Two paths of one file add up.
    static func byProjectPath(_ timings: [String: Double]) -> [String: Double] {
        let paths = timings.keys.sorted()
        var out: [String: Double] = [:]
        for (path, key) in zip(paths, ProjectRoot.relativePaths(of: paths)) { out[key, default: 0] += timings[path] ?? 0 }
        return out
    }

    struct TimingsProblem: Error, CustomStringConvertible { let description: String }

    /// Each file's duration from a json report (`--reporter json=FILE`): its `files` list of `path` and `duration`.
    static func readTimings(_ path: String) throws(TimingsProblem) -> [String: Double] {
        let data: Data
        switch RegularFile.read(path) {
        case .success(let read): data = read
        case .failure(let problem): throw TimingsProblem(description: "--shard-timings: \(problem)")
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
