/// Lua run once in every fresh state before any script: removes what a scenario must not reach and wraps
/// what it may use only in part. Receives the host's helper functions as its arguments.
enum Hardening {
    static let chunkName = "=piecebox:sandbox"

    /// The text is Sources/LuaHost/Lua/sandbox.lua, compiled into the binary (see `LuaSources`).
    static let source = LuaSources.sandbox

    /// The hints a message may take (Sources/LuaHost/Lua/explain.lua), loaded the first time one may apply.
    static let explainChunkName = "=piecebox:explain"
    static let explainSource = LuaSources.explain
}
