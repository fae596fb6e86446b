import Foundation

/// How the human report looks: colour and a live progress line only on a terminal, and never when `NO_COLOR` or
/// `CI` is set (logs of CI systems keep plain lines) or the terminal is `dumb`.
struct TerminalStyle: Equatable {
    var colour = false
    var progress = false

    static func decide(isTerminal: Bool, environment: [String: String]) -> TerminalStyle {
        let set = { (key: String) in environment[key].map { !$0.isEmpty } ?? false }
        guard isTerminal, !set("NO_COLOR"), !set("CI"), environment["TERM"] != "dumb" else { return TerminalStyle() }
        return TerminalStyle(colour: true, progress: true)
    }

    static var current: TerminalStyle {
        decide(isTerminal: isatty(STDOUT_FILENO) != 0, environment: LaunchEnvironment.values)
    }

    func paint(_ text: String, _ colour: Colour) -> String {
        self.colour ? "\u{1B}[\(colour.rawValue)m\(text)\u{1B}[0m" : text
    }

    enum Colour: String { case green = "32", red = "31", yellow = "33", dim = "2" }
}

/// Standard output with a live progress line under the report ("3 of 41 files, 1 failed"): the line is cleared
/// before each report line and drawn again after, so it never mixes into the report.
final class TerminalOutput: @unchecked Sendable {
    private let lock = NSLock()
    private let showsProgress: Bool
    private var status = ""

    init(showsProgress: Bool) { self.showsProgress = showsProgress }

    /// Writes a line as it is: its sink has already guarded it (see `ReportSink`).
    func write(_ line: String) {
        lock.lock(); defer { lock.unlock() }
        if showsProgress, !status.isEmpty {
            StandardStreams.out(("\r\u{1B}[K" + line + "\n" + status))
        } else {
            StandardStreams.out((line + "\n"))
        }
    }

    func progress(done: Int, total: Int, failed: Int) {
        guard showsProgress else { return }
        lock.lock(); defer { lock.unlock() }
        status = "\(done) of \(total) files" + (failed > 0 ? ", \(failed) failed" : "")
        StandardStreams.out(("\r\u{1B}[K" + status))
    }

    /// Clears the progress line for good (before the summary).
    func finish() {
        guard showsProgress else { return }
        lock.lock(); defer { lock.unlock() }
        if !status.isEmpty { StandardStreams.out("\r\u{1B}[K") }
        status = ""
    }
}
