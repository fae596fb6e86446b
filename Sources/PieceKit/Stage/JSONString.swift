/// String escaping for the frame log, per RFC 8259 and byte-for-byte as JavaScript's `JSON.stringify`:
/// `"` and `\` are escaped, the control characters U+0000–U+001F become `\b \f \n \r \t` or `\u00XX`
/// (lowercase hex), and everything else, including non-ASCII text, is written as UTF-8. A log line therefore
/// never contains a raw newline.
public enum JSONString {
    /// `text` as a quoted JSON string.
    public static func quoted(_ text: String) -> String {
        var out = ""
        write(text, into: &out)
        return out
    }

    /// Appends `text` as a quoted JSON string; text needing no escapes is copied in one go.
    public static func write(_ text: String, into out: inout String) {
        out += "\""
        if needsEscaping(text) {
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\u{08}": out += "\\b"
                case "\u{0C}": out += "\\f"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case "\u{00}"..."\u{1F}":
                    out += "\\u00"
                    out.unicodeScalars.append(hexDigit(scalar.value >> 4))
                    out.unicodeScalars.append(hexDigit(scalar.value & 0xF))
                default:
                    out.unicodeScalars.append(scalar)
                }
            }
        } else {
            out += text
        }
        out += "\""
    }

    /// Whether any byte of `text` must be escaped, read straight from its UTF-8 storage (a JSON line's keys and
    /// names are short, and the generic walk of the view cost more than the copy).
    static func needsEscaping(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for byte in bytes where needsEscape(byte) { return true }
            return false
        }
    }

    /// Whether a UTF-8 byte must be escaped: a control character, a quote or a backslash. Every other byte,
    /// non-ASCII included, is copied as it is.
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private static func hexDigit(_ nibble: UInt32) -> Unicode.Scalar {
        let ascii = nibble < 10 ? UInt8(ascii: "0") + UInt8(nibble) : UInt8(ascii: "a") + UInt8(nibble - 10)
        return Unicode.Scalar(ascii)
    }
}
