import Testing
@testable import PieceKit

/// The container's rule: shapes strictly closer than its spacing share a neck; at or beyond it they stand apart.
@Suite struct GlassMergeRuleTests {
    /// A circle of radius 22 centred at (cx, 0).
    func ball(_ name: String, _ cx: Double) -> LiquidShape {
        LiquidShape(name: name, center: Point(x: cx, y: 0), halfWidth: 22, halfHeight: 22, radius: 22)
    }

    @Test func circlesCloserThanTheSpacingMerge() {
        // Centres 59.9 apart: 59.9 − 22 − 22 = 15.9 < 16.
        #expect(Liquid.mergedPairs([ball("a", 0), ball("b", 59.9)], spacing: 16) == ["a+b"])
    }

    @Test func aGapExactlyEqualToTheSpacingStaysApart() {
        // Centres 60 apart: 60 − 44 = 16, not closer than 16.
        let a = ball("a", 0), b = ball("b", 60)
        #expect(a.gap(to: b) == 16)
        #expect(Liquid.mergedPairs([a, b], spacing: 16).isEmpty)
        #expect(!Liquid.merges(gap: 16, spacing: 16))
    }

    @Test func aGapBeyondTheSpacingStaysApartAndAWiderSpacingReachesIt() {
        // 70 − 44 = 26 apart: not within 16, within 30.
        #expect(Liquid.mergedPairs([ball("a", 0), ball("b", 70)], spacing: 16).isEmpty)
        #expect(Liquid.mergedPairs([ball("a", 0), ball("b", 70)], spacing: 30) == ["a+b"])
    }

    @Test func roundedRectsMeasureCornerToCornerOnADiagonal() {
        // Two 100 × 60 rects with corners of 24, the second 130 right and 90 down. The nearest corners' arc centres
        // are at (50 − 24, 30 − 24) = (26, 6) and (130 − 26, 90 − 6) = (104, 84): 78 apart each way, so
        // 78 √2 = 110.3087 between them, less 24 + 24: 62.3087.
        let a = LiquidShape(name: "a", center: Point(x: 0, y: 0), halfWidth: 50, halfHeight: 30, radius: 24)
        let b = LiquidShape(name: "b", center: Point(x: 130, y: 90), halfWidth: 50, halfHeight: 30, radius: 24)
        #expect(abs(a.gap(to: b) - (78 * 2.0.squareRoot() - 48)) < 1e-12)
        #expect(abs(a.gap(to: b) - 62.3087) < 1e-4)
    }

    @Test func capsulesSideBySideMeasureBetweenTheirEnds() {
        // Capsules 100 × 44 centred 120 apart on one line: the first ends at 50, the second starts at 70.
        let a = LiquidShape(name: "a", center: Point(x: 0, y: 0), halfWidth: 50, halfHeight: 22, radius: 22)
        let b = LiquidShape(name: "b", center: Point(x: 120, y: 0), halfWidth: 50, halfHeight: 22, radius: 22)
        #expect(a.gap(to: b) == 20)
    }

    @Test func aCircleAgainstARoundedRectMeasuresFromItsCentre() {
        // A 200 × 100 rect with corners of 24 centred at the origin; a circle of radius 10 at (100 + 30, 0) sits
        // 30 − 10 = 20 off its right side.
        let card = LiquidShape(name: "card", center: .zero, halfWidth: 100, halfHeight: 50, radius: 24)
        let dot = LiquidShape(name: "dot", center: Point(x: 130, y: 0), halfWidth: 10, halfHeight: 10, radius: 10)
        #expect(card.gap(to: dot) == 20)
        #expect(dot.gap(to: card) == 20)
    }

    @Test func pairsAreNamedInDrawingOrder() {
        // a–b 15.9 apart, b–c 15.9 apart, a–c far.
        let shapes = [ball("a", 0), ball("b", 59.9), ball("c", 119.8)]
        #expect(Liquid.mergedPairs(shapes, spacing: 16) == ["a+b", "b+c"])
    }
}
