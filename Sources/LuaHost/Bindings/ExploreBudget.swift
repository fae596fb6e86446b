/// How much an exploration runs (`explore(name, { runs, steps, ... })` in a scenario): `piecebox run` gives every
/// exploration a small budget, so explorations belong to the suite and to CI; `piecebox explore` runs each as
/// deeply as it asks (or `--runs`). Runs are numbered from 0 and made from (seed, run number) alone, so a shard
/// runs its own numbers (those equal to `shard` modulo `shards`) without the others, and every machine agrees.
public struct ExploreBudget: Sendable, Equatable {
    /// `piecebox explore`: the exploration's own `runs` (default `deepRuns`); else at most `suiteRuns`.
    public var deep = false
    /// `--runs N`: the runs of every exploration, whatever it asks.
    public var runs: Int?
    /// `--steps N`: the most actions in a run, whatever the exploration asks.
    public var steps: Int?
    /// `--seed S` of `piecebox explore` (mixed with the exploration's name, so two explorations differ).
    public var seed: UInt64 = 0
    /// This machine's share of the runs: run i is ours when i % shards == shard.
    public var shard = 0
    public var shards = 1
    /// `piecebox explore --jobs N`, its first half: this worker searches share `share` of `shares` of its runs
    /// and hands what it found on unshrunk (see `ExploreShares`).
    public var share = 0
    public var shares = 1
    /// Its second half: the shares' findings and counts for this file (JSON by exploration name), to report.
    public var found: String?
    /// The folder of this file's failure database (`FailureDatabase`), nil for none.
    public var database: String?

    /// What this worker does with an exploration: search and shrink (`full`), search a share (`search`), or shrink
    /// what the shares found (`shrink`).
    public var mode: String { shares > 1 ? "search" : found != nil ? "shrink" : "full" }

    /// The runs an exploration makes under `piecebox run` when it asks for more: a guess at "a few seconds per
    /// file", enough to catch a defect most runs meet.
    public static let suiteRuns = 10
    /// The runs of `piecebox explore` when neither the exploration nor `--runs` says.
    public static let deepRuns = 100

    public init() {}

    /// The runs of an exploration that asks for `asked` (nil: it does not say).
    public func runs(asked: Int?) -> Int {
        if let runs { return runs }
        let own = asked ?? Self.deepRuns
        return deep ? own : min(own, Self.suiteRuns)
    }

    /// The arguments a worker is handed to explore with this budget (empty for the default).
    public var workerArguments: [String] {
        var args: [String] = []
        if deep { args.append("--explore-deep") }
        if let runs { args += ["--runs", String(runs)] }
        if let steps { args += ["--steps", String(steps)] }
        if seed != 0 { args += ["--explore-seed", String(seed)] }
        if shards > 1 { args += ["--explore-shard", "\(shard + 1)/\(shards)"] }
        if shares > 1 { args += ["--explore-share", "\(share + 1)/\(shares)"] }
        if let found { args += ["--explore-found", found] }
        if let database { args += ["--explore-db", database] }
        return args
    }
}
