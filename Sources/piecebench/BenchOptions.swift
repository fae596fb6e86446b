import Foundation

/// The command line: `piecebench [--quick] [--rounds N] [--piecebox PATH] [--busted PATH] [--peer PATH]
/// [--examples DIR] [--out PATH] [--only KEYS] [--compare PATH]`. scripts/bench passes the release piecebox, busted's path and the C peer.
struct BenchOptions {
    var quick = false
    var rounds: Int?
    var piecebox: String
    var busted: String?
    /// The C peer for the frame rows (bench/peers/frame_limit.c, compiled by scripts/bench); none: no peer figure.
    var peer: String?
    var examples = "examples"
    var out = "bench/results.json"
    /// Only these frame probes (np, npLogged, si40, si400), each figure printed alone: for profiling one row; or
    /// `explore`: only the explore pairs, each step, its frames alone and their ratio; or `startup`: only the 500
    /// one-test files against busted (`StartupBenchmarks`).
    var only: [String]?
    /// With `--only startup`: another piecebox run over the same files in the same rounds (main's build, say).
    var compare: String?

    static func parse(_ arguments: [String]) -> BenchOptions {
        // The piecebox built beside this program, unless told otherwise.
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var o = BenchOptions(piecebox: here.appendingPathComponent("piecebox").path,
                             busted: RunnerBenchmarks.which("busted"))
        var rest = arguments[...]
        func value(_ flag: String) -> String {
            guard let v = rest.popFirst() else { fail("\(flag) needs a value") }
            return v
        }
        while let flag = rest.popFirst() {
            switch flag {
            case "--quick": o.quick = true
            case "--rounds":
                let text = value(flag)
                guard let n = Int(text), (1...99).contains(n) else { fail("--rounds must be a whole number from 1 to 99, got \(text)") }
                o.rounds = n
            case "--piecebox": o.piecebox = value(flag)
            case "--busted": o.busted = value(flag)
            case "--no-busted": o.busted = nil
            case "--peer": o.peer = value(flag)
            case "--examples": o.examples = value(flag)
            case "--out": o.out = value(flag)
            case "--only": o.only = value(flag).split(separator: ",").map(String.init)
            case "--compare": o.compare = value(flag)
            default: fail("unknown option \(flag) (known: --quick, --rounds N, --piecebox PATH, --busted PATH, --no-busted, --peer PATH, --examples DIR, --out PATH, --only np,npLogged,si40,si400, --only explore, --only startup, --compare PATH)")
            }
        }
        if let other = o.compare, !FileManager.default.isExecutableFile(atPath: other) {
            fail("no piecebox to compare at \(other)")
        }
        guard FileManager.default.isExecutableFile(atPath: o.piecebox) else {
            fail("no piecebox at \(o.piecebox): build it (swift build -c release --product piecebox) or pass --piecebox PATH")
        }
        return o
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("piecebench: \(message)\n".utf8))
        exit(2)
    }
}

/// How much work each probe does. A full run alternates five rounds; `--quick` one round of smaller runs.
struct Sizes {
    var rounds: Int
    /// NowPlaying open/close cycles of 96 frames.
    var nowPlayingCycles: Int
    /// Frames of scrolling, the same at 40 and at 400 sections.
    var scrollFrames: Int
    /// Frames of the 1,000-element Lua piece (and twice that, for the difference).
    var luaPieceFrames: Int
    /// Calls from Lua (and twice that).
    var calls: Int
    /// Runs of each explored piece, NowPlaying and the mini player (and twice that).
    var exploreRuns: Int = 80
    /// Layouts of the 200-view tree a round.
    var layoutRuns: Int = 200

    static let full = Sizes(rounds: 5, nowPlayingCycles: 20, scrollFrames: 120, luaPieceFrames: 240, calls: 1_000_000)
    static let quick = Sizes(rounds: 1, nowPlayingCycles: 6, scrollFrames: 60, luaPieceFrames: 120, calls: 200_000,
                             exploreRuns: 10, layoutRuns: 40)
}
