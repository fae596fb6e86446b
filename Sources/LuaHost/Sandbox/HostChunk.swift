/// The host's own Lua chunks, one per file in `Sources/LuaHost/Lua/`: the text the binary holds (`LuaSources`,
/// written by the EmbedLua plugin) and the name messages and tracebacks show (`piecebox:expect:57` is line 57 of
/// `Lua/expect.lua`). One table, so whoever loads a chunk, compiles the chunks ahead or checks them reads the same
/// list, and no layer needs another's type to name a chunk.
package enum HostChunk: String, CaseIterable, Sendable {
    /// The sandbox's hardening, run first in every state.
    case sandbox
    /// The error explainer's hints, loaded the first time a message may need one.
    case explain
    /// `expect`, `series` and `expectExtend`, set in every state; they load `expect` on first use.
    case framework
    /// The matchers and series.
    case expect
    /// `test`, `describe` and the hooks.
    case tests
    /// A declaration's options (tags, limits) and `test.each`'s rows, loaded the first time a file uses one.
    case testOptions
    /// `explore`: the exploration's table, its runs and its report, loaded at the first `explore(...)`.
    case explore
    /// One run of an exploration and the `gen` its actions draw from, loaded with `explore`.
    case runs
    /// The shrinking of a failing run, loaded with `explore`.
    case shrink
    /// The search of an exploration's runs, its database's records and its counts, loaded with `explore`.
    case search
    /// The writer of the Lua an exploration generates, loaded with `explore`.
    case writer
    /// The stage's methods written in Lua (`runUntil`), run at the first `Stage{...}`.
    case stage
    /// The frames' lazy views, run at the first `Stage{...}`.
    case frames
    /// The token-set loader (`--tokens`).
    case tokens
    /// The plugin loader (`--plugins`).
    case plugins
    /// `ui.ForEach` and the function a piece's `body` is called through, run as the `ui` library is set.
    case ui

    /// The name Lua reports for the chunk.
    package var chunkName: String { "=piecebox:" + rawValue }

    /// The chunk's text, exactly as its file holds it.
    package var text: String {
        switch self {
        case .sandbox: LuaSources.sandbox
        case .explain: LuaSources.explain
        case .framework: LuaSources.framework
        case .expect: LuaSources.expect
        case .tests: LuaSources.tests
        case .testOptions: LuaSources.testOptions
        case .explore: LuaSources.explore
        case .runs: LuaSources.runs
        case .shrink: LuaSources.shrink
        case .search: LuaSources.search
        case .writer: LuaSources.writer
        case .stage: LuaSources.stage
        case .frames: LuaSources.frames
        case .tokens: LuaSources.tokens
        case .plugins: LuaSources.plugins
        case .ui: LuaSources.ui
        }
    }

    /// The chunks a worker compiles while it waits for its first file: those every file's set-up loads. The
    /// others compile the first time a file in the process needs them (a suite of plain tests never loads the
    /// matchers, the stage's chunks or `ui`'s, and compiling them all ahead held up its first file).
    static let compiledAhead: [HostChunk] = [.sandbox, .framework, .tests]
}
