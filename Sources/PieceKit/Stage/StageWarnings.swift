/// Problems with what pieces published (a name used twice), each kept once and only the first `limit`. A room of
/// its own because it is bounded on purpose: a piece can publish a new duplicate name every frame, and each would
/// otherwise be kept for good.
struct StageWarnings {
    static let limit = 100
    /// The warnings, first seen first.
    private(set) var messages: [String] = []
    private var seen: Set<String> = []

    /// Keeps `message` unless it was seen or `limit` are kept.
    mutating func add(_ message: String) {
        guard messages.count < Self.limit else { return }
        if seen.insert(message).inserted { messages.append(message) }
    }
}
