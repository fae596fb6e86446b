/// What only the runner does with a file's context: start and end its tests, count its report against the
/// memory cap, and word the failures it reports. The bindings see none of this (`BindingContext`).
final class TestLifecycle {
    let bindings: BindingContext
    /// The goldens `toMatchGolden` recorded in the running test, written once it has passed.
    let goldens: HeldGoldens

    init(_ bindings: BindingContext, goldens: HeldGoldens = HeldGoldens()) {
        self.bindings = bindings
        self.goldens = goldens
    }

    func testStarted(_ name: String) {
        goldens.testStarted()
        bindings.minimalScenario = nil
        bindings.exploreOutcome = nil
        bindings.enterTest(name)
    }

    /// The minimal scenario the test's exploration handed over when it failed (then forgotten).
    func takeMinimalScenario() -> String? {
        defer { bindings.minimalScenario = nil }
        return bindings.minimalScenario
    }

    /// What the test's exploration found and counted (then forgotten), nil for any other test.
    func takeExploreOutcome() -> String? {
        defer { bindings.exploreOutcome = nil }
        return bindings.exploreOutcome
    }

    /// Once a test has run to its end (hooks included): writes the goldens it recorded if it passed, and says
    /// what was left unrecorded if it failed. A golden that cannot be written fails the test.
    func settleGoldens(_ result: inout TestResult) {
        var work = bindings.hostWork()
        let passed = result.status != .failed
        let said: (failure: String?, note: String?)
        do { said = try goldens.testEnded(passed: passed, work: &work) } catch {
            said = ("\(error)", nil)
        }
        if let failure = said.failure {
            result.status = .failed
            result.message = failure
            result.traceback = ""
        } else if let note = said.note {
            result.message = result.message.isEmpty ? note : result.message + "\n" + note
        }
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
        let size = "about \(tenths / 10).\(tenths % 10) MiB"
        // Many stages alive are the script's own: each keeps its frames while something references it.
        let stages = bindings.liveStageCount
        guard stages <= 1 else {
            return ": the frames \(stages) live stages keep (\(frames) frames, \(size)) need more than "
                + "--max-memory allows; let go of the stages you no longer use (a stage nothing references is "
                + "collected with its frames), keep fewer with Stage{ history = seconds } or raise --max-memory"
                + neverEndingNote()
        }
        return ": the frames the stage keeps (\(frames) frames, \(size)) need more "
            + "than --max-memory allows; keep fewer with Stage{ history = seconds } or raise --max-memory"
            + neverEndingNote()
    }

    /// Virtual time one call renders before a breach calls it a loop that may never end: an hour, longer than
    /// any motion or wait a scenario means (NowPlaying's longest is under a second; a track is minutes).
    static let neverEndingSpan = 3600.0

    /// What the memory advice adds when one `s:advance` or `s:runUntil` rendered most of the kept frames over
    /// hours of virtual time: the frames are a symptom, the call is the cause. Empty otherwise.
    func neverEndingNote() -> String {
        guard let (call, rendered) = bindings.longCall(atLeast: Self.neverEndingSpan) else { return "" }
        let asked = call.name == "s:runUntil" ? "its timeout is" : "it was asked for"
        let end = call.name == "s:runUntil" ? "the loop may never end; check that the predicate can hold, and give "
            + "a shorter timeout" : "the call may never end; advance by less, or wait for a condition with s:runUntil"
        return "; \(call.name) has rendered \(Self.hours(rendered)) of virtual time in this one call "
            + "(\(asked) \(Self.hours(call.end - call.start))): \(end)"
    }

    /// Seconds as hours to a tenth ("2.5 hours").
    static func hours(_ seconds: Double) -> String {
        let tenths = (seconds / 360).rounded()
        guard tenths.isFinite, tenths < 1e15 else { return "\(seconds / 3600) hours" }
        let t = Int(tenths)
        return "\(t / 10).\(t % 10) hours"
    }
}
