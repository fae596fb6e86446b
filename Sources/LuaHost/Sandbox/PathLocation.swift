import Foundation
import PieceKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a path leads on this machine, for comparing paths as the file system sees them: `a.xml`, `./a.xml`, a
/// path through a linked folder and (on a file system that ignores case) `A.xml` can all be one file. A path that
/// does not exist yet is placed under its deepest folder that does: that folder's real path (links, `.` and `..`
/// resolved) and its identity (device and inode), then the parts below it, still to be made.
public struct PathLocation: Sendable, Equatable {
    /// The real path of the deepest folder on the way that exists.
    public let folder: String
    let device: UInt64
    let inode: UInt64
    /// The parts below `folder`, none of which exists yet, except perhaps the last (an entry kept as it is when
    /// the last part is not followed). Empty when the path is the folder itself.
    public let rest: [String]

    /// The whole real path.
    public var real: String { rest.reduce(folder) { PathText.join($0 == "/" ? "/" : $0, $1) } }

    /// Why a path cannot be placed: a part of it is a link to nothing, or a file where a folder must be.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// Folders already placed, by their absolute path as typed: the files of one folder (a folder of logs, a
    /// folder of scenarios) share one lookup.
    public typealias Cache = [String: Result<PathLocation, Problem>]

    /// Locates `path` (relative to `runFolder`). `followingLast`: resolve the last part too, as reading does and as
    /// writing into a folder does; without it the last part stays an entry of its folder, as a file written by
    /// rename is (a link there is replaced, not followed).
    public static func of(_ path: String, followingLast: Bool,
                          runFolder: String = FileManager.default.currentDirectoryPath) -> Result<PathLocation, Problem> {
        var cache = Cache()
        return of(path, followingLast: followingLast, runFolder: runFolder, cache: &cache)
    }

    /// `of`, with the folders placed so far kept in `cache`.
    public static func of(_ path: String, followingLast: Bool, runFolder: String,
                          cache: inout Cache) -> Result<PathLocation, Problem> {
        var absolute = PathText.absolute(path, cwd: runFolder)
        while absolute.count > 1, absolute.hasSuffix("/") { absolute.removeLast() }
        let name = PathText.lastComponent(absolute)
        let dots = name == "." || name == ".." || absolute == "/"
        if followingLast || dots {
            if let real = FolderBoundary.realPath(absolute) {
                if real == "/" { return folder("/", as: path, cache: &cache) }
                return folder(PathText.parent(real), as: path, cache: &cache).map { $0.below(PathText.lastComponent(real)) }
            }
            if RegularFile.entryKind(at: absolute) == .link {
                return .failure(Problem(description: "\(path) is a link that leads nowhere (\(linkTarget(absolute)))"))
            }
            if dots { return folder(absolute, as: path, cache: &cache) }
        }
        return folder(PathText.parent(absolute), as: path, cache: &cache).map { $0.below(name) }
    }

    /// This location with `name` below it.
    func below(_ name: String) -> PathLocation {
        PathLocation(folder: folder, device: device, inode: inode, rest: rest + [name])
    }

    /// The location of the folder at `absolute`: the deepest folder of it that exists, and the parts below it (with
    /// `.` and `..` in them resolved by name: the folder above them is real). What exists on the way must be a folder
    /// that can be followed.
    static func folder(_ absolute: String, as typed: String, cache: inout Cache) -> Result<PathLocation, Problem> {
        if let known = cache[absolute] { return known }
        let result = placeFolder(absolute, as: typed, cache: &cache)
        cache[absolute] = result
        return result
    }

    private static func placeFolder(_ absolute: String, as typed: String, cache: inout Cache) -> Result<PathLocation, Problem> {
        var parts = absolute.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var rest: [String] = []
        var real = "/"
        while true {
            let prefix = "/" + parts.joined(separator: "/")
            if let r = FolderBoundary.realPath(prefix) {
                real = r
                break
            }
            // It is there but cannot be followed: a link to nothing (or a loop), or a file in the middle of a path.
            if let kind = RegularFile.entryKind(at: prefix) {
                let why = kind == .link ? "a link that leads nowhere (\(linkTarget(prefix)))" : "\(kind.words), not a folder"
                return .failure(Problem(description: "\(typed): \(prefix) is \(why)"))
            }
            guard let last = parts.popLast() else { break }
            rest.insert(last, at: 0)
        }
        var normal: [String] = []
        var moved = false
        for part in rest {
            if part == "." { moved = true; continue }
            if part == ".." {
                moved = true
                if normal.popLast() == nil { real = PathText.parent(real) }
                continue
            }
            normal.append(part)
        }
        // `new/../logs` is `logs`, which may exist: placed once more from the resolved text (which has no dots).
        if moved { return folder(normal.reduce(real) { PathText.join($0, $1) }, as: typed, cache: &cache) }
        var info = stat()
        guard stat(real, &info) == 0 else {
            return .failure(Problem(description: "\(typed): cannot look at \(real): " + String(cString: strerror(errno))))
        }
        if (info.st_mode & S_IFMT) != S_IFDIR {
            return .failure(Problem(description: "\(typed): \(real) is \(RegularFile.Kind(mode: info.st_mode).words), not a folder"))
        }
        return .success(PathLocation(folder: real, device: UInt64(info.st_dev), inode: UInt64(info.st_ino), rest: normal))
    }

    private static func linkTarget(_ path: String) -> String {
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
        return "to \(target)"
    }

    /// What hashes two locations that may be one entry alike: the folder's identity and the parts with case folded.
    var key: String { "\(device):\(inode):" + rest.map { $0.lowercased() }.joined(separator: "/") }

    /// Whether the two are one entry, as the file system sees names: equal parts, or parts equal but for case in a
    /// folder that ignores case (asked of the folder itself).
    public func isSameEntry(as other: PathLocation) -> Bool {
        guard device == other.device, inode == other.inode, rest.count == other.rest.count else { return false }
        if rest == other.rest { return true }
        guard zip(rest, other.rest).allSatisfy({ $0.lowercased() == $1.lowercased() }) else { return false }
        return Self.ignoresCase(folder)
    }

    /// True when `folder` is this location or below it.
    public func contains(_ other: PathLocation) -> Bool { FolderBoundary.contains(real, other.real) }

    /// Whether names in `folder` are found whatever their case: a fresh file is made there and looked for in
    /// capitals. A folder nothing can be made in answers no (nothing will be written there either).
    static func ignoresCase(_ folder: String) -> Bool {
        guard case .success(let made) = AtomicFile.createTemporary(beside: PathText.join(folder, "case")) else { return false }
        _ = close(made.descriptor)
        defer { _ = unlink(made.path) }
        let shouted = PathText.join(folder, PathText.lastComponent(made.path).uppercased())
        var a = stat(), b = stat()
        return lstat(made.path, &a) == 0 && lstat(shouted, &b) == 0 && a.st_ino == b.st_ino && a.st_dev == b.st_dev
    }
}
