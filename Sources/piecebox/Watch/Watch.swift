import Foundation
import LuaHost
import PieceKit

/// `piecebox run --watch PATH...`: runs the files once, then on every save runs again the scenarios that changed
/// and those that require a Lua file that changed (directly or through other modules), as `jest --watch` does, until
/// it is stopped (Ctrl-C). Saves come from inotify (`WatchEvents`); each rerun is an ordinary run of those files,
/// with the same options.
enum Watch {
    static func run(_ cmd: RunCommand) -> Int32 {
        var once = cmd
        once.watch = false
        // A run that could not start (a path that is not there, flags that clash) has said why; watching would
        // only say it again on every save.
        let first = runNoting(once)
        guard first.status != 2 else { return first.status }
        var problem = ""
        let roots = watchedFolders(cmd)
        guard !roots.isEmpty else {
            writeErr("piecebox: --watch: none of the paths given is a file or folder to watch")
            return 2
        }
        guard let events = WatchEvents(folders: roots, problem: &problem) else {
            writeErr("piecebox: --watch: \(problem)")
            return 2
        }
        // Signals stop the watcher through LiveWorkers, which gives the terminal its mode back: installed first.
        LiveWorkers.shared.stopOnInterrupt()
        let input = WatchInput.start()
        defer { input?.stop() }
        let waiting = "watching \(roots.count == 1 ? roots[0] : "\(roots.count) folders") for saves (Ctrl-C to stop)"
        let underResults = {
            say(waiting)
            if input != nil { say(WatchKeys.hint) }
        }
        underResults()
        var state = WatchState().after(first, ran: nil)
        while true {
            LiveWorkers.shared.waiting(true)
            let wake = events.next(input: input)
            LiveWorkers.shared.waiting(false)
            switch wake {
            case .saved(let saved):
                guard let rerun = saveRun(saved, cmd: cmd, waiting: waiting) else { continue }
                var again = once
                again.paths = rerun
                state = state.after(runNoting(again), ran: rerun)
                underResults()
            case .keys(let keys):
                for key in keys {
                    let action = WatchKeys.action(for: key, in: state)
                    switch action {
                    case .quit:
                        say("quit")
                        return 0
                    case .nothing: continue
                    case .say(let text): say(text)
                    case .run, .accept, .runAll:
                        if let text = WatchKeys.announcement(action) { say(text) }
                        let (again, ran) = command(for: action, once: once)
                        state = state.after(runNoting(again), ran: ran)
                        underResults()
                    }
                }
            }
        }
    }

    /// The run a key asks for, and the files it runs (nil: every file of the command line).
    static func command(for action: WatchAction, once: RunCommand) -> (RunCommand, [String]?) {
        var again = once
        switch action {
        case .run(let files):
            again.paths = files
            return (again, files)
        case .accept(let goldens):
            again.paths = goldens.keys.sorted()
            again.accepting = goldens
            return (again, again.paths)
        default:
            return (again, nil)
        }
    }

    /// One run, with what failed in it.
    static func runNoting(_ cmd: RunCommand) -> RunOutcome {
        let failures = RunFailures()
        return failures.outcome(status: RunMain.run(cmd, noting: failures))
    }

    /// The scenarios a save runs again, or nil when it runs none (said, with the waiting line after it).
    static func saveRun(_ saved: [String], cmd: RunCommand, waiting line: String) -> [String]? {
        guard !saved.isEmpty else { return nil }
        let waiting = { say(line) }
        let scenarios: [String]
        do { scenarios = try ScenarioFiles.find(cmd.paths) } catch {
            say("\(error)")
            waiting()
            return nil
        }
        let rerun = affected(by: saved, scenarios: scenarios, libraries: cmd.options.libraryFolders,
                             tokenSet: cmd.options.tokenSet, plugins: cmd.options.pluginFolders)
        let names = saved.map { PathText.lastComponent($0) }.joined(separator: ", ")
        guard !rerun.isEmpty else {
            say("\(names) changed; no scenario of this run uses it")
            waiting()
            return nil
        }
        say("\(names) changed; running \(rerun.count == 1 ? "1 file" : "\(rerun.count) files") again")
        return rerun
    }

    /// A line of the watcher's own, on standard output between the runs' reports.
    static func say(_ text: String) {
        writeOut("watch: " + text)
    }

