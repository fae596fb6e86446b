import Foundation

// piecebench: speed and memory targets, kept out of the tests (tests check behaviour, not time).
// Run through scripts/bench, which builds in release. Exits 1 when a target is missed.

let quick = CommandLine.arguments.contains("--quick")
let repeats = quick ? 1 : 3

let benchmarks: [Benchmark] = [
    Benchmark(name: "spring: 1,000,000 samples", unit: "s", target: 0.2) { StageBenchmarks.springSamples() },
    Benchmark(name: "stage: 1,200 frames, 40 springing parts", unit: "s", target: 0.4) {
        try StageBenchmarks.swarm(frames: 1200, logged: false)
    },
    Benchmark(name: "stage: the same, frame log attached", unit: "s", target: 1.2) {
        try StageBenchmarks.swarm(frames: 1200, logged: true)
    },
    Benchmark(name: "scenario: empty file (sandbox + framework)", unit: "s", target: 0.025) {
        try ScenarioBenchmarks.run(try ScenarioBenchmarks.scenario(named: "empty.lua", ScenarioBenchmarks.empty))
    },
    Benchmark(name: "scenario: Lua card, 1,200 frames", unit: "s", target: 0.06) {
        try ScenarioBenchmarks.run(try ScenarioBenchmarks.scenario(named: "card.lua", ScenarioBenchmarks.luaCard))
    },
    Benchmark(name: "scenario: NowPlaying opens and closes 20 times (1,920 frames)", unit: "s", target: 2.0) {
        try ScenarioBenchmarks.run(try ScenarioBenchmarks.scenario(named: "np.lua", ScenarioBenchmarks.nowPlaying))
    },
    Benchmark(name: "scenario: ScrollIsland over 40 sections, 10 flings and a pick", unit: "s", target: 8.0) {
        try ScenarioBenchmarks.run(try ScenarioBenchmarks.scenario(named: "si.lua", ScenarioBenchmarks.scrollIsland))
    },
    Benchmark(name: "memory: peak resident after all of the above", unit: "MiB", target: 300) { peakResidentMiB() },
]

var missed = 0
for benchmark in benchmarks {
    do {
        let result = try benchmark.run(repeats: repeats)
        let figure = result.unit == "s" ? String(format: "%8.1f ms", result.measured * 1000)
                                        : String(format: "%8.1f %@", result.measured, result.unit)
        let target = result.unit == "s" ? String(format: "%.0f ms", result.target * 1000)
                                        : String(format: "%.0f %@", result.target, result.unit)
        print("\(result.met ? "ok  " : "MISS") \(figure)  (target \(target))  \(result.name)")
        if !result.met { missed += 1 }
    } catch {
        print("FAIL \(benchmark.name): \(error)")
        missed += 1
    }
}
try? FileManager.default.removeItem(at: ScenarioBenchmarks.folder)
print(missed == 0 ? "every target met" : "\(missed) target(s) missed")
exit(missed == 0 ? 0 : 1)
