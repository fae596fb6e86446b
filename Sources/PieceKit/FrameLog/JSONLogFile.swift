import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A JSON Lines file written safely: lines go to a fresh temporary file beside `path` (an unguessable name,
/// created exclusively and never through a link: see `AtomicFile`), gathered in a buffer handed to the OS by
/// `flush()`, whenever it passes `bufferLimit`, and at the end (one `write` per script call rather than one
/// per frame; a crash loses at most what the script's current call rendered), and `close()` renames it onto
/// `path` in one atomic step, so
/// `path` is never a half-written log and a link at `path` is replaced rather than written through. A failing
/// scenario calls `abandon(with:)`, which still publishes its lines, ending with the error.
///
/// Not closed by the time it is released: the handle is closed and the temporary file is left as the evidence
/// (a worker process announces its name first, so the runner can finish it; see `announceTemporaryFiles`).
public final class JSONLogFile {
    public let path: String
    public let temporaryPath: String
    private var handle: FileHandle?
    private var descriptor: Int32 = -1
    /// Lines not yet handed to the OS.
    private var buffer: [UInt8] = []
    public private(set) var linesWritten = 0
    /// A buffer past this many bytes is written at once: memory stays bounded however long a call renders.
    public static let bufferLimit = 1 << 16

    /// Creates the temporary file beside `path`. The folder must exist; making folders is the caller's decision.
    public init(path: String) throws(JSONLogError) {
        self.path = path
        switch AtomicFile.createTemporary(beside: path) {
        case .success(let temporary):
            temporaryPath = temporary.path
            descriptor = temporary.descriptor
            handle = FileHandle(fileDescriptor: temporary.descriptor, closeOnDealloc: true)
            buffer.reserveCapacity(Self.bufferLimit + 4096)
        case .failure(let problem):
            throw .cannotCreate(path: problem.path, reason: problem.reason)
        }
        TemporaryAnnouncer.shared.announce(temporaryPath)
    }

    /// Has `body` called with the temporary path of every log opened from now on in this process, before
    /// anything is written to it. A worker process passes it to the runner, which knows no other way to find
    /// the unguessable name when it has to stop the worker and finish its log.
    public static func announceTemporaryFiles(_ body: @escaping @Sendable (String) -> Void) {
        TemporaryAnnouncer.shared.set(body)
    }

    deinit {
        if handle != nil { try? flush() }
        try? handle?.close()
    }

    /// True until `close()` or `abandon(with:)`.
    public var isOpen: Bool { handle != nil }

    /// Appends one object as one line.
    public func write(_ object: JSONObject) throws(JSONLogError) {
        try write(line: object.json)
    }

    /// Appends one line of already-built JSON (the newline is added here).
    public func write(line: String) throws(JSONLogError) {
        try write(utf8: Array(line.utf8))
    }

    /// Appends one line given as UTF-8 bytes (the newline is added here).
    public func write(utf8 line: [UInt8]) throws(JSONLogError) {
        guard handle != nil else { throw .closed(path: path) }
        guard !Self.holdsLineBreak(line) else { throw .lineBreakInLine(path: path) }
        buffer.append(contentsOf: line)
        buffer.append(0x0A)
        linesWritten += 1
        if buffer.count >= Self.bufferLimit { try flush() }
    }

    /// Whether `line` holds a line feed or a carriage return: searched by the C library, since every frame's
    /// line (kilobytes) passes through here.
    private static func holdsLineBreak(_ line: [UInt8]) -> Bool {
        line.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return false }
            return memchr(base, 0x0A, raw.count) != nil || memchr(base, 0x0D, raw.count) != nil
        }
    }

    /// Hands the buffered lines to the OS (a plain `write`, no sync: the file is for reading after the run).
    public func flush() throws(JSONLogError) {
        guard handle != nil, !buffer.isEmpty else { return }
        var failure: String?
        var offset = 0
        buffer.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            while offset < raw.count {
                let written = systemWrite(descriptor, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        // What was not written stays, so a later flush (or close) can still try to write it.
        buffer.removeFirst(offset)
        if let failure { throw .cannotWrite(path: temporaryPath, reason: failure) }
    }

    /// Finishes the log: closes the temporary file and renames it onto `path`, replacing any older log (or a
    /// link of that name: the link goes, the file it pointed at is untouched).
    public func close() throws(JSONLogError) {
        guard let handle else { throw .closed(path: path) }
        let flushed: JSONLogError?
        do { try flush(); flushed = nil } catch { flushed = error }
        self.handle = nil
        if let flushed { try? handle.close(); throw flushed }
        do {
            try handle.close()
        } catch {
            throw .cannotWrite(path: temporaryPath, reason: "\(error)")
        }
        // POSIX rename replaces the destination atomically; FileManager.moveItem refuses to overwrite.
        if case .failure(let problem) = AtomicFile.publish(temporaryPath, as: path) {
            throw .cannotRename(from: temporaryPath, to: path, reason: problem.reason)
        }
    }

    /// Ends a failed run: writes `errorLine` after everything so far and publishes the log like `close()`.
    /// Even if the error line cannot be written, the lines before it are still published; the first
    /// failure is then thrown.
    public func abandon(with errorLine: JSONObject) throws(JSONLogError) {
        var firstError: JSONLogError?
        do { try write(errorLine) } catch { firstError = error }
        do { try close() } catch { firstError = firstError ?? error }
        if let firstError { throw firstError }
    }

    /// `abandon(with:)` with the line `{"error":"<message>"}`.
    public func abandon(withError message: String) throws(JSONLogError) {
        var line = JSONObject()
        line.append("error", message)
        try abandon(with: line)
    }
}

/// The process-wide receiver of `JSONLogFile.announceTemporaryFiles`.
private final class TemporaryAnnouncer: @unchecked Sendable {
    static let shared = TemporaryAnnouncer()
    private let lock = NSLock()
    private var body: (@Sendable (String) -> Void)?

    func set(_ body: @escaping @Sendable (String) -> Void) {
        lock.lock(); defer { lock.unlock() }
        self.body = body
    }

    func announce(_ path: String) {
        lock.lock()
        let body = self.body
        lock.unlock()
        body?(path)
    }
}

/// The C library's `write`, by a name the log's own `write` methods do not hide.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(descriptor, bytes, count)
    #else
    return Darwin.write(descriptor, bytes, count)
    #endif
}
