/// A motion rule broken in a run of frames: which rule, the frame and time where it broke, the piece, element and
/// property, and the numbers. The message is what a failing matcher or an exploration prints.
public struct InvariantBreach: Equatable, Sendable {
    /// The rule's name as scripts give it: "finite", "continuous", "still".
    public let rule: String
    public let frame: Int
    public let time: Double
    public let piece: String
    public let element: String
    public let property: String
    /// The numbers, in words: "moved 120 in one frame (at most 40): 10 → 130".
    public let detail: String

    public init(rule: String, frame: Int, time: Double, piece: String, element: String, property: String,
                detail: String) {
        self.rule = rule; self.frame = frame; self.time = time
        self.piece = piece; self.element = element; self.property = property; self.detail = detail
    }

    /// "frame 12 (t = 0.100000 s): nowPlaying.surface.h moved 120 in one frame (at most 40): 10 → 130".
    public var message: String {
        let place = [piece, element, property].filter { !$0.isEmpty }.joined(separator: ".")
        return "frame \(frame) (t = \(JSONNumberFormat.formatNumber(time, decimals: 6)) s): \(place) \(detail)"
    }
}
