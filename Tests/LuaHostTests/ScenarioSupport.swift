import Foundation
import Testing
@testable import LuaHost

/// Limits tight enough that a runaway scenario is stopped in well under a second.
extension SandboxLimits {
    static let tight = SandboxLimits(instructions: 20_000_000, memoryBytes: 64 << 20, seconds: 5)
}

/// A fresh temporary folder for scenario files; removed when the value is released.
final class ScenarioFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("pb-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    var path: String { url.path }

    /// Writes `text` to `name` (which may contain subfolders) and returns the file's path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    /// Writes and runs one scenario file in-process.
    func run(_ name: String, _ text: String, limits: SandboxLimits = .tight,
             configure: (inout RunOptions) -> Void = { _ in }) throws -> FileReport {
        let path = try write(name, text)
        return runFile(path, limits: limits, configure: configure)
    }

    /// Runs a file that is already there.
    func runFile(_ path: String, limits: SandboxLimits = .tight,
                 configure: (inout RunOptions) -> Void = { _ in }) -> FileReport {
        var options = RunOptions()
        options.limits = limits
        configure(&options)
        return ScenarioRunner.run(file: path, options: options)
    }
}

/// Runs one scenario in its own temporary folder.
func runScenario(_ text: String, name: String = "scenario.lua", limits: SandboxLimits = .tight,
                 configure: (inout RunOptions) -> Void = { _ in }) throws -> FileReport {
    let folder = try ScenarioFolder()
    return try folder.run(name, text, limits: limits, configure: configure)
}

extension FileReport {
    /// The result of the test named `name`, if the report has one.
    func test(_ name: String) -> TestResult? { tests.first { $0.name == name } }

    /// Every test's name and status, for readable failures.
    var summary: String {
        tests.map { "\($0.name): \($0.status.rawValue)\($0.message.isEmpty ? "" : " — \($0.message)")" }
            .joined(separator: "\n")
    }
}

/// Runs `call` inside pcall in a test that first runs `setup` (after `prelude`, at the file's top), and returns
/// the line `print(tostring(ok), tostring(err))` gave; the test must pass and the call must have failed.
func refusalLine(of call: String, prelude: String, setup: String, name: String,
                 sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let report = try runScenario("""
        \(prelude)
        test("call", function()
        \(setup)
          local ok, err = pcall(function() return \(call) end)
          print(tostring(ok), tostring(err))
        end)
        """, name: name)
    let result = try #require(report.test("call"), "\(report.summary)", sourceLocation: sourceLocation)
    #expect(result.status == .passed, "\(result.message)", sourceLocation: sourceLocation)
    let line = try #require(result.output.first, sourceLocation: sourceLocation)
    #expect(line.hasPrefix("false\t"), "\(line)", sourceLocation: sourceLocation)
    return line
}

/// A file with plain work in it (tables, strings, a loop, a binding) that must pass: run after a breach to
/// show the process and the runner are still healthy.
func expectAHealthyFileStillPasses(sourceLocation: SourceLocation = #_sourceLocation) throws {
    let report = try runScenario("""
        test("still works", function()
          local t = {}
          for i = 1, 10000 do t[i] = tostring(i) end
          expect(#t).toBe(10000)
          expect(table.concat(t, ""):len()).toBeGreaterThan(10000)
          expect(motion.spring{ duration = 0.5, bounce = 0 }.duration).toBeCloseTo(0.5)
        end)
        """, name: "healthy.lua")
    #expect(report.tests.count == 1, "\(report.summary)", sourceLocation: sourceLocation)
    #expect(report.tests.first?.status == .passed, "\(report.summary)", sourceLocation: sourceLocation)
}

/// Runs `body` inside one test of a scenario named `name` and returns what it printed; the test must pass.
func printedByPassingTest(_ body: String, name: String = "scenario.lua",
                          sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
    let report = try runScenario("""
        test("t", function()
        \(body)
        end)
        """, name: name)
    let result = try #require(report.test("t"), "\(report.summary)", sourceLocation: sourceLocation)
    #expect(result.status == .passed, "\(result.message)", sourceLocation: sourceLocation)
    return result.output
}
