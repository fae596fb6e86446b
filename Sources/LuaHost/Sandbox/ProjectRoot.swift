import Foundation
import PieceKit

/// Where a scenario's project starts, so a golden is named after the scenario's path from there and not after the
/// path as it was typed (`examples/a.lua`, `./examples/a.lua` and `/home/me/proj/examples/a.lua` are one file, with
/// one golden).
///
/// The root is the nearest folder at or above the scenario's folder that holds a project file (`piecebox.lua`); with
/// none, the root of the git work tree the scenario is in (the nearest folder holding a `.git` entry, a folder or a
/// worktree's file; no git process is run); with neither, the scenario's own folder. Never the folder the run started
/// in: a golden named from there would change with it, and the same scenario run from elsewhere would record a second
/// golden and pass.
public enum ProjectRoot {
    public static let fileName = "piecebox.lua"

    /// The root for `scenario` (a path as typed; `runFolder` only makes it absolute), as an absolute, normalised path.
    public static func find(for scenario: String, runFolder: String = FileManager.default.currentDirectoryPath) -> String {
        let file = absolute(scenario, from: runFolder)
        let own = (file as NSString).deletingLastPathComponent
        let project = nearest(above: own) { FileManager.default.fileExists(atPath: $0 + fileName) }
        // A `.git` of any kind, not followed: a linked worktree's is a file, and a link to nothing still marks the tree.
        return project ?? nearest(above: own) { RegularFile.entryKind(at: $0 + ".git") != nil } ?? own
    }

    /// The nearest folder at or above `start` for which `holds` (given the folder's path with a trailing `/`) is true.
    static func nearest(above start: String, where holds: (String) -> Bool) -> String? {
        var folder = start
        while !folder.isEmpty {
            if holds(folder == "/" ? "/" : folder + "/") { return folder }
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder { break }
            folder = parent
        }
        return nil
    }

    /// The scenario's path from its project root (`examples/motion/card.lua`); a scenario outside the root keeps
    /// `..` parts, so the name is still one per file.
    public static func relativePath(of scenario: String, runFolder: String = FileManager.default.currentDirectoryPath) -> String {
        let root = find(for: scenario, runFolder: runFolder)
        return relative(absolute(scenario, from: runFolder), to: root)
    }

    /// `relativePath` of each of `scenarios`, the root looked for once per folder: what a run orders and shards its
    /// files by, so the order is the same however their paths were typed.
    public static func relativePaths(of scenarios: [String],
                                     runFolder: String = FileManager.default.currentDirectoryPath) -> [String] {
        // Per folder as typed: its real path and its root, each found once.
        var folders: [String: (real: String, root: String)] = [:]
        return scenarios.map { scenario in
            let typed = PathText.parent(scenario)
            let known = folders[typed] ?? {
                let file = absolute(scenario, from: runFolder)
                return (PathText.parent(file), find(for: file, runFolder: runFolder))
            }()
            folders[typed] = known
            return relative(PathText.join(known.real, PathText.lastComponent(scenario)), to: known.root)
        }
    }

    /// The name of `scenario`'s golden (and of its log in a folder of goldens): `LogName` of the path from the root.
    public static func goldenName(for scenario: String, runFolder: String = FileManager.default.currentDirectoryPath) -> String {
        LogName.fileName(for: relativePath(of: scenario, runFolder: runFolder))
    }

    /// `path` made absolute against `base`, its folder's links resolved (the run's folder is already a real path,
    /// so a path typed through a linked folder names the same file); the file itself may be a link, which stays a
    /// scenario of the folder it sits in.
    static func absolute(_ path: String, from base: String) -> String {
        let plain = normalised(path, from: base)
        let folder = (plain as NSString).deletingLastPathComponent
        guard let real = FolderBoundary.realPath(folder) else { return plain }
        return real == "/" ? "/" + (plain as NSString).lastPathComponent
            : real + "/" + (plain as NSString).lastPathComponent
    }

    /// `path` made absolute against `base`, with `.`, `..` and repeated slashes resolved by name.
    static func normalised(_ path: String, from base: String) -> String {
        let joined = path.hasPrefix("/") ? path : base + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    static func relative(_ path: String, to root: String) -> String {
        let p = path.split(separator: "/"), r = root.split(separator: "/")
        var common = 0
        while common < min(p.count, r.count), p[common] == r[common] { common += 1 }
        let up = Array(repeating: "..", count: r.count - common)
        return (up + p[common...].map(String.init)).joined(separator: "/")
    }
}
