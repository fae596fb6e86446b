/// The handler tables as stub classes: written here, beside the other stubs, while the tables themselves stay with
/// the bindings that push them (`HandlerTypes`).
extension HandlerTypes {
    static func write(into out: inout StubWriter) {
        out.line("")
        out.line("-- The tables a script's functions are handed.")
        for type in classes {
            out.line("")
            out.line("---\(type.doc)")
            out.line("---@class \(type.name)")
            for field in type.fields { out.line("---@field \(field)") }
        }
    }
}
