import CLua
import PieceKit

/// `ui.scaledMetric(value, style, dynamicTypeSize)`: SwiftUI's `@ScaledMetric(relativeTo: style)` holding `value`,
/// read at a Dynamic Type size. A body needs it for numbers that grow with the text (a bar's height, an artwork's
/// side), and the scaling table lives in PieceKit (`DynamicType.scaled`), so a script asks for it rather than
/// keeping a copy that could drift from the one the Swift pieces use.
enum ScaledMetricBinding {
    static func function() -> LibraryFunction {
        LibraryFunction("scaledMetric",
                        "@ScaledMetric(relativeTo: style) holding value, at a Dynamic Type size (env.dynamicTypeSize), on the 3x pixel grid",
                        [.arg("value", "number", "pt"), .arg("style", "string"), .arg("dynamicTypeSize", "string")],
                        returns: "number") { c in
            let c = c.named("ui.scaledMetric")
            let value = try c.number(1, "a finite number of points")
            let styles = TextStyle.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            let styleName = try c.string(2, "a text style (one of \(styles))")
            guard let style = TextStyle(rawValue: styleName) else {
                throw c.argumentError(2, "a text style: one of \(styles)", got: "\"\(styleName)\"")
            }
            let sizes = DynamicTypeSize.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            let sizeName = try c.string(3, "a Dynamic Type size such as env.dynamicTypeSize (one of \(sizes))")
            guard let size = DynamicTypeSize(rawValue: sizeName) else {
                throw c.argumentError(3, "a Dynamic Type size: one of \(sizes)", got: "\"\(sizeName)\"")
            }
            let scaled = DynamicType.scaled(value, relativeTo: style, size)
            // A value near the largest double overflows when scaled up: refused, never handed on as infinity.
            guard scaled.isFinite else { throw c.argumentError(1, "a number of points small enough to scale", got: "\(number: value)") }
            c.push(scaled)
            return 1
        }
    }
}
