import Foundation
import Testing
@testable import piecebox

/// `piecebox run --watch` reads keys between runs: `f` runs the failed files again, `u` accepts the goldens that
/// failed their comparison (never a test that failed on its own), `a` runs every file, `q` quits. Standard input that
/// is not a terminal (here a pipe) is read a line at a time.
@Suite struct WatchKeysRunTests {
    static func scenario(_ name: String, height: Int, failing: Bool = false) -> String {
        """
        test("\(name)", function()
          local s = Stage{ fps = 10 }
          s:piece{ name = "card", layout = function() return { surface = { x = 0, y = 0, w = 10, h = \(height) } } end }
          s:frames(1)
          \(failing ? "expect(1).toBe(2)" : "")
        end)
        """
    }

    /// The process's environment without `CI`, so goldens are recorded as on a developer's machine.
    static var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["CI"] = nil
        env["NO_COLOR"] = "1"
        return env
    }

    @Test func theKeysRunTheFailedFilesAcceptTheFailedGoldensRunAllAndQuit() throws {
        let folder = try TestFolder()
        try folder.write("piecebox.lua", "return {}\n")
        try folder.write("cases/good.lua", Self.scenario("good", height: 10))
        try folder.write("cases/moved.lua", Self.scenario("moved", height: 10))
        try folder.write("cases/broken.lua", Self.scenario("broken", height: 10))
        // The goldens are recorded once, then two scenarios draw a taller card; one of them also fails on its own.
        let record = Process()
        record.executableURL = URL(fileURLWithPath: pieceboxBinary)
        record.arguments = ["run", "cases", "--golden", "goldens"]
        record.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        record.environment = Self.environment
        record.standardOutput = FileHandle.nullDevice
        record.standardError = FileHandle.nullDevice
        try record.run()
        record.waitUntilExit()
        #expect(record.terminationStatus == 0)
        let brokenGolden = folder.read("goldens/cases__broken.jsonl") ?? ""
        #expect(brokenGolden.contains("\"h\":10"), "\(brokenGolden)")
        try folder.write("cases/moved.lua", Self.scenario("moved", height: 20))
        try folder.write("cases/broken.lua", Self.scenario("broken", height: 20, failing: true))

        let output = folder.path + "/watch.out"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let sink = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        let keys = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: pieceboxBinary)
        process.arguments = ["run", "cases", "--golden", "goldens", "--watch"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        process.environment = Self.environment
        process.standardOutput = sink
        process.standardError = sink
        process.standardInput = keys
        try process.run()
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            try? sink.close()
        }
        func said() -> String { folder.read("watch.out") ?? "" }
        func count(_ text: String) -> Int { said().components(separatedBy: text).count - 1 }
        func press(_ key: String) { keys.fileHandleForWriting.write(Data((key + "\n").utf8)) }
        let waiting = "watch: watching cases for saves"

        // The first run: every file; the hint under the results, once.
        #expect(eventually(within: 60) { count(waiting) == 1 }, "\(said())")
        #expect(count("FAIL cases/moved.lua") == 1 && count("FAIL cases/broken.lua") == 1, "\(said())")
        #expect(count("PASS cases/good.lua") == 1, "\(said())")
        #expect(count("watch: keys: f runs the failed files, u accepts the failed goldens, a runs all, q quits") == 1,
                "\(said())")

        // f: the two failed files again, not the one that passed.
        press("f")
        #expect(eventually(within: 60) { count(waiting) == 2 }, "\(said())")
        #expect(said().contains("watch: running the 2 failed files again\n"), "\(said())")
        #expect(count("FAIL cases/moved.lua") == 2 && count("FAIL cases/broken.lua") == 2, "\(said())")
        #expect(count("PASS cases/good.lua") == 1, "\(said())")

        // u: moved.lua's golden takes its taller card; broken.lua's test failed on its own, so its golden is kept.
        press("u")
        #expect(eventually(within: 60) { count(waiting) == 3 }, "\(said())")
        #expect(said().contains("watch: accepting the failed goldens of 2 files\n"), "\(said())")
        #expect(count("PASS cases/moved.lua") == 1, "\(said())")
        #expect(said().contains("not recorded: \"broken\" (it failed; fix it, then record)"), "\(said())")
        #expect(folder.read("goldens/cases__moved.jsonl")?.contains("\"h\":20") == true)
        #expect(folder.read("goldens/cases__broken.jsonl") == brokenGolden)

        // a: every file; only broken.lua still fails.
        press("a")
        #expect(eventually(within: 60) { count(waiting) == 4 }, "\(said())")
        #expect(count("PASS cases/good.lua") == 2 && count("PASS cases/moved.lua") == 2, "\(said())")
        // broken.lua's fourth failure: the first run, f, u and now a.
        #expect(count("FAIL cases/broken.lua") == 4, "\(said())")

        // An unknown line is named; q ends the watcher with status 0.
        press("x")
        #expect(eventually(within: 30) { said().contains("watch: unknown key \"x\": f, u, a or q\n") }, "\(said())")
        press("q")
        let ended = eventually(within: 30) { !process.isRunning }
        #expect(ended, "\(said())")
        // Read only once it ended: Foundation refuses the status of a running process.
        if ended { #expect(process.terminationStatus == 0) }
        #expect(children(of: process.processIdentifier).isEmpty)
    }

    @Test func aStandardInputThatEndsLeavesTheWatcherWatchingAndIdle() throws {
        let folder = try TestFolder()
        try folder.write("piecebox.lua", "return {}\n")
        try folder.write("cases/a.lua", Self.scenario("a", height: 10))
        let run = Process()
        let keys = Pipe()
        let output = folder.path + "/watch.out"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let sink = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        run.executableURL = URL(fileURLWithPath: pieceboxBinary)
        run.arguments = ["run", "cases", "--watch"]
        run.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        run.environment = Self.environment
        run.standardOutput = sink
        run.standardError = sink
        run.standardInput = keys
        try run.run()
        defer {
            if run.isRunning { kill(run.processIdentifier, SIGKILL) }
            run.waitUntilExit()
            try? sink.close()
        }
        func said() -> String { folder.read("watch.out") ?? "" }
        #expect(eventually(within: 60) { said().contains("watch: watching cases for saves") }, "\(said())")
        // The keys' pipe ends: no more keys, but saves still run the files again.
        try keys.fileHandleForWriting.close()
        let before = cpuTicks(run.processIdentifier)
        Thread.sleep(forTimeInterval: 1.5)
        let after = cpuTicks(run.processIdentifier)
        // Idle: waiting in poll() uses no CPU; a loop over the ended input would use the whole 1.5 s (150 ticks at
        // 100 per second). 30 ticks leave room for the process's own start-up threads.
        #expect(after - before < 30, "used \(after - before) ticks while idle")
        #expect(run.isRunning)
        try folder.write("cases/a.lua", Self.scenario("a", height: 12))
        #expect(eventually(within: 60) { said().contains("watch: a.lua changed; running 1 file again") }, "\(said())")
    }

    /// User and system CPU time of a process so far, in clock ticks (`/proc/PID/stat` fields 14 and 15).
    func cpuTicks(_ pid: pid_t) -> Int {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the name: state is field 3, so utime (14) and stime (15) are at 11 and 12 here.
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return 0 }
        return user + system
    }
}
