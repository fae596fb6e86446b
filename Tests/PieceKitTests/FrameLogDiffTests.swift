import Testing
@testable import PieceKit

@Suite struct JSONValueTests {
    @Test func objectsKeepTheOrderTheirKeysWereWrittenIn() throws {
        let value = try #require(JSONValue.parse(#"{"z":1,"a":[true,null,"x\n\u00e9"],"m":{"k":-2.5e1}}"#))
        guard case .object(let fields) = value else { Issue.record("not an object"); return }
        #expect(fields.map(\.key) == ["z", "a", "m"])
        #expect(value["a"] == .array([.bool(true), .null, .string("x\né")]))
        #expect(value["m"]?["k"]?.number == -25)
    }

    @Test(arguments: ["", "{", #"{"a":}"#, "[1,]", "tru", #"{"a":1} x"#, #""open"#, String(repeating: "[", count: 300)])
    func malformedTextIsNil(text: String) {
        #expect(JSONValue.parse(text) == nil)
    }
}

@Suite struct FrameLogDiffTests {
    let header = #"{"format":"piecebox.frames","version":1,"scenario":"examples/a.lua","fps":120}"#
    func frame(_ index: Int, h: Double, events: String = "[]") -> String {
        #"{"frame":\#(index),"t":\#(Double(index) / 120),"pieces":{"card":{"surface":{"x":16,"y":218,"w":361,"h":\#(h)}}},"events":\#(events)}"#
    }

    @Test(arguments: ["1e400", "-1e400", "1e300", "2.5"])
    func aFrameNumberNoIntCanHoldIsReportedWithoutAFrame(frame: String) throws {
        let actual = #"{"frame":\#(frame),"t":0.1,"pieces":{},"events":[]}"#
        let expected = #"{"frame":\#(frame),"t":0.2,"pieces":{},"events":[]}"#
        let difference = try #require(FrameLogDiff().differences(actual: actual, expected: expected).first)
        #expect(difference.frame == nil)
        #expect(difference.path == "t")
    }

    @Test func identicalLogsAgree() {
        let log = [header, frame(1, h: 100), frame(2, h: 120)].joined(separator: "\n") + "\n"
        #expect(FrameLogDiff().differences(actual: log, expected: log).isEmpty)
    }

    @Test func aDifferenceNamesTheLineFrameTimeAndPropertyWithBothValues() throws {
        let golden = [header, frame(1, h: 100), frame(2, h: 120)].joined(separator: "\n")
        let actual = [header, frame(1, h: 100), frame(2, h: 121.5)].joined(separator: "\n")
        let found = FrameLogDiff().differences(actual: actual, expected: golden)
        #expect(found.count == 1)
        let first = try #require(found.first)
        #expect(first.description == "line 3 (frame 2, t = 0.016667): pieces.card.surface.h is 121.5, expected 120")
    }

    @Test func numbersWithinTheToleranceAreEqualAndJustOutsideAreNot() {
        let golden = frame(1, h: 100)
        #expect(FrameLogDiff(tolerance: 0.0005).differences(actual: frame(1, h: 100.0004), expected: golden).isEmpty)
        #expect(FrameLogDiff(tolerance: 0.0005).differences(actual: frame(1, h: 100.0006), expected: golden).count == 1)
    }

    @Test func theHeadersScenarioPathIsNotComparedButEverythingElseIs() {
        let moved = header.replacingOccurrences(of: "examples/a.lua", with: "./examples/a.lua")
        #expect(FrameLogDiff().differences(actual: moved, expected: header).isEmpty)
        let faster = header.replacingOccurrences(of: #""fps":120"#, with: #""fps":60"#)
        #expect(FrameLogDiff().differences(actual: faster, expected: header).map(\.path) == ["fps"])
    }

    @Test func missingAndExtraLinesAndEventsAreReported() {
        let golden = [header, frame(1, h: 100), frame(2, h: 100)].joined(separator: "\n")
        let short = [header, frame(1, h: 100)].joined(separator: "\n")
        #expect(FrameLogDiff().differences(actual: short, expected: golden).map(\.actual) == ["missing (the log ends)"])
        let haptic = frame(1, h: 100, events: #"[{"kind":"haptic","piece":"card"}]"#)
        let diff = FrameLogDiff().differences(actual: haptic, expected: frame(1, h: 100))
        #expect(diff.map(\.path) == ["events"] && diff.first?.actual == "1 entries")
    }

    @Test func theLimitCapsTheReport() {
        let golden = (1...50).map { frame($0, h: 100) }.joined(separator: "\n")
        let actual = (1...50).map { frame($0, h: 200) }.joined(separator: "\n")
        #expect(FrameLogDiff().differences(actual: actual, expected: golden, limit: 7).count == 7)
    }
}
