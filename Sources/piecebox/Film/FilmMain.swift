import Foundation
import LuaHost
import PieceKit

/// `piecebox film`: pictures of a scenario's motion, a filmstrip (SVG) or a timeline page (HTML).
enum FilmMain {
    static let help = """
    Usage: piecebox film SCENARIO_OR_LOG [SECOND_LOG] --out FILE.svg|FILE.html [options]

    Draws a stage of a frame log (or of a scenario, which is run first; its tests' results are not reported).
    FILE.svg is a filmstrip: the chosen frames side by side, every element's rect with its radius, opacity and
    scale, glass shapes and their merges, text as labels, and plots below. FILE.html is a timeline page (one
    self-contained file): a scrubber over every frame, the events on a time axis, and the plots.
    A second log is drawn over the first (dashed outlines, dashed plot lines): before and after a change.

    Options:
    \(Flags.helpLines(ownFlags, for: .film, column: 21))

    A scenario runs as `piecebox run` runs it: in a worker process, under its header's limits and these (the
    worker is killed 2 s after its time limit even inside a long library call):
    \(SandboxFlags.help)
    """

    struct Options {
        var inputs: [String] = []
        var out: String?
        var at: [Double]?
        var every: Double?
        var plots: [String] = []
        var test: String?
        var stage = 1
        /// Zoom to this piece's room (`FilmLog.zoomed(to:)`).
        var piece: String?
        /// What a scenario given as the input runs with: limits, libraries, plugins, token set.
        var sandbox = RunOptions()
    }

    /// `film`'s flags: its own, then the sandbox's (for a scenario given as the input). One entry each, as `run`'s.
    static let flags: [Flag<Options>] = ownFlags + SandboxFlags.flags.map { $0.lifted(\Options.sandbox) }

    static let ownFlags: [Flag<Options>] = [
        F(["--out"], "FILE", [.film], help: [.film: ["where to write (.svg or .html)"]]) { $0.out = $1 },
        F(["--at"], "T,T,...", [.film], help: [.film: ["the frames at these times (the first frame at or after each)"]]) {
            o, text throws(UsageError) in
            var times: [Double] = []
            for part in text.split(separator: ",", omittingEmptySubsequences: false) { times.append(try seconds(String(part), "--at")) }
            guard times.count <= 60 else { throw UsageError("--at takes at most 60 times") }
            o.at = times
        },
        F(["--every"], "S", [.film], help: [.film: ["a frame every S seconds (default: eight frames over the stage)"]]) {
            o, text throws(UsageError) in
            let n = try seconds(text, "--every")
            guard n > 0 else { throw UsageError("--every needs a time above 0") }
            o.every = n
        },
        F(["--plot"], "PATH", [.film], help: [.film: [
            "plot a property against time (piece.element.property, e.g. nowPlaying.surface.h),",
            "with each movement's settle time and overshoot marked (repeatable)"]]) { o, path throws(UsageError) in
            guard path.split(separator: ".").count >= 3 else {
                throw UsageError("--plot needs piece.element.property (e.g. nowPlaying.surface.h), got \"\(RunCommand.clip(path))\"")
            }
            o.plots.append(path)
        },
        F(["--test"], "TEXT", [.film], help: [.film: ["the first test whose name contains TEXT (default: the first test with frames)"]]) {
            $0.test = $1
        },
        F(["--stage"], "N", [.film], help: [.film: ["that test's Nth stage (default 1)"]]) { o, text throws(UsageError) in
            guard let n = Int(text), n >= 1, n <= 1_000_000 else {
                throw UsageError("--stage needs a whole number from 1, got \"\(RunCommand.clip(text))\"")
            }
            o.stage = n
        },
        F(["--piece"], "NAME", [.film], help: [.film: [
            "zoom to one piece: the picture is the room its elements take over the log, and 16",
            "points around it, so a 44-point button is not a speck on a phone"]]) { $0.piece = $1 },
        F(["-h", "--help"], nil, [.film], help: [.film: ["show this help"]]) { _, _ throws(UsageError) in
            throw UsageError.helpRequested
        },
    ]
    typealias F = Flag<Options>

    /// A time in seconds, at least 0 (`--at`, `--every`).
    static func seconds(_ text: String, _ flag: String) throws(UsageError) -> Double {
        guard let n = Double(text.trimmingCharacters(in: .whitespaces)), n.isFinite, n >= 0, n < 1e6 else {
            throw UsageError("\(flag) needs times in seconds of at least 0, got \"\(RunCommand.clip(text))\"")
        }
        return n
    }

