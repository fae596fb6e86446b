import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a file the run was given (a scenario, a plugin manifest, a token set, a module, a golden, a log): only a
/// regular file is read, and opening never waits. A named pipe, a socket or a device has no end a reader can count
/// on (opening a pipe with no writer blocks for ever), so each is refused by name instead of read. The file is
/// opened with `O_NONBLOCK` and its type checked on the open descriptor (`fstat`), so a file swapped for a pipe
/// after it was listed is still refused, never waited on.
public enum RegularFile {
    /// What stands at a path, as `lstat`/`stat` see it.
    public enum Kind: Equatable, Sendable {
        case regular, folder, link, pipe, socket, characterDevice, blockDevice, other

        /// The kind in words, for messages: "a named pipe (FIFO)".
        public var words: String {
            switch self {
            case .regular: "a regular file"
            case .folder: "a folder"
            case .link: "a symbolic link"
            case .pipe: "a named pipe (FIFO)"
            case .socket: "a socket"
            case .characterDevice: "a character device"
            case .blockDevice: "a block device"
            case .other: "not a regular file"
            }
        }

        public init(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFREG: self = .regular
            case S_IFDIR: self = .folder
            case S_IFLNK: self = .link
            case S_IFIFO: self = .pipe
            case S_IFSOCK: self = .socket
            case S_IFCHR: self = .characterDevice
            case S_IFBLK: self = .blockDevice
            default: self = .other
            }
        }
    }

    /// Why a file was not read.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public let path: String
        /// The kind found when it was not a regular file; nil when it could not be opened or read.
        public let kind: Kind?
        public let reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// The kind at `path`, following links (`stat`); nil when nothing is there (or a link leads nowhere).
    public static func kind(at path: String) -> Kind? {
        var info = stat()
        guard !path.isEmpty, stat(path, &info) == 0 else { return nil }
        return Kind(mode: info.st_mode)
    }

    /// The kind of the entry itself, a link not followed (`lstat`); nil when there is no entry.
    public static func entryKind(at path: String) -> Kind? {
        var info = stat()
        guard !path.isEmpty, lstat(path, &info) == 0 else { return nil }
        return Kind(mode: info.st_mode)
    }

    /// The whole file, or its first `limit` bytes when it is longer (links followed). Anything but a regular file is
    /// refused with its kind named, without waiting for it.
    public static func read(_ path: String, upTo limit: Int = Int.max) -> Result<Data, Problem> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            return .failure(Problem(path: path, kind: nil, reason: "cannot open it: " + String(cString: strerror(errno))))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            return .failure(Problem(path: path, kind: nil, reason: "cannot read it: " + String(cString: strerror(errno))))
        }
        let kind = Kind(mode: info.st_mode)
        guard kind == .regular else {
            return .failure(Problem(path: path, kind: kind, reason: "it is \(kind.words), not a regular file; only regular files are read"))
        }
        // Read in blocks the size of the file (most are small), never one buffer of the limit.
        let size = Int(info.st_size)
        var block = [UInt8](repeating: 0, count: max(1, min(max(size + 1, 4096), 1 << 20, limit)))
        var data = Data()
        while data.count < limit {
            let n = block.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, min($0.count, limit - data.count)) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(Problem(path: path, kind: nil, reason: "cannot read it: " + String(cString: strerror(errno))))
            }
            if n == 0 { break }
            // Appended from the buffer's bytes at once: appending the array's slice went byte by byte.
            block.withUnsafeBytes { data.append($0.baseAddress!.assumingMemoryBound(to: UInt8.self), count: n) }
        }
        return .success(data)
    }

    /// `read`, or nil when the file cannot be read for any reason (a caller with its own message).
    public static func contents(_ path: String, upTo limit: Int = Int.max) -> Data? {
        if case .success(let data) = read(path, upTo: limit) { return data }
        return nil
    }
}
