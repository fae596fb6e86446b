import CLua
import CLuaShim

/// What every piece binding reads the same way: the piece's name, and a host object (a player, a page) passed
/// as an option.
extension Options {
    /// Option `name`, checked as `checkedPieceName` does; `fallback` when it is left out.
    func pieceName(default fallback: String) throws -> String {
        try Self.checkedPieceName(try string("name", "the piece's name (a string)") ?? fallback, in: function)
    }

    /// Refuses a name the frame log cannot use as a key: the log's paths (`pieces.nowPlaying.surface.h`) and
    /// the script's frame tables (`f.nowPlaying`) need a plain word.
    static func checkedPieceName(_ name: String, in function: String) throws -> String {
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            throw LuaHostError.message("\(function): option 'name' must be letters, digits or _, got \"\(name)\"")
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
