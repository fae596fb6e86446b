/// What an exploration running in the current test shares with the bindings and the runner. One reason: an
/// exploration's bookkeeping, so the rest of the file's context never changes for it.
package struct ExplorationState {
    /// Set while an exploration runs its runs (`ScriptExplore`): the most frames a stage made then may render.
    package var frameCap: Int?
    /// The minimal scenario of the exploration that failed in the running test, for `--save`.
    package var minimalScenario: String?
    /// What the running test's exploration found and counted (`ExploreOutcome`'s JSON), for the runner.
    package var outcome: String?
}
