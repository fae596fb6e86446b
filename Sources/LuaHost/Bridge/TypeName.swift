import CLua
import CLuaShim

/// How an error names the value that came, in its "got ...": Lua's name for the value's type, or for one of the
/// host's objects its class ("piecebox.stage"), as Lua's own argument errors name a userdata. The rule is
/// `pb_type_name`'s, which the C message handler uses too, so one value is named one way everywhere.
package enum TypeName {
    /// The value at `index` (relative or absolute); "no value" past the top of the stack.
    package static func of(_ L: OpaquePointer, _ index: Int32) -> String {
        String(cString: pb_type_name(L, index))
    }
}
