import Foundation

/// Whole runs of the command line, timed from outside as a person would time them: the 500 generated one-test files
/// under `piecebox run --jobs 2` and under busted, and `piecebox run examples --jobs 2`.
enum RunnerBenchmarks {
    /// 500 files, each one `describe` with one `it` doing a little arithmetic and checking it with Lua's own
    /// `assert`, which both runners accept as they are. Named `NNN_spec.lua` so busted's default pattern finds them
    /// and piecebox runs them too (it runs every `*.lua` not starting with `_`).
    static func writeSpecs(count: Int, in folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for n in 1...count {
            let text = """
                describe("arithmetic \(n)", function()
                  it("adds and multiplies", function()
                    local a, b = \(n), \(n % 7 + 1)
                    assert(a + b == \(n + n % 7 + 1), "sum")
                    assert(a * b == \(n * (n % 7 + 1)), "product")
                  end)
                end)

                """
            let name = String(format: "%03d_spec.lua", n)
            try text.write(to: folder.appendingPathComponent(name), atomically: false, encoding: .utf8)
        }
    }

    /// What a process printed and how it ended.
    struct Outcome {
        let seconds: Double
        let status: Int32
        let output: String
    }

    /// Runs `executable` with `arguments` in `directory`, its output captured (read while it runs, so no pipe fills).
    /// Timed from the start to the end of its output, which comes when it exits: Foundation's `waitUntilExit`
    /// looks for the exit only every 50 ms on Linux, which added up to 50 ms to every run of both runners (a
    /// third of piecebox's time on the 500 files) and pulled their ratio toward 1. The wait for the exit status
    /// comes after the clock stops.
    static func time(_ executable: String, _ arguments: [String], in directory: String) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        var data = Data()
        let time = try seconds {
            try process.run()
            data = pipe.fileHandleForReading.readDataToEndOfFile()
        }
        process.waitUntilExit()
        return Outcome(seconds: time, status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// The last non-empty line (a runner's summary).
    static func lastLine(_ text: String) -> String {
        text.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map(String.init) ?? ""
    }

    /// A run that must pass whole: the specs are correct, so a failure means the benchmark is broken.
    static func mustPass(_ outcome: Outcome, _ what: String, expecting summary: String) throws -> Double {
        guard outcome.status == 0, outcome.output.contains(summary) else {
            throw BenchError.failed("\(what) did not pass (status \(outcome.status)); it ended: \(lastLine(outcome.output))")
        }
        return outcome.seconds
    }

    /// Seconds a frame of the C peer (bench/peers/frame_limit.c): `numbers` springs over 20,000 frames.
    static func peerSeconds(_ peer: String, numbers: Int, log: String?) throws -> Double {
        let outcome = try time(peer, ["\(numbers)", "20000"] + (log.map { [$0] } ?? []),
                               in: FileManager.default.currentDirectoryPath)
        let first = outcome.output.split(separator: "\n").first.map(String.init) ?? ""
        guard outcome.status == 0, let micros = Double(first) else {
            throw BenchError.failed("the C peer \(peer) failed (status \(outcome.status)): \(lastLine(outcome.output))")
        }
        return micros / 1e6
    }

    /// The path of a program on PATH, or nil.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
