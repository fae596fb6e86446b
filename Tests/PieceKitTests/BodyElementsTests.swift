import Testing
@testable import PieceKit

/// What a laid-out view publishes as an element, and which id a tree repeats: built by hand, so no engine is read.
@Suite struct BodyElementsTests {
    @Test func aTextPublishesItsRectDrawingAndTextProperties() {
        var text = LaidOutView(id: "title", frame: Rect(x: 80, y: 410, width: 110, height: 20))
        text.text = "Midnight Drive"; text.lines = 1; text.truncated = false
        text.font = Font(size: 15, weight: .semibold)
        text.opacity = 0.5
        let p = BodyElements.properties(of: text)
        #expect(p.numbers.map(\.name) == ["x", "y", "w", "h", "opacity", "rotation", "scaleX", "scaleY", "zIndex",
                                          "lines", "fontSize"])
        #expect(p.numbers.map(\.value) == [80, 410, 110, 20, 0.5, 0, 1, 1, 0, 1, 15])
        #expect(p.texts.map(\.name) == ["fontWeight", "text"])
        #expect(p.texts.map(\.value) == ["semibold", "Midnight Drive"])
        #expect(p.flags.map(\.name) == ["truncated"])
    }

    @Test func aShapePublishesItsCornerRadiusAndAHiddenViewSaysSo() {
        var shape = LaidOutView(id: "art", frame: Rect(x: 22, y: 411.5, width: 46, height: 46))
        shape.cornerRadius = 10
        shape.accessibilityHidden = true
        shape.contentShape = .capsule
        let p = BodyElements.properties(of: shape)
        #expect(p.numbers.last?.name == "cornerRadius" && p.numbers.last?.value == 10)
        #expect(p.texts.map(\.name) == ["contentShape"] && p.texts.first?.value == "Capsule")
        #expect(p.flags.map(\.name) == ["accessibilityHidden"])
    }

    @Test func anIdGivenTwiceIsFoundWhereverTheSecondIs() {
        let a = LayoutView(.text("a"), modifiers: [.id("a")])
        let inBackground = LayoutView(.shape(.circle), modifiers: [.id("a")])
        let tree = LayoutView(.vStack(alignment: .center, spacing: nil, children: [
            LayoutView(.text("b"), modifiers: [.id("b")]),
            LayoutView(.empty, modifiers: [.background(inBackground, alignment: .center)]),
            LayoutView(.button(label: a)),
        ]))
        #expect(BodyElements.firstRepeatedID(in: tree) == "a")
        let once = LayoutView(.hStack(alignment: .center, spacing: 4, children: [a, LayoutView(.text("c"), modifiers: [.id("c")])]))
        #expect(BodyElements.firstRepeatedID(in: once) == nil)
    }
}
