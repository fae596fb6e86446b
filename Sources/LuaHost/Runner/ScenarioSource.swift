import Foundation
import PieceKit

/// What a file needs before its state can run it: its plugins and where its modules come from.
struct ScenarioSetup {
    let plugins: [PluginCatalog.Plugin]
    let modules: ModulePaths
}

extension ScenarioRunner {
    /// Reads the file. The source is copied into the host (and then into Lua): a file larger than its memory cap
    /// cannot run. Read with that bound; only a regular file is read, and opening never waits (`RegularFile`).
    static func readSource(_ path: String, options: RunOptions) -> Result<Data, FileProblem> {
        let cap = options.limits.memoryBytes
        let data: Data
        switch RegularFile.read(path, upTo: cap > 0 ? cap + 1 : Int.max) {
        case .success(let read): data = read
        case .failure(let problem):
            return .failure(FileProblem(message: "\(path): cannot read the file"
                + (problem.kind.map { ": it is \($0.words), not a regular file" } ?? "")))
        }
        if cap > 0, data.count > cap {
            return .failure(FileProblem(message: "\(path): the file is larger than its memory cap of \(SandboxLimits.bytesText(cap)); it did not run"))
        }
        return .success(data)
    }

    /// Reads the file's header: a scenario (not a token set), its plugins found, its module folders.
    static func prepare(_ path: String, data: Data, options: RunOptions) -> Result<ScenarioSetup, FileProblem> {
        // Not URL's deletingLastPathComponent: it traps on some short paths ("/a").
        let folder = PathText.parent(PathText.absolute(path, cwd: FileManager.default.currentDirectoryPath))
        let header = data.prefix(4096).withUnsafeBytes { ScenarioHeader.parse(utf8: $0) }
        if let problem = header.problems.first {
            return .failure(FileProblem(message: "\(path):\(problem.line): \(problem.message); the file did not run"))
        }
        if header.tokenSet != nil {
            return .failure(FileProblem(message: "\(path) is a token set (--! token-set), not a scenario; apply it with piecebox run --tokens \(path)"))
        }
        let pluginFolders: [String]
        switch Self.headerPlugins(header, scenario: PathText.join(folder, PathText.lastComponent(path))) {
        case .failure(let error): return .failure(FileProblem(message: "\(path): \(error.description)"))
        case .success(let named): pluginFolders = options.pluginFolders + named
        }
        let libraries: [String]
        switch Self.headerFolders(header.libraries, key: "lib", scenario: PathText.join(folder, PathText.lastComponent(path))) {
        case .failure(let error): return .failure(FileProblem(message: "\(path): \(error.description)"))
        case .success(let named): libraries = named
        }
        let plugins: [PluginCatalog.Plugin]
        switch PluginCatalog.discover(in: pluginFolders) {
        case .failure(let error): return .failure(FileProblem(message: "\(path): \(error.description)"))
        case .success(let found): plugins = found
        }
        // A plugin's modules sit in its own folder.
        let roots = [folder] + options.libraryFolders + libraries + plugins.map(\.folder)
        return .success(ScenarioSetup(plugins: plugins, modules: ModulePaths(roots: roots)))
    }

    /// The plugin folders a file names in its header, resolved against its folder. They must stay inside the
    /// scenario's project (`ProjectRoot`, found from the scenario alone, never from the working folder), so a
    /// scenario cannot load Lua from anywhere else on the machine, and the same file loads the same plugins
    /// whichever folder the run started in (`piecebox run ../mine`).
    static func headerPlugins(_ header: ScenarioHeader, scenario: String) -> Result<[String], PluginError> {
        headerFolders(header.plugins, key: "plugins", scenario: scenario)
    }

    /// The folders a header's `key` lines name (`plugins`, `lib`), by the rule above.
    static func headerFolders(_ written: [String], key: String, scenario: String) -> Result<[String], PluginError> {
        // Most files name none; finding the project costs system calls a file should not pay for nothing.
        guard !written.isEmpty else { return .success([]) }
        let folder = PathText.parent(scenario)
        // Found from the scenario alone: with no project file above it, the boundary is its git work tree's root,
        // else its own folder, whoever ran it from wherever.
        let project = ProjectRoot.find(for: scenario, runFolder: folder)
        let root = URL(fileURLWithPath: project).resolvingSymlinksInPath().path
        var folders: [String] = []
        for written in written {
            guard !written.hasPrefix("/") else {
                return .failure(PluginError("--! \(key): \(written): give a path relative to the scenario"))
            }
            let resolved = URL(fileURLWithPath: folder).appendingPathComponent(written).standardizedFileURL
                .resolvingSymlinksInPath().path
            guard resolved == root || resolved.hasPrefix(root + "/") else {
                return .failure(PluginError("--! \(key): \(written) is outside the scenario's project (\(root)); "
                    + "a \(ProjectRoot.fileName) in a folder above both makes that folder the project"))
            }
            folders.append(resolved)
        }
        return .success(folders)
    }
}
