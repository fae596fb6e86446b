@testable import PieceKit

/// Widths easy to work by hand: every character is half its point size wide (17 pt → 8.5, 13 pt → 6.5), lines are
/// 1.2 × the size, and Dynamic Type multiplies every base value by `factor` (1 at Large).
struct HalfEmMeasure: ScrollIslandTextMeasure {
    var factor = 1.0
    func width(of text: String, size: Double, monospacedDigits: Bool) -> Double { Double(text.count) * size / 2 }
    func lineHeight(size: Double) -> Double { size * 1.2 }
    func scaled(_ value: Double, relativeTo base: ScrollIslandScaleBase, at dynamicTypeSize: DynamicTypeSize) -> Double {
        value * factor
    }
}

/// A recipe's six sections, titled so their widths are easy: "Overview" is 8 characters (68 points at 17).
let sixSections: [ScrollIslandSection] = [
    .init(id: "overview", title: "Overview", detail: "1 min"),
    .init(id: "ingredients", title: "Ingredients", detail: "2 min"),
    .init(id: "method", title: "Method", detail: "5 min"),
    .init(id: "serving", title: "Serving", detail: "2 min"),
    .init(id: "notes", title: "Notes", detail: "1 min"),
    .init(id: "extras", title: "Extras"),
]

func fortySections() -> [ScrollIslandSection] {
    (1...40).map { ScrollIslandSection(id: "s\($0)", title: "Part \($0)") }
}

/// iPhone-sized stage: 393 × 852, safe area 59 top and 34 bottom. The space given is 393 × 759 from y = 59, so the
/// island's bottom edge is at 59 + 759 − 8 = 810 and its centre line at x = 196.5.
func islandLayout(_ input: ScrollIslandInput, environment: PieceEnvironment = PieceEnvironment(),
                  factor: Double = 1) -> ScrollIslandLayout? {
    ScrollIslandLayout.make(input, environment: environment, measure: HalfEmMeasure(factor: factor))
}
