import CLua
import PieceKit

/// `ui.scaledMetric(value, style, dynamicTypeSize)`: SwiftUI's `@ScaledMetric(relativeTo: style)` holding `value`,
/// read at a Dynamic Type size. A body needs it for numbers that grow with the text (a bar's height, an artwork's
/// side), and the scaling table lives in PieceKit (`DynamicType.scaled`), so a script asks for it rather than
/// keeping a copy that could drift from the one the Swift pieces use.
enum ScaledMetricBinding {
    /// A size in points, a text style and a Dynamic Type size, each of the names PieceKit knows.
    static var arguments: [ArgumentSpec] {
        let styles = TextStyle.allCases.map(\.rawValue), sizes = DynamicTypeSize.allCases.map(\.rawValue)
        return [.arg("value", "number", "pt", must: "a finite number of points small enough to scale"),
                .arg("style", "string", choice: styles, must: "a text style: one of " + styles.map { "\"\($0)\"" }.joined(separator: ", ")),
                .arg("dynamicTypeSize", "string", choice: sizes,
                     must: "a Dynamic Type size such as env.dynamicTypeSize: one of " + sizes.map { "\"\($0)\"" }.joined(separator: ", "))]
    }

    static func function() -> LibraryFunction {
        LibraryFunction("scaledMetric",
                        "@ScaledMetric(relativeTo: style) holding value, at a Dynamic Type size (env.dynamicTypeSize), on the 3x pixel grid",
                        arguments, returns: "number") { c in
            let c = c.named("ui.scaledMetric")
            let value = try c.number(1), style = try c.choice(2, TextStyle.self), size = try c.choice(3, DynamicTypeSize.self)
            let scaled = DynamicType.scaled(value, relativeTo: style, size)
            // A value near the largest double overflows when scaled up: refused, never handed on as infinity.
            guard scaled.isFinite else { throw c.argumentError(1, got: "\(number: value)") }
            c.push(scaled)
            return 1
        }
    }
}
