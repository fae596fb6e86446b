import Testing
@testable import LuaHost

/// A layout or handler that tries to move the clock while the stage is running its own work gets a clear error
/// instead of re-entering the frame loop (which used to spin until the worker was killed).
@Suite struct StageReentryTests {
    @Test func aHandlerThatAdvancesTheClockDuringATapIsRefused() throws {
        let report = try runScenario("""
            test("advance inside onTouch", function()
              local s = Stage{}
              local card = s:piece{ name = "card", state = { open = false },
                layout = function(state, env) return { surface = { x = 0, y = 0, w = 100, h = 100 } } end,
                onTouch = function(state, t) if t.phase == "ended" then s:advance(0.1) end end }
              card:tap()
            end)
            """)
        let result = try #require(report.test("advance inside onTouch"))
        #expect(result.status == .failed)
        #expect(result.message.contains("stage:advance: cannot advance the clock inside card's onTouch handler"))
        #expect(result.message.contains("onTouch failed"))
    }

    @Test func aLayoutThatSettlesTheStageIsRefused() throws {
        let report = try runScenario("""
            test("settle inside layout", function()
              local s = Stage{}
              local card = s:piece{ name = "card", state = { n = 0 },
                layout = function(state, env)
                  if state.n > 0 then s:settle() end
                  return { surface = { x = 0, y = 0, w = 100, h = 100 } }
                end }
              card:set({ n = 1 })
            end)
            """)
        let result = try #require(report.test("settle inside layout"))
        #expect(result.status == .failed)
        #expect(result.message.contains("layout failed"))
        #expect(result.message.contains("stage:settle: cannot settle inside card's layout"))
    }

    @Test func theStageStillRunsAfterARefusedReentry() throws {
        let report = try runScenario("""
            test("recovers", function()
              local s = Stage{}
              local card = s:piece{ name = "card", state = {},
                layout = function(state, env) return { surface = { x = 0, y = 0, w = 100, h = 100 } } end,
                onTouch = function(state, t) if t.phase == "ended" then s:jump(1) end end }
              expect(function() card:tap() end).toThrow("cannot jump inside card's onTouch handler")
              expect(s:advance(0.5)).toBe(60)
            end)
            """)
        #expect(report.test("recovers")?.status == .passed, "\(report.tests)")
    }
}
