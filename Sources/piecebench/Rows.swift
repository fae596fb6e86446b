import Foundation

/// The issue's table from the medians: one row per figure, with its target and its peer.
enum Rows {
    static func build(m: (String) -> Double, perUnit: (LuaBenchmarks.Pair) -> Double,
                      runs: [String: FrameBenchmarks.Run],
                      pairs: (piece: LuaBenchmarks.Pair, now: LuaBenchmarks.Pair, value: LuaBenchmarks.Pair,
                              abs: LuaBenchmarks.Pair),
                      explore: [ExploreBenchmarks.Pairs],
                      busted: Double?, peer: (unlogged: Double, logged: Double)?, logBytes: Int, caps: (nowPlaying: Bool, scrollIsland: Bool),
                      examplesSummary: String) -> [Row] {
        var rows: [Row] = []
        func numbers(_ key: String) -> Double { runs[key]?.numbersPerFrame ?? .nan }
        func frames(_ key: String) -> Double { Double(runs[key]?.frames ?? 0) }

        // NowPlaying, with and without the log.
        let np = m("np"), npLogged = m("npLogged")
        rows.append(Row(name: "NowPlaying open/close, unlogged", figure: 1 / np, unit: "frames/s",
                        target: .atLeast(100_000),
                        detail: "\(f(np * 1e6, 1)) µs a frame, \(f(numbers("np"), 0)) numbers a frame",
                        extra: ["microsecondsPerFrame": np * 1e6, "numbersPerFrame": numbers("np"),
                                "frames": frames("np")],
                        peer: peer.map { Row.Peer(name: "C loop sampling as many springs", figure: 1 / $0.unlogged,
                                                  unit: "frames/s") }))
        if let peer { rows[rows.count - 1].detail += "; the C loop: \(f(peer.unlogged * 1e6, 1)) µs" }
        let bytesPerFrame = Double(logBytes) / max(frames("npLogged"), 1)
        rows.append(Row(name: "NowPlaying open/close, with the frame log", figure: 1 / npLogged, unit: "frames/s",
                        target: .atLeast(30_000),
                        detail: "\(f(npLogged * 1e6, 1)) µs a frame, \(f(numbers("npLogged"), 0)) numbers, \(f(bytesPerFrame, 0)) log bytes a frame",
                        extra: ["microsecondsPerFrame": npLogged * 1e6, "numbersPerFrame": numbers("npLogged"),
                                "logBytesPerFrame": bytesPerFrame, "frames": frames("npLogged")],
                        peer: peer.map { Row.Peer(name: "C loop, 3-decimal integer formatter, buffered writes",
                                                  figure: 1 / $0.logged, unit: "frames/s") }))
        if let peer { rows[rows.count - 1].detail += "; the C loop: \(f(peer.logged * 1e6, 1)) µs" }

        // ScrollIsland at 40 and 400 sections.
        let si40 = m("si40"), si400 = m("si400")
        rows.append(Row(name: "ScrollIsland, 40 sections, scrolling", figure: 1 / si40, unit: "frames/s",
                        target: .atLeast(20_000),
                        detail: "\(f(si40 * 1e6, 1)) µs a frame, \(f(numbers("si40"), 0)) numbers a frame",
                        extra: ["microsecondsPerFrame": si40 * 1e6, "numbersPerFrame": numbers("si40"),
                                "frames": frames("si40")]))
        let ratio = si400 / si40
        let exponent = log(ratio) / log(10)
        rows.append(Row(name: "ScrollIsland, 400 sections, scrolling (time a frame over 40 sections')",
                        figure: ratio, unit: "× (10× the sections)", target: .atMost(10),
                        detail: "\(f(1 / si400, 0)) frames/s, \(f(si400 * 1e6, 0)) µs a frame; grows as sections^\(f(exponent, 2)) (linear: ^1)",
                        extra: ["framesPerSecond": 1 / si400, "microsecondsPerFrame": si400 * 1e6,
                                "exponent": exponent, "numbersPerFrame": numbers("si400"), "frames": frames("si400")]))

        // The Lua piece and calls from Lua.
        let perFrame = perUnit(pairs.piece)
        rows.append(Row(name: "Lua piece, 1000 elements", figure: perFrame / 1000 * 1e6, unit: "µs/element",
                        target: .atMost(0.1), detail: "\(f(perFrame * 1e6, 0)) µs a frame",
                        extra: ["microsecondsPerFrame": perFrame * 1e6]))
        let abs = perUnit(pairs.abs)
        for (name, pair) in [("s:now()", pairs.now), ("sp:value(t)", pairs.value)] {
            let call = perUnit(pair)
            rows.append(Row(name: "\(name) from Lua, against math.abs", figure: call / abs, unit: "× math.abs",
                            target: .atMost(3), detail: "\(f(call * 1e9, 0)) ns a call; math.abs \(f(abs * 1e9, 0)) ns",
                            extra: ["nanosecondsPerCall": call * 1e9],
                            peer: Row.Peer(name: "math.abs(t)", figure: abs * 1e9, unit: "ns/call")))
        }

        for p in explore { rows += exploreRows(p.subject, step: perUnit(p.explore), alone: perUnit(p.frames)) }

        // Start-up: 500 one-test files, against busted on the same files.
        let runner = m("piecebox500")
        var startup = Row(name: "500 one-test files, piecebox run --jobs 2", figure: runner, unit: "s",
                          target: .atMost(0.05), detail: "\(f(runner / 500 * 1000, 2)) ms a file",
                          extra: ["millisecondsPerFile": runner / 500 * 1000])
        if let busted {
            startup.peer = Row.Peer(name: "busted 2.1.1 (Debian lua-busted), same 500 files", figure: busted, unit: "s")
            startup.detail += "; busted \(f(busted, 2)) s (piecebox takes \(f(runner / busted, 2))×)"
        } else {
            startup.detail += "; busted not installed, no peer figure"
        }
        rows.append(startup)
        // The issue's goal for the same files: at most half busted's time, the two measured in the same rounds.
        if let busted {
            rows.append(Row(name: "500 one-test files, piecebox's time / busted's", figure: runner / busted, unit: "×",
                            target: .atMost(StartupBenchmarks.goal),
                            detail: "medians of the alternating rounds; `piecebench --only startup` for this pair alone"))
        }

        // Kept frames.
        for (key, name, counted) in [("np", "kept frames, NowPlaying", caps.nowPlaying),
                                     ("si40", "kept frames, ScrollIsland scrolling (40 sections)", caps.scrollIsland)] {
            guard let run = runs[key] else { continue }
            let perNumber = MemoryBenchmarks.bytesPerNumber(run)
            let perFrame = Double(run.stage.historyBytes) / Double(max(run.stage.history.count, 1))
            var row = Row(name: name, figure: perNumber, unit: "bytes/number", target: .atMost(16),
                          detail: "\(f(perFrame / 1000, 1)) KB a frame (historyBytes); counted in --max-memory: \(counted ? "yes" : "no"); target also needs: counted",
                          extra: ["bytesPerFrame": perFrame, "countedInMemoryCap": counted ? 1 : 0])
            row.alsoRequired = counted
            rows.append(row)
        }

        let examples = m("examples")
        rows.append(Row(name: "examples, piecebox run examples --jobs 2", figure: examples, unit: "s",
                        target: .atMost(2), detail: examplesSummary))
        return rows
    }

