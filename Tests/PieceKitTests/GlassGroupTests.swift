import Testing
@testable import PieceKit

/// A glass group's shapes, fingers and insertions, on the default screen.
@Suite struct GlassGroupTests {
    func group(spacing: Double = 16, _ shapes: [GlassShapeSpec],
               _ environment: PieceEnvironment = PieceEnvironment()) throws -> GlassRig<GlassGroupPiece> {
        try GlassRig(environment: environment) { stage in try GlassGroupPiece(context: stage, spacing: spacing, shapes: shapes) }
    }

    @Test func shapesPublishTheirOutlineAndRadius() throws {
        let card = GlassShapeSpec.tintedCard(id: "share", frame: Rect(x: 20, y: 300, width: 160, height: 64))
        let pill = GlassShapeSpec(id: "pill", frame: Rect(x: 20, y: 400, width: 120, height: 50), form: .capsule)
        let dot = GlassShapeSpec(id: "dot", frame: Rect(x: 20, y: 500, width: 60, height: 40), form: .circle)
        let rig = try group([card, pill, dot])
        #expect(rig.value("shape.share", "radius") == 24)
        #expect(rig.element("shape.share")?.attribute("tint") == .text("accent"))
        #expect(rig.value("shape.pill", "radius") == 25)
        // A circle fits its frame: the centred 40-point square, (20 + 10, 500).
        #expect(rig.element("shape.dot")?.rect == Rect(x: 30, y: 500, width: 40, height: 40))
        #expect(rig.value("shape.dot", "radius") == 20)
    }

    @Test func changingTheSpacingMergesShapesItNowReaches() throws {
        // 26 apart (x 0–44 and 70–114).
        let rig = try group([circle("a", x: 0), circle("b", x: 70)])
        #expect(rig.element("neck.a+b") == nil)
        try rig.piece.setSpacing(30)
        try rig.stage.frames(2)
        #expect(rig.value("neck.a+b", "gap") == 26)
        #expect(rig.merges().last?.pairs == "a+b")
    }

    @Test func anInsertWithoutAnimationAppearsAtRest() throws {
        let rig = try group([circle("a", x: 0)])
        try rig.piece.insert(circle("b", x: 60), animation: nil)
        try rig.stage.renderFrame()
        #expect(rig.value("shape.b", "x") == 60)
        #expect(rig.value("shape.b", "opacity") == 1)
    }

    @Test func anInsertGrowsOutOfTheNearestShape() throws {
        // b rests at x 100–144: 100 − 44 = 56 from a, 150 − 144 = 6 from c, so it grows out of c.
        let rig = try group([circle("a", x: 0), circle("c", x: 150)])
        try rig.piece.insert(circle("b", x: 100), animation: .smooth)
        try rig.stage.renderFrame()
        #expect(rig.value("shape.b", "x") == 150)
    }

    @Test func anInsertCanNameItsNeighbour() throws {
        let rig = try group([circle("a", x: 0), circle("c", x: 150)])
        try rig.piece.insert(circle("b", x: 100), from: "a", animation: .smooth)
        try rig.stage.renderFrame()
        #expect(rig.value("shape.b", "x") == 0)
    }

    @Test func reduceTransparencyFillsSolidAndNeverMerges() throws {
        // Overlapping shapes, which would merge through any spacing.
        let light = try group([circle("a", x: 0), circle("b", x: 20)], PieceEnvironment(reduceTransparency: true))
        #expect(light.value("shape.a", "white") == 0.97)
        #expect(light.value("shape.a", "rimOpacity") == 0.7)
        #expect(light.value("shape.a", "shadowOpacity") == 0.08)
        #expect(light.element("shape.a")?.attribute("material") == .text("solid"))
        #expect(light.value("group", "liftOpacity") == 0.07)
        #expect(light.element("neck.a+b") == nil)
        #expect(light.merges().allSatisfy { $0.pairs == "" })
        let dark = try group([circle("a", x: 0)], PieceEnvironment(colorScheme: .dark, reduceTransparency: true))
        #expect(dark.value("shape.a", "white") == 0.17)
        #expect(dark.value("shape.a", "rimOpacity") == 0.14)
        #expect(dark.value("shape.a", "shadowOpacity") == 0.32)
        #expect(dark.value("group", "liftOpacity") == 0)
    }

    @Test func aTintedShapeUnderReduceTransparencyIsFilledWithItsTint() throws {
        let rig = try group([.glassProminentButton(id: "buy", frame: Rect(x: 0, y: 0, width: 80, height: 44))],
                            PieceEnvironment(reduceTransparency: true))
        #expect(rig.value("shape.buy", "white") == nil)
        #expect(rig.element("shape.buy")?.attribute("tint") == .text("accent"))
    }

    @Test func withTransparencyTheSystemDrawsTheGlass() throws {
        let rig = try group([circle("a", x: 0), circle("b", x: 50)])
        #expect(rig.element("shape.a")?.attribute("material") == .text("glass"))
        #expect(rig.value("shape.a", "white") == nil)
        // 50 − 44 = 6 apart, inside 16.
        #expect(rig.value("neck.a+b", "gap") == 6)
    }

    @Test func reduceTransparencyFadesAnInsertedShapeInWhereItRests() throws {
        let rig = try group([circle("a", x: 0)], PieceEnvironment(reduceTransparency: true))
        try rig.piece.insert(circle("b", x: 60), animation: .smooth)
        try rig.stage.renderFrame()
        #expect(rig.value("shape.b", "x") == 60)
        #expect(rig.value("shape.b", "opacity") == 0)
        try rig.stage.settle()
        #expect(rig.value("shape.b", "opacity") == 1)
    }

