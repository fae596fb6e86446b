import Foundation
import Testing
@testable import LuaHost
@testable import PieceKit
@testable import LuaGoldens

/// Every host loop whose length a script decides asks the host's limits as it goes (`HostWork`), so a time or
/// memory limit stops it from inside, not after it. Each surface runs on an input long enough for several asks,
/// under a host that refuses at its first ask: the work must stop with the host's reason.
@Suite struct HostLoopSurfaceTests {
    struct Surface: Sendable, CustomTestStringConvertible {
        let name: String
        let run: @Sendable (inout HostWork) throws(HostLimitReached) -> Void
        var testDescription: String { name }
    }

    /// A log of `frames` frame lines of one element, under one header.
    static func log(frames: Int, x: Double = 0) -> String {
        var lines = [#"{"format":"piecebox-frames","version":1,"fps":120}"#]
        for i in 1...frames {
            lines.append(#"{"frame":\#(i),"t":\#(Double(i) / 120),"pieces":{"card":{"a":{"x":\#(x + Double(i)),"y":0}}},"events":[]}"#)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static let surfaces: [Surface] = [
        Surface(name: "the glass merge check's pairs") { work throws(HostLimitReached) in
            // 5,000 circles in a column: several thousand steps of the grids.
            let column = (0..<5_000).map {
                LiquidShape(name: "c\($0)", center: Point(x: 0, y: Double($0) * 100), halfWidth: 22, halfHeight: 22, radius: 22)
            }
            _ = try Liquid.mergingPairs(column, spacing: 16, work: &work)
        },
        Surface(name: "the merge event's joined and parted lists") { work throws(HostLimitReached) in
            let found = (0..<3_000).map { "a\($0)+b\($0)" }
            let before = (0..<3_000).map { "c\($0)+d\($0)" }
            _ = try LiquidMergeWatch.details(found: found, before: before, work: &work)
        },
        Surface(name: "a golden's lines cut into parts") { work throws(HostLimitReached) in
            _ = try FrameLogParts(text: log(frames: 5_000), work: &work)
        },
        Surface(name: "a golden's frames compared") { work throws(HostLimitReached) in
            var none = HostWork()
            let a = try FrameLogParts(text: log(frames: 5_000), work: &none)
            let g = try FrameLogParts(text: log(frames: 5_000, x: 1), work: &none)
            _ = try GoldenComparison().compare(actual: a, golden: g, work: &work)
        },
        Surface(name: "a golden's frames compared line by line") { work throws(HostLimitReached) in
            var none = HostWork()
            let a = try FrameLogParts(text: log(frames: 5_000), work: &none)
            let g = try FrameLogParts(text: log(frames: 5_000, x: 1), work: &none)
            _ = try GoldenComparison().compare(actual: a, golden: g, lines: 5_000, work: &work)
        },
        Surface(name: "a stage's frames written for its golden") { work throws(HostLimitReached) in
            guard let stage = try? Stage() else { return }
            _ = try? stage.frames(3_000)
            do { _ = try ScriptGoldens.log(of: stage, scenario: "s.lua", slice: .init(), work: &work) } catch {
                throw error as? HostLimitReached ?? HostLimitReached(reason: "\(error)")
            }
        },
    ]

    @Test(arguments: surfaces)
    func aLoopAScriptLengthensAsksTheHostAndStopsWhenRefused(_ surface: Surface) {
        var asks = 0
        var work = HostWork { _ in
            asks += 1
            return "time limit of 1 s exceeded"
        }
        #expect(throws: HostLimitReached(reason: "time limit of 1 s exceeded")) { try surface.run(&work) }
        #expect(asks == 1, "the work went on after the host refused")
    }

    @Test(arguments: surfaces)
    func aLoopWithinTheLimitsFinishes(_ surface: Surface) throws {
        var asks = 0
        var work = HostWork { _ in
            asks += 1
            return nil
        }
        try surface.run(&work)
        #expect(asks >= 2, "only \(asks) asks: the loop does not ask as it goes")
    }

    @Test func aFramesMergeCheckOverManyShapesAsksInsideTheFrame() throws {
        // The stage asks once before the frame and once before each time's work, whatever the group's size; a
        // check over 20,000 shapes also asks from inside its own loops, so it asks more than one over 20.
        func asks(shapes count: Int) throws -> Int {
            let stage = try Stage()
            let group = try GlassGroupPiece(context: stage, spacing: 16, shapes: (0..<count).map {
                GlassShapeSpec(id: "c\($0)", frame: Rect(x: 0, y: Double($0) * 100, width: 44, height: 44), form: .circle)
            })
            try stage.add(group)
            var asked = 0
            stage.interruption = { asked += 1; return nil }
            try stage.renderFrame()
            return asked
        }
        #expect(try asks(shapes: 20_000) > asks(shapes: 20))
    }
}
