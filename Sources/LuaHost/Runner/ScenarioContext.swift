import PieceKit

/// What the bindings of one scenario file share: the state, the file, the options, the test running, and
/// the motion overrides in force.
final class ScenarioContext {
    let state: LuaState
    let path: String
    let options: RunOptions
    var currentTest: String = ""

    /// Overrides set at the file's top level apply to every test; those set inside a test last until it ends.
    private var fileOverrides = MotionOverrides()
    private(set) var overrides = MotionOverrides()
    private var inTest = false

    init(state: LuaState, path: String, options: RunOptions) {
        self.state = state; self.path = path; self.options = options
    }

    func tokens(reduceMotion: Bool) -> MotionTokens {
        MotionTokens(reduceMotion: reduceMotion, overrides: overrides)
    }

    /// Merges `more` into the overrides in force (a later value for the same token wins).
    func applyOverride(_ more: MotionOverrides) throws {
        for (k, v) in more.tiers { overrides.tiers[k] = v }
        for (k, v) in more.roles { overrides.roles[k] = v }
        if !inTest { fileOverrides = overrides }
        overridesChanged()
    }

    func resetOverrides() {
        overrides = inTest ? fileOverrides : MotionOverrides()
        if !inTest { fileOverrides = overrides }
        overridesChanged()
    }

    /// Called when overrides change, so stages already made use the new tokens.
    var overridesChanged: () -> Void = {}

    func testStarted(_ name: String) {
        currentTest = name
        inTest = true
        overrides = fileOverrides
    }

    /// Called after each test, so per-test resources (stages and their logs) are closed in order.
    func testEnded(failed: Bool) {
        inTest = false
        overrides = fileOverrides
    }

    /// Called once the file is done.
    func finish() {}
}
