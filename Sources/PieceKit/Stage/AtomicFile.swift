import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing a file so that the folder it goes into cannot redirect it. The folder may hold anything (a scenario's
/// folder is the scenario author's), so:
/// - the temporary file gets a fresh, unguessable name beside the destination and is created with
///   `O_CREAT | O_EXCL | O_NOFOLLOW`: a planted file or link of that name makes the open fail instead of being
///   written through;
/// - publishing is one `rename`, which replaces whatever has the final name, a symbolic link included: the link
///   itself is replaced and the file it pointed at is never opened.
public enum AtomicFile {
    /// Opens a new, empty temporary file in the folder of `destination`. Returns its descriptor (write-only,
    /// closed on exec) and its path. The name starts with "." and ends with ".tmp", so it reads as a leftover.
    public static func createTemporary(beside destination: String) -> Result<(descriptor: Int32, path: String), FileProblem> {
        let folder = PathText.parent(destination)
        // Long enough to recognise, short enough to stay under the 255-byte name limit with the random part.
        let stem = String(decoding: Array(PathText.lastComponent(destination).utf8.prefix(160)), as: UTF8.self)
        var lastError = EEXIST
        // A name is taken only if someone planted exactly it; a few fresh draws settle that.
        for _ in 0..<8 {
            let name = "." + stem + "." + randomToken() + ".tmp"
            let path = PathText.join(folder, name)
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor >= 0 { return .success((descriptor, path)) }
            lastError = errno
            if lastError != EEXIST { return .failure(FileProblem(path: path, reason: text(of: lastError))) }
        }
        return .failure(FileProblem(path: destination, reason: "no free temporary name beside it: \(text(of: lastError))"))
    }

    /// Moves `temporary` onto `destination` in one step. A link at `destination` is replaced, not followed.
    public static func publish(_ temporary: String, as destination: String) -> Result<Void, FileProblem> {
        guard rename(temporary, destination) == 0 else {
            let problem = FileProblem(path: destination, reason: text(of: errno))
            _ = unlink(temporary)
            return .failure(problem)
        }
        return .success(())
    }

    /// Writes `data` as the whole of `destination`: into a fresh temporary file, then renamed into place, so
    /// the destination is never half written and never written through a link.
    public static func write(_ data: Data, to destination: String) -> Result<Void, FileProblem> {
        let temporary: (descriptor: Int32, path: String)
        switch createTemporary(beside: destination) {
        case .success(let t): temporary = t
        case .failure(let problem): return .failure(problem)
        }
        let written = writeAll(data, to: temporary.descriptor)
        let closed = close(temporary.descriptor) == 0 ? 0 : errno
        if let failure = written ?? (closed == 0 ? nil : closed) {
            _ = unlink(temporary.path)
            return .failure(FileProblem(path: temporary.path, reason: text(of: failure)))
        }
        return publish(temporary.path, as: destination)
    }

    /// Opens an existing temporary file to add to its end, refusing a link or anything but a plain file.
    public static func openForAppending(_ path: String) -> Result<Int32, FileProblem> {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(FileProblem(path: path, reason: text(of: errno))) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            _ = close(descriptor)
            return .failure(FileProblem(path: path, reason: "not a plain file"))
        }
        return .success(descriptor)
    }

    /// Writes every byte of `data`, retrying short writes and interruptions; the errno of a failure, or nil.
    public static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Int32? in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(descriptor, base + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += n
            }
            return nil
        }
    }

    /// Makes a new folder of this user's only (mkdtemp: a random suffix, created exclusively, mode 0700) and
    /// returns its path, or nil when that fails.
    public static func makeFolder(in parent: String, prefix: String) -> String? {
        var template = Array(((parent as NSString).appendingPathComponent(prefix) + "XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            return mkdtemp(base) != nil
        }
        guard made else { return nil }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// 128 random bits as hex, from the system's generator: nobody can plant the name in advance.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let a = generator.next() as UInt64, b = generator.next() as UInt64
        return String(a, radix: 16) + String(b, radix: 16)
    }

    static func text(of code: Int32) -> String { String(cString: strerror(code)) }
}

/// A file that could not be written, and why.
public struct FileProblem: Error, Equatable, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String
    public init(path: String, reason: String) { self.path = path; self.reason = reason }
    public var description: String { "\(path): \(reason)" }
}
