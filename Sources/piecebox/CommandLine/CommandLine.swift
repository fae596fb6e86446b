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
    // Goldens (--golden, --record, --golden-tolerance, --golden-strict).
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
    /// Set by the watcher's `u`, not a flag: record (as `--record failed`) only these files' tests that failed
    /// their golden comparison.
    var accepting: [String: GoldenFailure]?
    /// `piecebox explore`'s failure database and `--stats` (see `ExploreChoices`).
    var explore = ExploreChoices()

    static let help = """
    Usage: piecebox run [options] PATH...

    Runs Lua scenario files (a folder runs every *.lua scenario below it, in name order) and reports every
    test. Each file runs in a fresh sandbox in a worker process of its own; a file that fails or breaks a
    limit never stops the others. The last line is "N passed, N failed" (", N skipped" when some were).
    Exit status 0 only when every test passed.

    Options:
    \(Flags.helpLines(RunFlags.table, for: .run))
    """

    static func parse(_ args: [String], exploring: Bool = false) throws(UsageError) -> RunCommand {
        var cmd = RunCommand()
        cmd.exploring = exploring
        let command: FlagCommand = exploring ? .explore : .run
        var i = 0
        while i < args.count {
            let a = args[i]
            // Every flag is an entry of the one table (RunFlags.swift).
            if try Flags.read(args, at: &i, into: &cmd, table: RunFlags.table, for: command) { i += 1; continue }
            if a.hasPrefix("-") {
                let hint = FlagHint.hint(for: a, among: Flags.hintNames(RunFlags.table, for: command))
                throw UsageError("unknown option \(a)\(hint) (see piecebox \(command.rawValue) --help)")
            }
            cmd.paths.append(a)
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
    /// A typed value as an error message shows it: long ones are cut.
    static func clip(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(37)) + "..." : text
    }
}

extension RunCommand {
    /// The record mode when none is given, from the environment (read once: a worker parses every file's options,
    /// and nothing changes the environment while piecebox runs).
    static let standardRecord = GoldenRecordMode.standard(environment: LaunchEnvironment.values)
}

struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
    static let helpRequested = UsageError("")
}
