import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A JSON Lines file written safely: lines go to `path.tmp`, each handed to the OS as it is written (so a
/// crash leaves everything up to the crash in the `.tmp`), and `close()` renames it onto `path` in one
/// atomic step, so `path` is never a half-written log. A failing scenario calls `abandon(with:)`, which
/// still publishes its lines, ending with the error.
///
/// Not closed by the time it is released: the handle is closed and the `.tmp` is left as the evidence.
public final class JSONLogFile {
    public let path: String
    public let temporaryPath: String
    private var handle: FileHandle?
    public private(set) var linesWritten = 0

    /// Creates (or truncates) `path.tmp`. The folder must exist; making folders is the caller's decision.
    public init(path: String) throws(JSONLogError) {
        self.path = path
        self.temporaryPath = path + ".tmp"
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            throw .cannotCreate(path: temporaryPath, reason: Self.errnoText())
        }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
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

    /// Finishes the log: closes the `.tmp` and renames it onto `path`, replacing any older log.
    public func close() throws(JSONLogError) {
        guard let handle else { throw .closed(path: path) }
        self.handle = nil
        do {
            try handle.close()
        } catch {
            throw .cannotWrite(path: temporaryPath, reason: "\(error)")
        }
        // POSIX rename replaces the destination atomically; FileManager.moveItem refuses to overwrite.
        guard rename(temporaryPath, path) == 0 else {
            throw .cannotRename(from: temporaryPath, to: path, reason: Self.errnoText())
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

    private static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}
