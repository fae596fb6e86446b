import Foundation
import Testing
@testable import LuaHost
@testable import LuaRunner

/// `--!` header lines: the expected error, and limits that may only get tighter.
@Suite struct ScenarioHeaderTests {
    @Test func readFromBytesAHeaderIsTheSameAsReadFromText() {
        let texts = [
            "describe(\"a\", function() end)\n-- a comment - not a header -\n",
            "",
            "--! max-seconds: 2\n--! plugins: a\ntest(\"x\", function() end)\n",
            "print(1)\n--!max-memory:zero\n",
            "x = 1 --! expect-error: boom\n",
        ]
        for text in texts {
            let fromBytes = Array(text.utf8).withUnsafeBytes { ScenarioHeader.parse(utf8: $0) }
            #expect(fromBytes == ScenarioHeader.parse(text), "\(text)")
        }
        // A file without "--!" anywhere has no header at all.
        let none = Array("local a = 1 -- ! -\n".utf8).withUnsafeBytes { ScenarioHeader.parse(utf8: $0) }
        #expect(none == ScenarioHeader())
        let some = Array("--! max-seconds: 2\n".utf8).withUnsafeBytes { ScenarioHeader.parse(utf8: $0) }
        #expect(some.maxSeconds == 2)
    }

    @Test func parsesEveryKey() {
        let header = ScenarioHeader.parse("""
            --! expect-error: instruction limit of 20000000 exceeded
            --! max-instructions: 1e7
            --!max-memory:64
              --! max-seconds: 2.5
            test("x", function() end)
            """)
        #expect(header.expectError == "instruction limit of 20000000 exceeded")
        #expect(header.maxInstructions == 10_000_000)
        #expect(header.maxMemoryMiB == 64)
        #expect(header.maxSeconds == 2.5)
    }

    @Test func refusesInvalidValuesAndUnknownKeysAndIgnoresLinesPastTheTenth() {
        let lines = [
            "--! max-instructions: 0",
            "--! max-memory: -5",
            "--! max-seconds: soon",
            "--! expect-error:",
            "--! colour: blue",
            "-- ! max-seconds: 1",
            "--! no colon here",
        ] + Array(repeating: "-- filler", count: 3) + ["--! max-seconds: 1", "--! expect-error: late"]
        var header = ScenarioHeader.parse(lines.joined(separator: "\n"))
        // The three limits with bad values, the unknown key and the line without a colon are refused on their
        // lines (the file will not run); "-- !" is a comment, and lines past the tenth are never read.
        #expect(header.problems.map(\.line) == [1, 2, 3, 5, 7])
        header.problems = []
        #expect(header == ScenarioHeader())
    }

    static let keyList = "(the keys are expect-error, lib, max-instructions, max-memory, max-seconds, plugins, token-set)"

    @Test(arguments: [
        // "plugin" is "plugins" less one letter.
        ("--! plugin: ../plugins/toast", "--! plugin: unknown header key; did you mean 'plugins'? " + keyList),
        // "max-secs" is three edits from "max-seconds" (past the two a long name may slip): no guess, the list.
        ("--! max-secs: 3", "--! max-secs: unknown header key " + keyList),
        // "max-memroy": "max-memory" with two neighbours swapped.
        ("  --! max-memroy: 64", "--! max-memroy: unknown header key; did you mean 'max-memory'? " + keyList),
        ("--! plugins ../toast", "\"--! plugins ../toast\" is not KEY: VALUE " + keyList),
        ("--! plugin ../toast", "\"--! plugin ../toast\" is not KEY: VALUE; did you mean 'plugins'? " + keyList),
    ])
    func anUnknownKeyIsRefusedWithItsLineTheNearKeyAndTheKeys(line: String, message: String) {
        let header = ScenarioHeader.parse("-- a scenario\n" + line + "\ntest(\"x\", function() end)\n")
        #expect(header.problems == [ScenarioHeader.Problem(line: 2, message: message)])
    }

