import Foundation
import Testing
import PieceKit
@testable import piecebox

/// The watcher's keys as a pure function of what the last runs left, and how runs change what they left.
@Suite struct WatchKeysTests {
    static let failing = WatchState(failedFiles: ["cases/a.lua", "cases/c.lua"],
                                    failedGoldens: ["cases/c.lua": .tests([TestKey("moved")])])

    @Test func fRunsTheFailedFilesOnly() {
        #expect(WatchKeys.action(for: "f", in: Self.failing) == .run(["cases/a.lua", "cases/c.lua"]))
        #expect(WatchKeys.action(for: "f", in: WatchState()) == .say("no file failed in the last runs"))
    }

    @Test func uAcceptsOnlyTheTestsThatFailedTheirGoldenComparison() {
        #expect(WatchKeys.action(for: "u", in: Self.failing) == .accept(["cases/c.lua": .tests([TestKey("moved")])]))
        #expect(WatchKeys.action(for: "u", in: WatchState()) == .say("no golden failed in the last runs"))
    }

    @Test func aRunsAllQQuitsAndOtherKeysAreNamed() {
        #expect(WatchKeys.action(for: "a", in: WatchState()) == .runAll)
        #expect(WatchKeys.action(for: "q", in: Self.failing) == .quit)
        #expect(WatchKeys.action(for: "\n", in: Self.failing) == .nothing)
        #expect(WatchKeys.action(for: "", in: Self.failing) == .nothing)
        #expect(WatchKeys.action(for: "F", in: Self.failing) == .say("unknown key \"F\": f, u, a or q"))
        #expect(WatchKeys.action(for: "quit", in: Self.failing) == .say("unknown key \"quit\": f, u, a or q"))
    }

    @Test func aRunOfSomeFilesChangesOnlyTheirWord() {
        // a.lua ran again and passed; b.lua ran and failed; c.lua did not run, so it keeps its failures.
        let outcome = RunOutcome(status: 1, failedFiles: ["cases/b.lua"],
                                 failedGoldens: ["cases/b.lua": .wholeGolden])
        let next = Self.failing.after(outcome, ran: ["cases/a.lua", "cases/b.lua"])
        #expect(next.failedFiles == ["cases/b.lua", "cases/c.lua"])
        #expect(next.failedGoldens == ["cases/b.lua": .wholeGolden, "cases/c.lua": .tests([TestKey("moved")])])
    }

    @Test func aRunOfEveryFileReplacesEverythingAndARunThatCouldNotStartChangesNothing() {
        let all = Self.failing.after(RunOutcome(status: 0), ran: nil)
        #expect(all == WatchState())
        #expect(Self.failing.after(RunOutcome(status: 2), ran: nil) == Self.failing)
    }

    @Test func acceptingRunsTheFilesWithFailedGoldensRecordingTheirFailedTests() {
        let once = try! RunCommand.parse(["cases", "--golden", "goldens"])
        let (command, ran) = Watch.command(for: .accept(["cases/c.lua": .tests([TestKey("moved")])]), once: once)
        #expect(command.paths == ["cases/c.lua"] && ran == ["cases/c.lua"])
        #expect(RunMain.makeGoldens(command)?.store.record == .failed)
        #expect(RunMain.makeGoldens(command)?.accepting == ["cases/c.lua": .tests([TestKey("moved")])])
        // The scripts' own goldens (toMatchGolden) are checks of the test itself: their mode stays.
        #expect(command.options.goldens.record == once.options.goldens.record)
    }
}

/// Standard input as the watcher reads it: a pipe a line at a time, a terminal a key at a time in non-canonical mode
/// given back afterwards.
@Suite struct WatchInputTests {
    @Test func aPipeIsReadALineAtATimeUntilItEnds() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let input = try #require(WatchInput.start(ends[0]))
        #expect(input.mode == .lines)
        write(ends[1], "f\n u \r\nq")
        #expect(input.read() == ["f", "u"])
        // "q" has no line break yet: no key until it has.
        write(ends[1], "\n")
        #expect(input.read() == ["q"])
        close(ends[1])
        #expect(input.read() == [])
        #expect(input.descriptor == nil)
    }

    @Test func aLongLineIsCutSoAPipeCannotMakeTheWatcherHoldMuch() {
        let input = WatchInput(descriptor: -1, mode: .lines)
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: 10_000) + [UInt8(ascii: "\n")]
        #expect(input.keys(in: long[...]) == [String(repeating: "x", count: WatchInput.longestLine)])
    }

    @Test func onATerminalEachKeyIsOneKeyAndAnEscapeSequenceNone() {
        let input = WatchInput(descriptor: -1, mode: .keys)
        #expect(input.keys(in: Array("fa".utf8)[...]) == ["f", "a"])
        #expect(input.keys(in: [0x1B, UInt8(ascii: "["), UInt8(ascii: "A")][...]) == [])
    }

    @Test func theTerminalModeIsNonCanonicalWithoutEchoAndGivenBack() throws {
        var main: Int32 = -1, terminal: Int32 = -1
        try #require(openpty(&main, &terminal, nil, nil, nil) == 0)
        defer { close(main); close(terminal) }
        var before = termios()
        #expect(tcgetattr(terminal, &before) == 0)
        #expect(before.c_lflag & tcflag_t(ICANON) != 0 && before.c_lflag & tcflag_t(ECHO) != 0)

        #expect(TerminalMode.enterKeys(terminal))
        var keys = termios()
        #expect(tcgetattr(terminal, &keys) == 0)
        #expect(keys.c_lflag & tcflag_t(ICANON) == 0 && keys.c_lflag & tcflag_t(ECHO) == 0)
        // Ctrl-C still interrupts.
        #expect(keys.c_lflag & tcflag_t(ISIG) != 0)

        TerminalMode.restore()
        var after = termios()
        #expect(tcgetattr(terminal, &after) == 0)
        #expect(after.c_lflag == before.c_lflag)
        // A second restore (exit after Ctrl-C) changes nothing.
        TerminalMode.restore()
    }

    func write(_ fd: Int32, _ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { Glibc.write(fd, $0.baseAddress, $0.count - 1) }
    }
}
