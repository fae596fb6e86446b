import CLua
import Foundation
import PieceKit

/// What the bindings of one scenario file share: the state, the file, the options, the motion overrides in force,
/// the stages made (for their memory and the frame log) and the file's memory account. The runner's side of a
/// file (tests starting and ending, the report) is `TestLifecycle`, so a binding cannot reach it.
package final class BindingContext {
    package let state: LuaState
    let path: String
    let options: RunOptions
    /// The test running, "" at the file's top level: the frame log's header names it.
    package private(set) var currentTest: String = ""

    /// The run's token set (`--tokens`), under everything the file and its plugins override; what
    /// `motion.resetOverrides()` at the top level goes back to.
    package var tokenSetOverrides = MotionOverrides() {
        didSet { fileOverrides = tokenSetOverrides; overrides = tokenSetOverrides; overridesChanged() }
    }
    /// Overrides set at the file's top level apply to every test; those set inside a test last until it ends.
    private var fileOverrides = MotionOverrides()
    private(set) var overrides = MotionOverrides()
    private var inTest = false

    package init(state: LuaState, path: String, options: RunOptions) {
        self.state = state; self.path = path; self.options = options
    }

    package func tokens(reduceMotion: Bool) -> MotionTokens {
        MotionTokens(reduceMotion: reduceMotion, overrides: overrides)
    }

    /// Merges `more` into the overrides in force (a later value for the same token wins).
    func applyOverride(_ more: MotionOverrides) throws {
        overrides.merge(more)
        if !inTest { fileOverrides = overrides }
        overridesChanged()
    }

    func resetOverrides() {
        overrides = inTest ? fileOverrides : tokenSetOverrides
        if !inTest { fileOverrides = overrides }
        overridesChanged()
    }

    /// Called when overrides change, so stages already made use the new tokens.
    func overridesChanged() {
        for w in stages { w.stage?.overrides = overrides }
    }

    /// A test begins: stages made from here on name it in the log, and overrides it sets last until it ends.
    package func enterTest(_ name: String) {
        currentTest = name
        inTest = true
        overrides = fileOverrides
    }

    /// The test is over: back to the file's overrides.
    package func leaveTest() {
        inTest = false
        overrides = fileOverrides
    }

    /// Stages made by this file, so override changes reach them and their kept frames are counted.
    private var stages: [StageEntry] = []
    private var stagesAfterPrune = 8
    /// The stages still alive, oldest first (the API reference's survey reads the pieces made on one).
    package var madeStages: [Stage] { stages.compactMap(\.stage) }

    // MARK: Host memory

    /// Host memory this file caused outside its stages (its report so far, copies of its pages), in bytes.
    private(set) var chargedBytes = 0
    /// Bytes of frame log written: the runner reads the whole log back to compare it with a golden.
    fileprivate(set) var logBytes = 0
    /// The stages' `heldBytes` as last seen, summed. Each stage refreshes its own share before its frames and its
    /// batches of work, so a check costs the same however many stages the file made.
    private var stageBytes = 0

    /// Everything the host holds for this file, as last counted.
    var hostBytes: Int { chargedBytes + logBytes + stageBytes }

    /// The file's limits as host code sees them: time, and memory with the host's share counted. nil while the
    /// file is within them; the breach message (the state is then stopped) otherwise. `entry`, when given, is the
    /// stage asking: its share is brought up to date first. `extra` is what host work holds and is about to make
    /// (`HostWork`): it must fit too, before it is made.
    package func checkLimits(refreshing entry: StageEntry? = nil, holding extra: Int = 0) -> String? {
        if let reason = state.stopReason() { return reason }
        if let entry { refresh(entry) }
        let cap = state.limits.memoryBytes
        if cap > 0, hostBytes + state.memoryInUse + max(extra, 0) > cap {
            // Stages released since they were last seen still count: recount before calling it a breach.
            recountStages()
        }
        return state.chargeHost(hostBytes, holding: extra)
    }

    /// Host work for this file (a golden built from a stage's frames): asks `checkLimits` as it goes.
    package func hostWork() -> HostWork {
        HostWork { [weak self] bytes in self?.checkLimits(holding: bytes) }
    }

    private func refresh(_ entry: StageEntry) {
        let now = entry.stage?.heldBytes ?? 0
        stageBytes += now - entry.counted
        entry.counted = now
    }

    /// Drops released stages and counts the others afresh.
    func recountStages() {
        stages.removeAll { $0.stage == nil }
        stagesAfterPrune = max(stages.count, 8)
        stageBytes = 0
        for entry in stages {
            entry.counted = entry.stage?.heldBytes ?? 0
            stageBytes += entry.counted
        }
    }

    /// Where the objects of `stage` (made by this file) keep the script's values; an error for a stage the file
    /// did not make, which no script can hand the host.
    func values(of stage: Stage, _ c: LuaCall) throws -> StageValues {
        guard let values = values(of: stage) else { throw c.refusal("the stage is not one this file made") }
        return values
    }

    func values(of stage: Stage) -> StageValues? { stages.first { $0.stage === stage }?.values }

    /// Stages of this file still alive (a test counts them after the script let its stages go).
    package var liveStageCount: Int { stages.reduce(0) { $0 + ($1.stage == nil ? 0 : 1) } }

    /// Bytes of frames this file's stages keep, and how many frames: what a memory breach message may blame.
    package var keptFrameBytes: Int { stages.reduce(0) { $0 + ($1.stage?.historyBytes ?? 0) } }
    package var keptFrameCount: Int { stages.reduce(0) { $0 + ($1.stage?.history.count ?? 0) } }

    /// The call still rendering (or stopped by a limit) that has rendered at least `span` seconds of virtual time
    /// and most of its stage's kept frames: what a memory breach may call a loop that never ends.
    package func longCall(atLeast span: Double) -> (call: StageCall, rendered: Double)? {
        for entry in stages {
            guard let stage = entry.stage, let call = entry.call else { continue }
            let now = stage.now
            // Left by a call that failed and was caught, the record no longer describes what renders now.
            guard now >= call.start, now <= call.end + 1e-9 else { continue }
            let rendered = now - call.start
            guard rendered >= span, rendered * Double(stage.fps) * 2 >= Double(stage.history.count) else { continue }
            return (call, rendered)
        }
        return nil
    }

    /// Counts `bytes` more of host memory (a copy the host keeps for the file) and stops the file if that puts it
    /// over its cap.
    func charge(_ bytes: Int) throws {
        if let reason = count(bytes) { throw LuaHostError.message(reason) }
    }

    /// Counts `bytes` as `charge` does, but returns the breach instead of throwing (the runner reads the state's).
    @discardableResult
    package func count(_ bytes: Int) -> String? {
        chargedBytes += max(bytes, 0)
        return checkLimits()
    }

    // MARK: The frame log

    /// The file's frame log, opened when the first stage is made (every stage of the file writes to it).
    /// Set while an exploration runs its runs (`ScriptExplore`): the most frames a stage made then may render.
    package var exploringFrameCap: Int?
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
    /// The minimal scenario of the exploration that failed in the running test, for `--save`.
    package var minimalScenario: String?
    /// What the running test's exploration found and counted (`ExploreOutcome`'s JSON), for the runner.
    package var exploreOutcome: String?

    private var log: CountingLog?
    private var logError: String?

    /// Takes a new stage in: its limits check (asked before every frame and batch of work), its share of host
    /// memory, and the file's frame log.
    @discardableResult
    func stageCreated(_ stage: Stage, values: StageValues) throws -> StageEntry {
        let entry = StageEntry(stage, values: values)
        stages.append(entry)
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
        // Released stages are dropped now and then, not on every creation, so making many stays linear.
        if stages.count >= 2 * stagesAfterPrune { recountStages() }
        if let reason = checkLimits(refreshing: entry) { throw LuaHostError.message(reason) }
        // An exploration's thousands of runs are not the file's frames: its stages keep no log.
        guard exploringFrameCap == nil, let logPath = options.logPath else { return entry }
        if log == nil && logError == nil {
            do { log = CountingLog(try JSONLogFile(path: logPath), context: self) } catch { logError = "\(error)" }
        }
        if let logError { throw LuaHostError.message("Stage: cannot write the frame log: \(logError)") }
        guard let log else { return entry }
        do {
            try stage.attachLog(log, scenario: path, test: currentTest.isEmpty ? nil : currentTest,
                                tokenSet: options.tokenSet)
        } catch {
            throw LuaHostError.message("Stage: cannot write the frame log: \(error)")
        }
        return entry
    }

    /// Records a failure in the log, so a log always says where its scenario stopped.
    package func logFailure(_ message: String, test: String?) {
        guard let log else { return }
        var o = JSONObject()
        o.append("error", ReportText.clip(message, limit: ReportLimits.messageBytes))
        if let test { o.append("test", ReportText.clip(test, limit: ReportLimits.nameBytes)) }
        try? log.receive(line: o.json)
    }

    /// Called once the file is done, whatever happened: the log is closed and moved into place.
    package func finish() {
        for w in stages { w.stage?.detachLog() }
        try? log?.file.close()
        log = nil
    }
}

