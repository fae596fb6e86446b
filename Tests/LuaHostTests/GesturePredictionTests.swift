import Foundation
import Testing
@testable import LuaHost

/// `predictedEndTranslation` coasts by one named decay, `GesturePhysics.predictionDecelerationRate` (0.99 a
/// millisecond, a guess), which `Stage{ gesturePrediction = ... }` overrides. The mini player's specification opens
/// the bar when a drag ends with distance < -40 or predicted < -160, and closes the player when distance > 120 or
/// predicted > 320. Predicted = translation + v / 1000 × r / (1 − r): at r = 0.99 that is v × 0.099, at r = 0.995
/// v × 0.199. Each fling below keeps its distance inside the distance rule, so only the prediction decides. The
/// open player's drag is measured on the screen here (`dragSpace = "screen"`), so the arithmetic is the finger's;
/// in the player's own moving space it is in `MiniPlayerDragSpaceTests`.
@Suite struct GesturePredictionTests {
    static func expanded(after flings: String, rate: Double?, open: Bool) throws -> Bool {
        let stage = rate.map { "Stage{ fps = 120, gesturePrediction = \($0) }" } ?? "Stage{ fps = 120 }"
        let report = try runScenario("""
        test("flick", function()
          local s = \(stage)
          local mp = s:miniPlayer{ player = s:player{ tracks = { { title = "A", artist = "B", duration = 200 } } },
            dragSpace = "screen" }
          \(open ? "mp:tap(\"bar\") s:settle()" : "")
          \(flings)
          s:settle()
          print(mp.isExpanded)
        end)
        """)
        let result = try #require(report.tests.first)
        #expect(result.status == .passed, "\(result.message)")
        return result.output.first == "true"
    }

    /// Closed, a fling up by 30 points (distance −30, not past −40).
    @Test(arguments: [
        // r = 0.99: −30 − 1300 × 0.099 = −158.7 (stays); −30 − 1330 × 0.099 = −161.67 (opens).
        (nil as Double?, 1300.0, false), (nil, 1330, true),
        // r = 0.995: −30 − 650 × 0.199 = −159.35 (stays); −30 − 660 × 0.199 = −161.34 (opens).
        (0.995, 650, false), (0.995, 660, true),
    ])
    func theBarOpensOnlyWhenTheFlickIsPredictedPast160(rate: Double?, velocity: Double, opens: Bool) throws {
        let fling = "mp:fling{ dy = -30, velocity = \(velocity) }"
        #expect(try Self.expanded(after: fling, rate: rate, open: false) == opens)
    }

    /// Open, a fling down by 100 points on the full player (distance 100, not past 120).
    @Test(arguments: [
        // r = 0.99: 100 + 2200 × 0.099 = 317.8 (stays open); 100 + 2250 × 0.099 = 322.75 (closes).
        (nil as Double?, 2200.0, true), (nil, 2250, false),
        // r = 0.995: 100 + 1100 × 0.199 = 318.9 (stays open); 100 + 1110 × 0.199 = 320.89 (closes).
        (0.995, 1100, true), (0.995, 1110, false),
    ])
    func thePlayerClosesOnlyWhenTheFlickIsPredictedPast320(rate: Double?, velocity: Double, staysOpen: Bool) throws {
        let fling = "mp:fling{ dy = 100, velocity = \(velocity), part = \"background\" }"
        #expect(try Self.expanded(after: fling, rate: rate, open: true) == staysOpen)
    }

    @Test func aRateOutsideItsRangeIsRefused() throws {
        for bad in ["1", "-0.1", "\"fast\""] {
            let report = try runScenario("local s = Stage{ gesturePrediction = \(bad) }")
            #expect(report.tests.first?.message.contains("Stage: option 'gesturePrediction' must be a deceleration rate from 0 to 0.9999") == true,
                    "\(bad): \(report.tests.map(\.message))")
        }
    }
}
