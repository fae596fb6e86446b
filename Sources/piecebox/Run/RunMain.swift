import Foundation
import LuaHost
import PieceKit

/// `piecebox run`: finds the scenario files, runs them (in workers unless --in-process), prints reports
/// in file order as they complete, and the totals last.
enum RunMain {
    /// `noting`, when given, is told which files failed and which goldens failed (for the watcher's keys).
    static func run(_ input: RunCommand, noting failures: RunFailures? = nil) -> Int32 {
        if input.watch { return Watch.run(input) }
        let bazel = BazelTestEnvironment.current
        var cmd = bazel.applied(to: input)
        if let problem = bazel.shardProblem, input.ci.shard == nil {
            writeErr("piecebox: \(problem)")
            return 2
        }
        let sharded = cmd.ci.shard != nil
        cmd.moveShardToRuns()
        SandboxFlags.defaultLibrary(&cmd.options)
        let exe = SandboxFlags.executable
        // Started now, so they load while the files are found; ended on every way out that did not use them.
        let early = cmd.inProcess ? nil : EarlyWorkers(executable: exe, count: EarlyWorkers.count(jobs: cmd.jobs))
        defer { early?.endAll() }
        let headers = ScenarioHeaders()
        var totals = RunTotals()
        let files: [String]
        do { files = try selectFiles(&cmd, headers: headers, totals: &totals) } catch {
            writeErr("piecebox: \(error)")
            return 2
        }
        // With --repeat every file runs that many times: job i is file i / repeats.
        let repeats = cmd.ci.repeatCount
        let jobs = files.flatMap { Array(repeating: $0, count: repeats) }

        // Goldens need every file's log: without --log they go to a temporary folder (Bazel's own when it gives one).
        var logFolder = cmd.logPath
        if cmd.golden != nil, logFolder == nil {
            // A fresh folder of our own (mkdtemp), not a guessable name someone else could have made first.
            guard let folder = AtomicFile.makeFolder(in: bazel.temporaryFolder ?? NSTemporaryDirectory(), prefix: "piecebox-logs-") else {
                writeErr("piecebox: cannot make a temporary folder for the logs")
                return 2
            }
            logFolder = folder
        }
        let temporaryLogs = logFolder != cmd.logPath ? logFolder : nil
        defer { if let temporaryLogs { try? FileManager.default.removeItem(atPath: temporaryLogs) } }
        // Every file the run writes, checked against each other and against what it reads before anything runs.
        let logPaths: [String: String]
        do {
            logPaths = try RunOutputs.plan(cmd, files: files, logFolder: logFolder, temporary: temporaryLogs != nil,
                                           headers: headers, bazel: bazel)
        } catch {
            writeErr("piecebox: \(error); nothing was run")
            return 2
        }
        if sharded { bazel.acknowledgeSharding() }
        guard let savePaths = SavedScenarios.prepare(cmd.save, files: files) else { return 2 }
        let explore = ExplorePlan(files: files, cmd: cmd, headers: headers, early: early)
        let databases = explore.databases, readOnly = explore.readOnly, adjust = explore.adjust
        let goldens = makeGoldens(cmd)
        let reports = Reports.make(cmd)
        var info = RunInfo(files: files.count, seed: cmd.ci.seed, shard: cmd.ci.shard, repeatCount: repeats,
                           listOnly: cmd.options.listOnly)
        if !cmd.ci.shuffle { info.seed = nil }
        reports.begin(info)
        let printer = OrderedPrinter(count: jobs.count, reports: reports, listOnly: cmd.options.listOnly)
        let listOnly = cmd.options.listOnly
        let stop = KillFlag()
        let failFast = cmd.options.failFast
        let finish: @Sendable (Int, FileReport) -> Void = { index, raw in
            var report = raw
            if !listOnly { report = headers.header(for: jobs[index]).apply(to: report) }
            if !listOnly, let goldens, let log = logPaths[jobs[index]], !report.tests.isEmpty {
                let checked = goldens.checked(file: jobs[index], log: log, report: report)
                report = checked.report
                if let failure = checked.failure { failures?.golden(jobs[index], failure) }
            }
            if report.failed > 0 || report.notRun > 0 { failures?.file(jobs[index]) }
            if failFast, report.failed > 0 || report.notRun > 0 { stop.set() }
            if let problem = SavedScenarios.write(report, to: savePaths[jobs[index]]) { writeErr("piecebox: \(problem)") }
            if !listOnly { ExploreDatabaseWrites.apply(report, folder: databases[jobs[index]], readOnly: readOnly) }
            printer.deliver(index, FileRun(report: report, repetition: index % repeats + 1, repetitions: repeats))
        }
        let skip: @Sendable (Int) -> Void = { index in
            printer.deliver(index, FileRun(report: FileReport(path: jobs[index]), repetition: index % repeats + 1,
                                           repetitions: repeats, notStarted: true))
        }
        if cmd.inProcess {
            runInProcess(jobs, cmd: cmd, logPaths: logPaths, headers: headers, stop: stop, each: finish, skipped: skip,
                         adjust: adjust)
        } else {
            var pool = WorkerPool(executable: exe, jobs: cmd.jobs, options: cmd.options, logPaths: logPaths, headers: headers,
                                  early: explore.splits ? nil : early)
            pool.adjust = { index, options in adjust(jobs[index], &options) }
            pool.run(jobs, stop: stop, each: finish, skipped: skip)
        }
        totals = printer.totals(startingFrom: totals)
        if !listOnly, let goldens { goldens.sayObsolete(files: files) }
        if totals.listed == 0, totals.emptyShard == nil, totals.filesNotStarted == 0 {
            totals.nothingSelected = Self.whyNothing(cmd, files: files.count)
        }
        return reports.end(totals)
    }