/// A stage of the file, held weakly, with the bytes it was last counted at.
package final class StageEntry {
    weak var stage: Stage?
    /// The script values its objects hold (`StageValues`).
    let values: StageValues
    var counted = 0
    /// The long call rendering on this stage (`s:advance`, `s:runUntil`), from its start to its end: set as it
    /// starts, cleared as it returns. A limit that stops it leaves it, for the breach message (`longCall`).
    var call: StageCall?
    init(_ stage: Stage, values: StageValues) { self.stage = stage; self.values = values }
}

/// One `s:advance(seconds)` or `s:runUntil(predicate, timeout)`: its name, when it started and the latest time it
/// may render to (virtual seconds).
package struct StageCall: Equatable {
    package var name: String
    package var start: Double
    package var end: Double
}

/// The file's frame log, counting what is written so it is charged against the file's memory cap.
private final class CountingLog: FrameLogSink {
    let file: JSONLogFile
    private weak var context: BindingContext?

    init(_ file: JSONLogFile, context: BindingContext) {
        self.file = file; self.context = context
    }

    func receive(line: String) throws {
        context?.logBytes += line.utf8.count + 1
        try file.write(line: line)
    }

    func receive(utf8 line: [UInt8]) throws {
        context?.logBytes += line.count + 1
        try file.write(utf8: line)
    }

    func flush() throws {
        try file.flush()
    }
}

/// A stage held without keeping it: a note about it never keeps a stage the script let go of.
struct WeakStage {
    weak var stage: Stage?
    init(_ stage: Stage) { self.stage = stage }
}
