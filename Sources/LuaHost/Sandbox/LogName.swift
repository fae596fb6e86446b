import Foundation

/// The name of a scenario's frame log in a folder of logs, and of its golden: one name per scenario path and one
/// path per name, so two scenarios of a run never write (or compare against) the same file.
///
/// The rule (docs/guides/goldens-and-pictures.md, "Log names", says it for users):
/// - the path's folders and file are joined with `__` (`examples/motion/card.lua` → `examples__motion__card`);
///   a leading `./` and empty or `.` parts are dropped, an absolute path starts with `__`;
/// - the final `.lua` is dropped; a file whose name does not end in `.lua` keeps its whole name and gets a
///   trailing `%` (`notes.txt` → `notes.txt%`), so it cannot meet a `.lua` file's name;
/// - inside a part, letters, digits, `-`, `.` and a lone `_` between two other characters stay as they are; any
///   other byte, and an `_` at a part's start or end or next to another `_`, is written `%` and two hex digits
///   (`a__b.lua` → `a%5F%5Fb`, `é` → `%C3%A9`);
/// - a name of dots alone (`..lua`, `...lua`) has them written `%2E`, so it never names a folder's `.` or `..`
///   (a script's goldens go in a folder named after the scenario);
/// - `.jsonl` is added.
/// So a part never starts or ends with `_` and never holds `__`: every `__` in a name is a folder boundary, every
/// `%` starts an escape (or is the trailing mark), and the path can be read back from the name.
public enum LogName {
    public static func fileName(for scenario: String) -> String {
        var parts = scenario.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        parts.removeAll { $0 == "." }
        var marker = ""
        if let last = parts.last {
            if last.hasSuffix(".lua"), last.count > 4 {
                parts[parts.count - 1] = String(last.dropLast(4))
            } else {
                marker = "%"
            }
        }
        var encoded = parts.map(encode).joined(separator: "__")
        // `..lua` would be named `.`: as the folder of its script goldens that is the goldens' folder itself.
        if !scenario.hasPrefix("/"), marker.isEmpty, !encoded.isEmpty, encoded.allSatisfy({ $0 == "." }) {
            encoded = String(repeating: "%2E", count: encoded.count)
        }
        return (scenario.hasPrefix("/") ? "__" : "") + encoded + marker + ".jsonl"
    }

    /// The scenario path a log's file name was made from (`examples__motion__card.jsonl` → `examples/motion/card.lua`),
    /// or nil for a name no path gives (a stray file, a bad escape): read back only when writing the path again gives
    /// the very same name, so one name never stands for two paths.
    public static func scenario(forFileName name: String) -> String? {
        guard name.hasSuffix(".jsonl"), !name.hasSuffix(".actual.jsonl") else { return nil }
        var stem = Substring(name.dropLast(6))
        let absolute = stem.hasPrefix("__")
        if absolute { stem = stem.dropFirst(2) }
        let plain = stem.hasSuffix("%") && !stem.isEmpty
        if plain { stem = stem.dropLast() }
        var parts: [String] = []
        for part in stem.components(separatedBy: "__") {
            var bytes: [UInt8] = []
            var rest = Substring(part).utf8[...]
            while let byte = rest.first {
                rest = rest.dropFirst()
                guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
                guard rest.count >= 2, let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16) else { return nil }
                bytes.append(value)
                rest = rest.dropFirst(2)
            }
            guard let decoded = String(bytes: bytes, encoding: .utf8) else { return nil }
            parts.append(decoded)
        }
        let path = (absolute ? "/" : "") + parts.joined(separator: "/") + (plain ? "" : ".lua")
        return fileName(for: path) == name ? path : nil
    }

    /// One part of the path, escaped so that it cannot contain or touch a `__` boundary.
    public static func encode(_ part: String) -> String {
        let bytes = Array(part.utf8)
        var out = ""
        for (i, byte) in bytes.enumerated() {
            let plain = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            let underscore = UInt8(ascii: "_")
            let loneUnderscore = byte == underscore && i > 0 && i < bytes.count - 1
                && bytes[i - 1] != underscore && bytes[i + 1] != underscore
            if plain || loneUnderscore {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
