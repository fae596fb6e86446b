import CLua
import Foundation
import PieceKit

/// What the bindings of one scenario file share: the state, the file, the options, and its parts, each with one
/// reason: the motion overrides in force (`MotionOverrideScope`), the memory the file holds and the stages it made
/// (`FileMemory`), its frame log (`FileFrameLog`), an exploration's bookkeeping (`ExplorationState`). This class
/// takes a new stage in, where those parts meet, and keeps the current test. The members bindings call keep their
/// names here and forward to the part. The runner's side of a file (tests starting and ending, the report) is
/// `TestLifecycle`, so a binding cannot reach it.
package final class BindingContext {
    package let state: LuaState
    let path: String
    let options: RunOptions
    /// The test running, "" at the file's top level: the frame log's header names it.
    package private(set) var currentTest: String = ""

    /// The memory the file holds, counted against its cap, and the stages it made.
    package let memory: FileMemory
    /// The motion overrides in force and how long each lasts.
    package let motion = MotionOverrideScope()
    /// The file's frame log.
    let frameLog: FileFrameLog
    /// What an exploration running in the current test shares.
    package var exploration = ExplorationState()

    package init(state: LuaState, path: String, options: RunOptions) {
        self.state = state; self.path = path; self.options = options
        memory = FileMemory(state: state)
        frameLog = FileFrameLog(path: path, memory: memory)
        motion.changed = { [weak self] in self?.overridesChanged() }
    }

    // MARK: Motion overrides

    /// The run's token set (`--tokens`), under everything the file and its plugins override; what
    /// `motion.resetOverrides()` at the top level goes back to.
    package var tokenSetOverrides: MotionOverrides {
        get { motion.tokenSet }
        set { motion.tokenSet = newValue }
    }
    var overrides: MotionOverrides { motion.current }
    var inTest: Bool { motion.inTest }

    package func tokens(reduceMotion: Bool) -> MotionTokens {
        MotionTokens(reduceMotion: reduceMotion, overrides: overrides)
    }

    /// Merges `more` into the overrides in force (a later value for the same token wins).
    func applyOverride(_ more: MotionOverrides) throws { motion.apply(more) }

    func resetOverrides() { motion.reset() }

    /// Called when overrides change, so stages already made use the new tokens.
    func overridesChanged() {
        for w in memory.stages { w.stage?.overrides = overrides }
    }

    // MARK: The current test

    /// A test begins: stages made from here on name it in the log, and overrides it sets last until it ends.
    package func enterTest(_ name: String) {
        currentTest = name
        motion.enterTest()
    }

    /// The test is over: back to the file's overrides.
    package func leaveTest() { motion.leaveTest() }

    // MARK: Host memory (`FileMemory`)

    /// The stages still alive, oldest first (the API reference's survey reads the pieces made on one).
    package var madeStages: [Stage] { memory.madeStages }
    var stages: [StageEntry] { memory.stages }
    /// Everything the host holds for this file, as last counted.
    var hostBytes: Int { memory.hostBytes }

    /// The file's limits as host code sees them (`FileMemory.checkLimits`).
    package func checkLimits(refreshing entry: StageEntry? = nil, holding extra: Int = 0) -> String? {
        memory.checkLimits(refreshing: entry, holding: extra)
    }

    /// Host work for this file (a golden built from a stage's frames): asks `checkLimits` as it goes.
    package func hostWork() -> HostWork {
        HostWork { [weak self] bytes in self?.checkLimits(holding: bytes) }
    }

    /// Drops released stages and counts the others afresh.
    func recountStages() { memory.recountStages() }

    /// Where the objects of `stage` (made by this file) keep the script's values; an error for a stage the file
    /// did not make, which no script can hand the host.
    func values(of stage: Stage, _ c: LuaCall) throws -> StageValues {
        guard let values = values(of: stage) else { throw c.refusal("the stage is not one this file made") }
        return values
    }

    func values(of stage: Stage) -> StageValues? { memory.values(of: stage) }

    /// Stages of this file still alive (a test counts them after the script let its stages go).
    package var liveStageCount: Int { memory.liveStageCount }

    /// Bytes of frames this file's stages keep, and how many frames: what a memory breach message may blame.
    package var keptFrameBytes: Int { memory.keptFrameBytes }
    package var keptFrameCount: Int { memory.keptFrameCount }

    /// The call still rendering that has rendered at least `span` seconds (`FileMemory.longCall`).
    package func longCall(atLeast span: Double) -> (call: StageCall, rendered: Double)? {
        memory.longCall(atLeast: span)
    }

    /// Counts `bytes` more of host memory (a copy the host keeps for the file) and stops the file if that puts it
    /// over its cap.
    func charge(_ bytes: Int) throws {
        if let reason = count(bytes) { throw LuaHostError.message(reason) }
    }

    /// Counts `bytes` as `charge` does, but returns the breach instead of throwing (the runner reads the state's).
    @discardableResult
    package func count(_ bytes: Int) -> String? { memory.count(bytes) }

    // MARK: Exploration (`ExplorationState`)

    /// Set while an exploration runs its runs (`ScriptExplore`): the most frames a stage made then may render.
    package var exploringFrameCap: Int? {
        get { exploration.frameCap }
        set { exploration.frameCap = newValue }
    }
    /// The minimal scenario of the exploration that failed in the running test, for `--save`.
    package var minimalScenario: String? {
        get { exploration.minimalScenario }
        set { exploration.minimalScenario = newValue }
    }
    /// What the running test's exploration found and counted (`ExploreOutcome`'s JSON), for the runner.
    package var exploreOutcome: String? {
        get { exploration.outcome }
        set { exploration.outcome = newValue }
    }

    // MARK: Frames read

    /// The last `s:frame()` read while its stage had a change no frame showed yet: which stage, and the frame it
    /// gave. A failing expectation says so while that frame is still the stage's latest (`staleFrameNote`).
    var staleRead: (stage: WeakStage, frame: Int)?

    /// The note a failing expectation adds after a stale `s:frame()`, once; nil when a frame was rendered since.
    package func staleFrameNote() -> String? {
        guard let read = staleRead else { return nil }
        staleRead = nil
        guard let stage = read.stage.stage, stage.latestFrame?.index == read.frame else { return nil }
        return "note: s:frame() was read after a change, with no frame rendered since: it shows frame \(read.frame), "
            + "from before the change (render one first: s:frames(1), s:advance(seconds) or s:settle())"
    }

    // MARK: A new stage, and the frame log (`FileFrameLog`)

    /// Takes a new stage in: its limits check (asked before every frame and batch of work), its share of host
    /// memory, and the file's frame log.
    @discardableResult
    func stageCreated(_ stage: Stage, values: StageValues) throws -> StageEntry {
        let entry = StageEntry(stage, values: values)
        memory.add(entry)
        if let cap = exploringFrameCap {
            // A run's stage: a stage that renders past the cap stops its run (a failure the exploration shrinks),
            // not the file.
            stage.interruption = { [weak self, weak stage] in
                if let stage, stage.frameIndex > cap {
                    return "the run rendered more than \(cap) frames (an exploration's run may render at most that many: something never stops)"
                }
                return self?.checkLimits(refreshing: entry)
            }
        } else {
            stage.interruption = { [weak self] in self?.checkLimits(refreshing: entry) }
        }
        stage.allocationCheck = { [weak self] bytes in self?.checkLimits(refreshing: entry, holding: bytes) }
        // Kept frames past the cap are refused by the stage itself, with a message that says they are the cause.
        if state.limits.memoryBytes > 0 { stage.historyByteLimit = state.limits.memoryBytes }
        memory.pruneIfDue()
        if let reason = checkLimits(refreshing: entry) { throw LuaHostError.message(reason) }
        // An exploration's thousands of runs are not the file's frames: its stages keep no log.
        guard exploringFrameCap == nil, let logPath = options.logPath else { return entry }
        try frameLog.attach(stage, logPath: logPath, scenario: path, test: currentTest.isEmpty ? nil : currentTest,
                            tokenSet: options.tokenSet)
        return entry
    }

    /// Records a failure in the log, so a log always says where its scenario stopped.
    package func logFailure(_ message: String, test: String?) { frameLog.logFailure(message, test: test) }

    /// Called once the file is done, whatever happened: the log is closed and moved into place.
    package func finish() { frameLog.finish(detaching: memory.madeStages) }
}

/// A stage held without keeping it: a note about it never keeps a stage the script let go of.
struct WeakStage {
    weak var stage: Stage?
    init(_ stage: Stage) { self.stage = stage }
}
