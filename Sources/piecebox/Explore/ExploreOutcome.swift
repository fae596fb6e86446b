import Foundation
import LuaHost
import PieceKit

/// `piecebox explore`'s own flags: where its failure database is (`--db DIR`, `--no-db`) and `--stats`.
struct ExploreChoices {
    /// `--db DIR`: the failures of every file under DIR (by the file's path from its project root).
    var database: String?
    /// `--no-db`: neither replay nor keep failures.
    var noDatabase = false
    /// `--stats`: each passing exploration's actions, discards and steps per second.
    var stats = false

    /// The folder of `file`'s failures, or nil when this run keeps none: `--no-db`, `piecebox run`, or a shard of
    /// the runs (`--shard`, Bazel's), whose report is its share's alone (a stored failure would be every shard's,
    /// and shards running at once would write one file).
    func folder(for file: String, exploring: Bool, budget: ExploreBudget) -> String? {
        guard exploring, !noDatabase, budget.shards == 1 else { return nil }
        return FailureDatabase.folder(for: file, root: database)
    }

    /// Whether the database is only read: on a CI machine (`CI` set, as every CI service sets it) a run must not
    /// change files, and what it would store is for the developer's machine.
    static func readOnly(_ environment: [String: String] = LaunchEnvironment.values) -> Bool {
        !(environment["CI"] ?? "").isEmpty
    }
}

/// What an exploration reported of itself (`TestResult.exploration`, written by `Lua/search.lua`): its counts, its
/// seed, and what its database did; read by the human report and the database's writer.
struct ExploreNote {
    struct Action { var name: String; var drawn: Int; var discarded: Int }
    var name: String
    var seed: String
    var runs = 0, steps = 0, discards = 0, forgotten = 0, dropped = 0
    var actions: [Action] = []
    /// The minimal records to keep (nil: a share of `--jobs`, which keeps nothing).
    var remember: [String]?
    /// A problem with the database's file, to say.
    var problem: String?

    init?(_ result: TestResult) {
        guard let text = result.exploration, let value = JSONValue.parse(text), let name = value["name"]?.string else { return nil }
        self.name = name
        seed = value["seed"]?.string ?? "0"
        func count(_ key: String) -> Int { Int(value[key]?.number ?? 0) }
        runs = count("runs"); steps = count("steps"); discards = count("discards")
        forgotten = count("forgotten"); dropped = count("dropped")
        if case .array(let list)? = value["actions"] {
            actions = list.map { Action(name: $0["name"]?.string ?? "?", drawn: Int($0["drawn"]?.number ?? 0),
                                        discarded: Int($0["discarded"]?.number ?? 0)) }
        }
        remember = value["remember"]?.strings
        problem = value["problem"]?.string
    }

    /// The lines under a passing exploration: its counts (the same on every machine); with `stats`, each action's
    /// draws and discards, and the steps per second this machine made (wall-clock, so only then).
    func lines(stats: Bool, seconds: Double) -> [String] {
        var first = "\(runs) run\(runs == 1 ? "" : "s"), \(steps) step\(steps == 1 ? "" : "s") (\(discards) discarded), seed \(seed)"
        if forgotten > 0 { first += "; \(forgotten) stored failure\(forgotten == 1 ? " passes" : "s pass") now, forgotten" }
        if dropped > 0 { first += "; \(dropped) stored failure\(dropped == 1 ? "" : "s") no longer fit\(dropped == 1 ? "s" : "") the exploration, dropped" }
        var out = [first]
        guard stats else { return out }
        for a in actions {
            out.append("\(a.name): drawn \(a.drawn), discarded \(a.discarded) (\(Self.percent(a.discarded, of: a.drawn)))")
        }
        out.append("discarded: \(discards) of \(steps) steps (\(Self.percent(discards, of: steps)))")
        let rate = seconds > 0 ? Double(steps) / seconds : 0
        out.append("\(steps) steps in \(String(format: "%.2f", seconds)) s: \(Int(rate.rounded())) steps/s")
        return out
    }

    static func percent(_ part: Int, of whole: Int) -> String {
        whole == 0 ? "0%" : "\(String(format: "%.1f", 100 * Double(part) / Double(whole)))%"
    }
}

/// What the runner does with the explorations' records once a file is reported: keeps each exploration's minimal
/// failing records in its database file (or forgets it once it passes), unless the database is read only; and says
/// a database file's problem.
enum ExploreDatabaseWrites {
    static func apply(_ report: FileReport, folder: String?, readOnly: Bool) {
        guard let folder else { return }
        for test in report.tests {
            guard let note = ExploreNote(test) else { continue }
            if let problem = note.problem { writeErr("piecebox: \(problem)") }
            guard !readOnly, let records = note.remember else { continue }
            if let problem = FailureDatabase.write(records, file: report.path, exploration: note.name, folder: folder) {
                writeErr("piecebox: \(problem)")
            }
        }
    }
}
