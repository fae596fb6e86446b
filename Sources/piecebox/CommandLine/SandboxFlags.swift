import Foundation
import LuaHost

/// The flags that say what a scenario runs with: its limits, its library folders, plugins and token set. Every
/// command that runs a scenario (`run`, `film`) reads them here, so a limit means the same wherever a script runs
/// and no command can run one without them.
enum SandboxFlags {
    /// The sandbox's flags, the same in `run`, `explore` and `film` (and read by `stubs`): one entry each.
    static let flags: [Flag<RunOptions>] = [
        entry("--max-instructions", "N", ["Lua instructions per file, a whole number (default: 2000000000; 0 for none)"],
              docs: "Lua instructions per file, a whole number (default 2,000,000,000; 0: none)") {
            o, text throws(UsageError) in
            o.limits.instructions = try read(SandboxLimits.instructions(from: text, allowsNone: true), "--max-instructions")
        },
        entry("--max-memory", "MB", ["memory per file in MiB, at least 1 KiB (default: 512; 0 for none)"],
              docs: "MiB per file, at least 1 KiB (default 512; 0: none)") {
            o, text throws(UsageError) in
            o.limits.memoryBytes = try read(SandboxLimits.memoryBytes(fromMiB: text, allowsNone: true), "--max-memory")
        },
        entry("--max-seconds", "S", ["wall-clock seconds per file (default: 120; 0 for none); the worker is killed",
                                     "2 s after this even inside a long library call"],
              docs: "wall-clock seconds per file (default 120; 0: none); the worker is killed 2 s after this even inside a long library call") {
            o, text throws(UsageError) in
            o.limits.seconds = try read(SandboxLimits.seconds(from: text, allowsNone: true), "--max-seconds")
        },
        entry("--lib", "DIR", ["a Lua library folder for require (repeatable; default: ./lua if it exists)"],
              docs: "a Lua library folder for `require` (repeatable; default `./lua` if present)") { $0.libraryFolders.append($1) },
        entry("--plugins", "DIR", ["load a plugin (a folder with plugin.lua) or every plugin in a folder of",
                                   "them into every file (repeatable)"], stubs: .own([
            "type what the plugins in DIR add too (a plugin folder or a folder of them,",
            "as piecebox run takes; repeatable): each piece type (pieces = {...}) as a",
            "class with its methods and a stage constructor, every other plugin method",
            "as a field of its class. They are loaded as a run loads them: in a worker",
            "process, under the limits (--max-seconds, --max-memory, --max-instructions)",
            "and with --lib. A method, reading or state key that is not a Lua name is",
            "refused"]),
              docs: "load a plugin (a folder holding `plugin.lua`) or every plugin in a folder of them, into every file (repeatable; see [Plugins](../guides/lua-pieces-and-plugins.md#plugins))") {
            $0.pluginFolders.append($1)
        },
        entry("--tokens", "FILE", ["apply a token set (a Lua file returning motion overrides) to every file,",
                                   "under its own overrides; recorded in each frame log's header"], stubs: .none,
              docs: "apply a token set (a Lua file returning motion overrides) to every file, under the file's own overrides; named in every frame log's header (see [Token sets](../guides/token-sets.md))") {
            $0.tokenSet = $1
        },
    ]

    /// How `stubs`, which loads plugins as a run does, takes a sandbox flag.
    enum StubsListing { case same, own([String]), none }

    /// One sandbox flag: taken and listed alike by every command that runs a scenario, and by `stubs` as `stubs` says.
    static func entry(_ name: String, _ value: String, _ help: [String], stubs: StubsListing = .same, docs: String,
                      apply: @escaping @Sendable (inout RunOptions, String) throws(UsageError) -> Void) -> Flag<RunOptions> {
        var lines: [FlagCommand: [String]] = [.run: help, .film: help]
        switch stubs {
        case .same: lines[.stubs] = help
        case .own(let own): lines[.stubs] = own
        case .none: break
        }
        let commands: Set<FlagCommand> = lines[.stubs] == nil ? [.run, .explore, .film] : [.run, .explore, .film, .stubs]
        return Flag([name], value, commands, help: lines, docs: docs, apply: apply)
    }

    static func read<T>(_ parsed: Result<T, LimitValueError>, _ flag: String) throws(UsageError) -> T {
        switch parsed {
        case .success(let n): return n
        case .failure(let error): throw UsageError("\(flag) \(error)")
        }
    }

    /// Their lines in a help (`film`'s embeds them).
    static let help = Flags.helpLines(flags, for: .film)

    /// Reads `flag` (and its value) into `options`; false when `flag` is not one of these (`stubs` and the plugins'
    /// worker read them one at a time).
    static func parse(_ flag: String, value: (String) throws(UsageError) -> String,
                      into options: inout RunOptions) throws(UsageError) -> Bool {
        guard let found = flags.first(where: { $0.names.contains(flag) }) else { return false }
        try found.apply(&options, try value(flag))
        return true
    }

    /// `./lua` as the library folder when none was given and it exists, as `run` has always done.
    static func defaultLibrary(_ options: inout RunOptions) {
        if options.libraryFolders.isEmpty, FileManager.default.fileExists(atPath: "lua") {
            options.libraryFolders = ["lua"]
        }
    }

    /// This program's own file, which worker processes are started from.
    static var executable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
