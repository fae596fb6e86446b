/// Reading order of the stage, as SwiftUI's `LayoutDirection`.
public enum LayoutDirection: String, Sendable, CaseIterable {
    case leftToRight, rightToLeft
}

/// Light or dark appearance, as SwiftUI's `ColorScheme`.
public enum ColorScheme: String, Sendable, CaseIterable {
    case light, dark
}

/// What a piece reads from SwiftUI's environment. One value per stage; pieces see it whole.
public struct PieceEnvironment: Equatable, Sendable {
    /// The container the piece is laid out in (the screen for a full-screen piece).
    public var size: Size
    public var safeArea: EdgeInsets
    public var reduceMotion: Bool
    public var layoutDirection: LayoutDirection
    public var dynamicTypeSize: DynamicTypeSize
    public var colorScheme: ColorScheme
    public var isEnabled: Bool
    /// Accessibility's Reduce Transparency: liquid glass draws as solid fills and never merges.
    public var reduceTransparency: Bool
    /// Whether the system draws Liquid Glass (iOS 26 and later). False is an older system: glass draws as the
    /// specification's frosted fallback (a material with a rim and a shadow) and never merges.
    public var liquidGlass: Bool

    public init(size: Size = Size(width: 393, height: 852),
                safeArea: EdgeInsets = EdgeInsets(top: 59, bottom: 34),
                reduceMotion: Bool = false,
                layoutDirection: LayoutDirection = .leftToRight,
                dynamicTypeSize: DynamicTypeSize = .large,
                colorScheme: ColorScheme = .light,
                isEnabled: Bool = true,
                reduceTransparency: Bool = false,
                liquidGlass: Bool = true) {
        self.size = size; self.safeArea = safeArea; self.reduceMotion = reduceMotion
        self.layoutDirection = layoutDirection; self.dynamicTypeSize = dynamicTypeSize
        self.colorScheme = colorScheme; self.isEnabled = isEnabled
        self.reduceTransparency = reduceTransparency
        self.liquidGlass = liquidGlass
    }

    public var isRightToLeft: Bool { layoutDirection == .rightToLeft }
}
