/// The Lua side of the test runner: `expect` and its matchers, and `series` (declaring tests is `TestDeclarations`).
/// Written in Lua so a failing matcher raises from the scenario's own line with `error(msg, 2)`.
///
/// Two chunks: the globals scripts see (`framework.lua`, run in every state) and the framework behind them
/// (`expect.lua`), loaded the first time a script (or the host, for a frame series) calls one. Loading it was a
/// large part of what a file that never calls `expect` cost; no script can tell when it loaded (see framework.lua).
enum TestFramework {
    static let chunkName = "=piecebox:expect"

    /// The text is Sources/LuaHost/Lua/expect.lua, compiled into the binary (see `LuaSources`).
    static let source = LuaSources.expect

    static let globalsChunkName = "=piecebox:framework"
    /// The text is Sources/LuaHost/Lua/framework.lua.
    static let globalsSource = LuaSources.framework
}