    /// What `piecebox explore` adds to a run: each file's failure database (read-only under CI), and with
    /// `--jobs` the shares' search (`ExploreShares`), whose findings each file's worker is handed.
    struct ExplorePlan {
        let databases: [String: String]
        let readOnly: Bool
        let splits: Bool
        let adjust: @Sendable (String, inout RunOptions) -> Void

        init(files: [String], cmd: RunCommand, headers: ScenarioHeaders, early: EarlyWorkers?) {
            let databases = Dictionary(files.compactMap { f in
                cmd.explore.folder(for: f, exploring: cmd.exploring, budget: cmd.options.exploration).map { (f, $0) }
            }, uniquingKeysWith: { a, _ in a })
            splits = cmd.exploring && cmd.jobs > 1 && !cmd.inProcess && !cmd.options.listOnly
            let found = splits ? ExploreShares.search(files, shares: cmd.jobs, cmd: cmd, headers: headers, early: early) : [:]
            self.databases = databases
            readOnly = ExploreChoices.readOnly()
            adjust = { file, options in
                options.exploration.database = databases[file]
                options.exploration.found = found[file]
            }
        }
    }

    /// Goldens are compared test by test, in time linear in the logs' size (see `GoldenComparison`). Accepting
    /// (the watcher's `u`) records as `--record failed` does, only the tests that failed their comparison.
    static func makeGoldens(_ cmd: RunCommand) -> Goldens? {
        cmd.golden.map {
            Goldens(store: GoldenStore(folder: $0, record: cmd.accepting == nil ? cmd.record : .failed,
                                       comparison: GoldenComparison(tolerance: .init(cmd.goldenTolerance)),
                                       strictHeaders: cmd.goldenStrict),
                    filter: cmd.options.filter, accepting: cmd.accepting ?? [:])
        }
    }

