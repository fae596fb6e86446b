/// The stubs of what loaded plugins add (`piecebox stubs --plugins DIR`): each piece type as a class of its own
/// (a piece with its methods), its constructor's options (the piece's and its state's keys) and a stage
/// constructor giving it, and every other plugin method as a field of its
/// class. The built-in stubs come first (`TypeStubs`); these only add fields (lua-language-server merges a class's
/// declarations).
public enum PluginStubs {
    public static func text(_ members: [PluginLoader.Member]) -> String {
        guard !members.isEmpty else { return "" }
        var out = StubWriter()
        out.line("")
        out.line("-- What the loaded plugins add.")
        let sorted = members.sorted { ($0.className, $0.name) < ($1.className, $1.name) }
        for member in sorted {
            guard let methods = member.pieceMethods else { continue }
            out.line("")
            out.line("---`\(member.name)`: a piece type of plugin '\(member.plugin)', made by `s:\(member.name){...}`.")
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
                    out.line("---@field \(member.name) fun(self: piecebox.stage, options?: piecebox.\(member.name)Options): piecebox.\(member.name) # plugin '\(member.plugin)'")
                } else {
                    out.line("---@field \(member.name) fun(self: piecebox.\(className), ...: any): any # plugin '\(member.plugin)'")
                }
            }
        }
        return out.text
    }
}
