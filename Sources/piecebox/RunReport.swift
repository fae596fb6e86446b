import Foundation
import LuaHost
import PieceKit

/// What every report is told about the run before its first file.
struct RunInfo {
    var version = PieceboxVersion.text
    var files = 0
    /// The seed files and tests were shuffled with, when they were.
    var seed: UInt64?
    var shard: Shard?
    var repeatCount = 1
    var listOnly = false
}

/// One run of one file, as the reports see it.
struct FileRun {
    var report: FileReport
    /// 1-based, with `--repeat`.
    var repetition = 1
    var repetitions = 1
    /// The file never started (`--fail-fast` stopped the run first).
    var notStarted = false

    /// The file's name as reports show it: with the repetition when there are several.
    var label: String {
        repetitions > 1 ? "\(report.path) (run \(repetition) of \(repetitions))" : report.path
    }
}

/// The totals and everything the run has to say at its end.
struct RunTotals {
    var passed = 0, failed = 0, skipped = 0, notRun = 0, listed = 0
    var files = 0
    var filesNotStarted = 0
    var filesUsingOnly: [String] = []
    /// Why the run selected no test at all (a filter or a tag that matched nothing), when it did.
    var nothingSelected: String?
    var seed: UInt64?
    var emptyShard: String?
    /// This run is one shard of several: a shard whose files hold no selected test says so but does not fail,
    /// since the other shards may hold them.
    var sharded = false

    mutating func add(_ run: FileRun, listOnly: Bool) {
        if run.notStarted { filesNotStarted += 1; return }
        let r = run.report
        files += 1
        passed += r.passed
        failed += r.failed
        skipped += listOnly ? 0 : r.skipped
        notRun += r.notRun
        listed += r.tests.count
        if r.usedOnly, !filesUsingOnly.contains(r.path) { filesUsingOnly.append(r.path) }
    }

    /// `N passed, N failed` then `, N skipped` and `, N not run` when there are any: always the human report's last line.
    var summaryLine: String {
        "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
            + (notRun > 0 ? ", \(notRun) not run" : "")
    }

    /// 0 only when every selected test ran and passed (and at least one did, unless the shard was empty).
    var exitStatus: Int32 {
        if emptyShard != nil || (sharded && nothingSelected != nil), failed == 0, notRun == 0 { return 0 }
        return failed == 0 && notRun == 0 && passed > 0 && nothingSelected == nil ? 0 : 1
    }
}

/// A report format. Files arrive in run order, each once; `end` comes last.
protocol RunReporter: AnyObject {
    func begin(_ info: RunInfo)
    func file(_ run: FileRun)
    func end(_ totals: RunTotals)
}

/// Where a report goes: standard output line by line as the run goes (sharing it with a live progress line), or a
/// file written whole at the end (through a temporary file and a rename, so a half-written report never exists).
final class ReportSink: @unchecked Sendable {
    let path: String?
    private var buffer = ""
    private let terminal: TerminalOutput?

    init(path: String?, terminal: TerminalOutput? = nil) {
        self.path = path
        self.terminal = terminal
    }

    func line(_ text: String) {
        if path == nil {
            if let terminal { terminal.write(text) } else { writeOut(text) }
        } else {
            buffer += text + "\n"
        }
    }

    /// Writes the file, if this sink has one; returns a problem to report.
    func close() -> String? {
        guard let path else { return nil }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        if case .failure(let problem) = AtomicFile.write(Data(buffer.utf8), to: path) {
            return "cannot write the report \(path): \(problem)"
        }
        return nil
    }
}

/// Text from a scenario made safe for a report line: no control character, line break or direction override
/// can reach the terminal or the report, so a test's name or message can never fake a line of the runner's own
/// (a PASS line, a totals line). Newlines show as `\n`, other controls as `\u{1B}`, a backslash stays itself.
enum ReportText {
    static func escaped(_ text: String) -> String {
        // Printable ASCII needs nothing: most names and messages are only that, and going scalar by scalar was
        // the larger part of the runner's printing.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if needsEscape(scalar) {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Each line of `text` escaped (the line breaks themselves kept as breaks, for messages shown indented).
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }
    }

    /// Controls (C0, DEL, C1), line and paragraph separators, and bidirectional overrides and isolates.
    static func needsEscape(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029
            || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F
    }
}

/// Where a failure happened: the first `file.lua:LINE:` in its message.
struct FailureLocation: Equatable {
    var file: String
    var line: Int

    static func parse(_ message: String) -> FailureLocation? {
        let first = message.prefix { $0 != "\n" }
        var search = first.startIndex
        while let colon = first[search...].firstIndex(of: ":") {
            let afterColon = first.index(after: colon)
            let digits = first[afterColon...].prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, digits.endIndex < first.endIndex, first[digits.endIndex] == ":",
               first[..<colon].hasSuffix(".lua"), let line = Int(digits) {
                return FailureLocation(file: String(first[..<colon]), line: line)
            }
            search = afterColon
        }
        return nil
    }
}
