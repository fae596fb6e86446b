import Foundation
import LuaHost
import PieceKit

/// `piecebox stubs [--out DIR]`: the Lua type stubs for lua-language-server, generated from the binding registry,
/// printed or written to a folder (the repository keeps its copy in examples/types).
enum StubsMain {
    static let help = """
    Usage: piecebox stubs [--out DIR] [--plugins DIR]...
           piecebox stubs --reference
           piecebox stubs --luacheck [--out DIR]

    Prints PieceBox's Lua API as lua-language-server type stubs (a ---@meta file), generated from the binding
    registry: every type a script holds with its methods, readings and options, the stage's constructors, motion,
    metal and the test framework. The repository's copies: \(TypeStubs.regenerateCommand),
    \(APIReference.regenerateCommand), \(LuacheckConfig.regenerateCommand)

    Options:
    \(Flags.helpLines(flags, for: .stubs))
    """

    struct Options {
        var folder: String?
        var reference = false
        var luacheck = false
        /// The flags the plugins' worker is given (the folders, the limits, the library folders), as typed.
        var loading: [String] = []
        /// What they say.
        var sandbox = RunOptions()
    }

    typealias F = Flag<Options>

    /// `stubs`'s flags, in the order its help lists them: its own, then the sandbox's that loading plugins reads.
    static let flags: [F] = ownFlags + SandboxFlags.flags.filter { $0.commands.contains(.stubs) }.map(pluginLoading)
        + [F(["-h", "--help"], nil, [.stubs], help: [.stubs: ["show this help"]]) { _, _ throws(UsageError) in
            throw UsageError.helpRequested
        }]

    static let ownFlags: [F] = [
        F(["--out"], "DIR", [.stubs], help: [.stubs: [
            "write DIR/\(TypeStubs.fileName) (or DIR/\(LuacheckConfig.fileName) with --luacheck) instead of",
            "printing it; DIR is made if needed. List DIR in .luarc.json's",
            "\"workspace.library\""]], needs: "one folder") { o, text throws(UsageError) in
            guard o.folder == nil, !text.isEmpty, !text.hasPrefix("-") else { throw UsageError("--out needs one folder") }
            o.folder = text
        },
        F(["--reference"], nil, [.stubs], help: [.stubs: [
            "print the API reference in Markdown instead, made from the same",
            "declarations (every type's options, methods and readings, and the library",
            "functions)"]]) { o, _ throws(UsageError) in
            guard !o.reference else { throw UsageError("--reference is given twice") }
            o.reference = true
        },
        F(["--luacheck"], nil, [.stubs], help: [.stubs: [
            "print luacheck's settings for scenarios instead: every global a scenario",
            "has and its fields, from the same registry, read-only; Lua's own as the",
            "sandbox leaves them. Run luacheck --config DIR/\(LuacheckConfig.fileName) DIR"]]) { o, _ throws(UsageError) in
            guard !o.luacheck else { throw UsageError("--luacheck is given twice") }
            o.luacheck = true
        },
    ]

    /// A sandbox flag as `stubs` takes it: read as `run` reads it, and handed on to the plugins' worker as typed.
    static func pluginLoading(_ flag: Flag<RunOptions>) -> F {
        let name = flag.names[0], needs = flag.value == "DIR" ? "a folder" : "a value"
        return F(flag.names, flag.value, [.stubs], help: [.stubs: flag.help[.stubs] ?? []], needs: needs) { o, text throws(UsageError) in
            guard !text.isEmpty, !text.hasPrefix("-") else { throw UsageError("\(name) needs \(needs)") }
            try flag.apply(&o.sandbox, text)
            o.loading += [name, text]
        }
    }

    static func parse(_ args: [String]) throws(UsageError) -> Options {
        var o = Options()
        try Flags.parse(args, into: &o, table: flags, for: .stubs) { _, word throws(UsageError) in
            throw UsageError("unknown argument \"\(word)\"")
        }
        return o
    }

    static func run(_ args: [String]) -> Int32 {
        let o: Options
        do { o = try parse(args) } catch let e {
            if e.message.isEmpty { StandardStreams.out(help + "\n"); return 0 }
            writeErr("piecebox stubs: \(e.message)\nTry: piecebox stubs --help")
            return 2
        }
        let (folder, reference, luacheck, loading) = (o.folder, o.reference, o.luacheck, o.loading)
        let plugins = o.sandbox.pluginFolders, libraries = o.sandbox.libraryFolders
        var sandbox = o.sandbox
        if !plugins.isEmpty, luacheck || reference {
            writeErr("piecebox stubs: --plugins types the stubs; it does not go with \(luacheck ? "--luacheck" : "--reference")\nTry: piecebox stubs --help")
            return 2
        }
        var added = ""
        if !plugins.isEmpty {
            SandboxFlags.defaultLibrary(&sandbox)
            // The library folder a run would take when none was given, handed on as a flag of its own.
            let standard = libraries.isEmpty ? sandbox.libraryFolders.flatMap { ["--lib", $0] } : []
            switch PluginStubsWorker.text(flags: loading + standard, limits: sandbox.limits) {
            case .success(let text): added = text
            case .failure(let failure):
                writeErr("piecebox stubs: \(failure); nothing was written")
                return 1
            }
        }
        if luacheck {
            guard !reference else {
                writeErr("piecebox stubs: give --luacheck or --reference, not both\nTry: piecebox stubs --help")
                return 2
            }
            return LuacheckStubs.run(folder: folder)
        }
        if reference {
            guard folder == nil else {
                writeErr("piecebox stubs: --reference prints the reference; redirect it (\(APIReference.regenerateCommand))")
                return 2
            }
            StandardStreams.out(APIReference.text())
            return 0
        }
        guard let folder else {
            for file in TypeStubs.files() { StandardStreams.out((file.text + added)) }
            return 0
        }
        // Planned first: the folder stays in its project, and a file of that name that is not a stub file (a
        // scenario, a module) is never written over.
        return GeneratedFiles.write(TypeStubs.files().map { ($0.name, $0.text + added) }, into: folder, what: "the stubs",
                                    ours: isStubFile, whose: "is not a stub file (it does not start with ---@meta)")
    }

    /// Whether `path` holds editor stubs already (a `---@meta` file), so writing new ones over it loses nothing.
    static func isStubFile(_ path: String) -> Bool {
        guard case .success(let start) = RegularFile.read(path, upTo: 8) else { return false }
        return start.starts(with: Array("---@meta".utf8))
    }
}
