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
///
/// Each entry comes with whether it may be a file to read: a named pipe, a socket or a device (or a link to one)
/// is not, and is never opened (opening a pipe waits for a writer for ever).
enum FolderWalk {
    struct Entry {
        let path: String
        /// False for a named pipe, a socket or a device, or a link to one.
        let readable: Bool
    }

    static func relativePaths(below root: String) -> [String] { entries(below: root).map(\.path) }

    static func entries(below root: String) -> [Entry] {
        var out: [Entry] = []
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
    private static func walk(_ folder: String, prefix: String, into out: inout [Entry]) {
        guard let dir = opendir(folder) else { return }
        var folders: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name == "." || name == ".." { continue }
            let type = entry.pointee.d_type
            out.append(Entry(path: prefix + name, readable: mayBeRead(type, path: join(folder, name))))
            if isFolder(type, path: join(folder, name)) { folders.append(name) }
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

    /// Whether an entry is no pipe, socket or device, nor a link to one (a dangling link may be read: reading
    /// fails, and says so). Asks stat only for a link or when readdir could not tell.
    private static func mayBeRead(_ type: UInt8, path: @autoclosure () -> String) -> Bool {
        if type == UInt8(DT_REG) || type == UInt8(DT_DIR) { return true }
        if type == UInt8(DT_FIFO) || type == UInt8(DT_SOCK) || type == UInt8(DT_CHR) || type == UInt8(DT_BLK) { return false }
        var info = stat()
        guard stat(path(), &info) == 0 else { return true }
        let kind = info.st_mode & S_IFMT
        return kind == S_IFREG || kind == S_IFDIR || kind == S_IFLNK
    }

    private static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
