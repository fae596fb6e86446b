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
/// On standard output under GitHub Actions, no line a report prints can be read as a workflow command
/// (`WorkflowCommands`); only the GitHub reporter's own annotations are written as commands.
final class ReportSink: @unchecked Sendable {
    let path: String?
    private var buffer = ""
    private let terminal: TerminalOutput?
    /// How this report's format writes a character by its code (for breaking a command marker in a line).
    private let format: WorkflowCommands.Format

    init(path: String?, terminal: TerminalOutput? = nil, format: WorkflowCommands.Format = .text) {
        self.path = path
        self.terminal = terminal
        self.format = format
    }

    func line(_ text: String) {
        if path == nil {
            print(WorkflowCommands.guardedLines(text, format))
        } else {
            buffer += text + "\n"
        }
    }

    /// A workflow command of the GitHub reporter's own, written as it is (its values escaped by the reporter).
    func command(_ text: String) {
        if path == nil { print(text) } else { buffer += text + "\n" }
    }

    private func print(_ text: String) {
        if let terminal { terminal.write(text) } else { StandardStreams.out(text + "\n") }
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