    @Test func everyListedKeyIsOneParseReads() {
        for key in ScenarioHeader.keys {
            let header = ScenarioHeader.parse("--! \(key): 1\n")
            #expect(!header.problems.contains { $0.message.contains("unknown header key") }, "\(key)")
        }
    }

    @Test func anUnknownKeyStopsTheFileNamingItsLine() throws {
        let folder = try ScenarioFolder()
        let path = try folder.write("typo.lua", "--! max-seconds: 3\n--! plugin: ../p\ntest(\"x\", function() end)\n")
        let report = ScenarioRunner.run(file: path, options: RunOptions())
        #expect(report.tests.map(\.status) == [.failed])
        #expect(report.tests.first?.message.contains("typo.lua:2: --! plugin: unknown header key; did you mean 'plugins'?") == true,
                "\(report.tests.first?.message ?? "")")
    }

    @Test func readsTheHeaderFromAFile() throws {
        let folder = try ScenarioFolder()
        let path = try folder.write("h.lua", "--! max-seconds: 3\n--! expect-error: boom\n")
        let header = ScenarioHeader.read(file: path)
        #expect(header.maxSeconds == 3)
        #expect(header.expectError == "boom")
        #expect(ScenarioHeader.read(file: folder.path + "/missing.lua") == ScenarioHeader())
    }

    @Test func tightensLimitsButNeverLoosensThem() {
        let base = SandboxLimits(instructions: 20_000_000, memoryBytes: 64 << 20, seconds: 5)
        var tighter = ScenarioHeader()
        tighter.maxInstructions = 1_000_000
        tighter.maxMemoryMiB = 16
        tighter.maxSeconds = 1
        #expect(tighter.limits(from: base) == SandboxLimits(instructions: 1_000_000, memoryBytes: 16 << 20, seconds: 1))

        var looser = ScenarioHeader()
        looser.maxInstructions = 9_000_000_000
        looser.maxMemoryMiB = 4096
        looser.maxSeconds = 600
        #expect(looser.limits(from: base) == base)

        #expect(ScenarioHeader().limits(from: base) == base)
    }

    @Test func aHeaderLimitAppliesWhereTheRunHasNone() {
        let unlimited = SandboxLimits(instructions: 0, memoryBytes: 0, seconds: 0)
        var header = ScenarioHeader()
        header.maxInstructions = 5_000_000
        header.maxMemoryMiB = 1.5
        header.maxSeconds = 2
        #expect(header.limits(from: unlimited) == SandboxLimits(instructions: 5_000_000, memoryBytes: 1_572_864, seconds: 2))
    }

    @Test func aHeaderLimitIsTheOneThatStopsTheFile() throws {
        let folder = try ScenarioFolder()
        let path = try folder.write("tight.lua", """
            --! max-instructions: 1000000
            test("spins", function() while true do end end)
            """)
        let limits = ScenarioHeader.read(file: path).limits(from: .tight)
        let report = folder.runFile(path, limits: limits)
        let message = try #require(report.test("spins")?.message, "\(report.summary)")
        #expect(message.contains("tight.lua:2: instruction limit of 1000000 exceeded"), "\(message)")
    }

    private func header(expecting text: String) -> ScenarioHeader {
        var h = ScenarioHeader()
        h.expectError = text
        return h
    }

    @Test func applyTurnsAMatchingFailureIntoOnePass() {
        let report = FileReport(path: "r.lua", tests: [
            TestResult(name: "fine", status: .passed),
            TestResult(name: "spins", status: .failed, message: "r.lua:2: instruction limit of 10 exceeded", output: ["hi"]),
        ], output: ["top"])
        let applied = header(expecting: "instruction limit").apply(to: report)
        #expect(applied.path == "r.lua")
        #expect(applied.output == ["top"])
        #expect(applied.tests == [TestResult(name: "refuses: instruction limit", status: .passed,
                                             message: "r.lua:2: instruction limit of 10 exceeded", output: ["hi"])])
    }

    @Test func applyTurnsANonFailureIntoAFailure() {
        let report = FileReport(path: "r.lua", tests: [TestResult(name: "fine", status: .passed)])
        let applied = header(expecting: "memory limit").apply(to: report)
        #expect(applied.tests.count == 1)
        #expect(applied.tests.first?.status == .failed)
        #expect(applied.tests.first?.message == "r.lua: expected an error containing \"memory limit\", but nothing failed")
    }

    @Test func applyTurnsADifferentFailureIntoAFailureThatSaysWhatHappened() {
        let report = FileReport(path: "r.lua", tests: [
            TestResult(name: "t", status: .failed, message: "r.lua:1: boom", traceback: "  r.lua:1: in function"),
        ])
        let applied = header(expecting: "memory limit").apply(to: report)
        #expect(applied.tests.first?.status == .failed)
        #expect(applied.tests.first?.message == "expected an error containing \"memory limit\", but it failed with: r.lua:1: boom")
        #expect(applied.tests.first?.traceback == "  r.lua:1: in function")
    }

    @Test func aJudgedRefusalKeepsTheTimeItsFileTook() {
        var report = FileReport(path: "r.lua", tests: [TestResult(name: "t", status: .failed, message: "memory limit")])
        report.duration = 0.25
        var header = ScenarioHeader()
        header.expectError = "memory limit"
        let applied = header.apply(to: report)
        #expect(applied.tests.map(\.status) == [.passed])
        #expect(applied.duration == 0.25)
    }

    @Test func applyWithoutAnExpectedErrorChangesNothing() {
        let report = FileReport(path: "r.lua", tests: [TestResult(name: "t", status: .failed, message: "x")])
        #expect(ScenarioHeader().apply(to: report) == report)
    }

    @Test func aRefusalScenarioPassesEndToEnd() throws {
        let folder = try ScenarioFolder()
        let path = try folder.write("refusal.lua", """
            --! expect-error: memory limit of 16 MiB exceeded
            --! max-memory: 16
            test("grows", function() local t = {} for i = 1, 1e9 do t[i] = { i } end end)
            """)
        let header = ScenarioHeader.read(file: path)
        let report = header.apply(to: folder.runFile(path, limits: header.limits(from: .tight)))
        #expect(report.tests.map(\.status) == [.passed], "\(report.summary)")
    }
}

