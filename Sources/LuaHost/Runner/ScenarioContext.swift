/// What the bindings of one scenario file share: the state, the file, the options, and the test running.
final class ScenarioContext {
    let state: LuaState
    let path: String
    let options: RunOptions
    var currentTest: String = ""

    init(state: LuaState, path: String, options: RunOptions) {
        self.state = state; self.path = path; self.options = options
    }

    /// Called after each test, so per-test resources (stages and their logs) are closed in order.
    func testEnded(failed: Bool) {}

    /// Called once the file is done.
    func finish() {}
}
