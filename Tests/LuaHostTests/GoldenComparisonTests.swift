import Foundation
import Testing
@testable import LuaHost
@testable import PieceKit

/// Goldens compared by test, stage and frame: a change shows in its own test only, with a summary worked out by hand.
@Suite struct GoldenComparisonTests {
    /// A header line for `test`, as the stage writes it (only the keys the comparison reads matter).
    static func header(_ test: String?, scenario: String = "a.lua", fps: Int = 10) -> String {
        let name = test.map { "\"\($0)\"" } ?? "null"
        return #"{"format":"piecebox.frames","version":1,"scenario":"\#(scenario)","test":\#(name),"fps":\#(fps)}"#
    }

    /// A frame line with one element `card.surface` holding `h`, at 10 fps (t = index / 10).
    static func frame(_ index: Int, h: Double, y: Double = 0) -> String {
        let t = Double(index) / 10
        return #"{"frame":\#(index),"t":\#(fmt(t)),"pieces":{"card":{"surface":{"y":\#(fmt(y)),"h":\#(fmt(h))}}},"events":[]}"#
    }

    static func fmt(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : String(x) }

    static func log(_ tests: [(String?, [Double])]) -> String {
        var lines: [String] = []
        for (name, values) in tests {
            lines.append(header(name))
            for (i, h) in values.enumerated() { lines.append(frame(i + 1, h: h)) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func aChangeInOneTestIsReportedInThatTestOnly() {
        // Test "one" gains a frame at its start (every later line of the file shifts by one); test "two" is the same.
        let golden = Self.log([("one", [0, 0, 50, 100]), ("two", [7, 7, 7])])
        let actual = Self.log([("one", [0, 0, 0, 50, 100]), ("two", [7, 7, 7])])
        let found = GoldenComparison().compare(actual: FrameLogParts(text: actual), golden: FrameLogParts(text: golden))
        #expect(found.map(\.test) == [TestKey("one")])
        let summary = found.first?.summary() ?? ""
        #expect(!summary.contains("two"), "\(summary)")
        // Frames are matched by index: frame 3 is 0 now and 50 in the golden (by 50), frame 4 is 50 against 100
        // (by 50), and frame 5 is new.
        #expect(found.first?.frames.map(\.frame) == [3, 4])
        #expect(found.first?.properties.first?.path == "card.surface.h")
        #expect(found.first?.properties.first?.largest == 50)
        #expect(found.first?.problems.contains { $0.contains("1 frames the golden does not have (frame 5)") } == true,
                "\(found.first?.problems ?? [])")
    }

    @Test func aTestsStagesAreComparedInOrderAndCounted() {
        let golden = Self.log([("one", [1, 2]), ("one", [3])])
        let actual = Self.log([("one", [1, 2])])
        let found = GoldenComparison().compare(actual: FrameLogParts(text: actual), golden: FrameLogParts(text: golden))
        #expect(found.first?.problems.first == "the test made 1 stage(s); the golden has 2")
    }

    @Test func theSummaryGivesSettleTimeAndOvershootBeforeAndAfter() {
        // At rest at 0 until frame 2, then toward 100; the golden peaks at 110 and the log at 120.
        //   golden: 0 0 50 100 110 100 100 100; log: 0 0 50 100 120 100 100 100 (10 fps, t = frame / 10).
        // Movement zero: frame 2 (t = 0.2), the last sample at rest. Settle band: 0.5 % of the travel of 100 = 0.5;
        // the last sample outside it is frame 5 (110 or 120), so both settle from frame 6: 0.6 − 0.2 = 0.4 s.
        // Overshoot: (110 − 100) / 100 = 10 % before, (120 − 100) / 100 = 20 % after.
        let golden = Self.log([("open", [0, 0, 50, 100, 110, 100, 100, 100])])
        let actual = Self.log([("open", [0, 0, 50, 100, 120, 100, 100, 100])])
        let found = GoldenComparison().compare(actual: FrameLogParts(text: actual), golden: FrameLogParts(text: golden))
        let motion = found.first?.motion.first
        #expect(motion?.path == "card.surface.h")
        #expect(motion?.before.first?.start == 0.2)
        #expect(abs((motion?.before.first?.settleTime ?? 0) - 0.4) < 1e-9)
        #expect(abs((motion?.after.first?.settleTime ?? 0) - 0.4) < 1e-9)
        #expect(abs((motion?.before.first?.overshoot ?? 0) - 0.10) < 1e-9)
        #expect(abs((motion?.after.first?.overshoot ?? 0) - 0.20) < 1e-9)
        let summary = found.first?.summary() ?? ""
        #expect(summary.contains("1 of 8 frames differ (frame 5 (t = 0.5))"), "\(summary)")
        #expect(summary.contains("card.surface.h: by 10 at frame 5, t = 0.5: 120, golden 110"), "\(summary)")
        #expect(summary.contains("settles in 0.4 s → 0.4 s; overshoot 10 % → 20 %"), "\(summary)")
    }

    @Test func aPerPropertyToleranceLetsThatPropertyDrift() {
        // h differs by 0.3 in every frame; y by 0.3 in frame 1 only.
        let golden = [Self.header("t"), Self.frame(1, h: 10, y: 5)].joined(separator: "\n")
        let actual = [Self.header("t"), Self.frame(1, h: 10.3, y: 5.3)].joined(separator: "\n")
        let loose = GoldenComparison(tolerance: .init(0.0005, byProperty: ["h": 0.5]))
        let found = loose.compare(actual: FrameLogParts(text: actual), golden: FrameLogParts(text: golden))
        #expect(found.first?.properties.map(\.path) == ["card.surface.y"])
        let wholePath = GoldenComparison(tolerance: .init(0.0005, byProperty: ["card.surface.h": 0.5, "y": 1]))
        #expect(wholePath.compare(actual: FrameLogParts(text: actual), golden: FrameLogParts(text: golden)).isEmpty)
    }

    @Test func theHeadersScenarioPathIsNotCompared() {
        let golden = [Self.header("t", scenario: "a.lua"), Self.frame(1, h: 1)].joined(separator: "\n")
        let actual = [Self.header("t", scenario: "/abs/a.lua"), Self.frame(1, h: 1)].joined(separator: "\n")
        #expect(GoldenComparison().compare(actual: FrameLogParts(text: actual), golden: FrameLogParts(text: golden)).isEmpty)
        let otherFps = [Self.header("t", fps: 60), Self.frame(1, h: 1)].joined(separator: "\n")
        let found = GoldenComparison().compare(actual: FrameLogParts(text: otherFps), golden: FrameLogParts(text: golden))
        #expect(found.first?.problems == ["stage 1 header: fps is 60, golden 10"])
    }

    @Test func everyKeptGoldenCutsIntoPartsAndBackByteForByte() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("goldens")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jsonl") && !$0.hasSuffix(".actual.jsonl") }
        #expect(names.count >= 8)
        for name in names {
            let text = String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
            let parts = FrameLogParts(text: text)
            #expect(parts.text == text, "\(name)")
            #expect(GoldenComparison().compare(actual: parts, golden: FrameLogParts(text: text)).isEmpty, "\(name)")
        }
    }

    @Test func movementsRestAndMoveAgain() {
        // 0 until t = 0.1, up to 10 by t = 0.3, resting (0.2 s ≥ 0.1 s), back to 0 by t = 0.6, resting.
        let samples: [(time: Double, value: Double)] = [
            (0, 0), (0.1, 0), (0.2, 5), (0.3, 10), (0.4, 10), (0.5, 10), (0.6, 0), (0.7, 0), (0.8, 0),
        ]
        let moves = MotionSummary.movements(samples)
        #expect(moves.count == 2)
        // First: from 0 (rest at t = 0.1) to 10, inside the band (0.05) from t = 0.3: 0.2 s; never past 10.
        #expect(moves.first?.start == 0.1)
        #expect(abs((moves.first?.settleTime ?? 0) - 0.2) < 1e-9)
        #expect(moves.first?.overshoot == 0)
        // Second: from 10 (rest at t = 0.5) to 0 at t = 0.6: 0.1 s.
        #expect(moves.last?.start == 0.5)
        #expect(abs((moves.last?.settleTime ?? 0) - 0.1) < 1e-9)
    }

    @Test func aFlickerInTheLastDecimalIsNotAMovement() {
        let samples: [(time: Double, value: Double)] = [(0, 34), (0.1, 34.001), (0.2, 34), (0.3, 34), (0.4, 34)]
        #expect(MotionSummary.movements(samples).isEmpty)
    }
}
