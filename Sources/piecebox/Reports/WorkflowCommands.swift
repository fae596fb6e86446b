import Foundation

/// GitHub Actions reads a step's output for workflow commands: a line that starts with `::` once leading blanks are
/// trimmed, or any line holding `##[` (the older form). A scenario's words (a test's name, a message, what it
/// printed) reach lines piecebox prints, so under Actions every printed line goes through `guarded` on its way out:
/// such a line keeps its text, with one character of the marker written so the runner does not read it (in the way
/// the line's own format writes a character: `\u{3A}` in a report line, `\u003a` in JSON, `&#58;` in XML). Only
/// the GitHub reporter's own annotations are written as commands (`WorkflowCommands.command`).
enum WorkflowCommands {
    /// Whether this run's output is read by GitHub Actions (the runner sets `GITHUB_ACTIONS=true` for every step).
    static let underActions = LaunchEnvironment.values["GITHUB_ACTIONS"] == "true"

    /// How a line's format writes a character by its code, so that it reads the same but is not that character.
    enum Format: Sendable {
        case text, json, xml

        func written(_ scalar: Unicode.Scalar) -> String {
            let hex = String(scalar.value, radix: 16, uppercase: self == .text)
            switch self {
            case .text: return "\\u{" + hex + "}"
            case .json: return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            case .xml: return "&#" + String(scalar.value) + ";"
            }
        }
    }

    /// `line` as it may be printed where GitHub reads commands (unchanged elsewhere, and when it holds no marker).
    static func guarded(_ line: String, _ format: Format = .text, underActions: Bool = underActions) -> String {
        guard underActions else { return line }
        return neutralized(line, format)
    }

    /// Text of several lines, each `guarded`.
    static func guardedLines(_ text: String, _ format: Format = .text, underActions: Bool = underActions) -> String {
        guard underActions else { return text }
        guard text.utf8.contains(UInt8(ascii: "\n")) else { return neutralized(text, format) }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { neutralized(String($0), format) }.joined(separator: "\n")
    }

    /// `line` with every command marker broken: the first `:` of a leading `::` and the second `#` of every `##[`.
    static func neutralized(_ line: String, _ format: Format) -> String {
        let bytes = Array(line.utf8)
        // Most lines hold neither marker: one pass over the bytes, nothing made.
        guard bytes.contains(UInt8(ascii: ":")) || bytes.contains(UInt8(ascii: "#")) else { return line }
        let scalars = Array(line.unicodeScalars)
        var out = ""
        out.reserveCapacity(bytes.count + 8)
        // The runner trims with .NET's TrimStart: every Unicode white space, not only ASCII blanks.
        let start = scalars.firstIndex { !$0.properties.isWhitespace } ?? scalars.endIndex
        var i = 0
        if start + 1 < scalars.count, scalars[start] == ":", scalars[start + 1] == ":" {
            for s in scalars[..<start] { out.unicodeScalars.append(s) }
            out += format.written(":")
            i = start + 1
        }
        while i < scalars.count {
            if scalars[i] == "#", i + 2 < scalars.count, scalars[i + 1] == "#", scalars[i + 2] == "[" {
                out.unicodeScalars.append("#")
                out += format.written("#")
                out.unicodeScalars.append("[")
                i += 3
                continue
            }
            out.unicodeScalars.append(scalars[i])
            i += 1
        }
        return out
    }
}
