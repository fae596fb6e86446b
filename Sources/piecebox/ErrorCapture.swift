import Foundation

/// A worker's standard error, kept apart from the report (a crash dump used to land between the report's lines)
/// and shown as a short excerpt with that worker's file. Only the first `keptBytes` are kept, so a worker that
/// floods its standard error cannot fill the runner's memory.
final class ErrorCapture: @unchecked Sendable {
    static let keptBytes = 64 * 1024
    static let shownLines = 20
    static let shownLineLength = 240

    private let lock = NSLock()
    private var kept = Data()
    private var total = 0

    /// Reads `handle` to its end (the worker's exit).
    func read(_ handle: FileHandle) {
        while true {
            let chunk = (try? handle.read(upToCount: 16 * 1024)) ?? nil
            guard let chunk, !chunk.isEmpty else { return }
            lock.lock()
            total += chunk.count
            let room = Self.keptBytes - kept.count
            if room > 0 { kept.append(chunk.prefix(room)) }
            lock.unlock()
        }
    }

    /// The excerpt between two marker lines, or nil when the worker wrote nothing there.
    func excerpt() -> String? {
        lock.lock(); defer { lock.unlock() }
        return Self.excerpt(of: kept, totalBytes: total)
    }

    /// The first lines of `data` (control characters shown as "?", long lines cut), between marker lines that
    /// say how much there was in all.
    static func excerpt(of data: Data, totalBytes: Int) -> String? {
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
        guard !lines.isEmpty else { return nil }
        let shown = lines.prefix(shownLines).map { line -> String in
            let clean = String(line.unicodeScalars.map { scalar -> Character in
                scalar.properties.generalCategory == .control && scalar != "\t" ? "?" : Character(scalar)
            })
            return clean.count > shownLineLength ? clean.prefix(shownLineLength) + " …" : clean
        }
        var heading = "--- the worker's standard error"
        if totalBytes > data.count {
            heading += " (the first \(shown.count) lines of \(totalBytes) bytes)"
        } else if shown.count < lines.count {
            heading += " (the first \(shown.count) of \(lines.count) lines)"
        }
        return ([heading + " ---"] + shown.map { "| " + $0 } + ["--- end of the worker's standard error ---"])
            .joined(separator: "\n")
    }
}
