/// Why the stage refused or gave up. Thrown, never trapped: every case can come from a scenario script, and
/// each message names what is at fault.
public enum StageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The clock refused (bad fps, negative or non-finite duration, overflow).
    case clock(ClockError)
    /// A piece with this name is already on the stage.
    case duplicatePiece(String)
    /// `settle` ran `frames` frames and things were still moving or due.
    /// `animating` are `piece.element.number` paths; `scheduled` are labels of blocking work.
    case didNotSettle(frames: Int, time: Double, animating: [String], scheduled: [String])
    /// `runUntil` rendered `frames` frames (up to `time`) without the predicate holding.
    case timedOut(frames: Int, time: Double)
    /// Scheduled work kept scheduling more work due at once; the rest was left pending.
    case runawayWork(time: Double, pending: [String])
    /// A frame log sink failed to take a line.
    case logFailed(String)
    /// The clock was asked to move from inside the stage's own work (a piece's layout, a gesture sample's
    /// handler, a scheduled step): that would re-enter the frame loop.
    case reentered(String)
    /// The clock was asked to move while the host was calling out of the stage into code of its own (a script's
    /// handler: see `StageCallouts`); the message names that call.
    case insideCallout(String)
    /// The stage's `interruption` asked it to stop (the host's time limit passed).
    case interrupted(String)
    /// A count that must not be negative was.
    case negativeCount(String, Int)
    /// A frame (by index, or the frame on screen at `time`) was rendered but is older than the frames the stage
    /// keeps (`kept`, by `retention`).
    case frameNotKept(frame: Int?, time: Double?, kept: ClosedRange<Int>, retention: FrameRetention)
    /// The kept frames (`frames` of them, about `bytes`) outgrew the host's memory cap (`limit` bytes).
    case historyOverLimit(frames: Int, bytes: Int, limit: Int, retention: FrameRetention)

    public var description: String {
        switch self {
        case .clock(let error):
            return error.description
        case .duplicatePiece(let name):
            return "a piece named \"\(name)\" is already on the stage"
        case .didNotSettle(let frames, let time, let animating, let scheduled):
            var parts: [String] = []
            if !animating.isEmpty { parts.append("still animating: " + Self.list(animating)) }
            if !scheduled.isEmpty { parts.append("still scheduled: " + Self.list(scheduled)) }
            return "settle gave up after \(frames) frames (t = \(time)); " + parts.joined(separator: "; ")
        case .timedOut(let frames, let time):
            return "runUntil timed out after \(frames) frames (t = \(time)) without the condition holding"
        case .runawayWork(let time, let pending):
            return "scheduled work at t = \(time) keeps scheduling more work due at once; pending: "
                + Self.list(pending)
        case .logFailed(let reason):
            return "frame log: \(reason)"
        case .reentered(let what):
            return "cannot \(what) from inside the stage's own work (a piece's layout or handler, or a scheduled"
                + " step); move the clock from the scenario instead"
        case .interrupted(let reason), .insideCallout(let reason):
            return reason
        case .negativeCount(let what, let value):
            return "\(what) must not be negative, got \(value)"
        case .frameNotKept(let frame, let time, let kept, let retention):
            let asked = frame.map { "frame \($0)" } ?? "the frame at t = \(time ?? 0)"
            return "\(asked) is no longer kept: the stage keeps \(retention) (frames \(kept.lowerBound) to "
                + "\(kept.upperBound) now); keep more with Stage{ history = seconds } or Stage{ history = \"all\" }"
        case .historyOverLimit(let frames, let bytes, let limit, let retention):
            let perFrame = frames > 0 ? bytes / frames : bytes
            return "memory limit: the frames this stage keeps (\(retention): \(frames) frames of about "
                + "\(perFrame) bytes, \(Self.mebibytes(bytes)) in all) need more than the memory limit of "
                + "\(Self.mebibytes(limit)) (--max-memory) allows; keep fewer with Stage{ history = seconds } or "
                + "raise --max-memory"
        }
    }

    /// Bytes as MiB with one decimal ("16.0 MiB").
    private static func mebibytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + (1 << 19)) >> 20
        return "\(tenths / 10).\(tenths % 10) MiB"
    }

    /// At most ten names, then how many more: a message stays readable when a hundred rows animate.
    private static func list(_ names: [String]) -> String {
        let shown = names.prefix(10).joined(separator: ", ")
        return names.count > 10 ? shown + " and \(names.count - 10) more" : shown
    }
}
