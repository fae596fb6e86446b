import Foundation
import Testing
@testable import piecebox
import LuaHost

/// A worker runs many files, each in a fresh sandbox, and is replaced after a crash, a kill or a limit: what one
/// file does never reaches the results or the log of another.
@Suite(.serialized) struct WorkerReuseTests {
    /// A file that draws frames into its log and prints, so its log and output show any trace of an earlier file.
    static let drawing = """
        print("drawing starts")
        local seen = counter
        counter = 1
        test("draws a beam and sees a fresh sandbox", function()
          expect(seen).toBeNil()
          local s = Stage{ fps = 60 }
          s:borderBeam{ x = 10, y = 20, w = 120, h = 48, shape = "capsule", lap = 2, start = 0.25 }
          s:advance(0.1)
          print("random", math.random(1, 1000))
        end)
        """

    /// The log of `file` when it runs alone, in a worker of its own.
    private func logAlone(_ file: String, in folder: TestFolder) throws -> String? {
        let run = try piecebox(["run", file, "--log", "alone"], in: folder.path)
        #expect(run.status == 0, "\(run.stdout)")
        return folder.read("alone/" + LogName.fileName(for: file))
    }

    @Test func aFileAfterAMemoryBreachMatchesItsRunAlone() throws {
        let folder = try TestFolder()
        try folder.write("a_memory.lua", """
            --! max-memory: 16
            test("grows a string without end", function()
              local s = "x"
              while true do s = s .. s end
            end)
            """)
        try folder.write("b_drawing.lua", Self.drawing)
        let alone = try #require(try logAlone("b_drawing.lua", in: folder))

        let run = try piecebox(["run", "--jobs", "1", "a_memory.lua", "b_drawing.lua", "--log", "logs"], in: folder.path)

        #expect(run.stdout.contains("memory limit of 16 MiB exceeded"), "\(run.stdout)")
        #expect(run.stdout.contains("PASS b_drawing.lua"), "\(run.stdout)")
        #expect(run.stdout.split(separator: "\n").last == "1 passed, 1 failed")
        #expect(folder.read("logs/b_drawing.jsonl") == alone)
    }

    @Test func aFileAfterAnInstructionBreachMatchesItsRunAlone() throws {
        let folder = try TestFolder()
        try folder.write("a_loop.lua", """
            --! max-instructions: 100000
            test("loops forever", function() while true do end end)
            """)
        try folder.write("b_drawing.lua", Self.drawing)
        let alone = try #require(try logAlone("b_drawing.lua", in: folder))

        let run = try piecebox(["run", "--jobs", "1", "a_loop.lua", "b_drawing.lua", "--log", "logs"], in: folder.path)

        #expect(run.stdout.contains("instruction limit of 100000 exceeded"), "\(run.stdout)")
        #expect(run.stdout.contains("PASS b_drawing.lua"), "\(run.stdout)")
        #expect(folder.read("logs/b_drawing.jsonl") == alone)
    }

    @Test func aKillAtTheHardBoundLeavesTheOtherFilesIntactAndRescuesItsLog() throws {
        let folder = try TestFolder()
        try folder.write("a_drawing.lua", Self.drawing)
        try folder.write("b_stuck.lua", """
            --! max-seconds: 0.3
            test("draws then backtracks", function()
              local s = Stage{ fps = 10 }
              s:advance(0.2)
              string.find(("a"):rep(800), ".-.-.-.-b")
            end)
            """)
        try folder.write("c_drawing.lua", Self.drawing)
        let alone = try #require(try logAlone("c_drawing.lua", in: folder))

        let run = try piecebox(["run", "--jobs", "1", "a_drawing.lua", "b_stuck.lua", "c_drawing.lua", "--log", "logs"],
                               in: folder.path)

        #expect(run.stdout.contains("PASS a_drawing.lua"), "\(run.stdout)")
        #expect(run.stdout.contains("time limit of 0.3 s exceeded"), "\(run.stdout)")
        #expect(run.stdout.contains("the worker was stopped"), "\(run.stdout)")
        #expect(run.stdout.contains("PASS c_drawing.lua"), "\(run.stdout)")
        #expect(run.stdout.split(separator: "\n").last == "2 passed, 1 failed")
        #expect(folder.read("logs/c_drawing.jsonl") == alone)
        #expect(folder.read("logs/a_drawing.jsonl") == alone.replacingOccurrences(of: "c_drawing", with: "a_drawing"))
        // The killed file's log, finished by the runner: no temporary file is left, the frames before the kill are
        // kept (0.2 s at 10 fps renders t = 0.1 and 0.2 after the header), and the error comes last.
        #expect(folder.list("logs") == ["a_drawing.jsonl", "b_stuck.jsonl", "c_drawing.jsonl"])
        let lines = (folder.read("logs/b_stuck.jsonl") ?? "").split(separator: "\n")
        #expect(lines.count == 4, "\(lines)")
        #expect(lines.last?.hasPrefix(#"{"error":"#) == true, "\(lines)")
    }

