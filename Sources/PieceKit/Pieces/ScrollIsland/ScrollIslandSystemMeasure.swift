/// The island measures with the shared system-font metrics: every label semibold, line boxes on the pixel grid as a
/// one-line `Text` lays out, and sizes scaled on the text style's `@ScaledMetric` curve.
extension TextMetrics: ScrollIslandTextMeasure {
    public func width(of text: String, size: Double, monospacedDigits: Bool) -> Double {
        width(of: text, font: Font(size: size, weight: .semibold, monospacedDigits: monospacedDigits))
    }

    public func lineHeight(size: Double) -> Double {
        lineBoxHeight(for: Font(size: size, weight: .semibold))
    }

    public func scaled(_ value: Double, relativeTo base: ScrollIslandScaleBase,
                       at dynamicTypeSize: DynamicTypeSize) -> Double {
        // At the default size a scaled metric is its own value: the shared curve snaps every product to the pixel
        // grid, which would turn the ring's 2.5-point stroke into 2.667 on an unscaled screen.
        guard dynamicTypeSize != .large else { return value }
        return DynamicType.scaled(value, relativeTo: base.textStyle, dynamicTypeSize)
    }
}

extension ScrollIslandScaleBase {
    /// The shared text style this base scales with.
    public var textStyle: TextStyle {
        switch self {
        case .body: return .body
        case .footnote: return .footnote
        }
    }
}

extension ScrollIslandLayout {
    /// Lays the island out with the system font's metrics.
    public static func make(_ input: ScrollIslandInput, environment: PieceEnvironment) -> ScrollIslandLayout? {
        make(input, environment: environment, measure: TextMetrics.systemFont)
    }
}

extension ScrollIslandMetrics {
    /// The island's sizes at `dynamicTypeSize`, on the system font's Dynamic Type curves.
    public init(dynamicTypeSize: DynamicTypeSize) {
        self.init(dynamicTypeSize: dynamicTypeSize, measure: TextMetrics.systemFont)
    }
}
