import Foundation
import PieceKit

/// The one rule for every file a command writes (frame logs, goldens and their actual logs, reports, Bazel's files,
/// `init`'s project, `stubs`, `film --out`, `diff --html --out`): all of a command's outputs are planned here before
/// anything is written, and compared by where they really lead (`PathLocation`: links, `.` and `..` resolved, case
/// as the file system sees it), so that
/// - no two outputs of one command are one file (one of them would be lost, or a log would be compared with itself);
/// - no output is one of the command's inputs: a scenario, a plugin, a token set, a library file, a golden that is
///   compared and not recorded (the entry as named and the file it leads to both count: a report written over a
///   scenario's link replaces the scenario);
/// - no output leads out of its project, or out of the folder the user named for it (`Boundary`).
/// A command plans, calls `check()`, and only then writes; a problem names both paths and what each is for.
public struct OutputPlan {
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// What an output must stay inside once its links are resolved.
    public enum Boundary: Sendable {
        /// The project the path is named in (`projectBoundary`): a path typed inside a project stays in it,
        /// a path typed outside every project stays in the folder it names.
        case project
        /// The folder as it was named, where its links lead (a new project: `piecebox init DIR`).
        case itself
        /// Inside this planned folder (a log in the folder of logs).
        case folder(PathLocation, String)
    }

    struct Entry {
        let path: String
        let what: String
        let location: PathLocation
        let isFolder: Bool
    }

    public let runFolder: String
    private var outputs: [Entry] = []
    private var inputs: [Entry] = []
    private var inputKeys: [String: [Int]] = [:]
    private var libraryFolders: [(location: PathLocation, what: String)] = []
    private var libraryFoldersNamed: Set<String> = []
    /// Folders placed so far: a run's hundreds of logs and scenarios share a few folders.
    private var cache = PathLocation.Cache()
    /// The first problem found while planning; `check()` throws it.
    private var problem: Problem?

    public init(runFolder: String = FileManager.default.currentDirectoryPath) {
        self.runFolder = runFolder
    }

    /// Whether anything is to be written at all (a plan without outputs needs no checking).
    public var isEmpty: Bool { outputs.isEmpty }

    // MARK: Planning

    /// A folder the command writes into, made if needed: where it leads must be a folder (or nothing yet) inside
    /// `boundary`. Returns its location, for the files planned inside it.
    @discardableResult
    public mutating func folder(_ path: String, _ what: String, boundary: Boundary = .project) -> PathLocation? {
        guard let location = place(path, what, followingLast: true) else { return nil }
        if let kind = RegularFile.kind(at: location.real), kind != .folder {
            fail("\(what) \(path) is \(kind.words), not a folder")
            return nil
        }
        guard stays(location, path: path, what: what, isFolder: true, boundary: boundary) else { return nil }
        outputs.append(Entry(path: path, what: what, location: location, isFolder: true))
        return location
    }

    /// A file the command writes whole (through a temporary file and a rename, so a link at its name is replaced,
    /// never followed). `boundary`: what it must stay inside. `new`: nothing may stand at its name yet, not even
    /// a link to nothing (a command that never overwrites, as `init`).
    public mutating func file(_ path: String, _ what: String, boundary: Boundary = .project, new: Bool = false) {
        let name = PathText.lastComponent(path)
        guard !path.isEmpty, !path.hasSuffix("/"), name != ".", name != ".." else {
            fail("\(what) \"\(path)\" does not name a file")
            return
        }
        guard let location = place(path, what, followingLast: false) else { return }
        if let kind = RegularFile.entryKind(at: location.real) {
            guard kind != .folder else { return fail("\(what) \(path) is a folder; give a file") }
            guard !new else { return fail("\(path) already exists") }
        }
        guard stays(location, path: path, what: what, isFolder: false, boundary: boundary) else { return }
        outputs.append(Entry(path: path, what: what, location: location, isFolder: false))
    }

