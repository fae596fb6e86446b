/// The Lua side of the test runner: `expect` and its matchers, and `series` (declaring tests is `TestDeclarations`).
/// Written in Lua so a failing matcher raises from the scenario's own line with `error(msg, 2)`.
enum TestFramework {
    static let chunkName = "=piecebox:expect"

    /// The text is Sources/LuaHost/Lua/expect.lua, compiled into the binary (see `LuaSources`).
    static let source = LuaSources.expect
}
