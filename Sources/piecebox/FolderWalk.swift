#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every entry below a folder, as paths relative to it, read with opendir/readdir. Replaces Foundation's folder
/// enumerator, which was most of the runner's cost of finding 500 files (a URL and string rewriting per entry),
/// and keeps what it did here: names starting with "." are listed; folders are entered, symbolic links never
/// (a link is listed as an entry, whatever it points to, and a root that is a link lists nothing); a folder that
/// cannot be read is skipped without a word. The order is the file system's: callers sort.
enum FolderWalk {
    static func relativePaths(below root: String) -> [String] {
        var out: [String] = []
        var info = stat()
        // A root that is a symbolic link (even to a folder, even written with a trailing slash) is not entered.
        var bare = Substring(root)
        while bare.count > 1, bare.hasSuffix("/") { bare = bare.dropLast() }
        guard lstat(String(bare), &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return [] }
        walk(root, prefix: "", into: &out)
        return out
    }

    /// Appends the entries of `folder` (its path from the current directory) as `prefix` + name, entering each
    /// real folder after its own entry.
    private static func walk(_ folder: String, prefix: String, into out: inout [String]) {
        guard let dir = opendir(folder) else { return }
        var folders: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name == "." || name == ".." { continue }
            out.append(prefix + name)
            if isFolder(entry.pointee.d_type, path: join(folder, name)) { folders.append(name) }
        }
        closedir(dir)
        for name in folders { walk(join(folder, name), prefix: prefix + name + "/", into: &out) }
    }

    /// Whether an entry is a real folder (not a link to one); asks lstat only when readdir could not tell.
    private static func isFolder(_ type: UInt8, path: @autoclosure () -> String) -> Bool {
        if type == UInt8(DT_DIR) { return true }
        if type != UInt8(DT_UNKNOWN) { return false }
        var info = stat()
        return lstat(path(), &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    private static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
