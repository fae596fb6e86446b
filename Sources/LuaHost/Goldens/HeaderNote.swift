import PieceKit

/// The header keys in which a log differs from its golden, said once for the whole golden: a run with a token set
/// (`--tokens`) changes every stage's header the same way, and a line per key per stage per test buried the frames
/// that matter. Each key that differs is listed once, in the order first found, whatever the stages and tests.
struct HeaderNote {
    /// One line for a report that passes (empty when no key differs).
    let line: String
    /// Every key, a line each (at most `limit`), under a first line saying whether they fail the golden.
    let lines: [String]

    static let limit = 10

    init(_ differences: [GoldenComparison.TestDifference], strict: Bool) {
        var seen = Set<String>()
        var keys: [GoldenComparison.HeaderDifference] = []
        for d in differences {
            for key in d.header where seen.insert("\(key.path)\u{0}\(key.actual)\u{0}\(key.expected)").inserted {
                keys.append(key)
            }
        }
        guard let first = keys.first else { line = ""; lines = []; return }
        let count = keys.count == 1 ? "1 key" : "\(keys.count) keys"
        let rule = strict ? "they fail the golden (--golden-strict)"
            : "not a failure: frames are compared, headers only with --golden-strict"
        let shown = ReportText.escaped
        func said(_ key: GoldenComparison.HeaderDifference) -> String {
            "\(shown(key.path)) is \(shown(key.actual)), golden \(shown(key.expected))"
        }
        line = "its frame log's headers differ from the golden's in \(count) (\(said(first))\(keys.count > 1 ? ", …" : "")); \(rule)"
        var out = ["the headers differ from the golden's in \(count) (\(rule)):"]
        out += keys.prefix(Self.limit).map { "  " + said($0) }
        if keys.count > Self.limit { out.append("  ... and \(keys.count - Self.limit) more") }
        lines = out
    }
}
