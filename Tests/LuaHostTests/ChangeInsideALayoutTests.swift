import Foundation
import Testing
@testable import LuaHost

/// A layout (and what a layout reads with it: accessibility, a task's id, `timeline.paused`, a reading) only reads.
/// A state change there laid the pieces out again inside it, which changed the state again: `p:set` inside the
/// piece's own layout recursed to the nesting limit and started over as each level unwound, so only the wall clock
/// (120 s by default) stopped it. It is refused at once, naming the call, as moving the clock there is.
@Suite struct ChangeInsideALayoutTests {
    func failure(_ body: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (message: String, seconds: Double) {
        let start = Date()
        let report = try runScenario("""
            test("t", function()
              local s = Stage{}
            \(body)
            end)
            """, limits: SandboxLimits(instructions: 0, memoryBytes: 64 << 20, seconds: 20))
        let result = try #require(report.test("t"), "\(report.summary)", sourceLocation: sourceLocation)
        #expect(result.status == .failed, sourceLocation: sourceLocation)
        return (result.message, Date().timeIntervalSince(start))
    }

    @Test func setInsideThePiecesOwnLayoutIsRefusedAtOnce() throws {
        let (message, seconds) = try failure("""
              local card
              card = s:piece{ name = "card", state = { n = 0 },
                layout = function(state)
                  if card then card:set({ n = state.n + 1 }) end
                  return { surface = { x = 0, y = 0, w = 100, h = 100 } }
                end }
              card:set({ n = 1 })
            """)
        #expect(message.contains("piece:set: cannot change card's state inside card's layout"), "\(message)")
        #expect(seconds < 5, "took \(seconds) s")
    }

    @Test func changingAnotherPieceOrTheEnvironmentInsideALayoutIsRefused() throws {
        let (other, _) = try failure("""
              local b = s:piece{ name = "b", state = { n = 0 }, layout = function() return { x = { x = 0, y = 0, w = 1, h = 1 } } end }
              s:piece{ name = "a", layout = function() b:set({ n = b.state.n + 1 }) return { x = { x = 0, y = 0, w = 1, h = 1 } } end }
            """)
        #expect(other.contains("piece:set: cannot change b's state inside a's layout"), "\(other)")
        let (environment, _) = try failure("""
              s:piece{ name = "a", layout = function() s:environment{ reduceMotion = not s:environment().reduceMotion } return { x = { x = 0, y = 0, w = 1, h = 1 } } end }
            """)
        #expect(environment.contains("stage:environment: cannot change the environment inside a's layout"), "\(environment)")
    }

    @Test func setInsideATaskIdIsRefusedButInsideAHandlerItIsNot() throws {
        let (id, _) = try failure("""
              local card
              card = s:piece{ name = "card", state = { n = 0 }, layout = function() return { x = { x = 0, y = 0, w = 1, h = 1 } } end,
                tasks = { { id = function(st) if card then card:set({ n = st.n + 1 }) end return st.n end, run = function() end } } }
              card:set({ n = 1 })
            """)
        #expect(id.contains("cannot change card's state inside card's task 1 id"), "\(id)")
        let report = try runScenario("""
            test("t", function()
              local s = Stage{}
              local card
              card = s:piece{ name = "card", state = { n = 0 }, layout = function(st) return { x = { x = 0, y = 0, w = 1 + st.n, h = 1 } } end,
                onTouch = function(st, t) if t.phase == "ended" then card:set({ n = 5 }) end end }
              card:tap()
              expect(card.state.n).toBe(5)
            end)
            """)
        #expect(report.test("t")?.status == .passed, "\(report.summary)")
    }
}