    /// A file the command reads: no output may be written over it, neither at its name nor where its links lead.
    /// A path that does not exist is nothing to protect, unless `evenIfMissing`: a golden only compared must not be
    /// made by an output either (the run would compare a log with itself).
    public mutating func input(_ path: String, _ what: String, evenIfMissing: Bool = false) {
        let kind = RegularFile.entryKind(at: PathText.absolute(path, cwd: runFolder))
        guard kind != nil || evenIfMissing else { return }
        // A path that is no link leads where it is named: one place to protect.
        for follow in kind == .link ? [false, true] : [false] {
            guard case .success(let location) = PathLocation.of(path, followingLast: follow, runFolder: runFolder,
                                                                 cache: &cache) else { continue }
            inputKeys[location.key, default: []].append(inputs.count)
            inputs.append(Entry(path: path, what: what, location: location, isFolder: false))
        }
    }

    /// A folder the command reads Lua from (`--lib`, a plugin folder, a scenario's folder, where `require` looks):
    /// every `.lua` file already in it or below it is an input.
    public mutating func libraryFolder(_ path: String, _ what: String) {
        guard libraryFoldersNamed.insert(path).inserted,
              case .success(let location) = PathLocation.of(path, followingLast: true, runFolder: runFolder, cache: &cache)
        else { return }
        if libraryFolders.contains(where: { $0.location == location }) { return }
        libraryFolders.append((location, what))
    }

    /// Throws the first problem found: a path that could not be placed or leads out of its boundary, two outputs
    /// that are one file, an output over an input. Outputs are compared in the order they were planned, so the
    /// message names the earlier one first.
    public func check() throws(Problem) {
        if let problem { throw problem }
        var seen: [String: [Int]] = [:]
        for (index, output) in outputs.enumerated() {
            let key = output.location.key
            // Two folders may be one (the logs' and the goldens'): their files are compared one by one.
            for earlier in seen[key, default: []] where !(outputs[earlier].isFolder && output.isFolder)
                && outputs[earlier].location.isSameEntry(as: output.location) {
                throw Problem(Self.bothText(outputs[earlier], output))
            }
            seen[key, default: []].append(index)
            for i in inputKeys[key, default: []] where inputs[i].location.isSameEntry(as: output.location) {
                let input = inputs[i]
                let shown = input.path == output.path || input.what.contains(input.path) ? "" : " (\(input.path))"
                throw Problem("\(output.what) \(output.path) would overwrite \(input.what)\(shown); give another path")
            }
            // A Lua file in a folder the command reads Lua from, whether it exists or not: written once, the next
            // run would read it as a scenario or a module (`.LUA` too, for a file system that ignores case).
            if !output.isFolder, output.location.rest.last?.lowercased().hasSuffix(".lua") == true,
               // The deepest folder holding it names it best (a plugin folder inside a scenario's folder).
               let library = libraryFolders.filter({ $0.location.contains(output.location) })
                   .max(by: { $0.location.real.count < $1.location.real.count }) {
                let exists = RegularFile.entryKind(at: output.location.real) != nil
                throw Problem("\(output.what) \(output.path) would \(exists ? "overwrite" : "put") a Lua file in \(library.what) (\(library.location.real)), where it would be read as a scenario or a module; give another path")
            }
        }
    }

    /// The one-output form, for a command that writes one file from some inputs (`film --out`, `diff --html
    /// --out`): nil when `output` may be written, else the problem in words. `option` names the flag (`--out`).
    public static func problem(writing output: String, option: String, reading inputs: [String],
                               runFolder: String = FileManager.default.currentDirectoryPath) -> String? {
        var plan = OutputPlan(runFolder: runFolder)
        for input in inputs {
            plan.input(input, "the input \(input)")
            // A scenario is run first (`film a.lua`): its folder is read for Lua, as a run reads it.
            if input.lowercased().hasSuffix(".lua") {
                let folder = PathText.parent(input)
                plan.libraryFolder(folder.isEmpty ? "." : folder, "the folder of the scenario \(input)")
            }
        }
        plan.file(output, option)
        do { try plan.check() } catch { return error.description }
        return nil
    }

