import Foundation
import LuaHost
import PieceKit

/// `piecebox explore`: `piecebox run` over the files' explorations alone (the tests tagged "explore"), each as
/// deeply as it asks. The same seed gives the same runs, the same failure and the same minimal scenario at any
/// `--jobs` (a file's explorations run in one worker; every run is made from the seed and its number alone), and
/// `--shard K/N` (or Bazel's variables) splits every exploration's runs, not the files, across machines.
extension RunCommand {
    static let exploreHelp = """
    Usage: piecebox explore [options] PATH...

    Runs the explorations (explore(name, {...})) of Lua scenario files deeply: each makes its own number of runs
    (runs = N, default \(ExploreBudget.deepRuns)) of random actions, checks the motion rules after every action,
    and shrinks the first run that breaks one to the fewest, simplest actions, printed as a test. Exit status 1
    when an exploration failed, 0 when none did. Every option of piecebox run works too (reports, limits, --jobs).

    Options:
      --runs N      runs per exploration, whatever each asks
      --steps N     the most actions in a run, whatever each asks
      --seed S      the seed (a whole number, default 0); the same seed gives the same runs everywhere
      --shard K/N   run the K-th of N shares of every exploration's runs (run i when i mod N = K - 1)
      --save DIR    write each file's minimal failing scenarios to DIR/<file>.minimal.lua
      --db DIR      keep the failures found in DIR (default: .piecebox/explore under each file's project);
                    they are replayed first next time, and forgotten once they pass; read only when CI is set
      --no-db       neither read nor keep failures
      --stats       under each passing exploration, its actions' counts, discards and steps per second
      --jobs N      split every exploration's runs across N workers (the same result as --jobs 1)
      -h, --help    show this help
    """

    /// The flags of explorations: `--runs` and `--steps` (both commands), `--seed` and `--save` (`explore`'s own;
    /// under `run`, `--seed` is the shuffle's), and the worker's internal `--explore-*`. True when `flag` was one.
    mutating func parseExploreFlag(_ flag: String, value: () throws(UsageError) -> String) throws(UsageError) -> Bool {
        func whole(_ range: ClosedRange<Int>) throws(UsageError) -> Int {
            let text = try value()
            guard let n = Int(text), range.contains(n) else {
                throw UsageError("\(flag) needs a whole number from \(range.lowerBound) to \(range.upperBound), got \"\(Self.clip(text))\"")
            }
            return n
        }
        func seed() throws(UsageError) -> UInt64 {
            let text = try value()
            guard let n = UInt64(text) else {
                throw UsageError("\(flag) needs a whole number from 0 to \(UInt64.max), got \"\(Self.clip(text))\"")
            }
            return n
        }
        switch flag {
        case "--runs": options.exploration.runs = try whole(1...10_000_000)
        case "--steps": options.exploration.steps = try whole(1...1000)
        case "--explore-deep": options.exploration.deep = true
        case "--explore-seed": options.exploration.seed = try seed()
        case "--explore-shard":
            let shard = try Shard.parse(try value())
            options.exploration.shard = shard.index - 1
            options.exploration.shards = shard.count
        case "--explore-share":
            let share = try Shard.parse(try value())
            options.exploration.share = share.index - 1
            options.exploration.shares = share.count
        case "--explore-found": options.exploration.found = try value()
        case "--explore-db": options.exploration.database = try value()
        case "--seed" where exploring: options.exploration.seed = try seed()
        case "--save" where exploring: save = try value()
        case "--db" where exploring: explore.database = try value()
        case "--no-db" where exploring: explore.noDatabase = true
        case "--stats" where exploring: explore.stats = true
        default: return false
        }
        return true
    }

    /// `piecebox explore`'s command line: `run`'s, with the deep budget, only the explorations, and a shard that
    /// splits runs.
    static func parseExplore(_ args: [String]) throws(UsageError) -> RunCommand {
        if args.contains(where: { $0 == "-h" || $0 == "--help" }) { throw UsageError.helpRequested }
        var cmd = try parse(args, exploring: true)
        cmd.options.exploration.deep = true
        if cmd.options.tags.isEmpty { cmd.options.tags = ["explore"] }
        return cmd
    }

    /// Under `explore`, the shard (from `--shard` or Bazel) splits every exploration's runs; no file is left out.
    mutating func moveShardToRuns() {
        guard exploring, let shard = ci.shard else { return }
        options.exploration.shard = shard.index - 1
        options.exploration.shards = shard.count
        ci.shard = nil
    }
}

/// Where `--save DIR` writes a file's minimal scenarios: one file per scenario, named from its path from the project
/// root (as logs are), so the name is the same however the path was typed.
enum SavedScenarios {
    /// Each file's save path under `--save DIR`, with the folder made (empty without `--save`); nil, the problem
    /// said, when the folder cannot be made.
    static func prepare(_ save: String?, files: [String]) -> [String: String]? {
        guard let save else { return [:] }
        do { try FileManager.default.createDirectory(atPath: save, withIntermediateDirectories: true) } catch {
            writeErr("piecebox: cannot create the folder of minimal scenarios \(save): \(error.localizedDescription); nothing was run")
            return nil
        }
        return paths(for: files, in: save)
    }

    static func paths(for files: [String], in folder: String) -> [String: String] {
        var out: [String: String] = [:]
        for (file, relative) in zip(files, ProjectRoot.relativePaths(of: files)) {
            let name = LogName.fileName(for: relative)
            out[file] = PathText.join(folder, String(name.dropLast(".jsonl".count)) + ".minimal.lua")
        }
        return out
    }

    /// Writes the minimal scenarios of `report`'s failed explorations, if any; a problem is said, never fatal.
    static func write(_ report: FileReport, to path: String?) -> String? {
        guard let path else { return nil }
        let scenarios = report.tests.compactMap(\.scenario)
        guard !scenarios.isEmpty else { return nil }
        switch AtomicFile.write(Data(joined(scenarios).utf8), to: path) {
        case .success: return nil
        case .failure(let problem): return "cannot save the minimal scenario of \(report.path): \(problem)"
        }
    }

    /// One file of several minimal scenarios: each in a block of its own (so their locals never add up past Lua's
    /// 200 in one function, and each keeps its own `setup`), their header lines (`--! plugins:`) once at the top.
    static func joined(_ scenarios: [String]) -> String {
        guard scenarios.count > 1 else { return scenarios.first ?? "" }
        var header: [String] = []
        var blocks: [String] = []
        for scenario in scenarios {
            let lines = scenario.split(separator: "\n", omittingEmptySubsequences: false)
            let own = lines.prefix { $0.hasPrefix("--!") }
            for line in own where !header.contains(String(line)) { header.append(String(line)) }
            blocks.append("do\n" + lines.dropFirst(own.count).joined(separator: "\n") + "end\n")
        }
        return (header + blocks).joined(separator: "\n")
    }
}
