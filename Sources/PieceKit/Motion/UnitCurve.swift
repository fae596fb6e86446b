/// A timing curve from (0, 0) to (1, 1) shaped by two Bézier control points, as SwiftUI's `UnitCurve`.
///
/// The horizontal axis is the share of the duration that has passed, the vertical axis the share of the change
/// that is shown. Control points' x values are clamped to [0, 1], which keeps x(t) monotonic so every progress
/// has exactly one answer; y values are left free so a curve may overshoot, as CSS allows.
public struct UnitCurve: Sendable, Equatable {
    public let startControlPoint: Point
    public let endControlPoint: Point

    public init(startControlPoint: Point, endControlPoint: Point) {
        self.startControlPoint = Point(x: UnitCurve.clampedX(startControlPoint.x), y: UnitCurve.finite(startControlPoint.y))
        self.endControlPoint = Point(x: UnitCurve.clampedX(endControlPoint.x), y: UnitCurve.finite(endControlPoint.y))
    }

    /// The curve through control points (x1, y1) and (x2, y2), in CSS `cubic-bezier` order.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.init(startControlPoint: Point(x: x1, y: y1), endControlPoint: Point(x: x2, y: y2))
    }

    /// SwiftUI's spelling of the same initialiser.
    public static func bezier(startControlPoint: Point, endControlPoint: Point) -> UnitCurve {
        UnitCurve(startControlPoint: startControlPoint, endControlPoint: endControlPoint)
    }

    public static let easeIn = UnitCurve(0.42, 0, 1, 1)
    public static let easeOut = UnitCurve(0, 0, 0.58, 1)
    public static let easeInOut = UnitCurve(0.42, 0, 0.58, 1)
    public static let linear = UnitCurve(0, 0, 1, 1)

    /// How far the solver may be from the exact parameter. Well below the 1e-6 the stage needs.
    static let solverTolerance = 1e-12

    /// The share of the change shown when `progress` of the duration has passed. Progress outside [0, 1] is clamped.
    public func value(at progress: Double) -> Double {
        let p = UnitCurve.clampedX(progress)
        if p <= 0 { return 0 }
        if p >= 1 { return 1 }
        return Self.bezier(parameter(forProgress: p), startControlPoint.y, endControlPoint.y)
    }

    /// The slope dy/dx of the curve at `progress`: how fast the shown share moves per unit of progress.
    /// Where both coordinates stall together (a control point on an end point), the slope is the limit of the
    /// ratio of higher derivatives, which is what the curve visibly does there.
    public func velocity(at progress: Double) -> Double {
        let t = parameter(forProgress: UnitCurve.clampedX(progress))
        let x1 = startControlPoint.x, x2 = endControlPoint.x
        let y1 = startControlPoint.y, y2 = endControlPoint.y
        // First, second, then third derivatives, each only when the one before stalls (no list: this runs for
        // every number on a curve, every frame).
        let dx1 = Self.first(t, x1, x2)
        if abs(dx1) > 1e-9 { return Self.first(t, y1, y2) / dx1 }
        let dx2 = Self.second(t, x1, x2)
        if abs(dx2) > 1e-9 { return Self.second(t, y1, y2) / dx2 }
        let dx3 = Self.third(x1, x2)
        if abs(dx3) > 1e-9 { return Self.third(y1, y2) / dx3 }
        return 1
    }

    /// The Bézier parameter t with x(t) = progress: Newton's method from a good guess, and bisection if Newton
    /// stalls on a flat stretch or wanders out of [0, 1].
    func parameter(forProgress p: Double) -> Double {
        if p <= 0 { return 0 }
        if p >= 1 { return 1 }
        let x1 = startControlPoint.x, x2 = endControlPoint.x
        var t = p
        for _ in 0..<8 {
            let error = Self.bezier(t, x1, x2) - p
            if abs(error) < Self.solverTolerance { return t }
            let slope = Self.first(t, x1, x2)
            if abs(slope) < 1e-6 { break }
            let next = t - error / slope
            if !(next > 0 && next < 1) { break }
            t = next
        }
        var low = 0.0, high = 1.0
        t = p
        for _ in 0..<100 {
            let x = Self.bezier(t, x1, x2)
            if abs(x - p) < Self.solverTolerance { return t }
            if x < p { low = t } else { high = t }
            t = 0.5 * (low + high)
        }
        return t
    }

    // One coordinate of the cubic with end points 0 and 1, and its derivatives in t.
    static func bezier(_ t: Double, _ c1: Double, _ c2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t
    }

    static func first(_ t: Double, _ c1: Double, _ c2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * c1 + 6 * u * t * (c2 - c1) + 3 * t * t * (1 - c2)
    }

    static func second(_ t: Double, _ c1: Double, _ c2: Double) -> Double {
        6 * (1 - t) * (c2 - 2 * c1) + 6 * t * (1 - 2 * c2 + c1)
    }

    static func third(_ c1: Double, _ c2: Double) -> Double {
        6 * (1 - 3 * c2 + 3 * c1)
    }

    private static func clampedX(_ x: Double) -> Double {
        guard !x.isNaN else { return 0 }
        return min(max(x, 0), 1)
    }

    private static func finite(_ y: Double) -> Double { y.isFinite ? y : 0 }
}