    @Test func logsAreTheSameAtOneAndTwoJobsAndInEitherOrder() throws {
        let folder = try TestFolder()
        let names = ["a.lua", "b.lua", "c.lua", "d.lua"]
        for (n, name) in names.enumerated() {
            // Each file a little different, so a log landing under the wrong name would show.
            try folder.write(name, Self.drawing.replacingOccurrences(of: "start = 0.25", with: "start = 0.\(n + 1)"))
        }
        var runs: [[String: String]] = []
        for (tag, args) in [("one", ["--jobs", "1"] + names), ("two", ["--jobs", "2"] + names),
                            ("reversed", ["--jobs", "1"] + names.reversed()),
                            ("reversedTwo", ["--jobs", "2"] + names.reversed())] {
            let run = try piecebox(["run"] + args + ["--log", tag], in: folder.path)
            #expect(run.stdout.split(separator: "\n").last == "4 passed, 0 failed", "\(run.stdout)")
            var logs: [String: String] = [:]
            for name in names { logs[name] = folder.read(tag + "/" + LogName.fileName(for: name)) }
            runs.append(logs)
        }
        #expect(runs[0].count == 4)
        #expect(Set(runs[0].values).count == 4, "the four files' logs differ from one another")
        for other in runs.dropFirst() { #expect(other == runs[0]) }
    }

    /// A stand-in worker that serves requests as the real one does and says its process id in each file's output;
    /// a request naming "crash" makes it start a test and die of SIGSEGV, one naming "noisy" writes to standard error.
    static let fakeWorker = """
        #!/bin/sh
        while IFS= read -r line; do
          case "$line" in
            *crash*)
              echo '{"event":"plan","tests":["dies","after"]}'
              echo '{"event":"start","name":"dies"}'
              echo 'crash dump' >&2
              kill -SEGV $$ ;;
            *)
              case "$line" in *noisy*) echo "noise of the noisy file" >&2 ;; esac
              printf '%s' "$PIECEBOX_WORKER_MARK" >&2
              echo '{"event":"done","output":["worker '$$'"],"tests":[{"name":"t","status":"passed"}]}' ;;
          esac
        done
        """

    private func runFake(_ names: [String], jobs: Int = 1) throws -> [String: FileReport] {
        let folder = try TestFolder()
        let fake = try folder.write("fake-worker.sh", Self.fakeWorker)
        chmod(fake, 0o755)
        let pool = WorkerPool(executable: fake, jobs: jobs, options: RunOptions(), logPaths: [:])
        let reports = GatheredReports()
        pool.run(names, each: { index, report in reports.add(names[index], report) })
        return reports.all
    }

    @Test func aCrashLeavesTheOthersIntactAndTheNextFileRunsInANewWorker() throws {
        let reports = try runFake(["a.lua", "b.lua", "crash.lua", "c.lua", "d.lua"])

        let worker = { (name: String) in reports[name]?.output.first ?? "?" }
        #expect(reports["a.lua"]?.tests.map(\.status) == [.passed])
        #expect(reports["b.lua"]?.tests.map(\.status) == [.passed])
        // One worker ran both files before the crash, and one new worker both after it.
        #expect(worker("a.lua") == worker("b.lua"))
        #expect(worker("c.lua") == worker("d.lua"))
        #expect(worker("c.lua") != worker("a.lua"))
        let crash = try #require(reports["crash.lua"])
        #expect(crash.tests.map(\.status) == [.failed, .notRun])
        #expect(crash.tests.first?.message.hasPrefix("crash.lua: the worker crashed (signal 11) in test \"dies\"") == true,
                "\(crash.tests)")
        #expect(reports["c.lua"]?.tests.map(\.status) == [.passed])
    }

