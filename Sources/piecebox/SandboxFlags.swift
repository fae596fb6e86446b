import Foundation
import LuaHost

/// The flags that say what a scenario runs with: its limits, its library folders, plugins and token set. Every
/// command that runs a scenario (`run`, `film`) reads them here, so a limit means the same wherever a script runs
/// and no command can run one without them.
enum SandboxFlags {
    static let help = """
      --max-instructions N   Lua instructions per file, a whole number (default: 2000000000; 0 for none)
      --max-memory MB        memory per file in MiB, at least 1 KiB (default: 512; 0 for none)
      --max-seconds S        wall-clock seconds per file (default: 120; 0 for none); the worker is killed
                             2 s after this even inside a long library call
      --lib DIR              a Lua library folder for require (repeatable; default: ./lua if it exists)
      --plugins DIR          load a plugin (a folder with plugin.lua) or every plugin in a folder of
                             them into every file (repeatable)
      --tokens FILE          apply a token set (a Lua file returning motion overrides) to every file,
                             under its own overrides; recorded in each frame log's header
    """

    /// Reads `flag` (and its value) into `options`; false when `flag` is not one of these.
    static func parse(_ flag: String, value: (String) throws(UsageError) -> String,
                      into options: inout RunOptions) throws(UsageError) -> Bool {
        func limit<T>(_ parsed: Result<T, LimitValueError>) throws(UsageError) -> T {
            switch parsed {
            case .success(let n): return n
            case .failure(let error): throw UsageError("\(flag) \(error)")
            }
        }
        switch flag {
        case "--max-instructions":
            options.limits.instructions = try limit(SandboxLimits.instructions(from: try value(flag), allowsNone: true))
        case "--max-memory":
            options.limits.memoryBytes = try limit(SandboxLimits.memoryBytes(fromMiB: try value(flag), allowsNone: true))
        case "--max-seconds":
            options.limits.seconds = try limit(SandboxLimits.seconds(from: try value(flag), allowsNone: true))
        case "--lib": options.libraryFolders.append(try value(flag))
        case "--plugins": options.pluginFolders.append(try value(flag))
        case "--tokens": options.tokenSet = try value(flag)
        default: return false
        }
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