    static func parse(_ args: [String]) throws(UsageError) -> Options {
        var o = Options()
        var i = 0
        while i < args.count {
            let a = args[i]
            if try Flags.read(args, at: &i, into: &o, table: flags, for: .film) { i += 1; continue }
            if a.hasPrefix("-") {
                let hint = FlagHint.hint(for: a, among: Flags.hintNames(flags, for: .film))
                throw UsageError("unknown option \(a)\(hint) (see piecebox film --help)")
            }
            o.inputs.append(a)
            i += 1
        }
        guard (1...2).contains(o.inputs.count) else { throw UsageError("give a scenario or a frame log, and optionally a second log to compare") }
        guard let out = o.out else { throw UsageError("give --out FILE.svg or --out FILE.html") }
        guard out.hasSuffix(".svg") || out.hasSuffix(".html") else { throw UsageError("--out must end in .svg or .html, got \"\(RunCommand.clip(out))\"") }
        if let problem = OutputPlan.problem(writing: out, option: "the picture (--out \(out))", reading: o.inputs) { throw UsageError(problem) }
        if o.at != nil && o.every != nil { throw UsageError("give --at or --every, not both") }
        return o
    }

    static func run(_ args: [String]) -> Int32 {
        let o: Options
        do { o = try parse(args) } catch let e {
            if e.message.isEmpty { StandardStreams.out(help + "\n"); return 0 }
            writeErr("piecebox film: \(e.message)\nTry: piecebox film --help")
            return 2
        }
        do {
            var logs = try o.inputs.map { try load($0, test: o.test, stage: o.stage, sandbox: o.sandbox) }
            if let piece = o.piece {
                let room = try logs[0].room(of: piece)
                logs = logs.map { $0.zoomed(to: room) }
            }
            let text: String
            if o.out?.hasSuffix(".html") == true {
                text = TimelineHTML(logs: logs, plots: o.plots).html()
            } else {
                var strip = FilmSVG(logs: logs, times: times(o, logs[0]), plots: o.plots)
                // A wide piece (a bar) gets cells as wide as a phone's are tall, not taller than a phone's.
                if logs[0].width > logs[0].height { strip.cellHeight *= logs[0].height / logs[0].width }
                text = strip.svg()
            }
            let out = o.out ?? "film.svg"
            if case .failure(let problem) = AtomicFile.write(Data(text.utf8), to: out) {
                throw FilmLog.Problem(description: "cannot write \(out): \(problem.reason)")
            }
            writeOut("wrote \(out)")
            return 0
        } catch {
            writeErr("piecebox film: \(error)")
            return 1
        }
    }

    /// The times of the filmstrip's frames.
    static func times(_ o: Options, _ log: FilmLog) -> [Double] {
        if let at = o.at { return at }
        let first = log.frames.first?.time ?? 0, last = log.frames.last?.time ?? 0
        let step = o.every ?? max((last - first) / 7, 1e-6)
        var out: [Double] = []
        var t = first
        while t <= last + 1e-9 && out.count < 60 { out.append(t); t += step }
        return out
    }

    /// A frame log as it is, or a scenario run first into a temporary log, in a worker of its own under the same
    /// limits and hard bound as `piecebox run` (a film must not be a way around them).
    static func load(_ input: String, test: String?, stage: Int, sandbox: RunOptions = RunOptions()) throws -> FilmLog {
        guard input.hasSuffix(".lua") else { return try FilmLog.read(input, test: test, stage: stage) }
        guard let folder = AtomicFile.makeFolder(in: NSTemporaryDirectory(), prefix: "piecebox-film-") else {
            throw FilmLog.Problem(description: "cannot make a temporary folder for the log")
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var options = sandbox
        options.filter = test
        SandboxFlags.defaultLibrary(&options)
        let logPath = PathText.join(folder, "film.jsonl")
        let headers = ScenarioHeaders()
        let report = WorkerPool(executable: SandboxFlags.executable, jobs: 1, options: options,
                                logPaths: [input: logPath], headers: headers).runOne(input)
        // A scenario the worker could not finish (a limit, a kill, a crash) or that failed as a whole gives no film:
        // its log would be cut short.
        if let stopped = report.tests.first(where: { $0.name == "(file)" || $0.source != .scenario || $0.status == .notRun }) {
            throw FilmLog.Problem(description: ReportText.escaped(stopped.message))
        }
        if let limit = report.tests.first(where: { $0.status == .failed && brokeALimit($0.message) }) {
            throw FilmLog.Problem(description: ReportText.escaped(limit.message))
        }
        var log = try FilmLog.read(logPath, test: test, stage: stage)
        log.name = (input as NSString).lastPathComponent
        return log
    }

    /// Whether a failure is a sandbox limit's (the words every `LimitBreach` ends its message with).
    static func brokeALimit(_ message: String) -> Bool {
        ["instruction limit of ", "memory limit of ", "time limit of "].contains { message.contains($0) }
            && message.contains(" exceeded")
    }
}
