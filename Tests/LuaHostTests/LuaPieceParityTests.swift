import Foundation
import Testing
@testable import LuaHost

/// What a Swift piece can do, a Lua piece can: methods of its own, and the environment in every handler.
@Suite struct LuaPieceParityTests {
    func passes(_ body: String) throws {
        let report = try runScenario("test(\"parity\", function()\n\(body)\nend)\n")
        #expect(report.tests.first?.status == .passed, "\(report.tests.map(\.message))")
    }

    static let card = """
    local s = Stage{ fps = 60 }
    local card = s:piece{ name = "card", state = { beats = 0 },
      layout = function(st) return { surface = { x = 0, y = 0, w = 100 + 10 * st.beats, h = 50 } } end,
      methods = {
        beat = function(self, times, animation)
          self:set({ beats = self.state.beats + (times or 1) }, animation)
          return self.state.beats
        end,
      } }
    """

    @Test func aPieceHasMethodsOfItsOwnWithItselfAsSelf() throws {
        try passes(Self.card + """
        expect(card:beat(2)).toBe(2)
        s:advance(0.1)
        expect(s:frame().card.surface.w).toBe(120)        -- 100 + 10 × 2, snapped (no animation)
        expect(card:beat(1, motion.roles.reveal)).toBe(3)
        s:settle()
        expect(s:frame().card.surface.w).toBe(130)
        expect(function() card:beet() end).toThrow("piece has no field 'beet'; did you mean 'beat'?")
        """)
    }

    @Test func aMethodMayNotHideWhatThePieceAlreadyHas() throws {
        try passes("""
        local s = Stage{}
        local layout = function() return { a = { x = 0, y = 0, w = 10, h = 10 } } end
        expect(function() s:piece{ name = "a", layout = layout, methods = { tap = function() end } } end)
          .toThrow("stage:piece: option 'methods': 'tap' is already the piece's own")
        expect(function() s:piece{ name = "b", layout = layout, methods = { beat = 3 } } end)
          .toThrow("stage:piece: option 'methods': 'beat' must be a function(self, ...), got number")
        expect(function() s:piece{ name = "c", layout = layout, methods = 3 } end)
          .toThrow("option 'methods' must be a table of functions")
        """)
    }

    @Test func everyHandlerReadsTheEnvironmentLast() throws {
        try passes("""
        local s = Stage{ fps = 60, reduceMotion = true, layoutDirection = "rightToLeft" }
        local seen = {}
        local p = s:piece{ name = "p", state = {},
          layout = function() return { a = { x = 0, y = 0, w = 100, h = 100 } } end,
          onTouch = function(st, touch, env) if touch.phase == "ended" then seen.touch = env.reduceMotion end end,
          onKey = function(st, key, env) seen.key = env.layoutDirection; return true end,
          accessibility = function(st, env) return { { id = "a", label = "A", actions = { "activate" } } } end,
          perform = function(st, action, element, env) seen.perform = { element, env.dynamicTypeSize } end }
        p:tap()
        p:key("space")
        p:perform("activate", "a")
        p:perform("escape")
        expect(seen.touch).toBe(true)
        expect(seen.key).toBe("rightToLeft")
        -- With no element the handler still finds env fourth.
        expect(seen.perform[1]).toBe(nil)
        expect(seen.perform[2]).toBe("large")
        """)
    }
}
