import Foundation
import Testing
@testable import LuaHost

/// `s:vinyl`, `s:borderBeam` and a Lua piece's `timeline` option: bad input is refused by name, and what the
/// pieces do reads back in Lua.
@Suite struct VinylBindingTests {
    private static let prelude = """
        local s = Stage{ width = 393, height = 852, fps = 120 }
        """

    private func caught(_ call: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try refusalLine(of: call, prelude: Self.prelude,
                        setup: "  local player = s:player{ tracks = { { title = \"A\", duration = 100 } } }",
                        name: "vinyl.lua", sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        ("s:vinyl{ spin = true }", "stage:vinyl: unknown option 'spin'"),
        ("s:vinyl{ rpm = {} }", "stage:vinyl: option 'rpm' must be a number of revolutions per minute, got table"),
        ("s:vinyl{ x = 1, y = 2 }", "a frame needs all of x, y, w and h; 'w', 'h' missing"),
        ("s:vinyl{ player = player, isPlaying = false }", "give 'player' or 'isPlaying', not both"),
        ("s:vinyl{ accessibilityName = 3 }", "option 'accessibilityName' must be a string, got number"),
        ("s:vinyl{ player = player }:set{ isPlaying = true }", "vinyl:set: this disc follows its player"),
        ("s:borderBeam{ x = 0, y = 0, w = 10, h = 10, shape = \"capsule\", radius = 3 }", "a capsule's radius is half its shorter side"),
        ("s:borderBeam{ x = 0, y = 0, w = 10, h = 10, radius = -1 }", "option 'radius' must be at least 0, got -1"),
        ("s:borderBeam{ x = 0, y = 0, w = 10, h = 10, radius = 2, bloom = -1 }", "option 'bloom' must be at least 0"),
        ("s:piece{ name = \"p\", layout = function() return {} end, timeline = 3 }", "option 'timeline' must be a table such as { minimumInterval = 1/60 }, got number"),
        ("s:piece{ name = \"p\", layout = function() return {} end, timeline = { every = 1 } }", "option 'timeline' has an unknown key 'every'"),
        ("s:piece{ name = \"p\", layout = function() return {} end, timeline = { minimumInterval = -1 } }", "timeline.minimumInterval must be seconds of at least 0, got -1"),
    ])
    func badInputIsRefusedByName(call: String, expected: String) throws {
        let line = try caught(call)
        #expect(line.contains(expected), "\(line)")
    }

    @Test func aLuaPieceOnATimelineIsASpinnerThatNeverHoldsUpASettle() throws {
        // 90 °/s drawn at each 1/60 s update: at 120 fps the updates fall on frames 1, 3, 5 …; frame 61
        // (61/120 s) shows 90 × 61/120 = 45.75 degrees, and frame 62 the same drawing.
        let report = try runScenario("""
            \(Self.prelude)
            test("spinner", function()
              s:piece{ name = "spinner", timeline = { minimumInterval = 1 / 60 },
                       layout = function(state, env) return { arc = { angle = 90 * env.time } } end }
              s:frames(61)
              expect(s:frame().spinner.arc.angle).toBeCloseTo(45.75, 1e-9)
              s:frames(1)
              expect(s:frame().spinner.arc.angle).toBeCloseTo(45.75, 1e-9)
              expect(s:settle()).toBe(0)
            end)
            """, name: "spinner.lua")
        #expect(report.test("spinner")?.status == .passed, "\(report.summary)")
    }

    @Test func theDiscReadsBackItsSpinAndItsPlayer() throws {
        // 33 rpm from rest: 110·t² degrees during the 0.9 s ramp; at 0.45 s, 22.275 (frame 54 at 60 fps).
        let report = try runScenario("""
            local s = Stage{ fps = 60 }
            test("round trip", function()
              local player = s:player{ tracks = { { title = "A", duration = 100 } }, isPlaying = true }
              local v = s:vinyl{ player = player, name = "disc" }
              s:advance(0.45)
              expect(v.angle).toBeCloseTo(22.275, 1e-9)
              expect(s:frame().disc.disc.angle).toBeCloseTo(22.275, 1e-9)
              expect(v.speed).toBeCloseTo(99, 1e-9)
              player:pause()
              expect(v.isEasing).toBe(true)
              expect(v.isPlaying).toBe(false)
              s:settle()
              expect(v.isEasing).toBe(false)
            end)
            """, name: "disc.lua")
        #expect(report.test("round trip")?.status == .passed, "\(report.summary)")
    }
}
