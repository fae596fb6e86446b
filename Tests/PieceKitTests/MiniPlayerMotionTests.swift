import Foundation
import Testing
@testable import PieceKit

/// The two springs, their overshoot worked out in closed form, which one carries a release, and Reduce Motion.
///
/// A spring of duration d and bounce b has damping ratio ζ = 1 − b and natural frequency ω₀ = 2π / d. Started from
/// rest, it passes its target once by exp(−π ζ / √(1 − ζ²)) of the distance travelled:
/// - 0.5 s, bounce 0.15: ζ = 0.85, √(1 − 0.7225) = 0.526783, π × 0.85 / 0.526783 = 5.069175, exp(−5.069175)
///   = 0.0062876, 0.63 %;
/// - 0.3 s, bounce 0.1: ζ = 0.9, √(1 − 0.81) = 0.435890, π × 0.9 / 0.435890 = 6.486577, exp(−6.486577)
///   = 0.0015238, 0.15 %.
/// Frames at 120 fps land within 1/240 s of the peak, where the curve is flat to well under 0.01 point.
@Suite struct MiniPlayerMotionTests {
    private static let morphOvershoot = 0.0062876
    private static let dragOvershoot = 0.0015238

    /// The lowest and highest value of an element's number over the frames since `start`.
    private func extremes(_ rig: MiniPlayerRig, _ element: String, _ number: String, since start: Int)
        -> (min: Double, max: Double) {
        let values = rig.frames(since: start).compactMap { rig.value(element, number, in: $0) }
        return (values.min() ?? .nan, values.max() ?? .nan)
    }

    @Test func aTapOpensOnTheHalfSecondSpringAndOvershootsByItsShare() throws {
        let rig = try MiniPlayerRig()
        let start = rig.stage.history.count
        try rig.open()
        // The background's top travels from 746 to 0 and passes it by 746 × 0.0062876 = 4.6905.
        #expect(abs(extremes(rig, "background", "y", since: start).min - -4.6905) < 0.01)
        // Its height goes from 64 to 852 and passes it by 788 × 0.0062876 = 4.9546.
        #expect(abs(extremes(rig, "background", "h", since: start).max - 856.9546) < 0.01)
    }

    @Test func theChevronClosesOnTheHalfSecondSpringToo() throws {
        let rig = try MiniPlayerRig()
        try rig.open()
        let start = rig.stage.history.count
        try rig.stage.tap(on: rig.piece, at: try rig.stage.aim(at: "chevron", on: rig.piece))
        try rig.stage.settle()
        // Back down from 0 to 746, past it by 4.6905.
        #expect(abs(extremes(rig, "background", "y", since: start).max - 750.6905) < 0.01)
    }

    @Test func aDragThatOpensMorphsOnTheDragSpring() throws {
        // The decision: the offset's reset and the open land in one update, and the implicit drag spring over
        // the whole piece carries both.
        let rig = try MiniPlayerRig()
        let finger = try rig.stage.touchDown(on: rig.piece, at: try rig.barCenter())
        try finger.move(dx: 0, dy: -60)
        try rig.stage.advance(1)               // the bar rests 60 / 4 = 15 up, at 731; the finger is still
        let start = rig.stage.history.count
        try finger.up()                         // −60 is past −40
        try rig.stage.settle()
        #expect(rig.piece.isExpanded)
        // From 731 to 0, past it by 731 × 0.0015238 = 1.1139 (the morph spring would give 4.5962).
        #expect(abs(extremes(rig, "background", "y", since: start).min - -1.1139) < 0.01)
    }

    @Test func aDragThatClosesMorphsOnTheDragSpring() throws {
        let rig = try MiniPlayerRig()
        try rig.open()
        let finger = try rig.stage.touchDown(on: rig.piece, at: Point(x: 196, y: 300))
        // In the player's own space: 200 with the player at 0 is 200, and the player comes to rest there; 200
        // more with the player at 200 is 400 − 200 = 200 again, where it already rests.
        try finger.move(dx: 0, dy: 200)
        try rig.stage.advance(1)
        try finger.move(dx: 0, dy: 200)
        try rig.stage.advance(1)               // the player rests 200 down
        let start = rig.stage.history.count
        try finger.up()                         // 400 − 200 = 200 is past 120
        try rig.stage.settle()
        #expect(!rig.piece.isExpanded)
        // The background's top from 200 to 746, past it by 546 × 0.0015238 = 0.8320.
        #expect(abs(extremes(rig, "background", "y", since: start).max - 746.8320) < 0.01)
    }

