/// One finding of a `GoldenComparison` at the line it is on: what `piecebox diff --lines` prints, as
/// "line 37 (frame 35, t = 0.291667): pieces.nowPlaying.surface.h is 412.5, expected 410.25".
///
/// Frames are matched by index, not by line, so a finding is at its line in the first log (the one compared); a
/// frame or line only the golden has is at its line there ("golden line 12 …").
public struct LineDifference: Sendable, Equatable, CustomStringConvertible {
    public enum Log: Sendable, Equatable { case actual, golden }

    public let test: TestKey
    /// 1-based, in `log`.
    public let line: Int
    public let log: Log
    /// The frame index and time of the line, when it is a frame line.
    public let frame: Int?
    public let time: Double?
    /// `pieces.nowPlaying.surface.h`, `events.count`, or "" for a whole line.
    public let path: String
    public let actual: String
    public let expected: String
    /// A finding that is not one value against another (a stage more, error lines), in the summary's words.
    public let problem: String?

    init(test: TestKey, line: Int, log: Log = .actual, frame: Int? = nil, time: Double? = nil, path: String = "",
         actual: String, expected: String) {
        self.test = test
        self.line = line
        self.log = log
        self.frame = frame
        self.time = time
        self.path = path
        self.actual = actual
        self.expected = expected
        problem = nil
    }

    init(test: TestKey, line: Int, log: Log, problem: String) {
        self.test = test
        self.line = line
        self.log = log
        frame = nil
        time = nil
        path = ""
        actual = ""
        expected = ""
        self.problem = problem
    }

    /// What one kept finding costs beyond its texts.
    static let bytes = 160

    public var description: String {
        var place = (log == .golden ? "golden line " : "line ") + "\(line)"
        if let frame {
            place += " (frame \(frame)" + (time.map { ", t = " + JSONNumberFormat(decimals: 6).format($0) } ?? "") + ")"
        }
        // The path, the values and the test's name are the scenario's words: through the one escaping, so a name
        // cannot print a control sequence or a line of its own.
        let shown = ReportText.escaped
        if let problem {
            return "\(place): " + (test.name.map { "test \"\(shown($0))\": " } ?? "") + shown(problem)
        }
        return "\(place): \(path.isEmpty ? "the line" : shown(path)) is \(shown(actual)), expected \(shown(expected))"
    }
}
