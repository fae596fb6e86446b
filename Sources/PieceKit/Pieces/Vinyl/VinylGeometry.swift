/// Where everything on the disc sits for a frame `rect` (stage coordinates): a square of side `min(w, h)` centred
/// in it, the seven rings inset from its edge, the artwork and the spindle centred.
public struct VinylGeometry: Equatable, Sendable {
    public let side: Double
    public let disc: Rect
    /// `rings[0]` is ring 1, the outermost: the circle its 1-point stroke is centred on.
    public let rings: [Rect]
    public let art: Rect
    public let spindle: Rect

    public init(frame rect: Rect) {
        let side = max(min(rect.width, rect.height), 0)
        self.side = side
        let disc = Rect(center: rect.center, size: Size(width: side, height: side))
        self.disc = disc
        rings = (1...Vinyl.ringCount).map { k in
            let inset = side * Double(k) * Vinyl.ringStep
            return disc.insetBy(dx: inset, dy: inset)
        }
        let artSide = side * Vinyl.artFraction
        art = Rect(center: disc.center, size: Size(width: artSide, height: artSide))
        let spindleSide = side * Vinyl.spindleFraction
        spindle = Rect(center: disc.center, size: Size(width: spindleSide, height: spindleSide))
    }

    /// The frame the piece takes when none is given: a square `defaultSideInset` in from the stage's left and
    /// right sides, centred on the stage (as the usage example pads the disc and centres it). On a stage too short
    /// for that square (a phone held sideways) the square is the stage's height, as `.aspectRatio(1, .fit)` fits it.
    public static func defaultFrame(in size: Size) -> Rect {
        let side = max(min(size.width - 2 * Vinyl.defaultSideInset, size.height), 0)
        return Rect(center: Point(x: size.width / 2, y: size.height / 2), size: Size(width: side, height: side))
    }
}
