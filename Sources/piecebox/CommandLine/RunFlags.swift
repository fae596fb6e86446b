import LuaHost

/// The one table of `piecebox run`'s and `piecebox explore`'s flags, in the order their helps list them. The parser
/// (`RunCommand.parse`), both helps, the near-name hint and the docs' option table (docs/guides/running-scenarios.md,
/// kept equal by `FlagTableTests`) are all made from it.
enum RunFlags {
    typealias F = Flag<RunCommand>
    static let both: Set<FlagCommand> = [.run, .explore]

    static let table: [F] = ownFirst + SandboxFlags.flags.map { $0.lifted(\RunCommand.options, commands: both) }
        + logsAndGoldens + explorations + ci + last

    /// Selection and parallelism.
    static let ownFirst: [F] = [
        F(["--filter"], "TEXT", both, help: [.run: ["run only tests whose full name (\"group > test\") contains TEXT"]],
          docs: "run only tests whose full name (`group > test`) contains TEXT") { $0.options.filter = $1 },
        F(["--list"], nil, both, help: [.run: ["list the tests without running them"]]) { c, _ in c.options.listOnly = true },
        F(["--jobs"], "N", both, help: [.run: ["run up to N files at once (default: 2); results are printed in file order"],
                                        .explore: ["split every exploration's runs across N workers (the same result as --jobs 1)"]],
          docs: "files at once (default 2)") { c, text throws(UsageError) in
            guard let n = Double(text), n.isFinite, n >= 1, n == n.rounded(), n <= 64 else {
                throw UsageError("--jobs needs a whole number from 1 to 64, got \"\(RunCommand.clip(text))\"")
            }
            c.jobs = Int(n)
        },
    ]

    /// Frame logs, goldens and how the run is shown.
    static let logsAndGoldens: [F] = [
        F(["--log"], "PATH", both, help: [.run: ["write frame logs (JSON Lines): a file for one scenario, else a folder with",
                                               "one log per scenario"]],
          docs: "frame logs as JSON Lines: a `.jsonl` file for one scenario (a run of several is refused), else a folder with one log per scenario; kept with `--golden` too") {
            $0.logPath = $1
        },
        F(["--golden"], "DIR", both, help: [.run: [
            "compare each file's frame log with its golden in DIR, test by test (a test",
            "\"golden frame log\" per file); goldens are named after the file's path from",
            "its project root (the nearest folder up holding piecebox.lua, else the",
            "git work tree's root, else the file's folder)"]],
          docs: "compare each file's frame log with its golden in DIR, test by test (see [Golden logs](../guides/goldens-and-pictures.md#golden-logs-and-piecebox-diff))") {
            $0.golden = $1
        },
        F(["--record"], "MODE", both, help: [.run: [
            "when goldens are written: missing (default: new goldens and new tests'",
            "parts), failed (also re-record failing tests), all, or never (only compare;",
            "the default when CI is set). With --filter only the selected tests' parts",
            "are recorded. Scripts' toMatchGolden follows it too."]],
          docs: "when goldens are written: `missing` (default), `failed`, `all`, `never` (default when `CI` is set); see Golden logs") { c, text throws(UsageError) in
            guard let mode = GoldenRecordMode(rawValue: text) else {
                throw UsageError("--record needs one of missing, failed, all, never; got \"\(RunCommand.clip(text))\"")
            }
            c.record = mode
        },
        F(["--golden-tolerance"], "T", both, help: [.run: ["numbers within T are equal (default 0.0005)"]],
          docs: "numbers within T are equal when comparing with goldens (default 0.0005)") { c, text throws(UsageError) in
            c.goldenTolerance = try number("--golden-tolerance", text)
        },
        F(["--golden-strict"], nil, both, help: [.run: ["also fail a golden whose frames match but whose headers differ (a token set)"]],
          docs: "also fail a golden whose frames match but whose headers differ (a token set, the environment); see Golden logs") { c, _ in
            c.goldenStrict = true
        },
        // Gone: it recorded every test's part even under a filter. Listed nowhere, so never suggested.
        F(["--update-goldens"], nil, both, help: [:]) { _, _ throws(UsageError) in
            throw UsageError("--update-goldens is replaced by --record MODE (missing, failed, all or never); use --record all to re-record every test")
        },
        F(["--in-process"], nil, both, help: [.run: ["run files in this process (no worker processes; no hard wall-time bound)"]],
          docs: "run files in this process (no worker processes, so no hard wall-time bound)") { c, _ in c.inProcess = true },
        F(["--verbose"], nil, both, help: [.run: ["also show what passing tests printed"]]) { c, _ in c.verbose = true },
        F(["--watch"], nil, [.run], help: [.run: [
            "run again on every save: the files that changed and those requiring them",
            "(Linux, inotify; Ctrl-C stops; keys between runs: f failed files again,",
            "u accept failed goldens, a all, q quit)"]],
          docs: "run the files, then again on every save: the scenarios saved and those that `require` a saved file (see below); keys `f`, `u`, `a`, `q` between runs; Linux only, Ctrl-C stops") { c, _ in
            c.watch = true
        },
    ]

