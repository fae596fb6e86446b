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
    metal and the test framework. With --out DIR, writes DIR/\(TypeStubs.fileName) instead (DIR is made if needed);
    list DIR in .luarc.json's "workspace.library". The repository's copy: \(TypeStubs.regenerateCommand)
    With --plugins DIR (a plugin folder or a folder of them, as piecebox run takes), the plugins are loaded as a
    run loads them (in a worker process, under --max-seconds, --max-memory and --max-instructions as run takes
    them, with --lib) and what they add is typed too: each piece type (pieces = {...}) as a class with its
    methods and a stage constructor, every other plugin method as a field of its class. A method, reading or
    state key that is not a Lua name is refused, naming it.

    With --reference, prints the API reference in Markdown instead, made from the same declarations (every type's
    options, methods and readings, and the library functions). The repository's copy: \(APIReference.regenerateCommand)

    With --luacheck, prints luacheck's settings for scenarios instead (with --out DIR, writes DIR/\(LuacheckConfig.fileName)):
    every global a scenario has and its fields, from the same registry, read-only; Lua's own as the sandbox leaves
    them. Run luacheck --config DIR/\(LuacheckConfig.fileName) DIR. The repository's copy: \(LuacheckConfig.regenerateCommand)
    """

    static func run(_ args: [String]) -> Int32 {
        if args.contains("-h") || args.contains("--help") { StandardStreams.out(help + "\n"); return 0 }
        var folder: String?
        var reference = false
        var luacheck = false
        var plugins: [String] = []
        // The flags the plugins' worker is given (the folders, the limits, the library folders), and what they say.
        var loading: [String] = []
        var sandbox = RunOptions()
        var rest = args[...]
        while let arg = rest.popFirst() {
            if arg == "--reference", !reference { reference = true; continue }
            if arg == "--luacheck", !luacheck { luacheck = true; continue }
            if ["--plugins", "--lib", "--max-seconds", "--max-memory", "--max-instructions"].contains(arg) {
                guard let value = rest.popFirst(), !value.isEmpty, !value.hasPrefix("-") else {
                    writeErr("piecebox stubs: \(arg) needs \(arg == "--plugins" || arg == "--lib" ? "a folder" : "a value")\nTry: piecebox stubs --help")
                    return 2
                }
                do { _ = try SandboxFlags.parse(arg, value: { _ in value }, into: &sandbox) } catch {
                    writeErr("piecebox stubs: \(error.message)\nTry: piecebox stubs --help")
                    return 2
                }
                if arg == "--plugins" { plugins.append(value) }
                loading += [arg, value]
                continue
            }
            guard arg == "--out", folder == nil, let value = rest.popFirst(), !value.isEmpty, !value.hasPrefix("-") else {
                let problem = arg == "--out" ? "--out needs one folder"
                    : arg == "--reference" || arg == "--luacheck" ? "\(arg) is given twice" : "unknown argument \"\(arg)\""
                writeErr("piecebox stubs: \(problem)\nTry: piecebox stubs --help")
                return 2
            }
            folder = value
        }
        if !plugins.isEmpty, luacheck || reference {
            writeErr("piecebox stubs: --plugins types the stubs; it does not go with \(luacheck ? "--luacheck" : "--reference")\nTry: piecebox stubs --help")
            return 2
        }
        var added = ""
        if !plugins.isEmpty {
            SandboxFlags.defaultLibrary(&sandbox)
            let libraries = loading.contains("--lib") ? [] : sandbox.libraryFolders.flatMap { ["--lib", $0] }
            switch PluginStubsWorker.text(flags: loading + libraries, limits: sandbox.limits) {
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