    /// `--in-process`: the jobs one after another in this process, each under its own header's limits.
    static func runInProcess(_ jobs: [String], cmd: RunCommand, logPaths: [String: String], headers: ScenarioHeaders,
                             stop: KillFlag, each finish: (Int, FileReport) -> Void, skipped skip: (Int) -> Void,
                             adjust: (String, inout RunOptions) -> Void = { _, _ in }) {
        for (i, file) in jobs.enumerated() {
            if stop.value { skip(i); continue }
            var options = cmd.options
            adjust(file, &options)
            options.logPath = logPaths[file]
            options.limits = headers.header(for: file).limits(from: options.limits)
            let started = ContinuousClock.now
            var report = ScenarioRunner.run(file: file, options: options)
            report.duration = ScenarioRunner.seconds(since: started)
            finish(i, report)
        }
    }

    /// The files this run runs, in the order it runs them: found (their headers read into `headers`), then this
    /// shard's share, then shuffled. A shard holds the same files whatever the seed. Both go by each file's path
    /// from its project root, so `a.lua`, `./a.lua` and its absolute path give one order and one shard. The seed
    /// chosen and what the shard held go into `cmd` and `totals`.
    static func selectFiles(_ cmd: inout RunCommand, headers: ScenarioHeaders, totals: inout RunTotals) throws -> [String] {
        var files = try ScenarioFiles.find(cmd.paths, headers: headers)
        // Looked up only when a shard or a shuffle needs them (a realpath per file).
        let keys = cmd.ci.shard == nil && !cmd.ci.shuffle ? [:]
            : Dictionary(zip(files, ProjectRoot.relativePaths(of: files)), uniquingKeysWith: { a, _ in a })
        let key: (String) -> String = { keys[$0] ?? $0 }
        if let shard = cmd.ci.shard {
            totals.sharded = shard.count > 1
            let timings = try cmd.ci.shardTimings.map(Shards.readTimings)
            let all = files.count
            files = Shards.pick(files, shard: shard, timings: timings.map(Shards.byProjectPath), key: key)
            if files.isEmpty { totals.emptyShard = "shard \(shard) has no files (\(all) files in \(shard.count) shards)" }
        }
        if cmd.ci.shuffle {
            let seed = cmd.ci.seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
            cmd.ci.seed = seed
            cmd.options.shuffleSeed = seed
            files = Shards.shuffled(files, seed: seed, key: key)
            totals.seed = seed
        }
        return files
    }

    /// What selected nothing, in the words of the flags that did it.
    static func whyNothing(_ cmd: RunCommand, files: Int) -> String {
        var parts: [String] = []
        if let f = cmd.options.filter { parts.append("--filter \"\(ReportText.escaped(f))\"") }
        parts += cmd.options.tags.map { "--tag \($0)" }
        parts += cmd.options.excludeTags.map { "--exclude-tag \($0)" }
        // `piecebox explore` chose the tag itself: what is missing is an exploration.
        if cmd.exploring, cmd.options.tags == ["explore"], cmd.options.filter == nil, cmd.options.excludeTags.isEmpty {
            return "\(files == 1 ? "the file declares" : "the \(files) files declare") no exploration; declare one with explore(name, { setup = function() ... return s, pieces end, actions = { ... } }) (see docs/guides/exploring.md)"
        }
        let what = parts.isEmpty ? "the files declare no tests" : parts.joined(separator: " ") + " matched no test"
        return "\(what) in \(files) file\(files == 1 ? "" : "s")"
    }
}

/// What a run tells the watcher: the files that failed, the goldens that failed and their tests. Told from the
/// slots' threads as files finish.
final class RunFailures: @unchecked Sendable {
    private let lock = NSLock()
    private var files: Set<String> = []
    private var goldens: [String: GoldenFailure] = [:]

    func file(_ path: String) {
        lock.lock(); defer { lock.unlock() }
        files.insert(path)
    }

    /// A file run several times (`--repeat`) joins its runs' failed tests.
    func golden(_ path: String, _ failure: GoldenFailure) {
        lock.lock(); defer { lock.unlock() }
        switch (goldens[path], failure) {
        case (.tests(let old)?, .tests(let new)): goldens[path] = .tests(old.union(new))
        case (.wholeGolden?, _): break
        default: goldens[path] = failure
        }
    }