/// Running the same file twice gives the same report.
@Suite struct DeterminismTests {
    @Test func theSameFileRunTwiceGivesEqualReports() throws {
        let folder = try ScenarioFolder()
        let path = try folder.write("same.lua", """
            print("seeded", math.random(1, 1 << 30))
            describe("group", function()
              it("random draws", function()
                local t = {}
                for i = 1, 10 do t[i] = math.random() end
                print(table.concat(t, " "))
              end)
              it("fails the same way", function() expect({ b = 2, a = { 1, 2 } }).toEqual({ a = { 1 } }) end)
            end)
            test("springs", function()
              local s = motion.spring{ duration = 0.4, bounce = 0.25 }
              local v = {}
              for i = 0, 30 do v[#v + 1] = string.format("%.12f", s:value(i / 60)) end
              print(table.concat(v, ","))
            end)
            test("errors", function() error({ code = 1 }) end)
            """)
        let first = folder.runFile(path)
        let second = folder.runFile(path)
        #expect(first.tests.count == 4, "\(first.summary)")
        #expect(first == second)
    }

    @Test
    func pairsOrderIsTheSameFromRunToRun() throws {
        let folder = try ScenarioFolder()
        let path = try folder.write("pairs.lua", """
            local t = {}
            for i = 1, 64 do t["key" .. i] = i end
            test("order", function()
              local keys = {}
              for k in pairs(t) do keys[#keys + 1] = k end
              print(table.concat(keys, ","))
            end)
            """)
        let outputs = (0..<6).map { _ in folder.runFile(path).test("order")?.output ?? [] }
        #expect(Set(outputs).count == 1, "pairs order differed between runs")
    }
}
