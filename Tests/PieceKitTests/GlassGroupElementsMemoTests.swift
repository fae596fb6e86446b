import Testing
@testable import PieceKit

/// A glass group is handed back the list it made last (by the stage's memo of its input) while nothing its elements are
/// made from has changed. Each test asks first (so a list is kept), changes one thing, and asks again: a kept list that
/// missed the change would show the old numbers. Expected numbers are worked by hand beside them.
@Suite struct GlassGroupElementsMemoTests {
    private func group(_ shapes: [GlassShapeSpec]) throws -> GlassRig<GlassGroupPiece> {
        try GlassRig { stage in try GlassGroupPiece(context: stage, spacing: 16, shapes: shapes) }
    }

    private func targets(_ rig: GlassRig<GlassGroupPiece>, in environment: PieceEnvironment? = nil) -> [Element] {
        rig.stage.askedElements(of: rig.piece, in: environment)
    }

    private func element(_ name: String, _ list: [Element]) -> Element? {
        list.first { $0.name == name }
    }

    private func storage(_ list: [Element]) -> UnsafeRawPointer? {
        list.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func askingAgainWithNothingChangedHandsBackTheSameList() throws {
        let rig = try group([circle("a", x: 0), circle("b", x: 70)])
        #expect(storage(targets(rig)) != nil && storage(targets(rig)) == storage(targets(rig)))
    }

    @Test func aNewSpacingAndTheNeckItMakesShowAtOnce() throws {
        // 26 apart (x 0–44 and 70–114): apart at a spacing of 16, merged at 30.
        let rig = try group([circle("a", x: 0), circle("b", x: 70)])
        #expect(element("group", targets(rig))?.number(named: "spacing") == 16)
        #expect(element("neck.a+b", targets(rig)) == nil)
        try rig.piece.setSpacing(30)
        #expect(element("group", targets(rig))?.number(named: "spacing") == 30)
        try rig.stage.frames(2)
        #expect(element("neck.a+b", targets(rig))?.number(named: "gap") == 26)
    }

    @Test func insertingAndRemovingChangeTheShapes() throws {
        let rig = try group([circle("a", x: 0)])
        #expect(element("shape.b", targets(rig)) == nil)
        try rig.piece.insert(circle("b", x: 60), animation: nil)
        #expect(element("shape.b", targets(rig))?.number(named: "x") == 60)
        #expect(element("shape.b", targets(rig))?.attribute(named: "removing") == .bool(false))
        try rig.piece.remove("b", animation: .smooth)
        // On its way out it melts into a: a's frame, x 0, and it says it is leaving.
        #expect(element("shape.b", targets(rig))?.number(named: "x") == 0)
        #expect(element("shape.b", targets(rig))?.attribute(named: "removing") == .bool(true))
    }

    @Test func aFingerSwellsAnInteractiveShape() throws {
        let rig = try group([circle("a", x: 100, interactive: true)])
        #expect(element("shape.a", targets(rig))?.number(named: "scale") == 1)
        // The circle's centre: (100 + 22, 100 + 22).
        let finger = try rig.stage.touchDown(on: rig.piece, at: Point(x: 122, y: 122))
        try rig.stage.advance(0.05)
        // Interactive glass swells by 1.08 under a finger.
        #expect(element("shape.a", targets(rig))?.number(named: "scale") == 1.08)
        try finger.cancel()
        try rig.stage.settle()
        #expect(element("shape.a", targets(rig))?.number(named: "scale") == 1)
    }

    @Test func theEnvironmentChangesHowTheGlassIsDrawn() throws {
        let rig = try group([circle("a", x: 0)])
        // The lift shadow: 0.07 in light mode, none in dark.
        #expect(element("group", targets(rig))?.number(named: "liftOpacity") == 0.07)
        var dark = rig.stage.environment
        dark.colorScheme = .dark
        #expect(element("group", targets(rig, in: dark))?.number(named: "liftOpacity") == 0)
        var solid = rig.stage.environment
        solid.reduceTransparency = true
        // Reduce Transparency: no container, so nothing merges, and the glass is a solid fill.
        #expect(element("group", targets(rig, in: solid))?.attribute(named: "merging") == .bool(false))
        #expect(element("shape.a", targets(rig, in: solid))?.attribute(named: "material") == .text("solid"))
        #expect(element("shape.a", targets(rig))?.attribute(named: "material") == .text("glass"))
    }
}
