import Testing
@testable import PieceKit

/// The beam's path, head, strokes and glow, worked by hand. The card used below: a 201.5 × 101.5 frame at the
/// origin with a 1.5 line, so the path runs round the rect (0.75, 0.75, 200, 100) with a 20-point radius:
/// tops 200 − 40 = 160, sides 100 − 40 = 60, corners ½π·20 = 10π ≈ 31.4159; length 320 + 120 + 40π ≈ 565.6637.
@Suite struct BorderBeamTests {
    private func near(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
        guard let a else { return false }
        return abs(a - b) <= tolerance
    }

    private let card = Rect(x: 0, y: 0, width: 201.5, height: 101.5)
    private let length = 440 + 40 * Double.pi

    @Test func thePathIsTheShapeInsetByHalfTheLine() {
        let path = BeamPath(shape: .roundedRectangle(radius: 20), frame: card, lineWidth: 1.5)
        #expect(path.rect == Rect(x: 0.75, y: 0.75, width: 200, height: 100))
        #expect(near(path.length, 565.6637061, 1e-6))
    }

    @Test func theHeadStartsWhereTheTopLeftCornerEndsAndRunsClockwise() {
        let path = BeamPath(shape: .roundedRectangle(radius: 20), frame: card, lineWidth: 1.5)
        let start = path.point(at: 0)
        #expect(near(start.x, 20.75) && near(start.y, 0.75))                // minX + r, minY
        let midTop = path.point(at: 80 / length)                           // 80 points along the top
        #expect(near(midTop.x, 100.75) && near(midTop.y, 0.75))
        let halfCorner = path.point(at: (160 + 5 * Double.pi) / length)    // halfway round the top-right corner
        #expect(near(halfCorner.x, 180.75 + 20 * 0.70710678, 1e-6))        // centre (180.75, 20.75), at −45°
        #expect(near(halfCorner.y, 20.75 - 20 * 0.70710678, 1e-6))
        let rightSide = path.point(at: (160 + 10 * Double.pi + 30) / length)  // 30 points down the right side
        #expect(near(rightSide.x, 200.75) && near(rightSide.y, 50.75))
        let bottom = path.point(at: (160 + 20 * Double.pi + 60 + 10) / length)  // 10 points left along the bottom
        #expect(near(bottom.x, 170.75) && near(bottom.y, 100.75))
    }

    @Test func aCapsulesRadiusIsHalfItsShorterSide() {
        let path = BeamPath(shape: .capsule, frame: Rect(x: 0, y: 0, width: 101.5, height: 41.5), lineWidth: 1.5)
        // Inset (0.75, 0.75, 100, 40): radius 20, tops 60, no sides, two half circles: 120 + 40π ≈ 245.6637.
        #expect(path.radius == 20)
        #expect(near(path.length, 245.6637061, 1e-6))
    }

    @Test func aRadiusLargerThanTheShapeIsHeldToHalfItsShorterSide() {
        let path = BeamPath(shape: .roundedRectangle(radius: 80), frame: card, lineWidth: 1.5)
        #expect(path.radius == 50)
    }

    @Test func theHeadIsTheFractionalPartOfLapsPlusStart() {
        #expect(near(BorderBeam.head(at: 1.25, lap: 5, start: 0), 0.25))     // 1.25 / 5
        #expect(near(BorderBeam.head(at: 1.25, lap: 5, start: 0.5), 0.75))
        #expect(near(BorderBeam.head(at: 6, lap: 5, start: 0), 0.2))         // 1.2 laps
        #expect(near(BorderBeam.head(at: 4, lap: 8, start: 0.5), 0))         // 0.5 + 0.5 is a whole lap
        #expect(near(BorderBeam.head(at: 0, lap: 5, start: -0.25), 0.75))    // a negative start wraps forward
    }

    @Test func strokeOpacitiesStackToTheSquareOfTheShare() {
        #expect(near(BorderBeam.strokeOpacity(0), 1.0 / 256))       // T(0) = (1/16)² over nothing
        #expect(near(BorderBeam.strokeOpacity(1), 3.0 / 255))       // 1 − (252/256)/(255/256)
        #expect(near(BorderBeam.strokeOpacity(14), 29.0 / 60))      // 1 − (31/256)/(60/256)
        #expect(near(BorderBeam.strokeOpacity(15), 1))              // T(15) = 1
        // Over piece 7 the first eight strokes lie on top of one another: together (8/16)² = 0.25.
        var through = 1.0
        for k in 0...7 { through *= 1 - BorderBeam.strokeOpacity(k) }
        #expect(near(1 - through, 0.25))
    }

