import Foundation
import Testing
@testable import PieceKit

/// The open player's drag measured in its own moving space: the translation is the finger's movement less the
/// player's since the finger went down (as the latest frame drew it), and the speed is the same difference's.
///
/// Timing the hand arithmetic relies on: a finger moved from a test (outside scheduled work) is sampled at the
/// latest frame's time and reads that frame's drawn offset; its change begins on the next frame. At rest after a
/// second, the 0.3 s drag spring shows its target exactly. The chevron rests at y 67 when open.
@Suite struct MiniPlayerDragSpaceTests {
    /// Open and at rest; a finger down at y 300 moves `step` down four times, the spring resting after each;
    /// the translations it reported, and whether the player is still open after the lift.
    private func fourRestingSteps(of step: Double) throws -> (offsets: [Double], chevronY: Double?, open: Bool) {
        let rig = try MiniPlayerRig()
        try rig.open()
        let finger = try rig.stage.touchDown(on: rig.piece, at: Point(x: 196, y: 300))
        var offsets: [Double] = []
        for _ in 0..<4 {
            try finger.move(dx: 0, dy: step)
            offsets.append(rig.piece.state.dragOffset)
            try rig.stage.advance(1)
        }
        let chevronY = rig.rect("chevron")?.y
        try finger.up()
        try rig.stage.settle()
        return (offsets, chevronY, rig.piece.isExpanded)
    }

    @Test func fourRestingStepsOf60EndAt120AndStayOpen() throws {
        // Finger at 60, player at 0: 60. Player rests at 60; finger at 120: 120 − 60 = 60. Player at 60; finger at
        // 180: 180 − 60 = 120. Player rests at 120; finger at 240: 240 − 120 = 120. The lift, player at 120:
        // 240 − 120 = 120, not past 120 (strict), and the finger rested, so the predicted end is 120 too.
        let run = try fourRestingSteps(of: 60)
        #expect(run.offsets == [60, 60, 120, 120])
        #expect(abs((run.chevronY ?? 0) - (67 + 120)) < 1e-9)
        #expect(run.open)
    }

    @Test func fourRestingStepsOf61EndAt122AndClose() throws {
        // The same steps of 61: 61, 61, 122, 122; the lift 244 − 122 = 122, past 120. On the screen 244 would
        // have closed as well; 240 (above) is what tells the two spaces apart.
        let run = try fourRestingSteps(of: 61)
        #expect(run.offsets == [61, 61, 122, 122])
        #expect(!run.open)
    }

    /// The drag spring (duration 0.3, bounce 0.1) as a damped oscillator: ω = 2π / 0.3, damping ratio 1 − 0.1,
    /// pulled toward `target`; one frame of it integrated in 200 fourth-order Runge–Kutta steps.
    private struct SpringByHand {
        static let omega = 2 * Double.pi / 0.3, zeta = 0.9
        var x = 0.0, v = 0.0
        mutating func run(toward target: Double, for duration: Double) {
            let n = 200, dt = duration / Double(n)
            func a(_ x: Double, _ v: Double) -> Double {
                Self.omega * Self.omega * (target - x) - 2 * Self.zeta * Self.omega * v
            }
            for _ in 0..<n {
                let k1x = v, k1v = a(x, v)
                let k2x = v + k1v * dt / 2, k2v = a(x + k1x * dt / 2, v + k1v * dt / 2)
                let k3x = v + k2v * dt / 2, k3v = a(x + k2x * dt / 2, v + k2v * dt / 2)
                let k4x = v + k3v * dt, k4v = a(x + k3x * dt, v + k3v * dt)
                x += (k1x + 2 * k2x + 2 * k3x + k4x) * dt / 6
                v += (k1v + 2 * k2v + 2 * k3v + k4v) * dt / 6
            }
        }
    }

    @Test func aSlowSteadyDragOf240MovesThePlayerAboutHalfAsFar() throws {
        let rig = try MiniPlayerRig()
        try rig.open()
        let finger = try rig.stage.touchDown(on: rig.piece, at: Point(x: 196, y: 300))
        // The same drag worked out apart from the piece: 2 points a frame for 120 frames at 120 fps (240 points in
        // a second). Each move reads the player as the frame before it drew it; the target it sets pulls from the
        // next frame on.
        var spring = SpringByHand()
        var pulling = 0.0, set = 0.0, dragging = false, byHand = 0.0
        for k in 1...120 {
            try rig.stage.renderFrame()
            try finger.move(dx: 0, dy: 2)
            spring.run(toward: pulling, for: 1.0 / 120)
            pulling = set
            let translation = 2 * Double(k) - spring.x
            if !dragging, abs(translation) >= 12 { dragging = true }
            if dragging {
                byHand = translation
                set = max(translation, 0)
            }
        }
        // Half the finger's 240, and a little more: the player lags the translation it is chasing.
        #expect(abs(byHand - 120) < 8)
        #expect(abs(rig.piece.state.dragOffset - byHand) < 1e-3)
        // The finger rests a second: the player comes to rest at that translation, and no sample arrives.
        try rig.stage.advance(1)
        #expect(abs((rig.rect("chevron")?.y ?? 0) - (67 + byHand)) < 1e-3)
        // The lift: 240 less the player's rest, under 120 (byHand is over 120), and at rest: it stays open.
        #expect(240 - byHand < 120)
        try finger.up()
        try rig.stage.settle()
        #expect(rig.piece.isExpanded)
    }

