import Testing
@testable import PieceKit

/// The seed's Tools: 44-point pencil and eraser, HStack spacing 16 in a container of spacing 16, toggled on
/// `.bouncy` (duration 0.5, bounce 0.3). Placed 16 in from the safe area's top leading corner: pencil at
/// (16, 59 + 16 = 75), eraser at 16 + 44 + 16 = 76.
@Suite struct ToolsTests {
    func tools(expanded: Bool = false, _ environment: PieceEnvironment = PieceEnvironment()) throws -> GlassRig<ToolsPiece> {
        try GlassRig(environment: environment) { stage in try ToolsPiece(context: stage, expanded: expanded) }
    }

    @Test func atRestTheButtonsStandExactlyTheSpacingApartAndDoNotMerge() throws {
        let rig = try tools(expanded: true)
        #expect(rig.element("shape.pencil")?.rect == Rect(x: 16, y: 75, width: 44, height: 44))
        #expect(rig.element("shape.eraser")?.rect == Rect(x: 76, y: 75, width: 44, height: 44))
        // 76 − (16 + 44) = 16: equal to the spacing, so apart.
        #expect(rig.element("neck.pencil+eraser") == nil)
        #expect(rig.merges().first?.pairs == "")
    }

    @Test func theEraserIsBornInsideThePencilAndMergedWithIt() throws {
        let rig = try tools()
        rig.piece.toggle()
        try rig.stage.renderFrame()
        // Its first frame: the pencil's frame and radius exactly, so the two are one shape (gap −44).
        #expect(rig.element("shape.eraser")?.rect == Rect(x: 16, y: 75, width: 44, height: 44))
        #expect(rig.value("shape.eraser", "radius") == 22)
        #expect(rig.value("neck.pencil+eraser", "gap") == -44)
        #expect(rig.merges().last?.joined == "pencil+eraser")
        #expect(rig.piece.expanded)
    }

    @Test func theBouncyToggleOvershootsByItsClosedForm() throws {
        // .bouncy: period 0.5 s, damping ratio 1 − 0.3 = 0.7. From rest the first peak passes the target by
        // exp(−ζπ / √(1 − ζ²)) = exp(−0.7π / √0.51) = 0.045988 of the travel, at π / ω_d =
        // π / (4π · √0.51) = 0.35007 s. The eraser travels 60 points (16 → 76): it peaks at 76 + 2.7593 = 78.7593.
        let rig = try tools()
        let begin = rig.stage.now + 1.0 / 120
        rig.piece.toggle()
        try rig.stage.settle()
        let xs = rig.stage.history.filter { $0.time >= begin }.compactMap { rig.value("shape.eraser", "x", in: $0) }
        let peak = try #require(xs.max())
        // The frame nearest the peak is 0.35 s in, 0.00007 s early: the value differs by about ½ x'' dt², far
        // below 1e-4.
        #expect(abs(peak - (76 + 60 * 0.045988)) < 1e-3)
        let peakFrame = try #require(rig.stage.history.first { rig.value("shape.eraser", "x", in: $0) == peak })
        #expect(abs(peakFrame.time - begin - 0.35) < 1e-9)
        #expect(rig.value("shape.eraser", "x") == 76)
    }

    @Test func theNeckBreaksWhenTheEraserFirstReachesItsRestingGap() throws {
        // The gap is x − 60; it reaches 16 when x first crosses 76, the spring's first crossing of its target:
        // cos(ω_d t) + (ζ / √(1 − ζ²)) sin(ω_d t) = 0, so ω_d t = π − atan(√0.51 / 0.7), t = 0.26144 s. The first
        // frame at or after begin + 0.26144 is the parting frame.
        let rig = try tools()
        let begin = rig.stage.now + 1.0 / 120
        rig.piece.toggle()
        try rig.stage.settle()
        let parted = try #require(rig.merges().first { $0.parted == "pencil+eraser" })
        let expected = (((begin + 0.261438) * 120).rounded(.up)) / 120
        #expect(abs(parted.time - expected) < 1e-9)
        // Settled exactly 16 apart: apart again at the end.
        #expect(rig.merges().last?.pairs == "")
        #expect(rig.element("neck.pencil+eraser") == nil)
    }

    @Test func closingMeltsTheEraserIntoThePencilThenTakesItOut() throws {
        let rig = try tools(expanded: true)
        rig.piece.toggle()
        try rig.stage.settle()
        #expect(rig.element("shape.eraser") == nil)
        // The last frame that still shows it has it home inside the pencil, as far as the eye can tell.
        let last = try #require(rig.stage.history.last { rig.element("shape.eraser", in: $0) != nil })
        let x = try #require(rig.value("shape.eraser", "x", in: last))
        #expect(abs(x - 16) < 0.01)
        #expect(!rig.piece.expanded)
    }

    @Test func aTapOnThePencilToggles() throws {
        let rig = try tools()
        try rig.stage.tap(on: rig.piece, at: Point(x: 38, y: 97))
        #expect(rig.piece.expanded)
        #expect(rig.piece.ids == ["pencil", "eraser"])
    }

    @Test func rightToLeftStartsFromTheTrailingSide() throws {
        // 393 − 16 − 44 = 333 for the pencil; 333 − 60 = 273 for the eraser.
        let rig = try tools(expanded: true, PieceEnvironment(layoutDirection: .rightToLeft))
        #expect(rig.value("shape.pencil", "x") == 333)
        #expect(rig.value("shape.eraser", "x") == 273)
    }
}