    @Test func reduceMotionOpensAnInsertedShapeInPlace() throws {
        let rig = try group([circle("a", x: 0)], PieceEnvironment(reduceMotion: true))
        try rig.piece.insert(circle("b", x: 60), animation: .smooth)
        try rig.stage.renderFrame()
        #expect(rig.value("shape.b", "x") == 60)
        // The spring's first frame (elapsed 0) shows where it starts, to the last bit or so.
        #expect(abs(try #require(rig.value("shape.b", "scale")) - 0.001) < 1e-12)
        try rig.stage.settle()
        #expect(rig.value("shape.b", "scale") == 1)
    }

    @Test func interactiveGlassSwellsUnderAFinger() throws {
        let rig = try group([circle("a", x: 0, interactive: true)])
        let finger = try rig.stage.touchDown(on: rig.piece, at: Point(x: 22, y: 122))
        try rig.stage.advance(0.5)
        #expect(rig.value("shape.a", "scale") == GlassGroupPiece.swell)
        try finger.up()
        try rig.stage.settle()
        #expect(rig.value("shape.a", "scale") == 1)
    }

    @Test func underReduceMotionAPressShadesInstead() throws {
        let rig = try group([circle("a", x: 0, interactive: true)], PieceEnvironment(reduceMotion: true))
        _ = try rig.stage.touchDown(on: rig.piece, at: Point(x: 22, y: 122))
        try rig.stage.advance(0.5)
        #expect(rig.value("shape.a", "scale") == 1)
        // Light mode darkens by 0.08.
        #expect(rig.value("shape.a", "brightness") == -0.08)
    }

    @Test func thePiecesOwnPressLeansTowardTheFingerAndFollowsIt() throws {
        // A 100 × 44 pressed shape sinks to 1 − 2 · 2.5 / √(100 · 44) = 0.924622. A finger on its right edge
        // anchors 0.5 + 0.5 · 0.6 = 0.8 across, so the shape shifts (0.8 − 0.5) · 100 · (1 − 0.924622) = 2.26134
        // right; moved to the left edge it re-anchors at 0.2 and shifts as far left.
        let spec = GlassShapeSpec(id: "p", frame: Rect(x: 100, y: 100, width: 100, height: 44), form: .capsule, press: true)
        let rig = try group([spec])
        let finger = try rig.stage.touchDown(on: rig.piece, at: Point(x: 199, y: 122))
        try rig.stage.advance(0.5)
        #expect(abs(try #require(rig.value("shape.p", "scale")) - 0.924622) < 1e-6)
        // 199 is 0.99 across: 0.5 + 0.49 · 0.6 = 0.794, shift 0.294 · 100 · 0.075378 = 2.21611.
        #expect(abs(try #require(rig.value("shape.p", "x")) - (100 + 2.21611)) < 1e-4)
        try finger.move(to: Point(x: 100, y: 122))
        try rig.stage.frames(1)
        // 0.2 across: (0.2 − 0.5) · 100 · 0.075378 = −2.26134, at once (the lean follows the finger unanimated).
        #expect(abs(try #require(rig.value("shape.p", "x")) - (100 - 2.26134)) < 1e-4)
    }

    @Test func aTapReportsTheShapeToTheApp() throws {
        let rig = try group([circle("a", x: 0)])
        try rig.stage.tap(on: rig.piece, at: Point(x: 22, y: 122))
        let taps = rig.stage.history.flatMap(\.events).filter { $0.kind == .callback }
        #expect(taps.map { $0.detail(named: "id") } == [.text("a")])
    }

    @Test func aTouchOutsideACircleInItsFramesCornerPassesThrough() throws {
        // (2, 102) is inside the 44-point frame but 20 · √2 − 22 ≈ 6.3 outside the circle.
        let rig = try group([circle("a", x: 0)])
        try rig.stage.tap(on: rig.piece, at: Point(x: 2, y: 102))
        #expect(rig.stage.history.flatMap(\.events).allSatisfy { $0.kind != .callback })
    }

    @Test func badShapesAreRefusedByName() throws {
        let stage = try Stage()
        #expect(throws: GlassGroupError.duplicateID("a")) {
            try GlassGroupPiece(context: stage, spacing: 16, shapes: [circle("a", x: 0), circle("a", x: 60)])
        }
        #expect(throws: GlassGroupError.badSpacing(-1)) {
            try GlassGroupPiece(context: stage, spacing: -1, shapes: [])
        }
        let flat = GlassShapeSpec(id: "f", frame: Rect(x: 0, y: 0, width: 0, height: 10))
        #expect(throws: GlassGroupError.badFrame(id: "f", frame: flat.frame)) {
            try GlassGroupPiece(context: stage, spacing: 16, shapes: [flat])
        }
        let piece = try GlassGroupPiece(context: stage, spacing: 16, shapes: [circle("a", x: 0)])
        #expect(throws: GlassGroupError.unknownID("z", known: ["a"])) { try piece.remove("z", animation: nil) }
        #expect(throws: GlassGroupError.unknownNeighbour("z", known: ["a"])) {
            try piece.insert(circle("b", x: 60), from: "z", animation: .smooth)
        }
    }

    @Test func theFrameLogNamesReduceTransparencyOnlyWhenItIsOn() {
        // Logs kept from before the option existed must read the same, so "off" writes nothing.
        let off = FrameLog.header(scenario: "a.lua", test: nil, fps: 120, environment: PieceEnvironment(), tokens: MotionTokens())
        let on = FrameLog.header(scenario: "a.lua", test: nil, fps: 120,
                                 environment: PieceEnvironment(reduceTransparency: true), tokens: MotionTokens())
        #expect(!off.contains("reduceTransparency"))
        #expect(on.contains("\"isEnabled\":true,\"reduceTransparency\":true}"))
    }
}
