/// How scenario files are run: limits, which tests, where modules come from, where frame logs go.
public struct RunOptions: Sendable {
    public var limits: SandboxLimits = .default
    /// Only tests whose full name contains this text run; the others are not reported.
    public var filter: String?
    /// The project's Lua library folders (for `require`).
    public var libraryFolders: [String] = []
    /// Plugin folders (for `require` and plugin manifests).
    public var pluginFolders: [String] = []
    /// Collect and list the tests without running them.
    public var listOnly = false
    /// A token set (`--tokens FILE`: a Lua file returning motion overrides) applied to every file, under the
    /// file's own overrides; its path is written in every frame log's header.
    public var tokenSet: String?
    /// Where this file's frame log goes (JSON Lines); nil writes none.
    public var logPath: String?
    /// Only tests with one of these tags run (when any are given).
    public var tags: [String] = []
    /// Tests with any of these tags do not run.
    public var excludeTags: [String] = []
    /// Shuffle the file's tests with this run seed (mixed with the file's path; see `SplitMix64.seed`).
    public var shuffleSeed: UInt64?
    /// Stop the file at its first failure; the tests after it are reported as not run.
    public var failFast = false

    /// Goldens: the folder, when to record and the tolerance (for `--golden` and scripts' `toMatchGolden`).
    public var goldens = GoldenOptions()
    /// How deeply explorations run (`piecebox explore`'s flags; the small suite budget by default).
    public var exploration = ExploreBudget()

    public init() {}
}