    /// Open and at rest; a finger down at y 300 moves 100 at once, six frames pass, it moves `c` more and lifts.
    private func quickFlick(_ c: Double, reduceMotion: Bool = false, framesBetween: Int = 6) throws -> Bool {
        let rig = try MiniPlayerRig(environment: PieceEnvironment(reduceMotion: reduceMotion))
        try rig.open()
        let finger = try rig.stage.touchDown(on: rig.piece, at: Point(x: 196, y: 300))
        try finger.move(dx: 0, dy: 100)
        for _ in 0..<framesBetween { try rig.stage.renderFrame() }
        try finger.move(dx: 0, dy: c)
        try finger.up()
        try rig.stage.settle()
        return rig.piece.isExpanded
    }

    @Test func aFlickIsPredictedFromThePlayersOwnSpaceEither319Or321() throws {
        // The move of 100 pulls from the first frame after it; six frames on, the player is drawn 5/120 s into
        // the spring from 0 toward 100: x = 100 (1 − e^(−ζωτ) (cos ω_d τ + ζω/ω_d sin ω_d τ)), ω = 2π/0.3 = 20.944,
        // ζ = 0.9, ω_d = ω √(1 − 0.81) = 9.129, τ = 0.041667: x = 22.713. The second move and the lift read it:
        // translation 100 + c − 22.713. The view's samples are 300 at the touch and 300 + that translation 0.05 s
        // later (the speed window reaches back to the touch): speed = translation / 0.05, so the predicted end is
        // translation × (1 + 20 × 0.099) = 2.98 × translation. c = 29.9: 107.187 × 2.98 = 319.42, stays open;
        // c = 30.3: 107.587 × 2.98 = 320.61, closes. On the screen both are 129.9 or more: closed either way.
        #expect(try quickFlick(29.9))
        #expect(try !quickFlick(30.3))
    }

    @Test func underReduceMotionAFlickSubtractsThePlayersJumpFromItsSpeed() throws {
        // No spring: the move of 100 shows whole on the next frame, which the second move reads, so the
        // translation is c, and the view's samples go from 300 to 300 + c in one frame (1/120 s): speed 120 c,
        // predicted end c + 120 c × 0.099 = 12.88 c. c = 24.8: 319.42 stays; c = 24.9: 320.71 closes. The finger
        // itself went 124.8 in that frame, past 120 on the screen.
        #expect(try quickFlick(24.8, reduceMotion: true, framesBetween: 1))
        #expect(try !quickFlick(24.9, reduceMotion: true, framesBetween: 1))
    }

    @Test func measuredAgainstTheTargetEachSampleTakesTheOffsetThePreviousOneSet() throws {
        let rig = try MiniPlayerRig(dragGeometry: .target)
        try rig.open()
        let finger = try rig.stage.touchDown(on: rig.piece, at: Point(x: 196, y: 300))
        var offsets: [Double] = []
        for _ in 0..<4 {
            try finger.move(dx: 0, dy: 20)
            offsets.append(rig.piece.state.dragOffset)
            try rig.stage.renderFrame()
        }
        // 20 − 0, 40 − 20, 60 − 20, 80 − 40, whatever the spring has drawn meanwhile.
        #expect(offsets == [20, 20, 40, 40])
        try finger.up()
        try rig.stage.settle()
        #expect(rig.piece.isExpanded)
    }

    @Test func theBarsDragStaysOneForOneInTheViewSpace() throws {
        // The bar's gesture is outside its offset: 60 up is −60, a lift of 15, whatever the space.
        let rig = try MiniPlayerRig()
        let finger = try rig.stage.touchDown(on: rig.piece, at: try rig.barCenter())
        try finger.move(dx: 0, dy: -60)
        try rig.stage.advance(1)
        try finger.move(dx: 0, dy: -1)
        #expect(rig.piece.state.dragOffset == -61)
    }
}
