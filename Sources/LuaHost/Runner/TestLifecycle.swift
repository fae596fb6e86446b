/// What only the runner does with a file's context: start and end its tests, count its report against the
/// memory cap, and word the failures it reports. The bindings see none of this (`BindingContext`).
final class TestLifecycle {
    let bindings: BindingContext

    init(_ bindings: BindingContext) {
        self.bindings = bindings
    }

    func testStarted(_ name: String) {
        bindings.minimalScenario = nil
        bindings.enterTest(name)
    }

    /// The minimal scenario the test's exploration handed over when it failed (then forgotten).
    func takeMinimalScenario() -> String? {
        defer { bindings.minimalScenario = nil }
        return bindings.minimalScenario
    }

    /// Called after each test: a failure goes into the frame log under the test's name, and the test's
    /// overrides end.
    func testEnded(failure: String?) {
        if let failure { bindings.logFailure(failure, test: bindings.currentTest) }
        bindings.leaveTest()
    }

    /// A failure outside any test, in the frame log.
    func fileFailed(_ message: String) {
        bindings.logFailure(message, test: nil)
    }

    /// Counts a report entry against the cap; never throws: the runner checks the state's breach after.
    func chargeReport(_ result: TestResult) {
        bindings.count(result.estimatedBytes)
    }

    /// What a memory breach message adds when the frames this file's stages keep hold most of the cap: that they
    /// are the cause, and how to keep fewer. Empty otherwise.
    func memoryNote(for breach: LimitBreach) -> String {
        guard case .memory(let cap) = breach, cap > 0 else { return "" }
        let kept = bindings.keptFrameBytes
        guard kept * 2 >= cap else { return "" }
        let frames = bindings.keptFrameCount
        let tenths = (kept * 10 + (1 << 19)) >> 20
        return ": the frames the stage keeps (\(frames) frames, about \(tenths / 10).\(tenths % 10) MiB) need more "
            + "than --max-memory allows; keep fewer with Stage{ history = seconds } or raise --max-memory"
    }
}
