import Foundation

/// How a worker's standard error is shown: kept apart from the report (a crash dump used to land between the
/// report's lines), cut into one part per file (see `ErrorParts`) and shown as a short excerpt with that file.
enum ErrorCapture {
    /// What is kept of one file's part, so a worker that floods its standard error cannot fill the runner's memory.
    static let keptBytes = 64 * 1024
    static let shownLines = 20
    static let shownLineLength = 240

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
