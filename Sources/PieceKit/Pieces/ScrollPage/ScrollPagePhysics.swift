import Foundation

/// The constants and closed forms behind a UIScrollView-like page: the edge rubber band, the deceleration of a
/// fling, and the spring that brings content back from past an edge. Pure math, shared by the drag and the fling.
public enum ScrollPagePhysics {
    /// UIScrollView's normal deceleration rate: the velocity keeps this share of itself every millisecond.
    public static let normalDecelerationRate = 0.998

    /// UIScrollView's rubber-band coefficient. With it, a pull of `x` points past an edge shows as
    /// `(1 - 1 / (x·c/d + 1))·d` for a viewport `d` points tall: nearly 1:1 at first (0.55 of the finger's travel),
    /// and never reaching `d`.
    public static let rubberBandCoefficient = 0.55

    /// The spring content returns on from past an edge: mass 1, stiffness 100, critically damped (ω = 10 /s).
    /// A guess: UIKit doesn't publish it; these are the values of the common UIScrollView re-creations, and they match
    /// the look (a return of about 0.6 s, no bounce back through the edge).
    public static let bounceStiffness = 100.0
    static var bounceOmega: Double { bounceStiffness.squareRoot() }

    /// Motion smaller than this (points) is invisible, so the page counts as at rest. A guess: half a pixel on a 3×
    /// screen.
    public static let restDistance = 0.5 / 3

    // MARK: Rubber band

    /// How far past an edge content shows for a pull of `overshoot` points, in a viewport `dimension` points tall:
    /// the one rubber band of `GesturePhysics`, with the viewport as its limit. Odd: a pull up and a pull down band
    /// alike. A pull that is not finite shows nothing past the edge (rather than the whole viewport).
    public static func rubberBand(_ overshoot: Double, dimension: Double,
                                  coefficient: Double = rubberBandCoefficient) -> Double {
        guard coefficient > 0, overshoot.isFinite else { return 0 }
        return GesturePhysics.rubberBand(overshoot, limit: dimension, coefficient: coefficient)
    }

    /// The pull that shows as `banded` points past an edge: the inverse of `rubberBand`, so a drag that catches content
    /// mid-bounce carries on from where it shows. Values at or beyond `dimension` (unreachable) map to a large pull.
    public static func unband(_ banded: Double, dimension: Double,
                              coefficient: Double = rubberBandCoefficient) -> Double {
        guard dimension > 0, coefficient > 0, banded.isFinite, banded != 0 else { return 0 }
        let shown = min(abs(banded), dimension * 0.999_999)
        let pull = shown * dimension / (coefficient * (dimension - shown))
        return banded < 0 ? -pull : pull
    }

    // MARK: Deceleration

    /// The exponent of the decay per second: v(t) = v0·e^(k·t), with k = 1000·ln(rate). Negative for rates below 1.
    static func decayExponent(rate: Double) -> Double {
        let r = rate.isFinite ? min(max(rate, 0.5), 0.999_999) : normalDecelerationRate
        return 1000 * log(r)
    }

    /// How far a fling at `velocity` (points per second) coasts before it stops: the integral of v0·rate^(1000t)
    /// over all time, v0 / (−1000·ln rate). About 499.5 points per 1000 points/s at the normal rate.
    public static func coastDistance(velocity: Double, rate: Double = normalDecelerationRate) -> Double {
        guard velocity.isFinite else { return 0 }
        return -velocity / decayExponent(rate: rate)
    }
}
