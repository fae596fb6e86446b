/// SwiftUI's built-in text styles. Each one has a Dynamic Type curve (see `DynamicType`) and a default weight.
public enum TextStyle: String, Sendable, CaseIterable {
    case largeTitle, title, title2, title3, headline, body, callout, subheadline, footnote, caption, caption2

    /// The weight the system gives the style when none is asked for: only `headline` is heavier than regular.
    public var defaultWeight: FontWeight { self == .headline ? .semibold : .regular }
}

/// The nine system font weights, lightest first, as SwiftUI's `Font.Weight`.
public enum FontWeight: String, Sendable, CaseIterable, Comparable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// The CSS-style number (100 … 900), used to blend advance tables for weights that have none of their own.
    public var value: Double {
        switch self {
        case .ultraLight: 100
        case .thin: 200
        case .light: 300
        case .regular: 400
        case .medium: 500
        case .semibold: 600
        case .bold: 700
        case .heavy: 800
        case .black: 900
        }
    }

    public static func < (a: FontWeight, b: FontWeight) -> Bool { a.value < b.value }
}

/// A resolved system font: what the metrics need to know, nothing more.
public struct Font: Sendable, Equatable, Hashable {
    /// Point size.
    public var size: Double
    public var weight: FontWeight
    /// Digits all take one width, as `.monospacedDigit()` asks, so counting times don't jitter.
    public var monospacedDigits: Bool

    public init(size: Double, weight: FontWeight = .regular, monospacedDigits: Bool = false) {
        self.size = size
        self.weight = weight
        self.monospacedDigits = monospacedDigits
    }

    /// `Font.system(size:weight:)`: a fixed size that Dynamic Type does not touch.
    public static func system(size: Double, weight: FontWeight = .regular) -> Font {
        Font(size: size, weight: weight)
    }

    /// `Font.system(_:)` for a text style: the style's size at `dynamicTypeSize`, and its default weight unless one
    /// is given (as `.fontWeight(_:)` would).
    public static func system(_ style: TextStyle, weight: FontWeight? = nil,
                              dynamicTypeSize: DynamicTypeSize = .large) -> Font {
        Font(size: DynamicType.size(style, dynamicTypeSize), weight: weight ?? style.defaultWeight)
    }

    /// The same font with tabular digits.
    public func monospacedDigit() -> Font {
        var copy = self
        copy.monospacedDigits = true
        return copy
    }

    /// The same font at another weight.
    public func weight(_ weight: FontWeight) -> Font {
        var copy = self
        copy.weight = weight
        return copy
    }
}
