import Testing
@testable import PieceKit

/// The rim's white level at angles worked by hand (location = frac((angle − 200°) / 360°), then linear between
/// stops), and the metal button's size from the text metrics.
@Suite struct MetalRimTests {
    private func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    @Test func eachStopShowsItsOwnLevel() {
        #expect(near(MetalRim.white(atDegrees: 200), 0.08))     // location 0
        #expect(near(MetalRim.white(atDegrees: 236), 0.97))     // 200 + 0.10 × 360
        #expect(near(MetalRim.white(atDegrees: 308), 0.55))     // 200 + 0.30 × 360
        #expect(near(MetalRim.white(atDegrees: 2), 1))          // 200 + 162 = 362, one turn on
        #expect(near(MetalRim.white(atDegrees: 38), 0.17))      // 200 + 198 = 398
        #expect(near(MetalRim.white(atDegrees: 92), 0.86))      // 200 + 252 = 452
        #expect(near(MetalRim.white(atDegrees: 131.6), 0.08))   // 200 + 291.6 = 491.6
        #expect(near(MetalRim.white(atDegrees: 171.2), 0.97))   // 200 + 331.2 = 531.2
    }

    @Test func betweenStopsTheLevelBlendsLinearly() {
        #expect(near(MetalRim.white(atDegrees: 218), 0.525))    // location 0.05: halfway 0.08 → 0.97
        #expect(near(MetalRim.white(atDegrees: 20), 0.585))     // location 0.5: halfway 1 → 0.17
        // 0° (the right): location 160/360 = 4/9, (4/9 − 0.3)/0.15 = 0.962963 of 0.55 → 1: 0.983333.
        #expect(near(MetalRim.white(atDegrees: 0), 0.55 + 0.45 * (13.0 / 90) / 0.15))
        #expect(near(MetalRim.white(atDegrees: 0), 0.983333, 1e-6))
        // 270° (the top): location 70/360 = 0.194444, 0.472222 of 0.97 → 0.55: 0.771667.
        #expect(near(MetalRim.white(atDegrees: 270), 0.771667, 1e-6))
    }

    @Test func pastTheLastStopTheLevelHoldsUntilTheSeam() {
        #expect(near(MetalRim.white(atDegrees: 190), 0.97))     // location 0.972: after 0.92, held
        #expect(near(MetalRim.white(atDegrees: 199.999), 0.97))
        #expect(near(MetalRim.white(atDegrees: 200 - 360), 0.08))  // the seam, a turn back
        #expect(near(MetalRim.white(atDegrees: .nan), 0.08))
    }

    @Test func theAskButtonIsSizedByItsTitlesMetrics() throws {
        let stage = try Stage()
        let button = MetalButtonPiece()
        try stage.add(button)
        try stage.renderFrame()
        // "Ask" in 17 pt regular: A 1328 + s 1020 + k 1060 = 3408 units × 17/2048 = 28.2890625 points. With a
        // 17-point symbol and 8 between: 53.2890625; padded 22 a side: 97.2890625. Height: the 17 pt line box
        // (20.287 → ⌈60.86⌉ / 3 = 20.3333) + 2 × 13 = 46.3333. Centred on 393 × 852.
        let capsule = try #require(stage.latestFrame?["metalButton", "capsule"]?.rect)
        #expect(near(capsule.width, 97.2890625))
        #expect(near(capsule.height, 61.0 / 3 + 26))
        #expect(near(capsule.x, (393 - 97.2890625) / 2))
        #expect(near(capsule.y, (852 - (61.0 / 3 + 26)) / 2))
        let title = try #require(stage.latestFrame?["metalButton", "title"]?.rect)
        #expect(near(title.x, capsule.x + 22 + 17 + 8) && near(title.width, 28.2890625))
        #expect(stage.latestFrame?["metalButton", "capsule"]?["white"] == 0.05)
        #expect(stage.latestFrame?["metalButton", "title"]?["white"] == 0.96)
        #expect(stage.latestFrame?["metalButton", "rim"]?["width"] == 3)
    }

    @Test func rightToLeftTheLabelMirrorsInsideTheCapsule() throws {
        let stage = try Stage(environment: PieceEnvironment(layoutDirection: .rightToLeft))
        try stage.add(MetalButtonPiece())
        try stage.renderFrame()
        // The same 97.2890625-point capsule, centred; the label's leading edge is now its right: the 17-point symbol
        // ends 22 points inside the capsule's right edge, and the 28.2890625-point title ends 8 points before it,
        // which puts the title's left edge 22 points inside the capsule's left edge, as the padding says.
        let capsule = try #require(stage.latestFrame?["metalButton", "capsule"]?.rect)
        let symbol = try #require(stage.latestFrame?["metalButton", "symbol"]?.rect)
        let title = try #require(stage.latestFrame?["metalButton", "title"]?.rect)
        #expect(near(capsule.x, (393 - 97.2890625) / 2) && near(capsule.width, 97.2890625))
        #expect(near(symbol.x, capsule.x + 97.2890625 - 22 - 17) && near(symbol.width, 17))
        #expect(near(title.x, capsule.x + 22) && near(title.width, 28.2890625))
        #expect(near(title.x + title.width + 8, symbol.x))
    }

    @Test func theFaceKeepsItsLevelsInDarkMode() throws {
        let stage = try Stage(environment: PieceEnvironment(colorScheme: .dark))
        try stage.add(MetalButtonPiece())
        try stage.renderFrame()
        #expect(stage.latestFrame?["metalButton", "capsule"]?["white"] == 0.05)
        #expect(stage.latestFrame?["metalButton", "symbol"]?["white"] == 0.96)
    }

    @Test func aTapInsideCallsTheActionOnceAndOneOutsideDoesNothing() throws {
        let stage = try Stage()
        let button = MetalButtonPiece()
        try stage.add(button)
        try stage.renderFrame()
        let capsule = button.frame(in: stage.environment)
        try stage.tap(on: button, at: capsule.center)
        try stage.tap(on: button, at: Point(x: capsule.maxX + 10, y: capsule.midY))
        let calls = stage.history.flatMap(\.events).filter { $0.kind == .callback }
        #expect(calls.count == 1)
        #expect(calls.first?.detail(named: "name") == .text("action"))
    }
}
