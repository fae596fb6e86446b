import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A JSON Lines file written safely: lines go to a fresh temporary file beside `path` (an unguessable name,
/// created exclusively and never through a link: see `AtomicFile`), each handed to the OS as it is written (so
/// a crash leaves everything up to the crash there), and `close()` renames it onto `path` in one atomic step, so
/// `path` is never a half-written log and a link at `path` is replaced rather than written through. A failing
/// scenario calls `abandon(with:)`, which still publishes its lines, ending with the error.
///
/// Not closed by the time it is released: the handle is closed and the temporary file is left as the evidence
/// (a worker process announces its name first, so the runner can finish it; see `announceTemporaryFiles`).
public final class JSONLogFile {
    public let path: String
    public let temporaryPath: String
    private var handle: FileHandle?
    public private(set) var linesWritten = 0

    /// Creates the temporary file beside `path`. The folder must exist; making folders is the caller's decision.
    public init(path: String) throws(JSONLogError) {
        self.path = path
        switch AtomicFile.createTemporary(beside: path) {
        case .success(let temporary):
            temporaryPath = temporary.path
            handle = FileHandle(fileDescriptor: temporary.descriptor, closeOnDealloc: true)
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
        guard let handle else { throw .closed(path: path) }
        guard !line.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { throw .lineBreakInLine(path: path) }
        do {
            try handle.write(contentsOf: Data((line + "\n").utf8))
        } catch {
            throw .cannotWrite(path: temporaryPath, reason: "\(error)")
        }
        linesWritten += 1
    }

    /// Finishes the log: closes the temporary file and renames it onto `path`, replacing any older log (or a
    /// link of that name: the link goes, the file it pointed at is untouched).
    public func close() throws(JSONLogError) {
        guard let handle else { throw .closed(path: path) }
        self.handle = nil
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
