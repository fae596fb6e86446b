import Foundation
import LuaHost
import PieceKit

/// `piecebox diff ACTUAL EXPECTED`: the differences between two frame logs.
enum DiffMain {
    static let help = """
    Usage: piecebox diff [options] ACTUAL.jsonl EXPECTED.jsonl

    Compares two frame logs test by test, stage by stage and frame by frame (frames matched by index, so a test
    that gains a frame changes nothing in the others), and prints a summary for each test that differs: the
    frames that differ, the largest difference of each property, and how properties that move settle and
    overshoot in each log. The header's scenario path is not compared.
    Exit status 0 when the logs agree, 1 when they differ, 2 on a usage error.

    Options:
    \(Flags.helpLines(flags, for: .diff))
    """

    struct Options {
        var files: [String] = []
        var tolerance = 0.0005
        var limit = 20
        var html = false
        var byLine = false
        var out: String?
    }

    typealias F = Flag<Options>

    /// `diff`'s flags, in the order its help lists them: parsing, the help, the hint and the docs' table read them.
    static let flags: [F] = [
        F(["--tolerance"], "T", [.diff], help: [.diff: [
            "numbers within T of each other are equal (default 0.0005: half the log's",
            "last decimal)"]]) { o, text throws(UsageError) in
            o.tolerance = try number("--tolerance", text)
        },
        F(["--limit"], "N", [.diff], help: [.diff: ["the largest differences listed per test, or the findings --lines",
                                                   "prints (default 20)"]]) { o, text throws(UsageError) in
            o.limit = max(1, Int(min(try number("--limit", text), 1e6)))
        },
        F(["--lines"], nil, [.diff], help: [.diff: [
            "print the same comparison's first N findings one by one at their lines",
            "instead, as \"line 37 (frame 35, t = 0.291667): pieces.nowPlaying.surface.h",
            "is 412.5, expected 410.25\" (the line in ACTUAL; a frame only EXPECTED has is",
            "at \"golden line N\")"]]) { o, _ in o.byLine = true },
        F(["--html"], nil, [.diff], help: [.diff: [
            "write a page (to --out FILE, or standard output): each differing test's",
            "summary and its differing properties plotted, the two logs overlaid"]]) { o, _ in o.html = true },
        F(["--out"], "FILE", [.diff], help: [.diff: ["where --html writes its page"]], needs: "a file") { $0.out = $1 },
        F(["-h", "--help"], nil, [.diff], help: [.diff: ["show this help"]]) { _, _ throws(UsageError) in
            throw UsageError.helpRequested
        },
    ]

    /// A number of at least 0 (`--tolerance`, `--limit`).
    static func number(_ flag: String, _ text: String) throws(UsageError) -> Double {
        guard let n = Double(text), n.isFinite, n >= 0 else { throw UsageError("\(flag) needs a number of at least 0") }
        return n
    }

    static func parse(_ args: [String]) throws(UsageError) -> Options {
        var o = Options()
        try Flags.parse(args, into: &o, table: flags, for: .diff) { o, file throws(UsageError) in o.files.append(file) }
        guard o.files.count == 2 else { throw UsageError("give two frame logs: ACTUAL EXPECTED") }
        if o.html, let out = o.out, let problem = OutputPlan.problem(writing: out, option: "the page (--out \(out))", reading: o.files) {
            throw UsageError(problem)
        }
        if !o.html, o.out != nil { throw UsageError("--out goes with --html") }
        return o
    }

    static func run(_ args: [String]) -> Int32 {
        let o: Options
        do { o = try parse(args) } catch let e {
            if e.message.isEmpty { StandardStreams.out(help + "\n"); return 0 }
            return usage(e.message)
        }
        var texts: [String] = []
        for file in o.files {
            switch RegularFile.read(file) {
            case .success(let data): texts.append(String(decoding: data, as: UTF8.self))
            case .failure(let problem): return usage("cannot read \(problem)")
            }
        }
        if o.html {
            let names = ((o.files[0] as NSString).lastPathComponent, (o.files[1] as NSString).lastPathComponent)
            let page = DiffHTML(names: names, texts: (texts[0], texts[1]), tolerance: o.tolerance).html()
            if let out = o.out {
                if case .failure(let problem) = AtomicFile.write(Data(page.page.utf8), to: out) {
                    return usage("cannot write \(out): \(problem.reason)")
                }
                writeOut(page.differ ? "the frame logs differ: wrote \(out)" : "the frame logs agree: wrote \(out)")
            } else {
                StandardStreams.out(page.page)
            }
            return page.differ ? 1 : 0
        }
        let comparison = GoldenComparison(tolerance: .init(o.tolerance))
        let actual = FrameLogParts(text: texts[0]), golden = FrameLogParts(text: texts[1])
        if o.byLine {
            // The same comparison, its findings one by one at their lines.
            let differences = comparison.lineDifferences(actual: actual, golden: golden, limit: o.limit)
            if differences.isEmpty {
                writeOut("the frame logs agree")
                return 0
            }
            for difference in differences { writeOut(difference.description) }
            return 1
        }
        let tests = comparison.compare(actual: actual, golden: golden)
        if tests.isEmpty {
            writeOut("the frame logs agree")
            return 0
        }
        writeOut("the frame logs differ in \(tests.count == 1 ? "1 test" : "\(tests.count) tests")")
        // The header keys that differ, once for the two logs rather than in every test and stage.
        var seen = Set<String>()
        let keys = tests.flatMap(\.header).filter { seen.insert("\($0.path)\u{0}\($0.actual)\u{0}\($0.expected)").inserted }
        if !keys.isEmpty {
            writeOut("the headers differ in \(keys.count == 1 ? "1 key" : "\(keys.count) keys"):")
            for key in keys.prefix(o.limit) {
                writeOut("  " + ReportText.escaped("\(key.path) is \(key.actual), golden \(key.expected)"))
            }
            if keys.count > o.limit { writeOut("  ... and \(keys.count - o.limit) more") }
        }
        for test in tests { writeOut(test.summary(propertyLimit: o.limit, headerApart: true)) }
        return 1
    }

    private static func usage(_ message: String) -> Int32 {
        writeErr("piecebox diff: \(message)\nTry: piecebox diff --help")
        return 2
    }
}
