import Foundation

// piecebench: the speed issue's table, every row measured side by side in one run, each figure printed beside its
// target and written to bench/results.json. Run through scripts/bench, which builds in release. Speed is never
// checked by the tests: this is where it is measured.

let options = BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
var sizes = options.quick ? Sizes.quick : Sizes.full
if let rounds = options.rounds { sizes.rounds = rounds }
let work = LuaBenchmarks.folder

do {
    let specs = work.appendingPathComponent("specs", isDirectory: true)
    try RunnerBenchmarks.writeSpecs(count: 500, in: specs)
    let logs = work.appendingPathComponent("logs", isDirectory: true)

    // The latest run of each stage probe, kept for the figures that do not change between runs (numbers per frame,
    // kept bytes, log bytes).
    if let only = options.only, only.contains("startup") {
        try StartupBenchmarks.sideBySide(options: options, specs: specs, work: work, rounds: options.rounds ?? 11)
        try? FileManager.default.removeItem(at: work)
        exit(0)
    }
    var lastRuns: [String: FrameBenchmarks.Run] = [:]
    func frameProbe(_ key: String, _ body: @escaping () throws -> FrameBenchmarks.Run) -> Probe {
        Probe(key: key) {
            let run = try body()
            lastRuns[key] = run
            return run.secondsPerFrame
        }
    }

    let piece = try LuaBenchmarks.pair("luaPiece", units: sizes.luaPieceFrames, LuaBenchmarks.luaPiece)
    let now = try LuaBenchmarks.pair("now", units: sizes.calls) { LuaBenchmarks.calls("s:now()", $0) }
    let value = try LuaBenchmarks.pair("value", units: sizes.calls) { LuaBenchmarks.calls("sp:value(t)", $0) }
    let abs = try LuaBenchmarks.pair("abs", units: sizes.calls) { LuaBenchmarks.calls("math.abs(t)", $0) }
    let explore = try ExploreBenchmarks.pairs(runs: sizes.exploreRuns)

    var probes: [Probe] = [
        frameProbe("np") { try FrameBenchmarks.nowPlaying(cycles: sizes.nowPlayingCycles, logTo: nil) },
        frameProbe("npLogged") { try FrameBenchmarks.nowPlaying(cycles: sizes.nowPlayingCycles, logTo: logs) },
        frameProbe("si40") { try FrameBenchmarks.scrollIsland(sections: 40, frames: sizes.scrollFrames) },
        frameProbe("si400") { try FrameBenchmarks.scrollIsland(sections: 400, frames: sizes.scrollFrames) },
        Probe(key: "layout200") { LayoutBenchmarks.layoutSeconds(runs: sizes.layoutRuns) },
        Probe(key: "layoutMemo") { LayoutBenchmarks.memoSeconds(runs: sizes.layoutRuns) },
        Probe(key: "miniPlayerLayout") { LayoutBenchmarks.miniPlayerSeconds(runs: sizes.layoutRuns) },
    ]
    if let only = options.only, only.contains("explore") {
        // The explore pairs alone, alternated as the full table alternates them: each subject's step, its frames
        // alone, and the ratio (for measuring the rule path without the rest of the table).
        let keyed = explore.flatMap { [$0.explore.small, $0.frames.small, $0.explore.large, $0.frames.large] }
        var samples: [String: [Double]] = [:]
        for _ in 1...sizes.rounds { for probe in keyed { samples[probe.key, default: []].append(try probe.measure()) } }
        func perStep(_ pair: LuaBenchmarks.Pair) -> Double {
            (median(samples[pair.large.key] ?? []) - median(samples[pair.small.key] ?? [])) / pair.units
        }
        for p in explore {
            let step = perStep(p.explore), alone = perStep(p.frames)
            print("\(p.subject.key): \(step * 1e6) µs a step, frames alone \(alone * 1e6) µs, ratio \(step / alone)")
        }
        try? FileManager.default.removeItem(at: work)
        exit(0)
    }
    if let only = options.only {
        // One or a few frame rows alone, for a profiler: no table, no file, just each probe's µs a frame.
        for probe in probes where only.contains(probe.key) {
            let seconds = try (1...sizes.rounds).map { _ in try probe.measure() }
            let run = lastRuns[probe.key]
            if run == nil { print("\(probe.key): \(median(seconds) * 1e6) µs each"); continue }
            print("\(probe.key): \(median(seconds) * 1e6) µs a frame, \(run?.frames ?? 0) frames, "
                  + "\(run?.numbersPerFrame ?? 0) numbers a frame")
        }
        try? FileManager.default.removeItem(at: work)
        exit(0)
    }
    if let peer = options.peer {
        // The same number of springs as NowPlaying's frames carry, sampled (and logged) with nothing in between.
        func numbers() -> Int { Int((lastRuns["np"]?.numbersPerFrame ?? 232).rounded()) }
        probes.append(Probe(key: "peerNp") { try RunnerBenchmarks.peerSeconds(peer, numbers: numbers(), log: nil) })
        probes.append(Probe(key: "peerNpLogged") {
            try RunnerBenchmarks.peerSeconds(peer, numbers: numbers(), log: logs.appendingPathComponent("peer.jsonl").path)
        })
    }
    probes += [
        piece.small, piece.large,
        abs.small, now.small, value.small, abs.large, now.large, value.large,
    ]
    probes += explore.flatMap { [$0.explore.small, $0.frames.small, $0.explore.large, $0.frames.large] }
    probes += [
        Probe(key: "piecebox500") {
            try RunnerBenchmarks.mustPass(
                try RunnerBenchmarks.time(options.piecebox, ["run", "--jobs", "2", specs.path], in: work.path),
                "piecebox run --jobs 2 over the 500 specs", expecting: "500 passed, 0 failed")
        },
    ]
    if let busted = options.busted {
        probes.append(Probe(key: "busted500") {
            try RunnerBenchmarks.mustPass(
                try RunnerBenchmarks.time(busted, [specs.path], in: work.path),
                "busted over the 500 specs", expecting: "500 successes / 0 failures / 0 errors")
        })
    }
    var examplesSummary = ""
    probes.append(Probe(key: "examples") {
        let outcome = try RunnerBenchmarks.time(options.piecebox, ["run", "--jobs", "2", options.examples],
                                                in: FileManager.default.currentDirectoryPath)
        examplesSummary = RunnerBenchmarks.lastLine(outcome.output)
        return outcome.seconds
    })

    // Alternating rounds: every probe once per round, in the same order; each figure is the median of its rounds.
    var samples: [String: [Double]] = [:]
    let loadBefore = Report.loadAverage()
    for round in 1...sizes.rounds {
        FileHandle.standardError.write(Data("piecebench: round \(round) of \(sizes.rounds)\n".utf8))
        for probe in probes { samples[probe.key, default: []].append(try probe.measure()) }
    }
    func m(_ key: String) -> Double { median(samples[key] ?? []) }
    func perUnit(_ pair: LuaBenchmarks.Pair) -> Double { (m(pair.large.key) - m(pair.small.key)) / pair.units }

    let npCap = try MemoryBenchmarks.keptFramesAreCounted(piece: "nowPlaying")
    let siCap = try MemoryBenchmarks.keptFramesAreCounted(piece: "scrollIsland")
    let logBytes = (try? FileManager.default.attributesOfItem(
        atPath: logs.appendingPathComponent("now_playing.jsonl").path)[.size] as? Int) ?? 0

    let rows = Rows.build(
        m: m, perUnit: perUnit, runs: lastRuns, pairs: (piece, now, value, abs), explore: explore,
        busted: options.busted == nil ? nil : m("busted500"),
        peer: options.peer == nil ? nil : (m("peerNp"), m("peerNpLogged")), logBytes: logBytes,
        caps: (npCap.counted, siCap.counted), examplesSummary: examplesSummary) + LayoutBenchmarks.rows(m: m)
    let load = (before: loadBefore, after: Report.loadAverage())
    Report.print(rows, rounds: sizes.rounds, quick: options.quick, load: load)
    try Report.writeJSON(rows, to: options.out, rounds: sizes.rounds, quick: options.quick,
                         bustedPath: options.busted, load: load)
    print("written: \(options.out)")
    try? FileManager.default.removeItem(at: work)
} catch {
    print("piecebench: \(error)")
    try? FileManager.default.removeItem(at: work)
    exit(2)
}
