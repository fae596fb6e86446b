import Testing
@testable import PieceKit

@Suite struct GeometryTests {
    @Test func mirroringKeepsWidthAndFlipsTheLeadingEdge() {
        let r = Rect(x: 16, y: 10, width: 100, height: 20).mirrored(in: 393)
        #expect(r == Rect(x: 277, y: 10, width: 100, height: 20))
    }

    @Test func dynamicTypeSizesAreOrdered() {
        #expect(DynamicTypeSize.large < .accessibility1)
        #expect(DynamicTypeSize.accessibility1.isAccessibilitySize)
        #expect(!DynamicTypeSize.xxxLarge.isAccessibilitySize)
    }
}
