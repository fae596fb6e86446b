import PieceKit

/// What a run left for the watcher's keys: the files that failed and the goldens that failed their comparison.
struct RunOutcome: Equatable, Sendable {
    /// The run's exit status (2: it could not start, and ran nothing).
    var status: Int32
    /// The files with a failed or not-run test, in path order.
    var failedFiles: [String] = []
    /// The files whose golden failed, each with the tests that failed on their golden comparison.
    var failedGoldens: [String: GoldenFailure] = [:]
}

/// Which tests of one file failed on their golden comparison, so accepting records those and no other.
enum GoldenFailure: Equatable, Sendable {
    /// These tests' frames differ from the golden.
    case tests(Set<TestKey>)
    /// The golden failed before any test was compared (none is kept yet under `--record never`): accepting it
    /// records what `--record failed` records.
    case wholeGolden
}

/// What the watcher remembers between runs: the last word on every file that has run.
struct WatchState: Equatable {
    var failedFiles: [String] = []
    var failedGoldens: [String: GoldenFailure] = [:]

    /// The state after a run of `files` (nil: every file, so the run's word replaces everything): a file that ran
    /// takes the run's word, one that did not keeps its own. A run that could not start changes nothing.
    func after(_ outcome: RunOutcome, ran files: [String]?) -> WatchState {
        guard outcome.status != 2 else { return self }
        guard let files else { return WatchState(failedFiles: outcome.failedFiles, failedGoldens: outcome.failedGoldens) }
        let ran = Set(files)
        var next = self
        next.failedFiles = Array(Set(failedFiles.filter { !ran.contains($0) } + outcome.failedFiles)).sorted()
        next.failedGoldens = failedGoldens.filter { !ran.contains($0.key) }.merging(outcome.failedGoldens) { _, new in new }
        return next
    }
}

/// What a key asks of the watcher.
enum WatchAction: Equatable {
    /// Run these files again, as they are.
    case run([String])
    /// Run these files again, recording the tests of each whose golden comparison failed.
    case accept([String: GoldenFailure])
    /// Run every file of the command line again.
    case runAll
    case quit
    /// Say this and wait on.
    case say(String)
    /// Nothing (a line break, a space).
    case nothing
}

/// The watcher's keys, as Jest's and `flutter test`'s: one pure function from what the last runs left and a key
/// to what to do, so every key is tested without a terminal.
enum WatchKeys {
    /// Said once under each run's results while keys are read.
    static let hint = "keys: f runs the failed files, u accepts the failed goldens, a runs all, q quits"

    /// `key` is one key pressed on a terminal, or one line (trimmed) when standard input is not a terminal.
    static func action(for key: String, in state: WatchState) -> WatchAction {
        switch key {
        case "f":
            guard !state.failedFiles.isEmpty else { return .say("no file failed in the last runs") }
            return .run(state.failedFiles)
        case "u":
            guard !state.failedGoldens.isEmpty else { return .say("no golden failed in the last runs") }
            return .accept(state.failedGoldens)
        case "a": return .runAll
        case "q": return .quit
        case "", " ", "\n", "\r", "\t": return .nothing
        default: return .say("unknown key \"\(key)\": f, u, a or q")
        }
    }

    /// How the watcher announces a run a key started.
    static func announcement(_ action: WatchAction) -> String? {
        switch action {
        case .run(let files): files.count == 1 ? "running the failed file again" : "running the \(files.count) failed files again"
        case .accept(let goldens):
            "accepting the failed goldens of " + (goldens.count == 1 ? "1 file" : "\(goldens.count) files")
        case .runAll: "running every file again"
        default: nil
        }
    }
}
