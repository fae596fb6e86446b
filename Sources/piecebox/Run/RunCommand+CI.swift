import LuaHost

/// What a run needs in CI: which reports to write where, which shard of the files to run, and the order and
/// number of runs. Kept apart from `RunCommand`'s own flags so each can change without touching the other.
struct CIOptions: Equatable {
    var reporters: [ReporterChoice] = []
    /// Failures and the summary only.
    var quiet = false
    var shard: Shard?
    /// A JSON report of an earlier run, whose file durations balance the shards.
    var shardTimings: String?
    var shuffle = false
    var seed: UInt64?
    /// How many times each file runs (each time in a fresh sandbox).
    var repeatCount = 1
    /// `--durations N`: the human report lists the N slowest tests after the run (0: it does not).
    var slowest = 0
    /// The version line of the tap report (`--tap-version`).
    var tapVersion: TAPVersion?
}

/// One `--reporter NAME[=PATH]`: a format and where it goes (standard output when no path is given).
struct ReporterChoice: Equatable {
    enum Format: String, CaseIterable { case human, tap, junit, json, github }
    var format: Format
    var path: String?
    /// Where the choice came from when it was not `--reporter` (Bazel's `XML_OUTPUT_FILE=…`), for messages.
    var origin: String?

    static func parse(_ text: String) throws(UsageError) -> ReporterChoice {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        guard let format = Format(rawValue: name) else {
            throw UsageError("--reporter: unknown report \"\(RunCommand.clip(name))\" (the reports are "
                + Format.allCases.map(\.rawValue).joined(separator: ", ") + ")")
        }
        guard parts.count == 2 else { return ReporterChoice(format: format) }
        let path = String(parts[1])
        guard !path.isEmpty else { throw UsageError("--reporter \(name)=: give a file after =, or leave out = for standard output") }
        return ReporterChoice(format: format, path: path)
    }
}

/// `--shard K/N`: the K-th of N shards, counted from 1.
struct Shard: Equatable, CustomStringConvertible {
    var index: Int
    var count: Int
    var description: String { "\(index)/\(count)" }

    static let largestCount = 10_000

    static func parse(_ text: String) throws(UsageError) -> Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= largestCount, k >= 1, k <= n else {
            throw UsageError("--shard needs K/N with whole numbers 1 ≤ K ≤ N ≤ \(largestCount), got \"\(RunCommand.clip(text))\"")
        }
        return Shard(index: k, count: n)
    }
}

