import PieceKit

/// The host memory one scenario file holds, counted against its cap: its stages (their kept frames and held texts),
/// its frame log, and the copies the host keeps for it (its report so far, copies of its pages). One reason: whether
/// the file is within its limits, asked before the host makes what it would hold.
package final class FileMemory {
    let state: LuaState
    /// Stages made by this file, so override changes reach them and their kept frames are counted.
    private(set) var stages: [StageEntry] = []
    private var stagesAfterPrune = 8

    /// Host memory this file caused outside its stages (its report so far, copies of its pages), in bytes.
    private(set) var chargedBytes = 0
    /// Bytes of frame log written: the runner reads the whole log back to compare it with a golden.
    var logBytes = 0
    /// The stages' `heldBytes` as last seen, summed. Each stage refreshes its own share before its frames and its
    /// batches of work, so a check costs the same however many stages the file made.
    private var stageBytes = 0

    init(state: LuaState) { self.state = state }

    /// Everything the host holds for this file, as last counted.
    var hostBytes: Int { chargedBytes + logBytes + stageBytes }

    /// Takes a new stage's entry in.
    func add(_ entry: StageEntry) { stages.append(entry) }

    /// Released stages are dropped now and then, not on every creation, so making many stays linear.
    func pruneIfDue() {
        if stages.count >= 2 * stagesAfterPrune { recountStages() }
    }

    /// The file's limits as host code sees them: time, and memory with the host's share counted. nil while the
    /// file is within them; the breach message (the state is then stopped) otherwise. `entry`, when given, is the
    /// stage asking: its share is brought up to date first. `extra` is what host work holds and is about to make
    /// (`HostWork`): it must fit too, before it is made.
    func checkLimits(refreshing entry: StageEntry? = nil, holding extra: Int = 0) -> String? {
        if let reason = state.stopReason() { return reason }
        if let entry { refresh(entry) }
        let cap = state.limits.memoryBytes
        if cap > 0, hostBytes + state.memoryInUse + max(extra, 0) > cap {
            // Stages released since they were last seen still count: recount before calling it a breach.
            recountStages()
        }
        return state.chargeHost(hostBytes, holding: extra)
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

    /// Counts `bytes` more of host memory (a copy the host keeps for the file); the breach if that puts it over.
    func count(_ bytes: Int) -> String? {
        chargedBytes += max(bytes, 0)
        return checkLimits()
    }

    /// The stages still alive, oldest first.
    var madeStages: [Stage] { stages.compactMap(\.stage) }
    /// Where the objects of `stage` keep the script's values; nil for a stage the file did not make.
    func values(of stage: Stage) -> StageValues? { stages.first { $0.stage === stage }?.values }
    /// Stages of this file still alive.
    var liveStageCount: Int { stages.reduce(0) { $0 + ($1.stage == nil ? 0 : 1) } }
    /// Bytes of frames this file's stages keep, and how many frames: what a memory breach message may blame.
    var keptFrameBytes: Int { stages.reduce(0) { $0 + ($1.stage?.historyBytes ?? 0) } }
    var keptFrameCount: Int { stages.reduce(0) { $0 + ($1.stage?.history.count ?? 0) } }

    /// The call still rendering (or stopped by a limit) that has rendered at least `span` seconds of virtual time
    /// and most of its stage's kept frames: what a memory breach may call a loop that never ends.
    func longCall(atLeast span: Double) -> (call: StageCall, rendered: Double)? {
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
