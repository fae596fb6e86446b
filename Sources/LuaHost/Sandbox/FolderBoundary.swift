import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The one rule for files a run reads from folders a scenario's author controls (modules for `require`, plugin
/// folders and manifests, goldens): a path is taken only if, with every link resolved, it is still inside the
/// folder it was looked up in. A link that stays inside is fine; a link out is refused, so a planted link cannot
/// make the run read (and print, or run) a file from elsewhere on the machine. What a run writes is planned by
/// `OutputPlan`, which draws its boundaries with the same real paths.
public enum FolderBoundary {
    /// Where a path led.
    public enum Resolution: Equatable, Sendable {
        /// Inside the folder: read this real path (not the one given, which a link could retarget later).
        case inside(String)
        /// Its links lead out of the folder, to this real path.
        case outside(String)
        /// Nothing there (or a link to nothing).
        case missing
    }

    /// Resolves `path` and checks it against the real path of `folder`. A folder that does not exist has nothing
    /// inside it.
    public static func resolve(_ path: String, inside folder: String) -> Resolution {
        guard let real = realPath(path) else { return .missing }
        guard let root = realPath(folder) else { return .outside(real) }
        return contains(root, real) ? .inside(real) : .outside(real)
    }

    /// True when `real` is `root` or below it; both must already be real paths.
    public static func contains(_ root: String, _ real: String) -> Bool {
        real == root || real.hasPrefix(root == "/" ? "/" : root + "/")
    }

    /// The path with every link, `.` and `..` resolved (realpath(3)), or nil when it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard !path.isEmpty, let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