    @Test func eachFilesStandardErrorIsShownWithThatFileOnly() throws {
        let reports = try runFake(["a.lua", "noisy.lua", "b.lua", "crash.lua"])

        #expect(reports["a.lua"]?.output.count == 1)
        #expect(reports["b.lua"]?.output.count == 1)
        let noisy = reports["noisy.lua"]?.output ?? []
        #expect(noisy.dropFirst() == ["--- the worker's standard error ---", "| noise of the noisy file",
                                      "--- end of the worker's standard error ---"], "\(noisy)")
        // The crash shows only what was written while it ran, not the noisy file's line.
        let message = reports["crash.lua"]?.tests.first?.message ?? ""
        #expect(message.split(separator: "\n").dropFirst() == ["--- the worker's standard error ---", "| crash dump",
                                                               "--- end of the worker's standard error ---"],
                "\(message)")
    }

    @Test func aWorkerEndsAfterAFileALimitStoppedAndRunsOthersUntilThen() throws {
        let folder = try TestFolder()
        let pass = try folder.write("pass.lua", "test(\"passes\", function() end)\n")
        let loop = try folder.write("loop.lua", "test(\"loops\", function() while true do end end)\n")
        var options = RunOptions()
        options.limits.instructions = 100_000
        let pool = WorkerPool(executable: pieceboxBinary, jobs: 1, options: options, logPaths: [:])
        let worker = try WorkerProcess.start(WorkerProcess.Launch(executable: pieceboxBinary)).get()
        defer { worker.end() }

        func linesOf(_ file: String) -> [String] {
            #expect(worker.send(pool.request(for: file, options: options)))
            var lines: [String] = []
            while let line = worker.nextLine() {
                lines.append(String(decoding: line, as: UTF8.self))
                if lines.last?.hasPrefix(#"{"event":"done""#) == true { break }
            }
            return lines
        }
        // Two passing files in one worker: each ends with its "done", and the worker stays.
        for _ in 0..<2 {
            let done = linesOf(pass).last ?? ""
            #expect(done.contains(#""status":"passed""#) && !done.contains("retire"), "\(done)")
        }
        // The file stopped at the instruction limit: its "done" retires the worker, which then ends by itself.
        let done = linesOf(loop).last ?? ""
        #expect(done.contains("instruction limit of 100000 exceeded") && done.hasSuffix(#""retire":true}"#), "\(done)")
        #expect(worker.nextLine() == nil)
        #expect(worker.end() == (signal: false, status: 0))
    }

    @Test func theEndMarkerIsFoundAcrossReads() {
        // The marker split over two reads still ends the part; bytes before it belong to the first file.
        let marker = Array("<end>".utf8)
        let text = Array("one<en".utf8)
        #expect(ErrorParts.find(marker, in: text, from: 0) == nil)
        #expect(ErrorParts.find(marker, in: text + Array("d>two".utf8), from: 0) == 3)
    }
}

/// Reports gathered from the pool's threads, by file.
private final class GatheredReports: @unchecked Sendable {
    private let lock = NSLock()
    private var byFile: [String: FileReport] = [:]
    func add(_ name: String, _ report: FileReport) { lock.lock(); byFile[name] = report; lock.unlock() }
    var all: [String: FileReport] { lock.lock(); defer { lock.unlock() }; return byFile }
}
