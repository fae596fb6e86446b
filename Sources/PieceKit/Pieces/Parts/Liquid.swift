/// Distances and springs of the liquid glass language: shapes within `merge` points melt together through a neck.
/// Parts of one control rest `joined` (inside that distance, so the neck holds); separate actions rest `apart`
/// (outside it, so they only flow together while one buds out of or sinks back into another).
public enum Liquid {
    /// Glass shapes nearer than this share a neck.
    public static let merge: Double = 20
    /// Rest gap between parts of one control.
    public static let joined: Double = 4
    /// Rest gap between separate actions.
    public static let apart: Double = 26
    /// The scale of a bubble while it sits at home inside its parent.
    public static let homeScale: Double = 0.72

    /// A bubble budding out of its parent: unhurried, so the neck visibly stretches and breaks.
    public static func split(reduceMotion: Bool) -> Animation {
        if reduceMotion { return .easeOut(duration: 0.2) }
        return .spring(duration: 0.62, bounce: 0.22)
    }

    /// A bubble sinking back home, without bounce: any overshoot would carry it out the far side of its parent.
    public static func home(reduceMotion: Bool) -> Animation {
        if reduceMotion { return .easeIn(duration: 0.18) }
        return .spring(duration: 0.5, bounce: 0)
    }
}