    /// A number with `digits` decimals and thousands grouped ("5,940").
    static func f(_ x: Double, _ digits: Int) -> String {
        guard x.isFinite else { return "\(x)" }
        let text = String(format: "%.\(digits)f", Swift.abs(x))
        let parts = text.split(separator: ".", maxSplits: 1)
        var whole = String(parts[0])
        var grouped = ""
        while whole.count > 3 {
            grouped = "," + whole.suffix(3) + grouped
            whole = String(whole.dropLast(3))
        }
        let sign = x < 0 && text.contains(where: { $0 != "0" && $0 != "." }) ? "-" : ""
        return sign + whole + grouped + (parts.count > 1 ? "." + parts[1] : "")
    }

    /// Exploring a piece: steps a second, and a step against the same frames alone (seconds a step each).
    static func exploreRows(_ subject: ExploreBenchmarks.Subject, step: Double, alone: Double) -> [Row] {
        var out: [Row] = []
        out.append(Row(name: "explore, \(subject.name) steps (an action, then 30 frames at 60 fps, default rules)",
                        figure: 1 / step, unit: "steps/s", target: .atLeast(1_000),
                        detail: "\(f(step * 1e6, 0)) µs a step; the same frames alone \(f(alone * 1e6, 0)) µs",
                        extra: ["microsecondsPerStep": step * 1e6, "microsecondsPerStepFramesAlone": alone * 1e6],
                        peer: Row.Peer(name: "the same steps from a plain loop, nothing checked", figure: 1 / alone,
                                       unit: "steps/s")))
        out.append(Row(name: "explore, \(subject.name): a step over its frames alone", figure: step / alone,
                        unit: "×", target: .atMost(1.5), detail: "shrinking not included (no run fails)",
                        extra: ["ratio": step / alone]))
        return out
    }
}
