/// The island's copy, each line replaceable (a contents title such as "On this page", say). The closures take
/// formatted numbers, so a translation can reorder them.
public struct ScrollIslandMessages: Sendable {
    /// The panel's title, and the island's name for VoiceOver.
    public var contents: String
    /// The back-to-top bubble's spoken label.
    public var backToTop: String
    /// Spoken hint on the closed island.
    public var openHint: String
    /// Spoken hint on the open panel's bar.
    public var closeHint: String
    /// The quiet position on the closed bar, "3 of 6".
    public var position: @Sendable (_ index: Int, _ total: Int) -> String
    /// The position as VoiceOver says it, "Section 3 of 6".
    public var spokenPosition: @Sendable (_ index: Int, _ total: Int) -> String
    /// The read amount, "62% read".
    public var read: @Sendable (_ amount: Double) -> String

    public init(contents: String = "Contents",
                backToTop: String = "Back to top",
                openHint: String = "Shows every section",
                closeHint: String = "Closes the contents",
                position: @escaping @Sendable (Int, Int) -> String = {
                    "\(ScrollIslandMessages.number($0)) of \(ScrollIslandMessages.number($1))"
                },
                spokenPosition: @escaping @Sendable (Int, Int) -> String = {
                    "Section \(ScrollIslandMessages.number($0)) of \(ScrollIslandMessages.number($1))"
                },
                read: @escaping @Sendable (Double) -> String = { "\(ScrollIslandMessages.percent($0)) read" }) {
        self.contents = contents; self.backToTop = backToTop
        self.openHint = openHint; self.closeHint = closeHint
        self.position = position; self.spokenPosition = spokenPosition; self.read = read
    }

    public static let standard = ScrollIslandMessages()

    /// A whole number as the default copy formats it (`formatted()` in English): thousands grouped with commas,
    /// "1,250".
    public static func number(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (i, digit) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return value < 0 ? "-" + grouped : grouped
    }

    /// A fraction as a whole percentage, "62%". Halves go to the even neighbour, as Foundation's percent format
    /// rounds by default; out-of-range and non-finite fractions are pinned first.
    public static func percent(_ fraction: Double) -> String {
        let f = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        return "\(Int((f * 100).rounded(.toNearestOrEven)))%"
    }

    /// VoiceOver's value for the closed island: the title, the spoken position (only with more than one section)
    /// and the read amount, comma separated.
    public func spokenValue(title: String, number: Int, count: Int, fraction: Double) -> String {
        Self.spokenValue(lead: spokenLead(title: title, number: number, count: count), readText: read(fraction))
    }

    /// What the spoken value says before the read amount: the title, then the spoken position with more than one
    /// section. It changes only with the layout, so a layout keeps it and a new reading adds only the read amount.
    func spokenLead(title: String, number: Int, count: Int) -> String {
        count > 1 ? title + ", " + spokenPosition(number, count) : title
    }

    /// The spoken value from its lead and the read amount, comma separated.
    static func spokenValue(lead: String, readText: String) -> String { lead + ", " + readText }
}
