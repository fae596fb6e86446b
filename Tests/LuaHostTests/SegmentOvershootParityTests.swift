import Foundation
import Testing
import PieceKit

/// One rule for a segment's overshoot: `toOvershootBy` (a series' `overshoot()`) calls the motion summary's
/// (`MotionSummary.overshoot(ofSegment:)`, in PieceKit), so the two give the same answer for the same values.
@Suite struct SegmentOvershootParityTests {
    static let segments: [[Double]] = [
        [0, 4, 8, 10],                       // never past its end: 0
        [0, 6, 12, 10],                      // 2 past 10 on a travel of 10: 0.2
        [10, 3, -1, 0],                      // downwards, 1 past 0: 0.1
        [0.6, 0.8, 1.0334, 0.99, 1],         // an elastic pop's segment: 0.0334 / 0.4 = 0.0835
        [64, 300, 608, 596, 600],            // an open on calm: 8 / 536
    ]

    @Test func aSeriesAndTheMotionSummaryMeasureASegmentsOvershootAlike() throws {
        let lists = Self.segments.map { "{" + $0.map { String($0) }.joined(separator: ", ") + "}" }.joined(separator: ", ")
        let printed = try printedByPassingTest("""
          for _, values in ipairs({ \(lists) }) do print(string.format("%.17g", series(values):overshoot())) end
        """, name: "parity.lua")
        #expect(printed.count == Self.segments.count)
        for (values, line) in zip(Self.segments, printed) {
            let swift = try #require(MotionSummary.overshoot(ofSegment: values))
            #expect(Double(line) == swift, "\(values): Lua \(line), Swift \(swift)")
        }
        // By hand, the first three: 0, 2 / 10, 1 / 10.
        #expect(Array(printed.prefix(3)).compactMap(Double.init) == [0, 0.2, 0.1])
    }

    @Test func aSeriesOfSomethingElseThanNumbersIsRefusedByName() throws {
        let line = try refusalLine(of: #"series({ 0, 1, "two" }):overshoot()"#, prelude: "", setup: "", name: "odd.lua")
        #expect(line.contains("series:overshoot: value 3 must be a number, got string"), "\(line)")
        // Fewer than two values, or no travel: no overshoot.
        let printed = try printedByPassingTest("print(series({}):overshoot(), series({ 3 }):overshoot(), series({ 2, 5, 2 }):overshoot())")
        #expect(printed == ["0\t0\t0"], "\(printed)")
    }
}
