/// The Lua side of declaring tests: `test`/`it` (with `.only` and `.skip`), `xtest`/`xit`, `describe` (with
/// `.only` and `.skip`), options with tags, and the four hooks. It only records what the file declares (groups in
/// `host.groups`, tests in `host.tests`); the host picks which tests run, in which order, and runs the hooks around
/// them, so a hook's failure gets a traceback and lands on the test it belongs to (see `TestPlan`).
enum TestDeclarations {
    static let chunkName = "=piecebox:tests"

    /// The text is Sources/LuaHost/Lua/tests.lua, compiled into the binary (see `LuaSources`).
    static let source = LuaSources.tests
}
