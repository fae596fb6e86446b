/// Escaping for the outputs that are XML or HTML (JUnit reports, SVG filmstrips, HTML pages): the markup characters
/// are escaped one way everywhere, and what differs between outputs is named as a rule rather than written again.
enum XMLEscape {
    /// How one output treats what is not plain text.
    struct Rules: Sendable {
        /// Escape `"` (attribute values, and text that may be pasted into one).
        var quotes = false
        /// Escape `'` too (HTML attributes may be single-quoted).
        var apostrophes = false
        /// Line breaks and tabs as character references, so an attribute value keeps them.
        var breaksAsReferences = false
        /// What a character the output cannot carry becomes (`scalar` is never one of `& < > " '`).
        var replace: @Sendable (Unicode.Scalar) -> String?

        /// JUnit text: breaks kept as they are, characters XML forbids shown as `\u{…}` so nothing is lost.
        static let reportText = Rules(replace: Rules.shownAsCode)
        /// JUnit attribute values: as `reportText`, with quotes and breaks as references.
        static let reportAttribute = Rules(quotes: true, breaksAsReferences: true, replace: Rules.shownAsCode)
        /// Labels in pictures: every control character becomes a space (a label is one line).
        static let pictureLabel = Rules(quotes: true, apostrophes: true) { $0.value < 0x20 ? " " : nil }

        /// Keeps what XML 1.0 allows (less the discouraged C1 controls) and shows the rest as `\u{…}`.
        static func shownAsCode(_ scalar: Unicode.Scalar) -> String? {
            allowedInXML(scalar) ? nil : "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }

    static func escape(_ s: String, _ rules: Rules) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where rules.quotes: out += "&quot;"
            case "'" where rules.apostrophes: out += "&#39;"
            case "\n" where rules.breaksAsReferences: out += "&#10;"
            case "\t" where rules.breaksAsReferences: out += "&#9;"
            // A raw carriage return would be read back as a line feed, in text and attributes alike.
            case "\r" where allowedInXML(scalar) && rules.replace(scalar) == nil: out += "&#13;"
            default:
                if let replacement = rules.replace(scalar) {
                    out += replacement
                } else if !allowedInXML(scalar) {
                    // Whatever the output's rules say, a character XML 1.0 forbids is never written: the document
                    // would not parse.
                    out += Rules.shownAsCode(scalar) ?? ""
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// XML 1.0's Char production, less the discouraged C1 controls.
    static func allowedInXML(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x20 { return v == 0x9 || v == 0xA || v == 0xD }
        if (0x7F...0x9F).contains(v) { return false }
        return v != 0xFFFE && v != 0xFFFF
    }
}