    /// Whether two paths are one entry (for options that may name the same file twice on purpose).
    public static func sameEntry(_ a: String, _ b: String, runFolder: String = FileManager.default.currentDirectoryPath) -> Bool {
        guard case .success(let x) = PathLocation.of(a, followingLast: false, runFolder: runFolder),
              case .success(let y) = PathLocation.of(b, followingLast: false, runFolder: runFolder) else { return a == b }
        return x.key == y.key && x.isSameEntry(as: y)
    }

    // MARK: Boundaries

    /// The folder an output named `path` must stay inside once its links are resolved, and how messages call it:
    /// - the nearest folder above the folder it names that holds a project file (`piecebox.lua`) and is itself no
    ///   link (a link could make any folder look like a project): the project;
    /// - else, when it is named inside the folder the command runs in, that folder (a project without a project
    ///   file, as `ProjectRoot` takes it);
    /// - else the folder it names: a path the user typed outside every project is the user's choice, but links
    ///   below it still may not lead out of it.
    public static func projectBoundary(of path: String, isFolder: Bool,
                                       runFolder: String = FileManager.default.currentDirectoryPath) -> Result<(location: PathLocation, what: String), Problem> {
        let lexical = ProjectRoot.normalised(path, from: runFolder)
        let named = isFolder ? lexical : PathText.parent(lexical)
        var above = PathText.parent(named)
        while named != "/" {
            if FolderBoundary.realPath(above) == above,
               RegularFile.kind(at: PathText.join(above, ProjectRoot.fileName)) == .regular {
                return locate(above, "the project")
            }
            if above == "/" { break }
            above = PathText.parent(above)
        }
        let run = FolderBoundary.realPath(runFolder) ?? runFolder
        if FolderBoundary.contains(run, lexical) { return locate(run, "the project") }
        return locate(named, "the folder it names")
    }

    private static func locate(_ folder: String, _ what: String) -> Result<(location: PathLocation, what: String), Problem> {
        switch PathLocation.of(folder, followingLast: true) {
        case .success(let location): return .success((location, "\(what) \(location.real)"))
        case .failure(let problem): return .failure(Problem(problem.description))
        }
    }

    // MARK: Helpers

    private mutating func fail(_ text: String) {
        if problem == nil { problem = Problem(text) }
    }

    private mutating func place(_ path: String, _ what: String, followingLast: Bool) -> PathLocation? {
        switch PathLocation.of(path, followingLast: followingLast, runFolder: runFolder, cache: &cache) {
        case .success(let location): return location
        case .failure(let why):
            fail("\(what) \(why.description)")
            return nil
        }
    }

    /// Whether `location` stays inside `boundary`; records the problem when it does not.
    private mutating func stays(_ location: PathLocation, path: String, what: String, isFolder: Bool,
                                boundary: Boundary) -> Bool {
        let inside: (location: PathLocation, what: String)
        switch boundary {
        case .folder(let folder, let name): inside = (folder, name)
        case .itself: return true
        case .project:
            switch Self.projectBoundary(of: path, isFolder: isFolder, runFolder: runFolder) {
            case .success(let found): inside = found
            case .failure(let why): fail("\(what): \(why.description)"); return false
            }
        }
        guard inside.location.contains(location) else {
            fail("\(what) \(path) leads out of \(inside.what) (to \(location.real)); outputs stay inside the project, or inside the folder named for them")
            return false
        }
        return true
    }

    private static func bothText(_ a: Entry, _ b: Entry) -> String {
        let where_ = a.path == b.path ? a.path : "\(a.path) and \(b.path) (one file: \(b.location.real))"
        return "\(where_) would be written twice in one run: as \(a.what) and as \(b.what); give them different paths"
    }
}