    @Test func aFlickThatEndsWhereItStartedMorphsOnTheHalfSecondSpring() throws {
        // The other side of the decision: with no offset left to reset at the release, nothing but the open
        // changes, and it rides the morph spring.
        let rig = try MiniPlayerRig()
        let finger = try rig.stage.touchDown(on: rig.piece, at: try rig.barCenter())
        try finger.move(dx: 0, dy: 100)        // down: the closed bar does not move
        try rig.stage.advance(0.5)
        try finger.move(dx: 0, dy: -50)
        try rig.stage.renderFrame()
        try finger.move(dx: 0, dy: -50)        // back to where it went down, 50 points in 1/120 s: −6000 pt/s
        #expect(rig.piece.state.dragOffset == 0)
        let start = rig.stage.history.count
        try finger.up()                         // predicted 0 − 6000 × 0.099 = −594: opens
        try rig.stage.settle()
        #expect(rig.piece.isExpanded)
        // From 746 to 0 on the 0.5 s spring: past it by 746 × 0.0062876 = 4.6905.
        #expect(abs(extremes(rig, "background", "y", since: start).min - -4.6905) < 0.01)
    }

    @Test func theOffsetTracksTheFingerOnTheDragSpring() throws {
        let rig = try MiniPlayerRig()
        let finger = try rig.stage.touchDown(on: rig.piece, at: try rig.barCenter())
        try finger.move(dx: 0, dy: -60)
        // The change begins on the next frame, which still shows 746; one frame later the spring has covered
        // x(1/120) of the 15 points: with ζω₀ = 0.9 × 20.944 = 18.850 and ω_d = 20.944 × 0.435890 = 9.1293,
        // x = 1 − e^(−0.157080) (cos 0.076077 + 2.064742 sin 0.076077) = 1 − 0.854636 × 1.154036 = 0.0137196,
        // so the bar is at 746 − 15 × 0.0137196 = 745.79421.
        try rig.stage.renderFrame()
        #expect(rig.rect("background")?.y == 746)
        try rig.stage.renderFrame()
        #expect(abs((rig.rect("background")?.y ?? 0) - 745.79421) < 1e-4)
        try finger.cancel()
        try rig.stage.settle()
    }

    @Test func partsThatComeAndGoFade() throws {
        let rig = try MiniPlayerRig()
        let start = rig.stage.history.count
        try rig.open()
        let frames = rig.frames(since: start)
        // Some frame shows both states' parts half faded: the bar's title going while the player's comes.
        let crossing = frames.contains { frame in
            let going = rig.value("miniTitle", "opacity", in: frame) ?? 0
            let coming = rig.value("title", "opacity", in: frame) ?? 0
            return going > 0.2 && going < 0.8 && coming > 0.2 && coming < 0.8
        }
        #expect(crossing)
        // Once its fade has ended, the bar's title has left the frame.
        #expect(rig.rect("miniTitle") == nil)
        #expect(rig.value("title", "opacity") == 1)
        #expect(rig.value("chevron", "opacity") == 1)
    }

    @Test func underReduceMotionTheStatesSwapAtOnce() throws {
        let rig = try MiniPlayerRig(environment: PieceEnvironment(reduceMotion: true))
        try rig.stage.tap(on: rig.piece, at: try rig.barCenter())
        // The lift's changes show on the frame the tap returns on, whole.
        #expect(sameRect(rig.rect("background"), Rect(x: 0, y: 0, width: 393, height: 852)))
        #expect(rig.value("title", "opacity") == 1)
        #expect(rig.rect("miniTitle") == nil)
        #expect(!rig.stage.isBusy)
    }

    @Test func underReduceMotionTheOffsetFollowsTheFingerExactly() throws {
        let rig = try MiniPlayerRig(environment: PieceEnvironment(reduceMotion: true))
        let finger = try rig.stage.touchDown(on: rig.piece, at: try rig.barCenter())
        try finger.move(dx: 0, dy: -60)
        try rig.stage.renderFrame()
        #expect(rig.rect("background")?.y == 731)   // 746 − 60 / 4 on the very next frame
        try finger.up()
        try rig.stage.renderFrame()
        #expect(rig.piece.isExpanded)
        #expect(sameRect(rig.rect("background"), Rect(x: 0, y: 0, width: 393, height: 852)))
    }
}
