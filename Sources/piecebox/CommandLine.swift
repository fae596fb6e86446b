import Foundation
import LuaHost

/// The parsed command line of `piecebox run`.
struct RunCommand {
    var paths: [String] = []
    var options = RunOptions()
    var jobs = 2
    var inProcess = false
    var verbose = false
    var logPath: String?
    // Goldens (--golden, --record, --golden-tolerance): kept together, see `parseGoldenFlag`.
    var golden: String?
    var record: GoldenRecordMode = RunCommand.standardRecord
    var goldenTolerance = 0.0005
    var goldenStrict = false
    /// `--watch`: run again on every save (Watch.swift).
    var watch = false
    /// Reports, sharding, shuffling and repeating: see `RunCommand+CI.swift`.
    var ci = CIOptions()
    /// `piecebox explore` (see `ExploreCommand.swift`): `--seed` and `--save` are its own, and shards split runs.
    var exploring = false
    /// `--save DIR`: where failing explorations' minimal scenarios are written.
    var save: String?
    /// `piecebox explore`'s failure database and `--stats` (see `ExploreChoices`).
    var explore = ExploreChoices()

    static let help = """
    Usage: piecebox run [options] PATH...

    Runs Lua scenario files (a folder runs every *.lua scenario below it, in name order) and reports every
    test. Each file runs in a fresh sandbox in a worker process of its own; a file that fails or breaks a
    limit never stops the others. The last line is "N passed, N failed" (", N skipped" when some were).
    Exit status 0 only when every test passed.

    Options:
      --filter TEXT          run only tests whose full name ("group > test") contains TEXT
      --list                 list the tests without running them
      --jobs N               run up to N files at once (default: 2); results are printed in file order
    \(SandboxFlags.help)
      --log PATH             write frame logs (JSON Lines): a file for one scenario, else a folder with
                             one log per scenario
      --golden DIR           compare each file's frame log with its golden in DIR, test by test (a test
                             "golden frame log" per file); goldens are named after the file's path from
                             its project root (the nearest folder up holding piecebox.lua, else the
                             git work tree's root, else the file's folder)
      --record MODE          when goldens are written: missing (default: new goldens and new tests'
                             parts), failed (also re-record failing tests), all, or never (only compare;
                             the default when CI is set). With --filter only the selected tests' parts
                             are recorded. Scripts' toMatchGolden follows it too.
      --golden-tolerance T   numbers within T are equal (default 0.0005)
      --golden-strict        also fail a golden whose frames match but whose headers differ (a token set)
      --in-process           run files in this process (no worker processes; no hard wall-time bound)
      --verbose              also show what passing tests printed
      --watch                run again on every save: the files that changed and those requiring them
                             (Linux, inotify; Ctrl-C stops)
      --runs N               runs per exploration (default: each asks, at most 10 here; see piecebox explore)
      --steps N              the most actions in an exploration's run
    \(ciHelp)
      -h, --help             show this help
    """

    static func parse(_ args: [String], exploring: Bool = false) throws(UsageError) -> RunCommand {
        var cmd = RunCommand()
        cmd.exploring = exploring
        var i = 0
        func value(_ flag: String) throws(UsageError) -> String {
            i += 1
            guard i < args.count else { throw UsageError("\(flag) needs a value") }
            return args[i]
        }
        func number(_ flag: String) throws(UsageError) -> Double {
            let text = try value(flag)
            guard let n = Double(text), n.isFinite, n >= 0 else {
                throw UsageError("\(flag) needs a number of at least 0, got \"\(Self.clip(text))\"")
            }
            return n
        }
        while i < args.count {
            let a = args[i]
            // Explorations' flags first: under `explore`, `--seed` is the exploration's (ExploreCommand.swift).
            if try cmd.parseExploreFlag(a, value: { () throws(UsageError) -> String in try value(a) }) { i += 1; continue }
            // CI flags (reporters, shards, tags, shuffle, repeat) are read in RunCommand+CI.swift.
            if try cmd.parseCIFlag(a, value: value) { i += 1; continue }
            if try SandboxFlags.parse(a, value: value, into: &cmd.options) { i += 1; continue }
            switch a {
            case "--filter": cmd.options.filter = try value(a)
            case "--list": cmd.options.listOnly = true
            case "--jobs":
                let text = try value(a)
                guard let n = Double(text), n.isFinite, n >= 1, n == n.rounded(), n <= 64 else {
                    throw UsageError("--jobs needs a whole number from 1 to 64, got \"\(Self.clip(text))\"")
                }
                cmd.jobs = Int(n)
            case "--log": cmd.logPath = try value(a)
            case "--golden", "--record", "--golden-tolerance", "--golden-strict", "--update-goldens":
                try cmd.parseGoldenFlag(a, value: value, number: number)
            case "--in-process": cmd.inProcess = true
            case "--watch" where !exploring: cmd.watch = true
            case "--verbose": cmd.verbose = true
            case "-h", "--help": throw UsageError.helpRequested
            default:
                if a.hasPrefix("-") {
                    let (known, command) = exploring ? (help + exploreHelp, "explore") : (help, "run")
                    throw UsageError("unknown option \(a)\(FlagHint.hint(for: a, help: known)) (see piecebox \(command) --help)")
                }
                cmd.paths.append(a)
            }
            i += 1
        }
        if cmd.paths.isEmpty { throw UsageError("give at least one scenario file or folder") }
        cmd.options.goldens = GoldenOptions(folder: cmd.golden, record: cmd.record, tolerance: cmd.goldenTolerance,
                                            strictHeaders: cmd.goldenStrict)
        try cmd.checkCIFlags()
        return cmd
    }
}

extension RunCommand {
    /// The golden flags. `--update-goldens` is gone: it recorded every test's part even under a filter.
    mutating func parseGoldenFlag(_ flag: String, value: (String) throws(UsageError) -> String,
                                  number: (String) throws(UsageError) -> Double) throws(UsageError) {
        switch flag {
        case "--golden": golden = try value(flag)
        case "--golden-tolerance": goldenTolerance = try number(flag)
        case "--golden-strict": goldenStrict = true
        case "--record":
            let text = try value(flag)
            guard let mode = GoldenRecordMode(rawValue: text) else {
                throw UsageError("--record needs one of missing, failed, all, never; got \"\(Self.clip(text))\"")
            }
            record = mode
        default:
            throw UsageError("--update-goldens is replaced by --record MODE (missing, failed, all or never); use --record all to re-record every test")
        }
    }

    /// A typed value as an error message shows it: long ones are cut.
    static func clip(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(37)) + "..." : text
    }
}

extension RunCommand {
    /// The record mode when none is given, from the environment (read once: a worker parses every file's options,
    /// and nothing changes the environment while piecebox runs).
    static let standardRecord = GoldenRecordMode.standard(environment: ProcessInfo.processInfo.environment)
}

struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
    static let helpRequested = UsageError("")
}
