import Testing
@testable import LuaHost

/// Limit values as people type them, in `--!` headers and on the command line: a fraction that would round to 0
/// ("no limit") or a number too large to convert is refused with the header or flag and the reason, never
/// rounded into a looser limit and never left to trap.
@Suite struct LimitValueTests {
    @Test func aMemoryHeaderOfATenthOfAByteIsRefusedAndTheFileDoesNotRun() throws {
        // 0.0000001 MiB is 0.1 bytes: as a whole number of bytes it was 0, which means no cap at all.
        let report = try runScenario("""
            --! max-memory: 0.0000001
            test("runs", function() print("ran") end)
            """)
        let failure = try #require(report.test("(file)"), "\(report.summary)")
        #expect(failure.message.contains("scenario.lua:1: --! max-memory: needs a number of MiB"), "\(failure.message)")
        #expect(failure.message.contains("\"0.0000001\""), "\(failure.message)")
        #expect(report.test("runs") == nil, "\(report.summary)")
    }

    @Test func anInstructionHeaderOfHalfAnInstructionIsRefusedAsNotWhole() throws {
        let report = try runScenario("""
            -- a scenario
            --! max-instructions: 0.5
            test("runs", function() end)
            """)
        let failure = try #require(report.test("(file)"), "\(report.summary)")
        #expect(failure.message.contains("scenario.lua:2: --! max-instructions: needs a whole number"), "\(failure.message)")
        #expect(failure.message.contains("not a whole number"), "\(failure.message)")
    }

    @Test func headerValuesThatAreNotFiniteZeroOrTooLargeAreEachRefused() {
        for (line, key) in [("--! max-seconds: inf", "max-seconds"), ("--! max-seconds: nan", "max-seconds"),
                            ("--! max-seconds: 1e300", "max-seconds"), ("--! max-seconds: 0", "max-seconds"),
                            ("--! max-memory: 0", "max-memory"), ("--! max-memory: -1", "max-memory"),
                            ("--! max-memory: 1e300", "max-memory"), ("--! max-instructions: 1e300", "max-instructions"),
                            ("--! max-instructions: 0", "max-instructions"), ("--! max-instructions: lots", "max-instructions")] {
            let header = ScenarioHeader.parse(line)
            #expect(header.problems.count == 1, "\(line)")
            #expect(header.problems.first?.message.hasPrefix("--! \(key): needs") == true, "\(line): \(header.problems)")
            // Nothing refused may change the run's limits.
            #expect(header.limits(from: .tight) == .tight, "\(line)")
        }
    }

    @Test func aFractionalMemoryHeaderRoundsDownToWholeBytes() {
        // 1.5 MiB = 1.5 × 1 048 576 = 1 572 864 bytes exactly; 0.001 MiB = 1 048.576 bytes, rounded down to 1 048.
        #expect(ScenarioHeader.parse("--! max-memory: 1.5").limits(from: .tight).memoryBytes == 1_572_864)
        #expect(ScenarioHeader.parse("--! max-memory: 0.001").limits(from: .tight).memoryBytes == 1_048)
    }

    @Test func flagValuesMayBeZeroForNoLimitButNeverRoundToIt() {
        #expect(SandboxLimits.instructions(from: "0", allowsNone: true) == .success(0))
        #expect(SandboxLimits.memoryBytes(fromMiB: "0", allowsNone: true) == .success(0))
        #expect(SandboxLimits.seconds(from: "0", allowsNone: true) == .success(0))
        // 0.5 instructions and 0.0000001 MiB (0.1 bytes) once became 0, no limit.
        #expect(Self.refused(SandboxLimits.instructions(from: "0.5", allowsNone: true)))
        #expect(Self.refused(SandboxLimits.memoryBytes(fromMiB: "0.0000001", allowsNone: true)))
    }

    @Test func flagValuesTooLargeToConvertAreRefusedNotTrapped() {
        // 1e11 s is 1e20 ns, past UInt64's 1.8e19: converting it for the deadline trapped.
        #expect(Self.refused(SandboxLimits.seconds(from: "1e11", allowsNone: true)))
        #expect(Self.refused(SandboxLimits.instructions(from: "1e19", allowsNone: true)))
        #expect(Self.refused(SandboxLimits.memoryBytes(fromMiB: "1e13", allowsNone: true)))
        for text in ["inf", "-inf", "nan", "-1", "", "ten"] {
            #expect(Self.refused(SandboxLimits.seconds(from: text, allowsNone: true)), "\(text)")
            #expect(Self.refused(SandboxLimits.memoryBytes(fromMiB: text, allowsNone: true)), "\(text)")
            #expect(Self.refused(SandboxLimits.instructions(from: text, allowsNone: true)), "\(text)")
        }
    }

    @Test func aRefusalSaysWhatWasWantedAndCutsALongValue() throws {
        guard case .failure(let error) = SandboxLimits.seconds(from: String(repeating: "9", count: 500), allowsNone: true) else {
            Issue.record("a 500-digit number of seconds was accepted")
            return
        }
        #expect(error.description.hasPrefix("needs a number of seconds"), "\(error)")
        #expect(error.description.count < 200, "\(error)")
    }

    private static func refused<T>(_ result: Result<T, LimitValueError>) -> Bool {
        if case .failure = result { return true }
        return false
    }
}
