import Foundation
import LuaHost
import PieceKit

/// Golden frame logs: `--golden DIR` compares each scenario's frame log with `DIR/<scenario>.jsonl` and adds a
/// test "golden frame log" to its report; `--update-goldens` writes the logs there instead (each through a
/// fresh temporary file and a rename, so a golden is never half written). A golden that is a link out of the
/// folder is refused, never read. A file that makes no stage has an empty golden.
struct Goldens {
    let folder: String
    let update: Bool
    let diff: FrameLogDiff

    /// The golden of `file`: named like its log (`examples__now_playing__open.jsonl`; see `LogName`).
    func path(for file: String) -> String {
        (folder as NSString).appendingPathComponent(LogPaths.fileName(for: file))
    }

    /// Checks (or updates) the golden of `file` from the log just written at `log`, as a test result.
    func check(file: String, log: String) -> TestResult {
        let golden = path(for: file)
        let name = "golden frame log"
        // A file that made no stage leaves no log: its golden is empty, so one that starts making frames shows.
        let actual = FileManager.default.contents(atPath: log) ?? Data()
        if update {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                return TestResult(name: name, status: .failed, message: "\(golden): cannot write the golden: \(error.localizedDescription)")
            }
            // A fresh temporary file and one rename: never half written, never written through a planted link.
            if case .failure(let problem) = AtomicFile.write(actual, to: golden) {
                return TestResult(name: name, status: .failed, message: "\(golden): cannot write the golden: \(problem)")
            }
            return TestResult(name: name, status: .passed, message: "updated \(golden)")
        }
        let expected: Data
        switch FolderBoundary.resolve(golden, inside: folder) {
        case .missing:
            return TestResult(name: name, status: .failed,
                              message: "\(file): no golden at \(golden); run with --update-goldens to record one")
        case .outside(let real):
            // Its lines would be printed as differences: a golden folder must not be a window onto other files.
            return TestResult(name: name, status: .failed,
                              message: "\(file): the golden \(golden) is a link out of \(folder) (to \(real)); links out of the golden folder are refused")
        case .inside(let real):
            guard let data = FileManager.default.contents(atPath: real) else {
                return TestResult(name: name, status: .failed, message: "\(file): cannot read the golden \(golden)")
            }
            expected = data
        }
        let differences = diff.differences(actual: String(decoding: actual, as: UTF8.self),
                                           expected: String(decoding: expected, as: UTF8.self), limit: 5)
        guard differences.isEmpty else {
            return TestResult(name: name, status: .failed,
                              message: "\(file): the frame log differs from \(golden)\n"
                                  + differences.map { "  " + $0.description }.joined(separator: "\n"))
        }
        return TestResult(name: name, status: .passed)
    }
}

/// `piecebox diff ACTUAL EXPECTED [--tolerance T]`: the differences between two frame logs.
enum DiffMain {
    static let help = """
    Usage: piecebox diff [--tolerance T] [--limit N] ACTUAL.jsonl EXPECTED.jsonl

    Compares two frame logs line by line and, inside a line, key by key: prints the first N differences
    (default 20) as "line 37 (frame 35, t = 0.291667): pieces.nowPlaying.surface.h is 412.5, expected 410.25".
    Numbers within T of each other are equal (default 0.0005: half the log's last decimal). The header's
    scenario path is not compared. Exit status 0 when the logs agree, 1 when they differ, 2 on a usage error.
    """

    static func run(_ args: [String]) -> Int32 {
        var files: [String] = []
        var tolerance = 0.0005
        var limit = 20
        var i = 0
        while i < args.count {
            let a = args[i]
            switch a {
            case "-h", "--help": print(help); return 0
            case "--tolerance", "--limit":
                i += 1
                guard i < args.count, let n = Double(args[i]), n.isFinite, n >= 0 else {
                    return usage("\(a) needs a number of at least 0")
                }
                if a == "--tolerance" { tolerance = n } else { limit = max(1, Int(min(n, 1e6))) }
            default:
                if a.hasPrefix("-") { return usage("unknown option \(a)") }
                files.append(a)
            }
            i += 1
        }
        guard files.count == 2 else { return usage("give two frame logs: ACTUAL EXPECTED") }
        var texts: [String] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else { return usage("cannot read \(file)") }
            texts.append(String(decoding: data, as: UTF8.self))
        }
        let differences = FrameLogDiff(tolerance: tolerance).differences(actual: texts[0], expected: texts[1], limit: limit)
        if differences.isEmpty {
            writeOut("the frame logs agree")
            return 0
        }
        for difference in differences { writeOut(difference.description) }
        return 1
    }

    private static func usage(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("piecebox diff: \(message)\nTry: piecebox diff --help\n".utf8))
        return 2
    }
}