    /// The folders to watch: each folder given, each given file's folder, the `--lib` and `--plugins` folders, the
    /// token set's folder, and the plugin folders the scenarios' headers name (`--! plugins:`).
    static func watchedFolders(_ cmd: RunCommand) -> [String] {
        var out: [String] = []
        let headers = ScenarioHeaders()
        let named = ((try? ScenarioFiles.find(cmd.paths)) ?? []).flatMap { headerPlugins(of: $0, headers: headers) }
        for path in cmd.paths + cmd.options.libraryFolders + cmd.options.pluginFolders + [cmd.options.tokenSet].compactMap({ $0 }) + named {
            var folder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &folder) else { continue }
            let watched = folder.boolValue ? path : PathText.parent(path)
            let name = watched.isEmpty ? "." : watched
            if !out.contains(name) { out.append(name) }
        }
        return out
    }

    /// The scenarios (of `scenarios`, in their order) that are among `saved` or require one of them, directly or
    /// through the modules they require, and every scenario that reads a saved file another way: the token set
    /// (`tokenSet`, applied to every file) and any file in a plugin folder (`plugins`, loaded into every file, or
    /// those a scenario's header names). Paths are compared once their links are resolved.
    static func affected(by saved: [String], scenarios: [String], libraries: [String], tokenSet: String? = nil,
                         plugins: [String] = []) -> [String] {
        let changed = Set(saved.map(real))
        if let tokenSet, changed.contains(real(tokenSet)) { return scenarios }
        if changed.contains(where: { file in plugins.contains { inside(file, real($0)) } }) { return scenarios }
        let headers = ScenarioHeaders()
        return scenarios.filter { scenario in
            let folders = [PathText.parent(scenario).isEmpty ? "." : PathText.parent(scenario)] + libraries
            let own = headerPlugins(of: scenario, headers: headers).map(real)
            return changed.contains { file in own.contains { inside(file, $0) } }
                || !changed.isDisjoint(with: Requires.closure(of: real(scenario), folders: folders))
        }
    }

    /// The plugin folders a scenario's header names (`--! plugins: PATH`), from the scenario's folder.
    static func headerPlugins(of scenario: String, headers: ScenarioHeaders) -> [String] {
        let folder = PathText.parent(scenario)
        return headers.header(for: scenario).plugins.map { PathText.join(folder.isEmpty ? "." : folder, $0) }
    }

    /// Whether the real path `file` is `folder` or below it.
    static func inside(_ file: String, _ folder: String) -> Bool {
        file == folder || file.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    static func real(_ path: String) -> String {
        FolderBoundary.realPath(path) ?? URL(fileURLWithPath: path).standardizedFileURL.path
    }
}

/// What a Lua file requires, read from its text (`require "a.b"`, `require("a.b")`, `require 'a'`): a module
/// `a.b` is the file `a/b.lua` in the first of the folders that has it, as the sandbox resolves it.
enum Requires {
    /// `file` and every file it requires, directly or through others, as real paths.
    static func closure(of file: String, folders: [String]) -> Set<String> {
        var seen: Set<String> = [file]
        var queue = [file]
        while let next = queue.popLast() {
            guard let data = RegularFile.contents(next, upTo: 1 << 20) else { continue }
            for module in names(in: String(decoding: data, as: UTF8.self)) {
                guard let path = resolve(module, folders: folders), seen.insert(path).inserted else { continue }
                queue.append(path)
            }
        }
        return seen
    }

    /// The module names given to `require` as a literal string.
    static func names(in source: String) -> [String] {
        var out: [String] = []
        var rest = Substring(source)
        while let found = rest.range(of: "require") {
            rest = rest[found.upperBound...]
            var text = rest.drop { $0 == " " || $0 == "\t" }
            if text.first == "(" { text = text.dropFirst().drop { $0 == " " || $0 == "\t" } }
            guard let quote = text.first, quote == "\"" || quote == "'" else { continue }
            let name = text.dropFirst().prefix { $0 != quote && $0 != "\n" }
            if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "._-".contains($0) }) { out.append(String(name)) }
        }
        return out
    }

    static func resolve(_ module: String, folders: [String]) -> String? {
        let relative = module.split(separator: ".").joined(separator: "/") + ".lua"
        for folder in folders {
            let path = PathText.join(folder, relative)
            if RegularFile.kind(at: path) == .regular { return Watch.real(path) }
        }
        return nil
    }
}