    @Test func strokeSpansWrapAcrossThePathsStart() {
        // Head 0.1, tail 0.25.
        #expect(BorderBeam.span(stroke: 0, head: 0.1, tail: 0.25)
            == .init(from: 0.1 - 0.25 + 1, to: 0.1, wraps: true))                      // from 0.85
        let ninth = BorderBeam.span(stroke: 9, head: 0.1, tail: 0.25)                 // 0.1 − 0.109375
        #expect(near(ninth.from, 0.990625) && ninth.wraps)
        let tenth = BorderBeam.span(stroke: 10, head: 0.1, tail: 0.25)                // 0.1 − 0.09375
        #expect(near(tenth.from, 0.00625) && !tenth.wraps)
        let last = BorderBeam.span(stroke: 15, head: 0.1, tail: 0.25)                 // 0.1 − 0.015625
        #expect(near(last.from, 0.084375) && near(last.to, 0.1))
        let atStart = BorderBeam.span(stroke: 0, head: 0, tail: 0.25)
        #expect(near(atStart.from, 0.75) && atStart.to == 1 && !atStart.wraps)
    }

    @Test func theBeamOnAStageDrawsEveryFrameFromStageTime() throws {
        let stage = try Stage(fps: 120)
        let beam = BorderBeamPiece(context: stage, shape: .roundedRectangle(radius: 20), frame: card)
        try stage.add(beam)
        try stage.advance(0.5)
        // 0.5 s of a 5 s lap: head 0.1, 0.1 × 565.6637 = 56.566 points along the top: x = 20.75 + 56.566.
        let frame = try #require(stage.latestFrame)
        #expect(near(frame["borderBeam", "beam.1"]?["head"], 0.1))
        #expect(near(frame["borderBeam", "beam.1"]?["x"], 20.75 + 0.1 * length))
        #expect(near(frame["borderBeam", "beam.1.stroke.1"]?["from"], 0.85))
        #expect(frame["borderBeam", "beam.1.stroke.1"]?.attribute("wraps") == .bool(true))
        #expect(near(frame["borderBeam", "beam.1.stroke.16"]?["opacity"], 1))
        #expect(frame["borderBeam", "beam.1.bloom"]?["width"] == 3)      // 1.5 × 2
        #expect(frame["borderBeam", "beam.1.bloom"]?["blur"] == 4)
        #expect(frame["borderBeam", "beam.1.bloom"]?["opacity"] == 0.8)
        try stage.frames(1)                                             // every frame: 0.5 + 1/120 s
        #expect(near(stage.latestFrame?["borderBeam", "beam.1"]?["head"], (0.5 + 1.0 / 120) / 5))
        #expect(try stage.settle() == 0)
    }

    @Test func twinBeamsRunHalfALapApart() throws {
        let stage = try Stage(fps: 60)
        let beam = BorderBeamPiece(context: stage, shape: .roundedRectangle(radius: 28),
                                   frame: Rect(x: 20, y: 100, width: 353, height: 200), lap: 8,
                                   starts: BorderBeam.twinStarts)
        try stage.add(beam)
        try stage.advance(2)
        #expect(near(beam.heads[0], 0.25))          // 2 / 8
        #expect(near(beam.heads[1], 0.75))          // 0.25 + 0.5
    }

    @Test func reduceMotionDrawsNothing() throws {
        let stage = try Stage(environment: PieceEnvironment(reduceMotion: true), fps: 60)
        let beam = BorderBeamPiece(context: stage, shape: .capsule, frame: card)
        try stage.add(beam)
        try stage.advance(1)
        #expect(stage.latestFrame?.piece("borderBeam")?.elements.isEmpty ?? true)
        #expect(beam.timeline.updateCount == 0)
    }

    @Test func noBloomMeansNoGlowCopy() throws {
        let stage = try Stage(fps: 60)
        try stage.add(BorderBeamPiece(context: stage, shape: .capsule, frame: card, bloom: 0))
        try stage.frames(1)
        #expect(stage.latestFrame?["borderBeam", "beam.1.bloom"] == nil)
    }
}
