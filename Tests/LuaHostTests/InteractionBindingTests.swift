import Foundation
import Testing
@testable import LuaHost

/// A card written in Lua that follows a vertical drag and opens when flung upward faster than 800 pt/s:
/// the piece every test here drives through the interaction methods.
private let cardPiece = """
    local THRESHOLD = 800
    local function card(s, extra)
      local spec = {
        name = "card",
        state = { open = false, offset = 0, phases = {}, touches = {} },
        parts = { "surface", "grabber", "row" },
        layout = function(state, env)
          local y = (state.open and 100 or 600) + state.offset
          local e = { surface = { x = 16, y = y, w = 361, h = 200 }, grabber = { x = 176, y = y + 6, w = 40, h = 6 } }
          for i = 1, 3 do e["row." .. i] = { x = 16, y = y + 20 + 40 * i, w = 361, h = 40 } end
          return e
        end,
        onTouch = function(state, t)
          state.phases[#state.phases + 1] = t.phase
          state.touches[#state.touches + 1] = t
          if t.phase == "moved" then state.offset = t.translation.height return end
          if t.phase == "ended" or t.phase == "cancelled" then
            state.offset = 0
            if t.phase == "ended" and t.velocity.y < -THRESHOLD then state.open = true end
            return motion.roles.reveal
          end
        end,
        onKey = function(state, key)
          if key == "space" then state.open = not state.open return true, motion.roles.reveal end
          if key == "escape" then state.open = false return true end
          return false
        end,
        accessibility = function(state, env)
          return {
            { id = "surface", label = "Card", value = state.open and "open" or "closed", hint = "Opens the card",
              traits = { "button" }, actions = { "activate", "escape" }, focused = true },
            { id = "grabber", label = "Grabber", traits = {}, actions = { "increment" },
              frame = { x = 1, y = 2, w = 3, h = 4 } },
          }
        end,
        perform = function(state, action, element)
          if action == "magicTap" then return false end
          if action == "activate" or action == "increment" then state.open = true return motion.roles.reveal end
          state.open = false
        end,
      }
      for k, v in pairs(extra or {}) do spec[k] = v end
      return s:piece(spec)
    end

    """

/// Runs `body` as one test after the card prelude; the test must pass. Returns what it printed.
private func run(_ body: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
    let report = try runScenario(cardPiece + "test(\"t\", function()\n" + body + "\nend)\n")
    let result = try #require(report.test("t"), "\(report.summary)", sourceLocation: sourceLocation)
    #expect(result.status == .passed, "\(result.message)\n\(result.traceback)", sourceLocation: sourceLocation)
    return result.output
}

/// The error `call` raises, called from line 3 of the test body (so line 57 + 3 of the file).
private func caught(_ call: String, setup: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let output = try run("""
        local s = Stage{} local c = card(s) \(setup)
        s:frames(1)
        local ok, err = pcall(function() return \(call) end)
        print(tostring(ok), tostring(err))
        """, sourceLocation: sourceLocation)
    let line = try #require(output.first, sourceLocation: sourceLocation)
    #expect(line.hasPrefix("false\t"), "\(line)", sourceLocation: sourceLocation)
    return String(line.dropFirst("false\t".count))
}

@Suite struct InteractionBindingTests {
    /// The line a test body's third line has in the scenario file.
    static let callLine = cardPiece.split(separator: "\n", omittingEmptySubsequences: false).count + 3

    // MARK: tap

    @Test func aTapRendersUntilTheLiftWhichLandsOnTheTwelfthFrameAt120FPS() throws {
        let out = try run("""
            local s = Stage{ fps = 120 } local c = card(s)
            s:frames(1)
            local start = s:now()
            print(c:tap())
            print(table.concat(c.state.phases, ","))
            local down, up = c.state.touches[1], c.state.touches[2]
            print(down.time == start, up.time - start, s:now() - start)
            print(up.location.x, up.location.y, up.velocity.x, up.velocity.y)
            """)
        #expect(out == ["12", "began,ended", "true\t0.1\t0.1", "196.5\t700.0\t0.0\t0.0"])
    }

