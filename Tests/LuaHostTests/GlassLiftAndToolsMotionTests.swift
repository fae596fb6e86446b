import Foundation
import Testing
@testable import LuaHost

/// The lift shadow is the foundation's group's (`PieceLiquidGroup`, `lift` on by default), not the system's
/// `GlassEffectContainer`'s, which the Tools' seed uses: the Tools publish no lift. Under Reduce Motion the Tools
/// keep the foundation's rule (no overshoot, no travel) instead of the seed's `.bouncy` (a named judgement).
@Suite struct GlassLiftAndToolsMotionTests {
    func passes(_ body: String) throws {
        let report = try runScenario("test(\"glass\", function()\n\(body)\nend)\n")
        #expect(report.tests.first?.status == .passed, "\(report.tests.map(\.message))")
    }

    @Test func onlyAGroupOnTheFoundationFloatsOnTheLift() throws {
        try passes("""
        local s = Stage{ colorScheme = "light" }
        s:tools{}
        s:glassGroup{ name = "lifted", spacing = 20, shapes = { { id = "a", x = 20, y = 300, w = 44, h = 44, shape = "circle" } } }
        s:glassGroup{ name = "flat", lift = false, spacing = 20, shapes = { { id = "a", x = 20, y = 400, w = 44, h = 44, shape = "circle" } } }
        s:advance(0.1)
        local f = s:frame()
        expect(f.tools.group.liftOpacity).toBe(0)        -- the system's container: no lift
        expect(f.lifted.group.liftOpacity).toBe(0.07)    -- the foundation's: black at 0.07 in light mode
        expect(f.flat.group.liftOpacity).toBe(0)
        """)
    }

    /// .bouncy (duration 0.5, bounce 0.3) overshoots 4.6 %: without Reduce Motion the eraser, growing out of the
    /// pencil, travels 60 points (44 + 16) and passes its place by about 2.8 (4.6 % of 60) before it settles. With
    /// Reduce Motion it opens where it rests (no travel) on the still spring (no bounce): its x never leaves its
    /// place and its scale never passes 1.
    @Test func underReduceMotionTheToolsOpenWithoutOvershoot() throws {
        try passes("""
        local function past(reduce)
          local s = Stage{ fps = 120, reduceMotion = reduce }
          local t = s:tools{}
          s:advance(0.1)
          local from = s:now()
          t:toggle()
          s:settle()
          local rest = s:frame().tools["shape.eraser"]
          local travel, scale = 0, 0
          for _, f in ipairs(s:frames{ from = from }:list()) do
            local e = f.tools["shape.eraser"]
            if e then
              travel = math.max(travel, math.abs(e.x - rest.x))
              if e.x > rest.x then scale = math.max(scale, e.x - rest.x) end
              scale = math.max(scale, e.scale - 1)
            end
          end
          return travel, scale
        end
        local travel, over = past(false)
        expect(travel).toBeGreaterThan(50)       -- it grows out of the pencil, 60 points away
        expect(over).toBeGreaterThan(2)          -- and passes its place by about 2.8
        travel, over = past(true)
        expect(travel).toBe(0)
        expect(over).toBeLessThan(1e-9)
        """)
    }
}
