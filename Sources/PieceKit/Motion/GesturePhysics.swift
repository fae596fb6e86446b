/// The arithmetic of touch: where a flick coasts, how an edge resists, how deep a press sinks.
/// All in points and points per second.
public enum GesturePhysics {
    /// Deceleration rates are kept below this, since a rate of 1 would coast forever.
    public static let maximumDecelerationRate = 0.9999

    /// A guess, overridable per stage (`Stage.gesturePrediction`, `Stage{ gesturePrediction = ... }`): the decay
    /// SwiftUI's `DragGesture.Value.predictedEndTranslation` coasts by, which Apple does not document. 0.99 a
    /// millisecond is UIKit's `.fast` deceleration, the rate paging and detent decisions use: a flick at v points a
    /// second is predicted to end v × 0.099 points past the lift (1,000 points/s: 99 points). With a scroll view's
    /// `.normal` rate (0.998) it would be v × 0.499, five times as far, and every flick threshold a specification
    /// gives (the mini player's −160 and 320 points) would be crossed by flicks a fifth as fast.
    public static let predictionDecelerationRate = 0.99

    /// Where a flick at `velocity` (points per second) coasts to, by a scroll view's per-millisecond decay:
    /// 0.998 coasts like a scroll view, 0.99 (the default) suits detents.
    public static func project(_ position: Double, velocity: Double, decelerationRate: Double = 0.99) -> Double {
        let rate = decelerationRate.isNaN ? 0.99 : min(max(decelerationRate, 0), maximumDecelerationRate)
        return position + velocity / 1000 * rate / (1 - rate)
    }

    /// The candidate closest to `value` (the first of equally close ones), or `value` itself when there are none.
    public static func nearest(_ value: Double, in candidates: [Double]) -> Double {
        candidates.min { lhs, rhs in abs(lhs - value) < abs(rhs - value) } ?? value
    }

    /// A scroll view's edge resistance for a pull `overshoot` points past an edge: the result grows ever more
    /// slowly and never reaches `limit`. About 24 to 40 suits thumbs and toggles, 60 to 120 cards and sheets.
    /// Band the whole pull, not each step of it, or the resistance compounds.
    public static func rubberBand(_ overshoot: Double, limit: Double, coefficient: Double = 0.55) -> Double {
        guard limit > 0, overshoot != 0, !overshoot.isNaN else { return 0 }
        let stiffness = coefficient.isNaN ? 0.55 : max(coefficient, 0)
        let banded = (1 - 1 / (abs(overshoot) * stiffness / limit + 1)) * limit
        guard banded.isFinite else { return 0 }
        return overshoot > 0 ? banded : -banded
    }

    /// `value` unchanged inside `lower...upper`; past either end, the part beyond is rubber-banded.
    /// Bounds given the wrong way round are swapped rather than rejected.
    public static func rubberBand(_ value: Double, lower: Double, upper: Double, limit: Double,
                                  coefficient: Double = 0.55) -> Double {
        let low = min(lower, upper), high = max(lower, upper)
        let edge = min(max(value, low), high)
        guard edge != value else { return value }
        return edge + rubberBand(value - edge, limit: limit, coefficient: coefficient)
    }

    public static func rubberBand(_ value: Double, in range: ClosedRange<Double>, limit: Double,
                                  coefficient: Double = 0.55) -> Double {
        rubberBand(value, lower: range.lowerBound, upper: range.upperBound, limit: limit, coefficient: coefficient)
    }

    /// How far a pressed surface shrinks: about `depth` points at each edge rather than a fixed share, held
    /// between 0.92 (small icons) and 0.985 (large cards) so nothing vanishes or looks unpressed.
    public static func pressScale(for size: Size, depth: Double = 2.5) -> Double {
        let width = max(size.width, 1), height = max(size.height, 1)
        let side = (width * height).squareRoot()  // the geometric mean of the sides
        let scale = 1 - depth * 2 / side
        guard scale.isFinite else { return 0.985 }
        return min(max(scale, 0.92), 0.985)
    }

    /// The scale anchor for a press, in unit space: `lean` of the way from the centre toward the touch, so the
    /// surface leans into the finger without tipping. The centre when there is no touch or no size.
    public static func pressAnchor(touch: Point?, in size: Size, lean: Double = 0.6) -> Point {
        let center = Point(x: 0.5, y: 0.5)
        guard let touch, size.width > 0, size.height > 0, lean.isFinite else { return center }
        let x = unitClamped(touch.x / size.width)
        let y = unitClamped(touch.y / size.height)
        return Point(x: 0.5 + (x - 0.5) * lean, y: 0.5 + (y - 0.5) * lean)
    }

    private static func unitClamped(_ x: Double) -> Double {
        x.isNaN ? 0.5 : min(max(x, 0), 1)
    }
}