    func outcome(status: Int32) -> RunOutcome {
        lock.lock(); defer { lock.unlock() }
        return RunOutcome(status: status, failedFiles: files.sorted(), failedGoldens: goldens)
    }
}

/// Prints each file's report once every earlier file's has been printed, so output is in file order
/// whatever the number of jobs; the live progress line counts files as they finish.
final class OrderedPrinter: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [Int: FileRun] = [:]
    private var next = 0
    private var done = 0
    private var failedFiles = 0
    private let count: Int
    private let reports: Reports
    private let listOnly: Bool
    private var running = RunTotals()

    init(count: Int, reports: Reports, listOnly: Bool) {
        self.count = count; self.reports = reports; self.listOnly = listOnly
    }

    func deliver(_ index: Int, _ run: FileRun) {
        lock.lock(); defer { lock.unlock() }
        pending[index] = run
        done += 1
        if run.report.failed > 0 || run.report.notRun > 0 { failedFiles += 1 }
        while let r = pending.removeValue(forKey: next) {
            reports.file(r)
            running.add(r, listOnly: listOnly)
            next += 1
        }
        reports.progress(done: done, total: count, failed: failedFiles)
    }

    /// The totals of everything delivered, on top of what the run already knew (the seed, an empty shard).
    func totals(startingFrom base: RunTotals) -> RunTotals {
        lock.lock(); defer { lock.unlock() }
        var t = running
        t.seed = base.seed
        t.emptyShard = base.emptyShard
        t.sharded = base.sharded
        return t
    }
}

enum ScenarioFiles {
    struct Missing: Error, CustomStringConvertible { let description: String }

    /// Files as given; folders expand to every *.lua below them in path order, except names starting
    /// with "_" (modules for require), project files (piecebox.lua), plugin folders (those holding a
    /// plugin.lua manifest), editor type stubs (files starting with `---@meta`), token sets, and named pipes,
    /// sockets and devices (never opened: a pipe would hold the run up for ever). A pipe, socket or device named
    /// on the command line is refused by name. A file named twice (`a.lua ./a.lua`, or a folder and a file in it)
    /// runs once, where it was first named. The headers read on the way are kept in `headers` for the rest of the run.
    static func find(_ paths: [String], headers: ScenarioHeaders = ScenarioHeaders()) throws -> [String] {
        var out: [String] = []
        var pluginFolders: [String: Bool] = [:]
        var named = NamedOnce()
        var passed = PassedOver()
        for p in paths {
            guard let kind = RegularFile.kind(at: p) else { throw Missing(description: "no such file or folder: \(p)") }
            if kind != .folder {
                guard kind == .regular else {
                    throw Missing(description: "\(p) is \(kind.words), not a regular file: only regular files are scenarios")
                }
                if named.first(p) { out.append(p) }
                continue
            }
            var found: [String] = []
            for entry in FolderWalk.entries(below: p) where entry.readable {
                let rel = entry.path
                let parts = rel.split(separator: "/")
                guard rel.hasSuffix(".lua"), let last = parts.last else { continue }
                let path = PathText.join(p, rel)
                if last.hasPrefix("_") { passed.note(.module, path); continue }
                if last == ProjectRoot.fileName { passed.note(.project, path); continue }
                let dir = parts.dropLast().joined(separator: "/")
                if isPluginFolder(PathText.join(p, dir), known: &pluginFolders) { passed.note(.plugin, path); continue }
                let entry = headers.entry(for: path)
                // A token set (`--! token-set`) is applied with --tokens, never run as a scenario.
                if entry.isTypeStub { passed.note(.typeStub, path); continue }
                if entry.header.tokenSet != nil { passed.note(.tokenSet, path); continue }
                found.append(path)
            }
            out += found.sorted().filter { named.first($0) }
        }
        if out.isEmpty {
            throw Missing(description: "no scenario files (*.lua) in \(paths.joined(separator: ", "))" + passed.words)
        }
        return out
    }

