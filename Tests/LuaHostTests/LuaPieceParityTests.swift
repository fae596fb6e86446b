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

extension LuaPieceParityTests {
    static let pulsePlugin = """
    return {
      pieces = {
        pulse = {
          state = { beat = 0, size = 20 },
          layout = function(st) return { dot = { x = 10, y = 10, w = st.size + 4 * st.beat, h = st.size + 4 * st.beat } } end,
          methods = { beat = function(self) self:set({ beat = self.state.beat + 1 }, motion.roles.reveal) end },
        },
      },
    }
    """

    /// As a script reads a Swift piece's readings (`v.angle`), it reads a Lua piece's: each a function of the state
    /// and the environment, called when read; a mistake in one is the script's error at the line that read it.
    @Test func aPieceHasReadingsReadAsFields() throws {
        try passes(Self.card.replacingOccurrences(of: "  methods = {", with: """
          readings = {
            width = function(st) return 100 + 10 * st.beats end,
            at = function(_, env) return env.time end,
            drawn = function(_, env) return env.drawnTime end,
            broken = function(st) return st.nothing.x end,
          },
          methods = {
        """) + """

        expect(card.width).toBe(100)                 -- no beats yet: 100 + 10 × 0
        card:beat(2)
        expect(card.width).toBe(120)                 -- 100 + 10 × 2
        s:advance(0.5)
        expect(card.at).toBe(0.5)                    -- the stage's time now
        expect(card.drawn).toBe(nil)                 -- no timeline, so no time it drew
        expect(function() return card.broken end).toThrow("card: reading 'broken' failed")
        local s2 = Stage{}
        local function refused(readings) return function()
          s2:piece{ name = "p", layout = function() return {} end, methods = { m = function() end }, readings = readings }
        end end
        expect(refused({ tap = function() end })).toThrow("option 'readings': 'tap' is already the piece's own")
        expect(refused({ m = function() end })).toThrow("option 'readings': 'm' is already the piece's own")
        expect(refused({ w = 3 })).toThrow("option 'readings': 'w' must be a function(state, env) that returns the value, got number")
        expect(refused(3)).toThrow("option 'readings' must be a table of functions")
        """)
    }

    /// A plugin declares a piece type; `s:pulse{...}` is a stage constructor like a built-in one: each piece gets a
    /// fresh copy of the type's state with the given keys laid over it, and the type's methods.
    @Test func aPluginPieceTypeIsAStageConstructor() throws {
        let folder = try ScenarioFolder()
        try folder.write("plugins/pulse/plugin.lua", Self.pulsePlugin)
        let path = try folder.write("use.lua", """
        test("pulses", function()
          local s = Stage{ fps = 60 }
          local a = s:pulse{}
          local b = s:pulse{ name = "big", state = { size = 40 } }
          a:beat(); a:beat()
          s:settle()
          expect(s:frame().pulse.dot.w).toBe(28)      -- 20 + 4 × 2
          expect(s:frame().big.dot.w).toBe(40)        -- its own state: size 40, no beats
          expect(b.state.beat).toBe(0)
          expect(function() s:pulse{ name = "x", colour = 3 } end).toThrow("use.lua:10: stage:pulse: unknown option 'colour'")
        end)
        """)
        let report = folder.runFile(path) { $0.pluginFolders = [folder.path + "/plugins"] }
        #expect(report.tests.first?.status == .passed, "\(report.tests.map(\.message))")
    }

    /// As a built-in piece takes its options at the top (`s:vinyl{ rpm = 45 }`), a piece type's constructor takes
    /// the keys of the type's state there; `state = {...}` still works, and what is given at the top comes last.
    @Test func aPieceTypesConstructorTakesItsStatesKeysAtTheTop() throws {
        let folder = try ScenarioFolder()
        try folder.write("plugins/pulse/plugin.lua", Self.pulsePlugin)
        let path = try folder.write("use.lua", """
        test("sizes", function()
          local s = Stage{ fps = 60 }
          local a = s:pulse{ size = 40 }
          s:pulse{ name = "both", size = 30, state = { size = 50, beat = 1 } }
          s:settle()
          expect(s:frame().pulse.dot.w).toBe(40)      -- size 40, no beats
          expect(s:frame().both.dot.w).toBe(34)       -- the top's size 30, the state's beat 1: 30 + 4
          expect(a.state.size).toBe(40)
          expect(function() s:pulse{ name = "x", sise = 3 } end)
            .toThrow("use.lua:9: stage:pulse: unknown option 'sise' (the state's keys: beat, size; the piece's options: name, state, layout")
          -- A key that is not a name is named by its type, never by its address (which changes from run to run).
          expect(function() s:pulse{ [{}] = 1, [function() end] = 2 } end).toThrow("stage:pulse: unknown option 'a function'")
        end)
        """)
        let report = folder.runFile(path) { $0.pluginFolders = [folder.path + "/plugins"] }
        #expect(report.tests.first?.status == .passed, "\(report.tests.map(\.message))")
    }

    @Test func aPieceTypeMayNotTakeANameTheStageHas() throws {
        let folder = try ScenarioFolder()
        try folder.write("plugins/p/plugin.lua", "return { pieces = { advance = { layout = function() return {} end } } }")
        try folder.write("plugins/q/plugin.lua", "return { pieces = { dot = { state = {} } } }")
        let path = try folder.write("use.lua", "test('x', function() end)")
        let first = folder.runFile(path) { $0.pluginFolders = [folder.path + "/plugins/p"] }
        #expect(first.tests.contains { $0.message.contains("stage already has a built-in 'advance'") }, "\(first.tests.map(\.message))")
        try folder.write("plugins/r/plugin.lua", "return { pieces = { [{}] = {}, [{}] = {} } }")
        let third = folder.runFile(path) { $0.pluginFolders = [folder.path + "/plugins/r"] }
        #expect(third.tests.contains { $0.message.contains("plugin 'r': pieces: a piece type needs a name of letters, digits and '_', got a table") },
                "\(third.tests.map(\.message))")
        let second = folder.runFile(path) { $0.pluginFolders = [folder.path + "/plugins/q"] }
        #expect(second.tests.contains { $0.message.contains("plugin 'q': pieces.dot.layout must be a function(state, env)") },
                "\(second.tests.map(\.message))")
    }
}
