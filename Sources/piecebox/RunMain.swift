import Foundation
import LuaHost
import PieceKit

/// `piecebox run`: finds the scenario files, runs them (in workers unless --in-process), prints reports
/// in file order as they complete, and the totals last.
enum RunMain {
    static func run(_ input: RunCommand) -> Int32 {
        var cmd = input
        if cmd.options.libraryFolders.isEmpty, FileManager.default.fileExists(atPath: "lua") {
            cmd.options.libraryFolders = ["lua"]
        }
        let files: [String]
        do { files = try ScenarioFiles.find(cmd.paths) } catch {
            FileHandle.standardError.write(Data("piecebox: \(error)\n".utf8))
            return 2
        }
        // Goldens need every file's log: without --log they go to a temporary folder.
        var logFolder = cmd.logPath
        if cmd.golden != nil, logFolder == nil || logFolder?.hasSuffix(".jsonl") == true {
            // A fresh folder of our own (mkdtemp), not a guessable name someone else could have made first.
            guard let folder = AtomicFile.makeFolder(in: NSTemporaryDirectory(), prefix: "piecebox-logs-") else {
                FileHandle.standardError.write(Data("piecebox: cannot make a temporary folder for the logs\n".utf8))
                return 2
            }
            logFolder = folder
        }
        let temporaryLogs = logFolder != cmd.logPath ? logFolder : nil
        defer { if let temporaryLogs { try? FileManager.default.removeItem(atPath: temporaryLogs) } }
        let logPaths: [String: String]
        do { logPaths = try LogPaths.plan(logFolder, files: files) } catch {
            FileHandle.standardError.write(Data("piecebox: \(error)\n".utf8))
            return 2
        }

        // A golden comparison gets the run's time limit too: the runner does it, outside any sandbox.
        let seconds = cmd.options.limits.seconds
        let diff = FrameLogDiff(tolerance: cmd.goldenTolerance, timeLimit: seconds > 0 ? seconds : nil)
        let goldens = cmd.golden.map { Goldens(folder: $0, update: cmd.updateGoldens, diff: diff) }
        let printer = OrderedPrinter(count: files.count, reporter: Reporter(verbose: cmd.verbose, listOnly: cmd.options.listOnly))
        let listOnly = cmd.options.listOnly
        let finish: @Sendable (Int, FileReport) -> Void = { index, raw in
            var report = raw
            if !listOnly { report = ScenarioHeader.read(file: files[index]).apply(to: report) }
            if !listOnly, let goldens, let log = logPaths[files[index]] {
                report.tests.append(goldens.check(file: files[index], log: log))
            }
            printer.deliver(index, report)
        }
        if cmd.inProcess {
            for (i, file) in files.enumerated() {
                var options = cmd.options
                options.logPath = logPaths[file]
                options.limits = ScenarioHeader.read(file: file).limits(from: options.limits)
                finish(i, ScenarioRunner.run(file: file, options: options))
            }
        } else {
            let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
            WorkerPool(executable: exe, jobs: cmd.jobs, options: cmd.options, logPaths: logPaths).run(files, each: finish)
        }
        let totals = printer.totals
        if cmd.options.listOnly {
            writeOut("\(totals.listed) tests in \(files.count) files")
            return totals.failed > 0 ? 1 : 0
        }
        writeOut(Reporter.summary(passed: totals.passed, failed: totals.failed, skipped: totals.skipped))
        return totals.failed == 0 && totals.passed > 0 ? 0 : 1
    }
}

/// Prints each file's report once every earlier file's has been printed, so output is in file order
/// whatever the number of jobs.
final class OrderedPrinter: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [Int: FileReport] = [:]
    private var next = 0
    private let reporter: Reporter
    private(set) var totals = (passed: 0, failed: 0, skipped: 0, listed: 0)

    init(count: Int, reporter: Reporter) { self.reporter = reporter }

    func deliver(_ index: Int, _ report: FileReport) {
        lock.lock(); defer { lock.unlock() }
        pending[index] = report
        while let r = pending.removeValue(forKey: next) {
            writeOut(reporter.print(r))
            totals.passed += r.passed
            totals.failed += r.failed
            totals.skipped += reporter.listOnly ? 0 : r.skipped
            totals.listed += r.tests.count
            next += 1
        }
    }
}

enum ScenarioFiles {
    struct Missing: Error, CustomStringConvertible { let description: String }

    /// Files as given; folders expand to every *.lua below them in path order, except names starting
    /// with "_" (modules for require), plugin folders (those holding a plugin.lua manifest) and token sets.
    static func find(_ paths: [String]) throws -> [String] {
        var out: [String] = []
        let fm = FileManager.default
        for p in paths {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: p, isDirectory: &isDir) else { throw Missing(description: "no such file or folder: \(p)") }
            if !isDir.boolValue { out.append(p); continue }
            var found: [String] = []
            let enumerator = fm.enumerator(atPath: p)
            while let rel = enumerator?.nextObject() as? String {
                let parts = rel.split(separator: "/")
                guard rel.hasSuffix(".lua"), let last = parts.last, !last.hasPrefix("_") else { continue }
                let dir = parts.dropLast().joined(separator: "/")
                if isPluginFolder((p as NSString).appendingPathComponent(dir)) { continue }
                let file = (p as NSString).appendingPathComponent(rel)
                // A token set (`--! token-set`) is applied with --tokens, never run as a scenario.
                if ScenarioHeader.read(file: file).tokenSet != nil { continue }
                found.append(file)
            }
            out += found.sorted()
        }
        if out.isEmpty { throw Missing(description: "no scenario files (*.lua) in \(paths.joined(separator: ", "))") }
        return out
    }

    static func isPluginFolder(_ dir: String) -> Bool {
        var d = dir
        while !d.isEmpty && d != "." && d != "/" {
            if FileManager.default.fileExists(atPath: (d as NSString).appendingPathComponent("plugin.lua")) { return true }
            let parent = (d as NSString).deletingLastPathComponent
            if parent == d { break }
            d = parent
        }
        return false
    }
}

enum LogPaths {
    struct Problem: Error, CustomStringConvertible { let description: String }

    /// One scenario with a path ending in .jsonl: that file. Otherwise a folder with one log per scenario,
    /// named after the scenario's path.
    static func plan(_ log: String?, files: [String]) throws -> [String: String] {
        guard let log else { return [:] }
        if files.count == 1, log.hasSuffix(".jsonl") { return [files[0]: log] }
        do { try FileManager.default.createDirectory(atPath: log, withIntermediateDirectories: true) } catch {
            throw Problem(description: "cannot create the log folder \(log): \(error.localizedDescription)")
        }
        var out: [String: String] = [:]
        for f in files { out[f] = (log as NSString).appendingPathComponent(fileName(for: f)) }
        return out
    }

    /// A scenario's log name in a folder of logs (or goldens), one-to-one with its path: see `LogName`.
    static func fileName(for scenario: String) -> String { LogName.fileName(for: scenario) }
}

/// Unbuffered, so reports and the totals line come out in order even if the process is stopped.
func writeOut(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}
