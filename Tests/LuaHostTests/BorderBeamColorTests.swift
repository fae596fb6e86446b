import Foundation
import Testing
@testable import LuaHost

/// BorderBeam's `color` ("accent on light glass" in its specification): given by name or hex, logged with every
/// stroke, refused with the colours it may be.
@Suite struct BorderBeamColorTests {
    @Test func aBeamTakesItsColourAndTheLogSaysIt() throws {
        let report = try runScenario("""
        test("colours", function()
          local s = Stage{ fps = 60 }
          s:borderBeam{ x = 0, y = 0, w = 200, h = 50, shape = "capsule", color = "accent", name = "a" }
          s:borderBeam{ x = 0, y = 100, w = 200, h = 50, shape = "capsule", color = "#FF8800", name = "b" }
          s:borderBeam{ x = 0, y = 200, w = 200, h = 50, shape = "capsule", name = "c" }
          local f = s:frames(1) and s:frame()
          for name, want in pairs({ a = "accent", b = "#FF8800", c = "white" }) do
            local seen = 0
            for _, e in pairs(f[name]) do
              if type(e) == "table" and e.color then expect(e.color).toBe(want); seen = seen + 1 end
            end
            expect(seen).toBeGreaterThan(0)
          end
        end)
        """)
        #expect(report.tests.first?.status == .passed, "\(report.tests.map(\.message))")
    }

    @Test func aColourItCannotBeIsRefused() throws {
        for bad in ["\"beige\"", "\"#12345\"", "\"#GG0000\"", "3"] {
            let report = try runScenario("Stage{}:borderBeam{ x = 0, y = 0, w = 10, h = 10, shape = \"capsule\", color = \(bad) }")
            #expect(report.tests.first?.message.contains("stage:borderBeam: option 'color' must be") == true,
                    "\(bad): \(report.tests.map(\.message))")
        }
    }
}
