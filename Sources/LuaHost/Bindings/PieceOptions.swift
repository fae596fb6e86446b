import CLua
import CLuaShim
import PieceKit

/// What every piece binding reads the same way: the piece's name, and a host object (a player, a page) passed
/// as an option.
extension Options {
    /// Option `name`, checked as `checkedPieceName` does; `fallback` when it is left out.
    func pieceName(default fallback: String) throws -> String {
        try Self.checkedPieceName(try string("name", "the piece's name (a string)") ?? fallback, in: function)
    }

    /// Keys a frame table holds besides its pieces; a piece of one of these names would overwrite them.
    static let reservedPieceNames = ["t": "time", "frame": "index", "events": "events"]

    /// Refuses a name the frame log cannot use as a key: the log's paths (`pieces.nowPlaying.surface.h`) and
    /// the script's frame tables (`f.nowPlaying`) need a plain word.
    static func checkedPieceName(_ name: String, in function: String) throws -> String {
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            throw ArgumentErrors.inside(function, "option 'name'", mustBe: "letters, digits or _", got: "\"\(ReportText.clip(name, limit: 80))\"")
        }
        guard reservedPieceNames[name] == nil else {
            throw ArgumentErrors.refusal(function, "option 'name' cannot be \"\(name)\": a frame table (`f.\(name)`) already "
                + "uses it for the frame's own \(reservedPieceNames[name] ?? "field"); choose another name")
        }
        return name
    }
}

extension LuaCall {
    /// The host object of class `className` ("piecebox.player") in field `key` of the options table at
    /// argument `arg`, or nil when the field holds anything else. Read raw, so no metamethod of the script's
    /// runs here.
    func object<T: AnyObject>(inOption key: String, of arg: Int32, className: String) -> T? {
        lua_pushstring(L, key)
        lua_rawget(L, arg + offset)
        defer { clua_pop(L, 1) }
        return pb_object(self, lua_gettop(L), className)
    }
}

/// Reads a piece's `messages = { key = "copy" }` option into its messages value: every key must be one of `lines`'
/// names and hold a string; absent keys keep the standard copy. `example` shows a right value in the error.
func readMessages<Messages>(_ value: LuaValue, _ c: LuaCall, standard: Messages, example: String,
                            lines: [(String, WritableKeyPath<Messages, String>)]) throws -> Messages {
    var m = standard
    guard !value.isNil else { return m }
    guard case .table(let t) = value, t.array.isEmpty else {
        throw c.optionError("messages", "a table of copy such as \(example)", got: value.typeName)
    }
    let known = lines.map(\.0)
    for key in t.keys where !known.contains(key) {
        throw c.refusal("option 'messages' has an unknown key '\(key)' (known: \(known.joined(separator: ", ")))")
    }
    for (key, path) in lines {
        switch t[key] {
        case .nil: break
        case .string(let s): m[keyPath: path] = s
        default: throw c.valueError("messages.\(key)", "a string", got: t[key].typeName)
        }
    }
    return m
}
