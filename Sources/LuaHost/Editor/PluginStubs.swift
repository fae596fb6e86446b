import PieceKit

/// The stubs of what loaded plugins add (`piecebox stubs --plugins DIR`): each piece type as a class of its own
/// (a piece with its methods), its constructor's options (the piece's and its state's keys) and a stage
/// constructor giving it, and every other plugin method as a field of its
/// class. The built-in stubs come first (`TypeStubs`); these only add fields (lua-language-server merges a class's
/// declarations).
public enum PluginStubs {
    /// A name the stubs cannot hold: a method, reading or state key that is not a Lua name would write a line of
    /// its own (a newline) or a field lua-language-server misreads.
    public struct Refusal: Error, CustomStringConvertible, Sendable {
        public let description: String
        public init(description: String) { self.description = description }
    }

    /// Lua's reserved words: not names, though they are spelled like them.
    static let reserved: Set<String> = ["and", "break", "do", "else", "elseif", "end", "false", "for", "function",
                                        "goto", "if", "in", "local", "nil", "not", "or", "repeat", "return", "then",
                                        "true", "until", "while"]

    /// Whether `name` is a Lua name: a letter or `_`, then letters, digits and `_`, and no reserved word.
    public static func isLuaName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        func letter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F }
        guard let first = bytes.first, letter(first), bytes.count <= 200 else { return false }
        return bytes.allSatisfy { letter($0) || ($0 >= 0x30 && $0 <= 0x39) } && !reserved.contains(name)
    }

    /// The stubs' text, or a refusal naming the first name (in sorted order) that is not a Lua name.
    public static func checkedText(_ members: [PluginLoader.Member]) -> Result<String, Refusal> {
        for member in members.sorted(by: { ($0.className, $0.name) < ($1.className, $1.name) }) {
            let kinds: [(String, [String])] = [
                (member.pieceMethods == nil ? "method" : "piece type", [member.name]),
                ("method", member.pieceMethods ?? []), ("reading", member.pieceReadings),
                ("state key", member.pieceState.map(\.name)),
            ]
            for (kind, names) in kinds {
                guard let bad = names.first(where: { !isLuaName($0) }) else { continue }
                let owner = member.pieceMethods == nil || kind == "piece type" ? member.className : member.name
                return .failure(Refusal(description: "plugin '\(ReportText.escaped(member.plugin))': the \(kind) "
                    + "\"\(ReportText.escaped(ReportText.clip(bad, limit: 80)))\" of \(owner) is not a Lua name "
                    + "(a letter or '_', then letters, digits and '_', not a reserved word); the stubs cannot type it"))
            }
        }
        return .success(text(members))
    }

    /// The stubs' text; every name must be a Lua name (`checkedText` says which is not).
    public static func text(_ members: [PluginLoader.Member]) -> String {
        guard !members.isEmpty else { return "" }
        var out = StubWriter()
        out.line("")
        out.line("-- What the loaded plugins add.")
        let sorted = members.sorted { ($0.className, $0.name) < ($1.className, $1.name) }
        for member in sorted {
            guard let methods = member.pieceMethods else { continue }
            out.line("")
            out.line("---`\(member.name)`: a piece type of plugin '\(ReportText.escaped(member.plugin))', made by `s:\(member.name){...}`.")
            out.line("---@class piecebox.\(member.name): piecebox.piece")
            for method in methods {
                out.line("---@field \(method) fun(self: piecebox.\(member.name), ...: any): any")
            }
            for reading in member.pieceReadings {
                out.line("---@field \(reading) any")
            }
            // Its constructor's options: the piece's, and the keys of the type's state at the top.
            out.line("")
            out.line("---@class piecebox.\(member.name)Options: piecebox.pieceOptions")
            for field in member.pieceState {
                out.line("---@field \(field.name)? \(field.type == "nil" ? "any" : field.type)")
            }
        }
        for className in Set(sorted.map(\.className)).sorted() {
            out.line("")
            out.line("---@class piecebox.\(className)")
            for member in sorted where member.className == className {
                if member.pieceMethods != nil {
                    out.line("---@field \(member.name) fun(self: piecebox.stage, options?: piecebox.\(member.name)Options): piecebox.\(member.name) # plugin '\(ReportText.escaped(member.plugin))'")
                } else {
                    out.line("---@field \(member.name) fun(self: piecebox.\(className), ...: any): any # plugin '\(ReportText.escaped(member.plugin))'")
                }
            }
        }
        return out.text
    }
}
