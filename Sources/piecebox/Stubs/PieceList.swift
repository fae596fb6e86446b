import Foundation
import LuaHost

/// The docs' list of pieces, made from the binding registry: one row per type a script makes with `s:<name>{...}`,
/// in the registry's order, named and summed up by the first lines of its page (`docs/pieces/<name>.md`). README.md
/// and docs/README.md hold it between `<!-- generated: piecebox help --pieces-table PREFIX -->` and
/// `<!-- end generated -->`; a test keeps them equal, so a registered piece is listed with no list to edit.
enum PieceList {
    /// The names of the types made on a stage, in the registry's order.
    static var names: [String] { BindingRegistry.entries.filter { $0.made == .stageMethod }.map(\.name) }

    /// The Markdown table, its links starting with `prefix` (`docs/` from the repository's root, `` from docs/),
    /// reading each page under `docs`; a missing page is named in its row, so the table still shows what is missing.
    static func markdown(docs: URL, prefix: String) -> String {
        var rows = ["| piece | made with | what it is |", "| --- | --- | --- |"]
        for name in names {
            let page = docs.appendingPathComponent("pieces/\(name).md")
            let text = (try? String(contentsOf: page, encoding: .utf8)) ?? ""
            let (title, summary) = heading(of: text)
            rows.append("| [\(title ?? name)](\(prefix)pieces/\(name).md) | `s:\(name){...}` | \(summary ?? "(no page yet)") |")
        }
        return rows.joined(separator: "\n")
    }

    /// A page's title without its parenthesis naming the constructor, and its first line of text without links
    /// (they are relative to the page, not to where the table is).
    static func heading(of page: String) -> (title: String?, summary: String?) {
        let lines = page.split(separator: "\n").map(String.init)
        guard let first = lines.first, first.hasPrefix("# ") else { return (nil, nil) }
        var title = String(first.dropFirst(2))
        if let open = title.range(of: " (`s:"), let close = title[open.upperBound...].firstIndex(of: ")") {
            title.removeSubrange(open.lowerBound...close)
        }
        let summary = lines.dropFirst().first { !$0.isEmpty && !$0.hasPrefix("#") }.map(withoutLinks)
        return (title, summary)
    }

    /// `[words](target)` as `words`.
    static func withoutLinks(_ line: String) -> String {
        var out = "", rest = Substring(line)
        while let open = rest.firstIndex(of: "[") {
            out += rest[..<open]
            let after = rest[rest.index(after: open)...]
            guard let close = after.range(of: "]("), let end = after[close.upperBound...].firstIndex(of: ")") else {
                out += rest[open...]
                return out
            }
            out += after[..<close.lowerBound]
            rest = after[after.index(after: end)...]
        }
        return out + rest
    }
}
