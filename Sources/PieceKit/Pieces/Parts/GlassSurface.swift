/// How liquid glass is drawn in an environment: the foundation's surface and group rules, as numbers a frame can
/// carry.
///
/// With transparency, the system draws the glass (its own rim and refraction) and a group merges its shapes.
/// Under Reduce Transparency nothing merges and each shape is a solid fill: white at 0.17 in dark mode and 0.97 in
/// light (a tinted shape is filled with its tint), with the colour scheme's hairline rim and soft shadow. Before
/// iOS 26 (`PieceEnvironment.liquidGlass` false) nothing merges either, and each shape is the regular material, a
/// tint painted over it at 0.88, with the same rim and shadow. The group's lift (the shadow liquid glass floats on)
/// is drawn in light mode only, with or without transparency.
public struct GlassSurface: Equatable, Sendable {
    /// "glass" (the system draws it), "solid" (Reduce Transparency) or "regularMaterial" (before iOS 26).
    public var material: String
    /// The solid fill's white level; nil for glass, and for a solid shape filled with its tint.
    public var white: Double?
    /// The rim and shadow drawn around a solid shape (nil for glass, which draws its own).
    public var rimOpacity: Double?
    public var shadowOpacity: Double?
    /// How opaque a tint is painted over the fallback's material; nil where a tint fills the shape (or there is none).
    public var tintOpacity: Double? = nil

    /// A tint over the fallback's material, before iOS 26.
    public static let fallbackTintOpacity = 0.88
    /// Solid fills under Reduce Transparency.
    public static let darkFill = 0.17
    public static let lightFill = 0.97
    /// The hairline rim of a solid shape: white at this opacity, `rimWidth` wide.
    public static let darkRimOpacity = 0.14
    public static let lightRimOpacity = 0.7
    public static let rimWidth = 0.5
    /// The soft shadow under a solid shape: black at this opacity, `shadowRadius` blur, `shadowY` down.
    public static let darkShadowOpacity = 0.32
    public static let lightShadowOpacity = 0.08
    public static let shadowRadius = 10.0
    public static let shadowY = 5.0
    /// The group's lift in light mode: black at 0.07, radius 18, 8 down. None in dark mode.
    public static let liftOpacity = 0.07
    public static let liftRadius = 18.0
    public static let liftY = 8.0

    /// The surface of a shape with `tint` (nil: untinted) in `environment`.
    public static func make(tint: String?, in environment: PieceEnvironment) -> GlassSurface {
        guard environment.reduceTransparency || !environment.liquidGlass else {
            return GlassSurface(material: "glass", white: nil, rimOpacity: nil, shadowOpacity: nil)
        }
        let dark = environment.colorScheme == .dark
        let rim = dark ? darkRimOpacity : lightRimOpacity, shadow = dark ? darkShadowOpacity : lightShadowOpacity
        guard environment.reduceTransparency else {
            return GlassSurface(material: "regularMaterial", white: nil, rimOpacity: rim, shadowOpacity: shadow,
                                tintOpacity: tint == nil ? nil : fallbackTintOpacity)
        }
        return GlassSurface(material: "solid", white: tint == nil ? (dark ? darkFill : lightFill) : nil,
                            rimOpacity: rim, shadowOpacity: shadow)
    }

    /// The group's lift shadow opacity: 0.07 in light mode, none in dark.
    public static func lift(in environment: PieceEnvironment) -> Double {
        environment.colorScheme == .light ? liftOpacity : 0
    }

    /// Whether shapes may merge: only while the system draws Liquid Glass (a `GlassEffectContainer`).
    public static func merges(in environment: PieceEnvironment) -> Bool {
        !environment.reduceTransparency && environment.liquidGlass
    }
}