extension RunFlags {
    /// Reports, shards, tags, order and repeats.
    static let ci: [F] = [
        F(["--reporter"], "NAME[=PATH]", both, help: [.run: [
            "a report: human (the default), tap (TAP 13), junit (XML), json or github",
            "(annotations; on by default when GITHUB_ACTIONS=true); repeatable; one may go to",
            "standard output, the others to files"]],
          docs: "a report: `human` (the default), `tap`, `junit`, `json`, `github`; repeatable (see [Running in CI](../guides/running-in-ci.md))") {
            c, text throws(UsageError) in c.ci.reporters.append(try ReporterChoice.parse(text))
        },
        F(["--tap-version"], "V", both, help: [.run: ["the tap report's version line: 13 (the default; what prove reads) or 14"]]) {
            c, text throws(UsageError) in
            guard let version = Int(text).flatMap(TAPVersion.init(rawValue:)) else {
                throw UsageError("--tap-version needs 13 or 14, got \"\(RunCommand.clip(text))\"")
            }
            c.ci.tapVersion = version
        },
        F(["--quiet"], nil, both, help: [.run: ["print only failures and the summary"]],
          docs: "print only failing files (their failing tests) and the totals") { c, _ in c.ci.quiet = true },
        F(["--shard"], "K/N", both, help: [
            .run: ["run the K-th of N shares of the files (stable, balanced by count)"],
            .explore: ["run the K-th of N shares of every exploration's runs (run i when i mod N = K - 1)"]],
          docs: "run the K-th of N shares of the files (see [Running in CI](../guides/running-in-ci.md))") { c, text throws(UsageError) in
            c.ci.shard = try Shard.parse(text)
        },
        F(["--shard-timings"], "FILE", both, help: [.run: ["balance the shards by each file's duration in FILE (a json report of a run)"]],
          docs: "balance the shards by the durations in a json report of an earlier run") { $0.ci.shardTimings = $1 },
        F(["--tag"], "NAME", both, help: [.run: ["run only tests tagged NAME (repeatable: any of them)"]]) { c, text throws(UsageError) in
            c.options.tags.append(try RunCommand.tagName("--tag", text))
        },
        F(["--exclude-tag"], "NAME", both, help: [.run: ["do not run tests tagged NAME (repeatable)"]]) { c, text throws(UsageError) in
            c.options.excludeTags.append(try RunCommand.tagName("--exclude-tag", text))
        },
        F(["--shuffle"], nil, both, help: [.run: ["shuffle the files and the tests in each file (the seed is printed)"]]) { c, _ in
            c.ci.shuffle = true
        },
        // Under `explore`, `--seed` is the exploration's (`explorations`).
        F(["--seed"], "S", [.run], help: [.run: ["shuffle with this seed (a whole number), to replay an order"]],
          docs: "shuffle with this seed (a whole number), to replay an order, however the paths are typed") { c, text throws(UsageError) in
            let chosen = try seed("--seed", text)
            c.ci.seed = chosen
            c.ci.shuffle = true
            c.options.shuffleSeed = chosen
        },
        F(["--repeat"], "N", both, help: [.run: ["run every file N times, each in a fresh sandbox"]],
          docs: "run every file N times, each in a fresh sandbox (`PASS a.lua (run 2 of 3)`)") { c, text throws(UsageError) in
            c.ci.repeatCount = try whole("--repeat", text, 1...1000)
        },
        F(["--fail-fast"], nil, both, help: [.run: ["stop at the first failure; what did not run is counted as not run"]],
          docs: "stop at the first failure: a file stops there, files not yet started do not start; what did not run is counted as not run") { c, _ in
            c.options.failFast = true
        },
        F(["--durations"], "N", both, help: [.run: [
            "after the run, list the N slowest tests (file, name, seconds); JUnit and JSON",
            "reports keep every test's duration whatever N is"]],
          docs: "after the run, list the N slowest tests that ran (file, name, seconds, slowest first) just before the totals; the JUnit and JSON reports keep every test's duration whatever N is") {
            c, text throws(UsageError) in c.ci.slowest = try whole("--durations", text, 1...RunCommand.slowestLimit)
        },
        F(["--version"], nil, both, help: [.run: ["print piecebox's version"]], docs: "print the version") { _, _ throws(UsageError) in
            throw UsageError.versionRequested
        },
    ]
}

extension RunCommand {
    /// The most tests `--durations` lists: past it the list is no longer a summary.
    static let slowestLimit = 10_000

    /// Tags are names (as `test` accepts them), so a typo such as `--tag=slow` is caught rather than matching nothing.
    static func tagName(_ flag: String, _ text: String) throws(UsageError) -> String {
        let allowed = text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "_-.:".unicodeScalars.contains($0)
        }
        guard !text.isEmpty, allowed else {
            throw UsageError("\(flag) needs a tag name of letters, digits, '_', '-', '.' or ':', got \"\(clip(text))\"")
        }
        return text
    }

    /// Combinations that cannot work are refused before anything runs.
    func checkCIFlags() throws(UsageError) {
        let toStandardOutput = ci.reporters.filter { $0.path == nil && $0.format != .github }
        if toStandardOutput.count > 1 {
            throw UsageError("--reporter: only one report can go to standard output (\(toStandardOutput.map(\.format.rawValue).joined(separator: " and ")) were given); write the others to files with NAME=PATH")
        }
        // Two reports written to one file are refused when the run plans its outputs (`RunOutputs`), by real path.
        if ci.repeatCount > 1, logPath != nil || golden != nil {
            throw UsageError("--repeat cannot be combined with --log or --golden: every repeat would write the same frame log")
        }
        if ci.tapVersion != nil, !ci.reporters.contains(where: { $0.format == .tap }) {
            throw UsageError("--tap-version sets the tap report's version; add --reporter tap[=PATH]")
        }
        if ci.shardTimings != nil, ci.shard == nil, !BazelTestEnvironment.current.shards {
            throw UsageError("--shard-timings needs --shard K/N (or Bazel's TEST_TOTAL_SHARDS)")
        }
    }
}

extension UsageError {
    static let versionRequested = UsageError("--version")
}
