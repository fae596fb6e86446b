import Testing
@testable import LuaHost

/// Slips a new user makes get a message that points to what they meant.
@Suite struct MessagesThatPointTheWayTests {
    private func failure(_ body: String) throws -> String {
        let report = try runScenario("test(\"t\", function()\n\(body)\nend)", name: "slip.lua")
        let result = try #require(report.test("t"), "\(report.summary)")
        #expect(result.status == .failed)
        return result.message
    }

    private let card = """
        local s = Stage{}
        s:piece{ name = "card", layout = function() return { play = { x = 1, y = 2, w = 44, h = 44 } } end }
        s:frames(1)
        """

    @Test func aMisspeltMatcherGetsTheNearestMatcher() throws {
        let message = try failure("expect(1).toEqaul(1)")
        #expect(message.contains("/slip.lua:2: expect: there is no matcher named 'toEqaul'; did you mean 'toEqual'?"),
                "\(message)")
        // Nothing near: no guess.
        let none = try failure("expect(1).toWobble()")
        #expect(none.contains("there is no matcher named 'toWobble'") && !none.contains("did you mean"), "\(none)")
    }

    @Test func aPropertyAnElementDoesNotHoldIsNamedWithWhatItHolds() throws {
        let message = try failure(card + "\nexpect(s:frame().card.play.wdth).toBeGreaterThanOrEqual(44)")
        #expect(message.contains("/slip.lua:5: card.play has no property 'wdth' (its properties: h, w, x, y); "
            + "expect(nil).toBeGreaterThanOrEqual: the value must be a number, got nil"), "\(message)")
        let near = try failure(card + "\nexpect(s:frame().card.play.hh).toBe(44)")
        #expect(near.contains("/slip.lua:5: card.play has no property 'hh' (its properties: h, w, x, y); did you mean 'h'?\n"
            + "expected nil to be 44"), "\(near)")
    }

    @Test func aMissingPropertyThatIsMeantToBeMissingStillPasses() throws {
        let report = try runScenario("""
            test("t", function()
            \(card)
              expect(s:frame().card.play.gone).toBeNil()
              expect(s:frame().card.play.w).toBe(44)
            end)
            """)
        #expect(report.test("t")?.status == .passed, "\(report.summary)")
    }

    @Test func whatStillMovesCountsOnlyTheNamesItLists() throws {
        // 30 cards, each growing on the reveal spring: the first is named, five more are listed, and the other 24
        // (30 − 1 − 5) are counted apart.
        let message = try failure("""
            local s = Stage{}
            local cards = {}
            for i = 1, 30 do
              cards[i] = s:piece{ name = "card" .. i, state = { h = 10 },
                layout = function(st) return { box = { x = 0, y = 0, w = 10, h = st.h } } end }
            end
            s:frames(1)
            for i = 1, 30 do cards[i]:set({ h = 200 }, motion.roles.reveal) end
            expect(s).toSettleWithin(0.01)
            """)
        #expect(message.contains("(and 5 more: "), "\(message)")
        #expect(message.contains("; and 24 others not listed)"), "\(message)")
        #expect(!message.contains("(and 29 more"), "\(message)")
    }

    @Test func aStageMatcherSaysWhichFramesItCompared() throws {
        // One frame rendered at 120 fps: frame 1 at t = 1/120 = 0.00833333 s.
        let message = try failure("local s = Stage{}\ns:frames(1)\nexpect(s).toHaveEmitted{ kind = \"haptic\" }")
        #expect(message.contains("  received: the stage's frames up to frame 1 (t = 0.00833333 s)\n"), "\(message)")
        #expect(!message.contains("received: stage"), "\(message)")
    }

    @Test func anActionAnElementListsWithNoPerformHandlerSaysThePieceHasNone() throws {
        let message = try failure("""
            local s = Stage{}
            local p = s:piece{ name = "card",
              layout = function() return { play = { x = 0, y = 0, w = 44, h = 44 } } end,
              accessibility = function() return { { id = "play", label = "Play", actions = { "activate" },
                frame = { x = 0, y = 0, w = 44, h = 44 } } } end }
            s:frames(1)
            p:perform("activate", "play")
            """)
        #expect(message.contains("card.play lists the accessibility action \"activate\", but card has no perform "
            + "handler to run it"), "\(message)")
    }

    @Test func readingAFrameRightAfterAChangeSaysNoFrameWasRenderedSince() throws {
        let body = """
            local s = Stage{}
            local p = s:piece{ name = "card", state = { h = 10 },
              layout = function(st) return { box = { x = 0, y = 0, w = 10, h = st.h } } end }
            s:frames(1)
            p:set({ h = 20 })
            """
        let stale = try failure(body + "\nexpect(s:frame().card.box.h).toBe(20)")
        #expect(stale.contains("  note: s:frame() was read after a change, with no frame rendered since: it shows frame 1, "
            + "from before the change"), "\(stale)")
        // Rendered first, the frame shows the change, and a failure for another reason carries no such note.
        let fresh = try failure(body + "\ns:frames(1)\nexpect(s:frame().card.box.h).toBe(30)")
        #expect(!fresh.contains("no frame rendered since"), "\(fresh)")
    }
}