    @Test func aTapTakesAPartAnIndexAPointAndADuration() throws {
        let out = try run("""
            local s = Stage{} local c = card(s)
            s:frames(1)
            print(c:tap("grabber"), c.state.touches[1].location.y)
            print(c:tap("row", 2), c.state.touches[3].location.y)
            print(c:tap("row", 3, { duration = 0.2 }), c.state.touches[5].location.y)
            print(c:tap{ x = 30, y = 40 }, c.state.touches[7].location.x, c.state.touches[7].location.y)
            print(c:tap{ part = "grabber", duration = 0.05 }, c.state.touches[9].location.y)
            print(c:tap{ duration = 0.3 }, c.state.touches[11].location.y)
            """)
        #expect(out == ["12\t609.0", "12\t720.0", "24\t760.0", "12\t30.0\t40.0", "6\t609.0", "36\t700.0"])
    }

    // MARK: drag and fling

    @Test func aDragFollowsEvenlyAndLiftsAtRestSoTheCardStaysClosed() throws {
        let out = try run("""
            local s = Stage{} local c = card(s)
            s:frames(1)
            print(c:drag{ dy = -300 })                                 -- 0.25 s moving + 0.1 s still
            local ys = {}
            for i = 2, 4 do ys[#ys + 1] = s:frame(i).card.surface.y end
            print(table.concat(ys, ","), s:frame(31).card.surface.y)
            local last = c.state.touches[#c.state.touches]
            print(last.phase, last.velocity.y, last.translation.height, c.state.open)
            s:settle()
            print(s:frame().card.surface.y)
            """)
        #expect(out == ["42", "590.0,580.0,570.0\t300.0", "ended\t0.0\t-300.0\tfalse", "600.0"])
    }

    @Test func aFlingLiftsMovingAtExactlyTheGivenSpeed() throws {
        let out = try run("""
            local s = Stage{} local c = card(s)
            s:frames(1)
            print(c:fling{ dy = -100, velocity = 2000 })             -- 0.05 s: six frames
            local last = c.state.touches[#c.state.touches]
            print(last.phase, string.format("%.6f", last.velocity.y), last.velocity.x, c.state.open)
            print(c:fling{ dx = 30, dy = -40, velocity = 500, x = 50, y = 650 })   -- 50 pt at 500 pt/s
            last = c.state.touches[#c.state.touches]
            print(string.format("%.6f %.6f", last.velocity.x, last.velocity.y), last.startLocation.x)
            """)
        #expect(out == ["6", "ended\t-2000.000000\t0.0\ttrue", "12", "300.000000 -400.000000\t50.0"])
    }

    @Test func theCardOpensOnlyOnAFlingFasterThanTheThreshold() throws {
        let out = try run("""
            local s = Stage{} local c = card(s)
            s:frames(1)
            c:fling{ dy = -120, velocity = 790 }
            print(c.state.open)
            s:settle()
            print(s:frame().card.surface.y)
            c:fling{ dy = -120, velocity = 810 }
            print(c.state.open)
            s:settle()
            print(s:frame().card.surface.y)
            """)
        #expect(out == ["false", "600.0", "true", "100.0"])
    }

    // MARK: touch

