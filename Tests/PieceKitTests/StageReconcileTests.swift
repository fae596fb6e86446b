import Testing
@testable import PieceKit

/// A piece whose element's numbers and attributes a test sets directly.
private final class DialPiece: StagePiece {
    let name = "dial"
    var numbers: [(String, Double)] = [("x", 0), ("y", 0)]
    var label = "A"
    func elements(in environment: PieceEnvironment, tokens: MotionTokens) -> [Element] {
        var element = Element("knob")
        for (name, value) in numbers { element.append(Element.Number(name, value)) }
        element.append(NamedValue("label", .text(label)))
        return [element]
    }
}

/// How a reconcile brings what a piece published up to date: in place when an element keeps its names, made again
/// when they change, with the same motion either way.
@Suite struct StageReconcileTests {
    @Test func anElementKeepingItsNamesIsUpdatedWhereItIs() throws {
        let stage = try Stage(fps: 120)
        let dial = DialPiece()
        try stage.add(dial)
        try stage.frames(1)
        // x moves from 0 to 120 on a 1 s linear curve starting at frame 2 (t = 2/120): frame 2 still shows 0,
        // frame 3 shows 1/120 of the way, 1 point. y and the label stay.
        stage.transact(Transaction(animation: .linear(duration: 1))) { dial.numbers = [("x", 120), ("y", 0)] }
        let slot = try #require(stage.slots.first)
        #expect(slot.elementsUpdatedInPlace == 1)
        try stage.frames(2)
        let x = try #require(stage.latestFrame?.value(at: "dial.knob.x"))
        #expect(abs(x - 1) < 1e-9)
        #expect(stage.latestFrame?.value(at: "dial.knob.y") == 0)
    }

    @Test func aNewLabelIsUpdatedInPlaceAndShowsInTheNextFrame() throws {
        let stage = try Stage(fps: 120)
        let dial = DialPiece()
        try stage.add(dial)
        try stage.frames(1)
        stage.transact(Transaction()) { dial.label = "B" }
        #expect(stage.slots.first?.elementsUpdatedInPlace == 1)
        try stage.frames(1)
        #expect(stage.latestFrame?["dial", "knob"]?.attribute("label") == .text("B"))
    }

    @Test func anElementGainingANumberIsMadeAgainAndTheNewNumberStartsAtItsTarget() throws {
        let stage = try Stage(fps: 120)
        let dial = DialPiece()
        try stage.add(dial)
        try stage.frames(1)
        // x keeps its animator (it moves on the curve, 1 point by frame 3); the new w appears at its target, 50.
        stage.transact(Transaction(animation: .linear(duration: 1))) {
            dial.numbers = [("x", 120), ("y", 0), ("w", 50)]
        }
        #expect(stage.slots.first?.elementsUpdatedInPlace == 0)
        try stage.frames(2)
        let x = try #require(stage.latestFrame?.value(at: "dial.knob.x"))
        #expect(abs(x - 1) < 1e-9)
        #expect(stage.latestFrame?.value(at: "dial.knob.w") == 50)
    }

    @Test func numbersTradingPlacesAreMatchedByName() throws {
        let stage = try Stage(fps: 120)
        let dial = DialPiece()
        dial.numbers = [("x", 10), ("y", 20)]
        try stage.add(dial)
        try stage.frames(1)
        // Same names, other order: no animator may move to the other name's place. Nothing moved, so the
        // values read as before.
        stage.transact(Transaction(animation: .linear(duration: 1))) { dial.numbers = [("y", 20), ("x", 10)] }
        #expect(stage.slots.first?.elementsUpdatedInPlace == 0)
        try stage.frames(1)
        #expect(stage.latestFrame?.value(at: "dial.knob.x") == 10)
        #expect(stage.latestFrame?.value(at: "dial.knob.y") == 20)
        #expect(stage.latestFrame?["dial", "knob"]?.numberNames == ["y", "x"])
    }
}