    /// Explorations' flags (ExploreCommand.swift): `--runs` and `--steps` for both commands, `explore`'s own `--seed`,
    /// and the worker's internal `--explore-*`, listed nowhere.
    static let explorations: [F] = [
        F(["--runs"], "N", both, help: [
            .run: ["runs per exploration (default: each asks, at most 10 here; see piecebox explore)"],
            .explore: ["runs per exploration, whatever each asks"]]) { c, text throws(UsageError) in
            c.options.exploration.runs = try whole("--runs", text, 1...10_000_000)
        },
        F(["--steps"], "N", both, help: [
            .run: ["the most actions in an exploration's run"],
            .explore: ["the most actions in a run, whatever each asks"]]) { c, text throws(UsageError) in
            c.options.exploration.steps = try whole("--steps", text, 1...1000)
        },
        F(["--seed"], "S", [.explore], help: [.explore: ["the seed (a whole number, default 0); the same seed gives the same runs everywhere"]]) {
            c, text throws(UsageError) in c.options.exploration.seed = try seed("--seed", text)
        },
        F(["--explore-deep"], nil, both, help: [:]) { c, _ in c.options.exploration.deep = true },
        F(["--explore-seed"], "S", both, help: [:]) { c, text throws(UsageError) in
            c.options.exploration.seed = try seed("--explore-seed", text)
        },
        F(["--explore-shard"], "K/N", both, help: [:]) { c, text throws(UsageError) in
            let shard = try Shard.parse(text)
            c.options.exploration.shard = shard.index - 1
            c.options.exploration.shards = shard.count
        },
        F(["--explore-share"], "K/N", both, help: [:]) { c, text throws(UsageError) in
            let share = try Shard.parse(text)
            c.options.exploration.share = share.index - 1
            c.options.exploration.shares = share.count
        },
        F(["--explore-found"], "FILE", both, help: [:]) { $0.options.exploration.found = $1 },
        F(["--explore-db"], "DIR", both, help: [:]) { $0.options.exploration.database = $1 },
    ]

    /// `explore`'s `--save`, and help for both.
    static let last: [F] = [
        F(["--save"], "DIR", [.explore], help: [.explore: ["write each file's minimal failing scenarios to DIR/<file>.minimal.lua"]]) {
            $0.save = $1
        },
        F(["--db"], "DIR", [.explore], help: [.explore: [
            "keep the failures found in DIR (default: .piecebox/explore under each file's project);",
            "they are replayed first next time, and forgotten once they pass; read only when CI is set"]]) {
            $0.explore.database = $1
        },
        F(["--no-db"], nil, [.explore], help: [.explore: ["neither read nor keep failures"]]) { c, _ in c.explore.noDatabase = true },
        F(["--stats"], nil, [.explore], help: [.explore: ["under each passing exploration, its actions' counts, discards and steps per second"]]) {
            c, _ in c.explore.stats = true
        },
        F(["-h", "--help"], nil, both, help: [.run: ["show this help"], .explore: ["show this help"]]) { _, _ throws(UsageError) in
            throw UsageError.helpRequested
        },
    ]

    /// A number of at least 0 (`--golden-tolerance`).
    static func number(_ flag: String, _ text: String) throws(UsageError) -> Double {
        guard let n = Double(text), n.isFinite, n >= 0 else {
            throw UsageError("\(flag) needs a number of at least 0, got \"\(RunCommand.clip(text))\"")
        }
        return n
    }

    static func whole(_ flag: String, _ text: String, _ range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let n = Int(text), range.contains(n) else {
            throw UsageError("\(flag) needs a whole number from \(range.lowerBound) to \(range.upperBound), got \"\(RunCommand.clip(text))\"")
        }
        return n
    }

    static func seed(_ flag: String, _ text: String) throws(UsageError) -> UInt64 {
        guard let n = UInt64(text) else {
            throw UsageError("\(flag) needs a whole number from 0 to \(UInt64.max), got \"\(RunCommand.clip(text))\"")
        }
        return n
    }
}