    @Test func aTouchChainsMovesAndLiftsAndTheScriptAdvancesBetween() throws {
        let out = try run("""
            local s = Stage{} local c = card(s)
            s:frames(1)
            local f = c:touch("grabber")
            print(f.isDown, f.location.x, f.location.y)
            s:frames(1)
            print(f:move(0, 40) == f, f.location.y)
            print(s:frame().card.surface.y)                             -- the move begins on the next frame
            s:frames(1)
            print(s:frame().card.surface.y)
            f:moveTo(10, 500)
            s:frames(2)
            print(s:frame().card.surface.y, f:up().isDown, c.state.open)      -- still moving fast 2 frames ago
            print(table.concat(c.state.phases, ","))
            local g = c:touch(20, 650):move(0, 10):cancel()
            print(g.isDown, g.location.x, g.location.y, c.state.phases[#c.state.phases])
            s:settle()
            c:touch("row", 3):up()
            print(c.state.touches[#c.state.touches].location.y)
            c:touch():up()
            print(c.state.touches[#c.state.touches].location.y)
            """)
        #expect(out == [
            "true\t196.0\t609.0", "true\t649.0", "600.0", "640.0", "491.0\tfalse\ttrue",
            "began,moved,moved,ended", "false\t20.0\t660.0\tcancelled", "260.0", "200.0",
        ])
    }

    // MARK: keys, accessibility, parts

    @Test func aKeySaysWhetherThePieceHandledIt() throws {
        let out = try run("""
            local s = Stage{} local c = card(s)
            s:frames(1)
            print(c:key("space"), c.state.open)
            s:frames(1)
            print(s:frame().card.surface.y)                             -- animated: the start value first
            s:frames(1)
            print(s:frame().card.surface.y < 600)
            s:settle()
            print(c:key("escape"), c.state.open)
            s:frames(1)
            print(s:frame().card.surface.y)                             -- no animation returned, at rest: it snaps
            print(c:key("left"))
            """)
        #expect(out == ["true\ttrue", "600.0", "true", "true\tfalse", "600.0", "false"])
    }

    @Test func accessibilityListsEveryFieldAndDefaultsTheFrameToTheElement() throws {
        let out = try run("""
            local s = Stage{} local c = card(s)
            s:frames(1)
            local a = c:accessibility()
            print(#a, a[1].id, a[1].label, a[1].value, a[1].hint, a[1].focused)
            print(table.concat(a[1].traits, ","), table.concat(a[1].actions, ","))
            print(a[1].frame.x, a[1].frame.y, a[1].frame.w, a[1].frame.h)
            print(a[2].id, a[2].value, a[2].hint, #a[2].traits, a[2].focused, a[2].frame.y)
            """)
        #expect(out == [
            "2\tsurface\tCard\tclosed\tOpens the card\ttrue", "button\tactivate,escape",
            "16.0\t600.0\t361.0\t200.0", "grabber\tnil\tnil\t0\tfalse\t2.0",
        ])
    }

    @Test func performRunsTheHandlerWithItsAnimation() throws {
        let out = try run("""
            local s = Stage{} local c = card(s)
            s:frames(1)
            c:perform("activate", "surface")
            print(c.state.open, c:accessibility()[1].value)
            s:frames(2)
            print(s:frame().card.surface.y < 600, s:frame().card.surface.y > 100)
            c:perform("escape")
            print(c.state.open)
            print(select("#", c:perform("increment", "grabber")))
            """)
        #expect(out == ["true\topen", "true\ttrue", "false", "0"])
    }

    @Test func partGivesThePresentedRect() throws {
        let out = try run("""
            local s = Stage{} local c = card(s)
            local r = c:part("grabber")                                 -- before any frame: the target
            print(r.x, r.y, r.w, r.h)
            s:frames(1)
            c:key("space")
            s:frames(3)
            r = c:part("surface")
            print(r.y == s:frame().card.surface.y, r.y < 600)
            print(c:part("row", 1).h)
            """)
        #expect(out == ["176.0\t606.0\t40.0\t6.0", "true\ttrue", "40.0"])
    }

    // MARK: errors

    @Test(arguments: [
        ("c:drag{ dy = \"x\" }", "piece:drag: option 'dy' must be a distance in points, got string"),
        ("c:drag{ dz = 1 }", "piece:drag: unknown option 'dz' (known: dx, dy, duration, part, index, x, y)"),
        ("c:drag()", "piece:drag: argument 1 must be a table of options, got no value"),
        ("c:drag{ dy = 10, duration = 0 }", "piece:drag: option 'duration' must be a number of seconds above 0, got 0.0"),
        ("c:drag{ dy = 10, duration = 1e12 }", "piece:drag: drag: duration must be at most 600.0 seconds, got 1000000000000.0"),
        ("c:fling{ dy = -1e9, velocity = 1 }", "piece:fling: fling: the finger would travel for 1000000000.0 s (distance over velocity); at most 600.0 s"),
        ("c:fling{ dy = -10 }", "piece:fling: option 'velocity' is required (a speed in points per second along the path)"),
        ("c:fling{ dy = -10, velocity = -5 }", "piece:fling: option 'velocity' must be a speed in points per second above 0, got -5.0"),
        ("c:fling{ velocity = 100 }", "piece:fling: the finger must travel; give 'dx' or 'dy' (points)"),
        ("c:fling{ dy = 1, velocity = 100, speed = 3 }", "piece:fling: unknown option 'speed' (known: dx, dy, velocity, part, index, x, y)"),
        ("c:tap(\"nope\")", "piece:tap: card has no part named \"nope\" (it has: surface, grabber, row)"),
        ("c:tap(\"row\", 9)", "piece:tap: card has no part named \"row 9\" (it has: surface, grabber, row)"),
        ("c:tap(\"row\", 1.5)", "piece:tap: argument 2 must be an index (a whole number), got 1.5"),
        ("c:tap(true)", "piece:tap: argument 1 must be a part name or a table of options, got boolean"),
        ("c:tap(\"grabber\", \"x\")", "piece:tap: argument 2 must be an index or a table of options, got string"),
        ("c:tap(\"grabber\", { part = \"surface\" })", "piece:tap: the part is given twice (as an argument and as an option)"),
        ("c:tap{ x = 3 }", "piece:tap: options 'x' and 'y' go together (a point in stage coordinates); got only 'x'"),
        ("c:tap{ x = 3, y = 4, part = \"grabber\" }", "piece:tap: give a part or a point (x, y), not both"),
        ("c:tap{ duration = -1 }", "piece:tap: option 'duration' must be a number of seconds above 0, got -1.0"),
        ("c:tap({}, 3)", "piece:tap: argument 2 is one too many (it takes at most 1), got number"),
        ("c:touch(3)", "piece:touch: argument 2 must be a y coordinate, got no value"),
        ("c:touch(\"lid\")", "piece:touch: card has no part named \"lid\" (it has: surface, grabber, row)"),
        ("c:touch({})", "piece:touch: argument 1 must be a part name or a point (x, y), got table"),
        ("c:key(\"spce\")", "piece:key: unknown key \"spce\" (known: space, return, escape, left, right, up, down, tab)"),
        ("c:key(3)", "piece:key: argument 1 must be a key name such as \"space\", got number"),
        ("c:perform(\"activate\", \"lid\")", "piece:perform: card has no accessibility element \"lid\" (it has: surface, grabber)"),
        ("c:perform(\"decrement\", \"grabber\")", "piece:perform: card.grabber has no accessibility action \"decrement\" (it has: increment)"),
        ("c:perform(\"magicTap\")", "piece:perform: card has no whole-screen accessibility action \"magicTap\" (it has none)"),
        ("c:part(\"lid\")", "piece:part: card has no part named \"lid\" (it has: surface, grabber, row)"),
        ("c:part()", "piece:part: argument 1 must be a part name, got no value"),
        ("c:touch(\"grabber\"):up():up()", "finger:up: this touch on card has already lifted; start a new one with touch()"),
        ("c:touch(\"grabber\"):cancel():move(0, 1)", "finger:move: this touch on card has already lifted; start a new one with touch()"),
        ("c:touch(\"grabber\"):move(\"a\", 1)", "finger:move: argument 1 must be a distance in points (dx), got string"),
        ("c:touch(\"grabber\"):moveTo(1)", "finger:moveTo: argument 2 must be a y coordinate in points, got no value"),
        ("c:touch(\"grabber\").nope", "finger has no field 'nope'"),
    ])
    func aWrongCallRaisesAnErrorNamingTheFunctionAndArgument(call: String, expected: String) throws {
        let message = try caught(call)
        #expect(message.hasSuffix("/scenario.lua:\(Self.callLine): " + expected), "\(message)")
    }

    // MARK: Lua handlers

    @Test func aMoveChainedAtTheInstantOfTheTouchStillTranslates() throws {
        let out = try run("""
            local s = Stage{} local c = card(s)
            s:frames(1)
            local f = c:touch("grabber"):move(0, 40):up()
            local moved = c.state.touches[2]
            print(f.isDown, moved.phase, moved.translation.height, moved.velocity.y, c.state.touches[3].phase)
            """)
        #expect(out == ["false\tmoved\t40.0\t0.0\tended"])
    }

    @Test func aHandlerErrorIsRaisedAfterTheGestureHasRunItsCourse() throws {
        let out = try run("""
            local s = Stage{}
            local c = card(s, { onTouch = function(state, t) if t.phase == "moved" then error("boom") end end })
            s:frames(1)
            local start = s:now()
            local ok, err = pcall(function() c:drag{ dy = -50 } end)
            print(ok, (err:gsub("[^%s]*scenario%.lua", "scenario.lua")))
            print(string.format("%.4f", s:now() - start))
            print(pcall(function() c:key("space") end))                 -- the error was raised once
            """)
        #expect(out == [
            "false\tscenario.lua:\(Self.callLine + 2): card: onTouch failed: scenario.lua:\(Self.callLine - 1): boom",
            "0.3500", "true",
        ])
    }

    @Test func handlersMayReturnAnyAnimationOrSayTheyDidNotHandleIt() throws {
        let out = try run("""
            local s = Stage{}
            local c
            c = card(s, { onKey = function(state, key)
              if key == "up" then state.open = true return { duration = 0.3, bounce = 0 } end
              if key == "down" then state.open = false return false end
              if key == "tab" then return "loudly" end
              if key == "left" then c:set({ open = true }, motion.easeOut(0.2)) return true end
            end })
            s:frames(1)
            print(c:key("up"))
            s:frames(1) local a = s:frame().card.surface.y
            s:frames(1) local b = s:frame().card.surface.y
            print(a, b < 600)
            s:settle()
            print(c:key("down"), c.state.open)                          -- not handled, still applied; at rest: snaps
            s:frames(1)
            print(s:frame().card.surface.y)
            local ok, err = pcall(function() c:key("tab") end)
            print(ok, err:match("card%.onKey returned a string; return true or false %(handled%) and, if you like, an animation") ~= nil)
            print(c:key("left"))
            s:frames(1) a = s:frame().card.surface.y
            s:frames(1) b = s:frame().card.surface.y
            print(a, b < 600 and b > 100)
            """)
        #expect(out == ["true", "600.0\ttrue", "false\tfalse", "600.0", "false\ttrue", "true", "600.0\ttrue"])
    }

    @Test func aGestureCannotStartInsideAHandler() throws {
        let out = try run("""
            local s = Stage{}
            local c
            c = card(s, { onKey = function(state, key) c:tap() return true end })
            s:frames(1)
            local ok, err = pcall(function() c:key("space") end)
            print(ok, err:match("card: onKey failed: .*piece:tap: cannot start a gesture inside card's onKey handler") ~= nil)
            print(c:tap())
            """)
        #expect(out == ["false\ttrue", "12"])
    }

    @Test func aLayoutErrorDuringAGestureSurfacesAfterIt() throws {
        let out = try run("""
            local s = Stage{}
            local c = card(s, { layout = function(state, env)
              if state.offset < -20 then error("too far") end
              return { surface = { x = 0, y = 600 + state.offset, w = 100, h = 100 } }
            end, parts = { "surface" } })
            s:frames(1)
            local ok, err = pcall(function() c:drag{ dy = -40 } end)
            print(ok, err:match("card: layout failed: .*too far$") ~= nil)
            """)
        #expect(out == ["false\ttrue"])
    }

    @Test func aPieceWithoutHandlersLetsEverythingPass() throws {
        let out = try run("""
            local s = Stage{}
            local p = s:piece{ name = "plain", layout = function() return { box = { x = 0, y = 0, w = 10, h = 20 }, note = { text = "hi" } } end }
            s:frames(1)
            print(p:tap(), p:key("space"), #p:accessibility(), p:part("box").h)
            local ok, err = pcall(function() p:perform("escape") end)
            print(ok, err:match('plain has no whole%-screen accessibility action "escape" %(it has none%)') ~= nil)
            ok, err = pcall(function() p:part("note") end)
            print(ok, err:match('plain has no part named "note" %(it has: box%)') ~= nil)
            """)
        #expect(out == ["12\tfalse\t0\t20.0", "false\ttrue", "false\ttrue"])
    }

    @Test(arguments: [
        ("onTouch = 3", "stage:piece: option 'onTouch' must be a function(state, touch), got number"),
        ("perform = {}", "stage:piece: option 'perform' must be a function(state, action, element), got table"),
        ("parts = \"surface\"", "stage:piece: option 'parts' must be a list of element names such as { \"surface\", \"grabber\" }, got string"),
        ("parts = { \"a\", 2 }", "stage:piece: option 'parts' must be a list of element names such as { \"surface\", \"grabber\" }, got 2.0 as item 2"),
        ("onTuch = print", "stage:piece: unknown option 'onTuch' (known: name, state, layout, body, onTouch, onKey, accessibility, perform, parts, timeline, methods, readings, player, onPlayer, tasks, order)"),
    ])
    func aBadHandlerOptionIsRefusedByName(option: String, expected: String) throws {
        let out = try run("""
            local s = Stage{}
            local ok, err = pcall(function() return s:piece{ name = "x", layout = function() return {} end, \(option) } end)
            print(ok, err)
            """)
        #expect(out.count == 1)
        #expect(out.first?.hasPrefix("false\t") == true)
        #expect(out.first?.hasSuffix(": " + expected) == true, "\(out)")
    }

    @Test(arguments: [
        ("return { { label = \"x\" } }", "card: accessibility returned element 1: 'id' must be a string, got nil"),
        ("return { { id = \"lid\", label = \"x\" } }", "card: accessibility returned lid: give a 'frame' { x, y, w, h } (no element named \"lid\" to take it from)"),
        ("return { { id = \"surface\", label = \"x\", role = 1 } }", "card: accessibility returned element 1: unknown key 'role' (known: id, label, value, hint, traits, actions, frame, focused)"),
        ("return { { id = \"surface\", label = \"x\", traits = { 1 } } }", "card: accessibility returned surface: 'traits' must be a list of strings, got a list holding a number"),
        ("return 3", "card: accessibility returned a number, not a list of elements such as { { id = \"card\", label = \"Card\" } }"),
    ])
    func aBadAccessibilityTreeIsRaisedAsTheScriptsError(body: String, expected: String) throws {
        let out = try run("""
            local s = Stage{}
            local c = card(s, { accessibility = function(state, env) \(body) end })
            s:frames(1)
            local ok, err = pcall(function() return c:accessibility() end)
            print(ok, err)
            """)
        #expect(out.count == 1)
        #expect(out.first?.hasSuffix(": " + expected) == true, "\(out)")
    }

    // MARK: end to end

    @Test func aCardFollowsADragAndOpensOnAFlingPastTheThreshold() throws {
        let out = try run("""
            local s = Stage{ width = 393, height = 852 }
            local c = card(s)
            s:frames(1)
            -- Dragged up 300 pt over 0.25 s: the card follows, 10 pt a frame, then lifts at rest and goes home.
            local from = s.frameIndex
            c:drag{ part = "grabber", dy = -300 }
            local follow = {}
            for i = from + 1, from + 30, 6 do follow[#follow + 1] = s:frame(i).card.surface.y end
            print(table.concat(follow, ","), c.state.open)
            s:settle()
            print(s:frame().card.surface.y)
            -- Flung up 80 pt at 790 pt/s: under the threshold, home again.
            c:fling{ part = "grabber", dy = -80, velocity = 790 }
            s:settle()
            print(c.state.open, s:frame().card.surface.y)
            -- At 810 pt/s it opens on reveal: it starts from where the finger left it and springs to 100.
            local lifted = s.frameIndex
            c:fling{ part = "grabber", dy = -80, velocity = 810 }
            local at = s:frame().card.surface.y
            local ran = s:settle()
            local ys = s:frames{ from = s:frame(lifted + 1).t }:map(function(f) return f.card.surface.y end)
            print(c.state.open, at, s:frame().card.surface.y, ys:min() < 100, ran < 130)
            """)
        #expect(out == ["590.0,530.0,470.0,410.0,350.0\tfalse", "600.0", "false\t600.0", "true\t520.0\t100.0\ttrue\ttrue"])
    }

    @Test func gestureFramesAreLoggedLikeAdvanceFramesAndIdenticalOnEveryRun() throws {
        let folder = try ScenarioFolder()
        let scenario = cardPiece + """
            test("log", function()
              local s = Stage{}
              local c = card(s)
              c:tap()
              c:drag{ dy = -60 }
              c:fling{ dy = -90, velocity = 1500 }
              local f = c:touch("grabber") s:frames(2) f:move(0, 30) s:frames(2) f:up()
              s:settle()
              print(s.frameIndex)
            end)
            """
        var logs: [String] = []
        for run in 1...2 {
            let path = folder.path + "/log\(run).jsonl"
            let report = try folder.run("log.lua", scenario) { $0.logPath = path }
            let result = try #require(report.test("log"), "\(report.summary)")
            #expect(result.status == .passed, "\(result.message)")
            let frames = Int(result.output.first ?? "") ?? -1
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let frameLines = text.split(separator: "\n").filter { $0.hasPrefix("{\"frame\":") }
            #expect(frameLines.count == frames)
            #expect(frameLines.enumerated().allSatisfy { i, line in line.hasPrefix("{\"frame\":\(i + 1),") })
            logs.append(text)
        }
        #expect(logs[0] == logs[1])
    }

    /// The scenario file's path as errors print it (everything before ":<line>:").
    static func file(_ line: String) -> String {
        guard let tab = line.firstIndex(of: "\t") else { return "" }
        let rest = line[line.index(after: tab)...]
        guard let end = rest.range(of: ".lua:") else { return "" }
        return String(rest[..<end.lowerBound]) + ".lua"
    }
}
