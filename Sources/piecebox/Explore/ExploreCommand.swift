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
    \(Flags.helpLines(RunFlags.table, for: .explore))
    """

    /// `piecebox explore`'s command line: `run`'s, with the deep budget, only the explorations, and a shard that
    /// splits runs.
    static func parseExplore(_ args: [String]) throws(UsageError) -> RunCommand {
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
        let scenarios = report.tests.compactMap(\.scenario).map { movedHeader($0, from: report.path, to: path) }
        guard !scenarios.isEmpty else { return nil }
        switch AtomicFile.write(Data(joined(scenarios).utf8), to: path) {
        case .success: return nil
        case .failure(let problem): return "cannot save the minimal scenario of \(report.path): \(problem)"
        }
    }

    /// A minimal scenario as written for its own file's folder, made to run from the save folder: its plugin
    /// folders named from there, and a `--! lib:` naming the scenario's folder when it requires modules, so
    /// `piecebox run` on the saved file finds what the exploration found.
    static func movedHeader(_ scenario: String, from original: String, to saved: String) -> String {
        func real(_ path: String) -> String {
            URL(fileURLWithPath: PathText.absolute(path, cwd: FileManager.default.currentDirectoryPath))
                .standardizedFileURL.resolvingSymlinksInPath().path
        }
        let from = PathText.parent(real(original)), to = real(PathText.parent(PathText.absolute(saved, cwd: FileManager.default.currentDirectoryPath)))
        guard from != to else { return scenario }
        var lines = scenario.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var header = 0
        while header < lines.count, lines[header].hasPrefix("--! ") {
            let line = lines[header]
            if line.hasPrefix("--! plugins: ") {
                let written = String(line.dropFirst("--! plugins: ".count))
                let place = URL(fileURLWithPath: from).appendingPathComponent(written).standardizedFileURL.path
                lines[header] = "--! plugins: " + PathText.relative(from: to, to: place)
            }
            header += 1
        }
        if scenario.contains("require(") {
            lines.insert("--! lib: " + PathText.relative(from: to, to: from), at: header)
        }
        return lines.joined(separator: "\n")
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
