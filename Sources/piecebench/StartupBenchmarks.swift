import Foundation

/// The start-up row alone (`--only startup`): the 500 one-test files under `piecebox run --jobs 2`, under busted and,
/// with `--compare PATH`, under another piecebox (main's release build, say), in alternating rounds. Prints each
/// one's median and spread, and piecebox's time as a share of busted's beside the goal (at most 0.5).
enum StartupBenchmarks {
    /// The issue's goal: 500 one-test files in at most half busted's time, side by side.
    static let goal = 0.5

    /// One runner of the 500 files: its name in the output and what it takes.
    struct Runner {
        let key: String
        let measure: () throws -> Double
    }

    static func sideBySide(options: BenchOptions, specs: URL, work: URL, rounds: Int) throws {
        var runners = [Runner(key: "piecebox") { try piecebox(options.piecebox, specs: specs, work: work) }]
        if let other = options.compare {
            runners.append(Runner(key: "compared") { try piecebox(other, specs: specs, work: work) })
        }
        if let busted = options.busted {
            runners.append(Runner(key: "busted") {
                try RunnerBenchmarks.mustPass(try RunnerBenchmarks.time(busted, [specs.path], in: work.path),
                                              "busted over the 500 specs", expecting: "500 successes / 0 failures / 0 errors")
            })
        }
        var samples: [String: [Double]] = [:]
        let loadBefore = Report.loadAverage()
        for round in 1...rounds {
            FileHandle.standardError.write(Data("piecebench: round \(round) of \(rounds)\n".utf8))
            for runner in runners { samples[runner.key, default: []].append(try runner.measure()) }
        }
        print("500 one-test files, \(rounds) alternating rounds (load average \(load(loadBefore)) before, "
              + "\(load(Report.loadAverage())) after)")
        for runner in runners {
            let s = samples[runner.key] ?? []
            let name = runner.key == "compared" ? "compared (\(options.compare ?? ""))" : runner.key
            print("  \(name): median \(ms(median(s))) ms, from \(ms(s.min() ?? .nan)) to \(ms(s.max() ?? .nan)) ms")
        }
        guard let busted = samples["busted"] else {
            print("  busted not installed: no ratio against the goal of \(goal)×")
            return
        }
        for key in ["piecebox", "compared"] {
            guard let mine = samples[key] else { continue }
            // The ratio of medians, and the spread of the ratios round by round (each round's pair ran back to back).
            let ratios = zip(mine, busted).map { $0 / $1 }
            let ratio = median(mine) / median(busted)
            print("  \(key) / busted: \(f(ratio)) (round by round \(f(ratios.min() ?? .nan))–\(f(ratios.max() ?? .nan))); "
                  + "goal at most \(goal): \(ratio <= goal ? "met" : "not met")")
        }
        if let compared = samples["compared"], let mine = samples["piecebox"] {
            print("  piecebox / compared: \(f(median(mine) / median(compared)))")
        }
    }

    /// `piecebox run --jobs 2` over the specs, which must all pass.
    static func piecebox(_ executable: String, specs: URL, work: URL) throws -> Double {
        try RunnerBenchmarks.mustPass(try RunnerBenchmarks.time(executable, ["run", "--jobs", "2", specs.path], in: work.path),
                                      "\(executable) run --jobs 2 over the 500 specs", expecting: "500 passed, 0 failed")
    }

    private static func ms(_ seconds: Double) -> String { String(format: "%.0f", seconds * 1000) }
    private static func f(_ x: Double) -> String { String(format: "%.2f", x) }
    private static func load(_ value: Double?) -> String { value.map { String(format: "%.2f", $0) } ?? "unknown" }
}
