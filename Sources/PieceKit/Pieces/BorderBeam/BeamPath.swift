import Foundation

/// The outline a beam travels: the shape's path in its frame inset by half the line width, measured so that a
/// fraction of it (what `trimmedPath(from:to:)` takes) becomes a point on screen.
///
/// Decisions (the shape's own path is not published):
/// - **Start and direction** (`startsAtTopLeftCornersEnd`): the path starts where the top-left corner meets the
///   top edge and runs clockwise on screen (right along the top, down the right side, …), like a circle's path
///   in SwiftUI, which runs clockwise from its rightmost point.
/// - **Corners** (`cornersMeasureAsQuarterCircles`): a continuous ("squircle") corner is measured and placed as a
///   quarter circle of the corner radius. Apple's continuous curve starts further along each edge and its length
///   is not published; modelling it as a circle keeps the path's length a closed form.
/// - **Radius**: the given corner radius (not shrunk by the inset), at most half the shorter side; a capsule's is
///   exactly half the shorter side.
public struct BeamPath: Equatable, Sendable {
    public enum Shape: Equatable, Sendable {
        case roundedRectangle(radius: Double)
        case capsule
    }

    public static let startsAtTopLeftCornersEnd = true
    public static let cornersMeasureAsQuarterCircles = true

    /// The inset rect the path runs around.
    public let rect: Rect
    public let radius: Double

    public init(shape: Shape, frame: Rect, lineWidth: Double) {
        let inset = frame.insetBy(dx: lineWidth / 2, dy: lineWidth / 2)
        rect = Rect(x: inset.x, y: inset.y, width: max(inset.width, 0), height: max(inset.height, 0))
        let half = min(rect.width, rect.height) / 2
        switch shape {
        case .capsule: radius = half
        case .roundedRectangle(let r): radius = min(max(r, 0), half)
        }
    }

    private var top: Double { rect.width - 2 * radius }
    private var side: Double { rect.height - 2 * radius }
    private var corner: Double { Double.pi / 2 * radius }

    /// The path's length: two tops, two sides and four quarter circles.
    public var length: Double { 2 * top + 2 * side + 4 * corner }

    /// The point a fraction `f` (0…1) of the way along the path.
    public func point(at fraction: Double) -> Point {
        let total = length
        guard total > 0 else { return Point(x: rect.minX, y: rect.minY) }
        var s = min(max(fraction, 0), 1) * total
        let r = radius
        let (minX, minY, maxX, maxY) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        func arc(_ cx: Double, _ cy: Double, from degrees: Double, _ along: Double) -> Point {
            let angle = (degrees + (r > 0 ? along / r * 180 / Double.pi : 0)) * Double.pi / 180
            return Point(x: cx + r * cos(angle), y: cy + r * sin(angle))
        }
        // Each leg in order; angles on screen (y down), so +90° is straight down.
        if s <= top { return Point(x: minX + r + s, y: minY) }
        s -= top
        if s <= corner { return arc(maxX - r, minY + r, from: -90, s) }
        s -= corner
        if s <= side { return Point(x: maxX, y: minY + r + s) }
        s -= side
        if s <= corner { return arc(maxX - r, maxY - r, from: 0, s) }
        s -= corner
        if s <= top { return Point(x: maxX - r - s, y: maxY) }
        s -= top
        if s <= corner { return arc(minX + r, maxY - r, from: 90, s) }
        s -= corner
        if s <= side { return Point(x: minX, y: maxY - r - s) }
        s -= side
        return arc(minX + r, minY + r, from: 180, min(s, corner))
    }
}
