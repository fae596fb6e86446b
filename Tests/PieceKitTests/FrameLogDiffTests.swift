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

/// `piecebox diff --lines`: the golden comparison's findings one by one at their lines (frames matched by index).
@Suite struct FrameLogDiffTests {
    let header = #"{"format":"piecebox.frames","version":1,"scenario":"examples/a.lua","fps":120}"#
    func frame(_ index: Int, h: Double, events: String = "[]") -> String {
        #"{"frame":\#(index),"t":\#(Double(index) / 120),"pieces":{"card":{"surface":{"x":16,"y":218,"w":361,"h":\#(h)}}},"events":\#(events)}"#
    }

    func lines(_ actual: String, _ expected: String, tolerance: Double = 0.0005, limit: Int = 10) -> [LineDifference] {
        GoldenComparison(tolerance: .init(tolerance))
            .lineDifferences(actual: FrameLogParts(text: actual), golden: FrameLogParts(text: expected), limit: limit)
    }

    @Test(arguments: ["1e400", "-1e400", "1e300", "2.5"])
    func aFrameNumberNoIntCanHoldIsReportedWithoutAFrame(frame: String) throws {
        // Not a frame line (no whole index), so compared as a line that is not a frame: value by value.
        let actual = #"{"frame":\#(frame),"t":0.1,"pieces":{},"events":[]}"#
        let expected = #"{"frame":\#(frame),"t":0.2,"pieces":{},"events":[]}"#
        let difference = try #require(lines(actual, expected).first)
        #expect(difference.frame == nil)
        #expect(difference.path == "t")
        #expect(difference.description == "line 1: t is 0.1, expected 0.2")
    }

    @Test func identicalLogsAgree() {
        let log = [header, frame(1, h: 100), frame(2, h: 120)].joined(separator: "\n") + "\n"
        #expect(lines(log, log).isEmpty)
    }

    @Test func aDifferenceNamesTheLineFrameTimeAndPropertyWithBothValues() throws {
        let golden = [header, frame(1, h: 100), frame(2, h: 120)].joined(separator: "\n")
        let actual = [header, frame(1, h: 100), frame(2, h: 121.5)].joined(separator: "\n")
        let found = lines(actual, golden)
        #expect(found.count == 1)
        let first = try #require(found.first)
        // Frame 2 is the log's third line; t = 2 / 120 = 0.0166…, six decimals.
        #expect(first.description == "line 3 (frame 2, t = 0.016667): pieces.card.surface.h is 121.5, expected 120")
    }

    @Test func numbersWithinTheToleranceAreEqualAndJustOutsideAreNot() {
        let golden = frame(1, h: 100)
        #expect(lines(frame(1, h: 100.0004), golden, tolerance: 0.0005).isEmpty)
        #expect(lines(frame(1, h: 100.0006), golden, tolerance: 0.0005).count == 1)
    }

    @Test func theHeadersScenarioPathIsNotComparedButEverythingElseIs() {
        let moved = header.replacingOccurrences(of: "examples/a.lua", with: "./examples/a.lua")
        #expect(lines(moved, header).isEmpty)
        let faster = header.replacingOccurrences(of: #""fps":120"#, with: #""fps":60"#)
        #expect(lines(faster, header).map(\.description) == ["line 1: fps is 60, expected 120"])
    }

    @Test func missingAndExtraFramesAndEventsAreReported() {
        let golden = [header, frame(1, h: 100), frame(2, h: 100)].joined(separator: "\n")
        let short = [header, frame(1, h: 100)].joined(separator: "\n")
        // Frame 2 is only in the golden, at its third line.
        let missing = lines(short, golden)
        #expect(missing.map(\.actual) == ["absent"])
        #expect(missing.first?.description.hasPrefix(#"golden line 3 (frame 2, t = 0.016667): the line is absent, expected {"frame":2,"#) == true,
                "\(missing)")
        let long = [header, frame(1, h: 100), frame(2, h: 100), frame(3, h: 100)].joined(separator: "\n")
        let extra = lines(long, golden)
        #expect(extra.map(\.line) == [4] && extra.map(\.expected) == ["absent"], "\(extra)")
        // An event more: the list's count, then each of its values, which the golden lacks.
        let haptic = frame(1, h: 100, events: #"[{"kind":"haptic","piece":"card"}]"#)
        let diff = lines(haptic, frame(1, h: 100))
        #expect(diff.map(\.path) == ["events.count", "events[1].kind", "events[1].piece"])
        #expect(diff.first?.actual == "1" && diff.first?.expected == "0")
    }

    @Test func aTestGainingAFrameShiftsNoLaterFrame() {
        // Frame 1 is new at the log's start; frames 2 and 3 are unchanged, one line lower.
        let golden = [header, frame(2, h: 100), frame(3, h: 110)].joined(separator: "\n")
        let actual = [header, frame(1, h: 90), frame(2, h: 100), frame(3, h: 110)].joined(separator: "\n")
        #expect(lines(actual, golden).map(\.description) == [
            #"line 2 (frame 1, t = 0.008333): the line is "# + frame(1, h: 90).prefix(77) + "..., expected absent",
        ])
    }

    @Test func aTestsOtherFindingsAreAtTheirLinesInTheSummarysWords() {
        let named = header.replacingOccurrences(of: #""fps":120"#, with: #""test":"one","fps":120"#)
        // The golden: "one" makes two stages (lines 1–2 and 3–4). The log: one stage, then an error (line 3).
        let golden = [named, frame(1, h: 100), named, frame(1, h: 100)].joined(separator: "\n")
        let actual = [named, frame(1, h: 100), #"{"error":"boom","test":"one"}"#].joined(separator: "\n")
        #expect(lines(actual, golden).map(\.description) == [
            #"golden line 3: test "one": the test made 1 stage(s); the golden has 2"#,
            #"line 3: test "one": its error lines differ: now {"error":"boom","test":"one"}, golden none"#,
        ])
    }

    @Test func theLimitCapsTheReport() {
        let golden = (1...50).map { frame($0, h: 100) }.joined(separator: "\n")
        let actual = (1...50).map { frame($0, h: 200) }.joined(separator: "\n")
        #expect(lines(actual, golden, limit: 7).count == 7)
    }
}
