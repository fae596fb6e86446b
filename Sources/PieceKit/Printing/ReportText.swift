/// Text from a scenario made safe for a printed line: no control character, line break or direction override
/// can reach the terminal or the report, so a test's name or message can never fake a line of the runner's own
/// (a PASS line, a totals line). Newlines show as `\n`, other controls as `\u{1B}`, a backslash stays itself.
/// It is the one escaping: the reports, the golden summaries and `piecebox diff` all put a scenario's words (test
/// and element names, messages, texts) through it where they place them in a line. It lives here, below LuaHost and
/// the command line, so the summaries PieceKit and LuaHost write use it too.
public enum ReportText {
    /// `text` cut to at most `limit` UTF-8 bytes (at a character boundary), saying how much was left out: the one
    /// rule for how long a name or message a script chose may grow in a report or an error.
    public static func clip(_ text: String, limit: Int) -> String {
        let count = text.utf8.count
        guard count > limit else { return text }
        let room = max(limit - 40, 0)
        var kept = String(decoding: Array(text.utf8.prefix(room)), as: UTF8.self)
        // A cut inside a character decodes as a replacement character: drop back to fit.
        while kept.utf8.count > room { kept.removeLast() }
        return kept + "... (\(count - kept.utf8.count) more bytes)"
    }

    /// `text` with every character a line must not hold shown as an escape.
    public static func escaped(_ text: String) -> String {
        // Printable ASCII needs nothing: most names and messages are only that, and going scalar by scalar was
        // the larger part of the runner's printing.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        return escapedFor(text) { _ in nil }
    }

    /// `escaped` for a medium with rules of its own, applied first: `special` writes the scalars its medium treats
    /// apart (a workflow command's `%` and line breaks) and returns nil for the rest, escaped as everywhere else.
    public static func escapedFor(_ text: String, special: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let written = special(scalar) { out += written; continue }
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

    /// Each line of `text` escaped (the line breaks themselves kept as breaks, for messages and printed output
    /// shown indented). A tab stays a tab here: what a script printed with `print(a, b)` reads as it was written, and
    /// a tab cannot begin a line. A name placed inside a line of the runner's (`escaped`) still shows it as `\t`.
    public static func lines(_ text: String) -> [String] {
        // Split by the scalar, not by Character: "\r\n" is one Character, and its line break must still count.
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { printed(String($0)) }
    }

    /// One line a script printed, escaped as `escaped` does but with its tabs kept as tabs.
    public static func printed(_ text: String) -> String {
        if text.utf8.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 }) { return text }
        return escapedFor(text) { $0 == "\t" ? "\t" : nil }
    }

    /// Controls (C0, DEL, C1), line and paragraph separators, and bidirectional overrides and isolates.
    public static func needsEscape(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029
            || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F
    }
}
