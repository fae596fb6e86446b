import Foundation
import Testing
@testable import piecebox
import LuaHost
import PieceKit

/// What a worker has handed the runner at each point of a file: what a stop there would leave the runner to report.
@Suite struct WorkerLinesTests {
    /// Everything written to the pipe so far, as the event names of its lines.
    private func eventsRead(from descriptor: Int32) -> [String] {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let n = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard n > 0 else { return [] }
        let text = String(decoding: buffer[0..<n], as: UTF8.self)
        return text.split(separator: "\n").map { line in
            guard let range = line.range(of: #""event":""#) else { return "?" }
            return String(line[range.upperBound...].prefix { $0 != "\"" })
        }
    }

    @Test func theLastTestsResultIsHandedOverBeforeTheFileIsClosed() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        let out = LineOut(descriptor: ends[1])
        let send = Worker.events(to: out)

        send(.planned(["first", "second"]))
        #expect(eventsRead(from: ends[0]) == [])  // the plan waits for the first start
        send(.testStarted("first"))
        #expect(eventsRead(from: ends[0]) == ["plan", "start"])
        send(.testFinished(TestResult(name: "first", status: .passed)))
        #expect(eventsRead(from: ends[0]) == [])  // held: the next start carries it
        send(.testStarted("second"))
        #expect(eventsRead(from: ends[0]) == ["result", "start"])
        // The plan's last result goes at once: a stop while the file is closed must not take it away.
        send(.testFinished(TestResult(name: "second", status: .passed)))
        #expect(eventsRead(from: ends[0]) == ["result"])
    }
}

/// The runner hands a worker its next file from the bytes of the "done" line, before parsing it: it must read
/// "the worker ends after this file" from those bytes exactly when the parsed line says so.
@Suite struct DoneLineHandOverTests {
    /// The "done" line `Worker.writeDone` writes for a one-test file, as bytes.
    private func doneLine(retire: Bool, message: String = "") throws -> ArraySlice<UInt8> {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let report = FileReport(path: "a.lua", tests: [TestResult(name: "t", status: .passed, message: message)])
        Worker.writeDone(report, retire: retire, out: LineOut(descriptor: ends[1]))
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let n = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
        try #require(n > 1)
        return buffer[0..<(n - 1)]  // without its newline, as the runner's line reader gives it
    }

    @Test func aRetiringWorkersDoneLineIsToldFromItsBytes() throws {
        let line = try doneLine(retire: true)
        #expect(WorkerPool.isDone(line))
        #expect(WorkerPool.retires(line))
        let parsed = JSONValue.parse(String(decoding: line, as: UTF8.self))
        guard case .bool(true)? = parsed?["retire"] else {
            Issue.record("the parsed line does not say it retires: \(String(decoding: line, as: UTF8.self))")
            return
        }
    }

    @Test func aWorkerThatCarriesOnIsNotTakenForOneThatRetires() throws {
        // A test's own message may hold the very words; only the line's end says whether the worker retires.
        let line = try doneLine(retire: false, message: #"ends with ,"retire":true}"#)
        #expect(WorkerPool.isDone(line))
        #expect(!WorkerPool.retires(line))
        let parsed = JSONValue.parse(String(decoding: line, as: UTF8.self))
        #expect(parsed != nil && parsed?["retire"] == nil)
    }
}