    /// The .lua files a folder walk passed over, by why, so "no scenario files" can say what it saw instead.
    struct PassedOver {
        enum Reason: Int, CaseIterable {
            case module, project, plugin, typeStub, tokenSet

            var words: String {
                switch self {
                case .module: "its name starts with _: a module for require, never run"
                case .project: "a project file"
                case .plugin: "in a plugin's folder (loaded with --plugins)"
                case .typeStub: "editor type stubs"
                case .tokenSet: "a token set (applied with --tokens)"
                }
            }
        }
        private var first: [Reason: String] = [:]
        private var counts: [Reason: Int] = [:]

        mutating func note(_ reason: Reason, _ path: String) {
            if first[reason].map({ path < $0 }) ?? true { first[reason] = path }
            counts[reason, default: 0] += 1
        }

        /// "; it passed over: a.lua (…), and 2 more like it" for each reason, or "" when it passed over nothing.
        var words: String {
            let said = Reason.allCases.compactMap { reason -> String? in
                guard let path = first[reason], let count = counts[reason] else { return nil }
                return path + " (" + reason.words + ")"
                    + (count > 1 ? " and \(count - 1) more like it" : "")
            }
            return said.isEmpty ? "" : "; it passed over " + said.joined(separator: "; ")
        }
    }

    /// Which files were named already: one key per entry (its folder's real path, looked up once per folder, and
    /// its name), so `a.lua`, `./a.lua` and its absolute path are one file. A link is a file of its own, as before.
    struct NamedOnce {
        private var folders: [String: String] = [:]
        private var seen: Set<String> = []

        mutating func first(_ path: String) -> Bool {
            let folder = PathText.parent(path)
            let real: String
            if let known = folders[folder] { real = known } else {
                real = FolderBoundary.realPath(folder.isEmpty ? "." : folder) ?? folder
                folders[folder] = real
            }
            return seen.insert(real + "/" + PathText.lastComponent(path)).inserted
        }
    }

    static func isPluginFolder(_ dir: String) -> Bool {
        var known: [String: Bool] = [:]
        return isPluginFolder(dir, known: &known)
    }

    /// `isPluginFolder`, remembering the answer for each folder on the way up in `known` (a folder of many
    /// files asks the same folders again and again).
    static func isPluginFolder(_ dir: String, known: inout [String: Bool]) -> Bool {
        guard !dir.isEmpty && dir != "." && dir != "/" else { return false }
        if let answer = known[dir] { return answer }
        var answer = FileManager.default.fileExists(atPath: PathText.join(dir, "plugin.lua"))
        if !answer {
            // Not NSString's deletingLastPathComponent: it traps on a one-letter folder ("a").
            let parent = PathText.parent(dir)
            answer = parent != dir && isPluginFolder(parent, known: &known)
        }
        known[dir] = answer
        return answer
    }
}

/// Unbuffered, so reports and the totals line come out in order even if the process is stopped.
/// Prints lines on standard output: each through the one escaping (`ReportText`: a path or a name with a control
/// character cannot reach the terminal raw) and, under GitHub Actions, none of them readable as a workflow command.
func writeOut(_ text: String) {
    StandardStreams.out((printable(text) + "\n"))
}

/// `writeOut` for standard error (messages name files and values a person or a scenario chose), which GitHub
/// Actions reads for commands too.
func writeErr(_ text: String) {
    StandardStreams.err((printable(text) + "\n"))
}

/// Lines as piecebox prints them: their breaks kept, everything else escaped, guarded under GitHub Actions.
func printable(_ text: String) -> String {
    WorkflowCommands.guardedLines(ReportText.lines(text).joined(separator: "\n"))
}
