import Foundation
import Testing
@testable import LuaHost

/// `s:glassGroup` and `s:tools`: every wrong option is refused naming the function and what was wrong, and odd but
/// legal groups go through every gesture and action without reaching a Swift trap.
@Suite struct GlassBindingTests {
    private static let prelude = """
        local s = Stage{}
        """

    private func refusal(_ call: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try refusalLine(of: call, prelude: Self.prelude, setup: """
              local g = s:glassGroup{ spacing = 16, shapes = { { id = "a", x = 0, y = 0, w = 44, h = 44 } } }
              local t = s:tools{}
            """, name: "refusal.lua", sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        ("s:glassGroup()", "stage:glassGroup: argument 1 must be a table of options, got no value"),
        ("s:glassGroup{ shapes = {} , name = \"x\" }", "stage:glassGroup: option 'spacing' is required"),
        ("s:glassGroup{ spacing = 16, name = \"x\" }", "stage:glassGroup: option 'shapes' is required"),
        ("s:glassGroup{ spacing = -2, shapes = {}, name = \"x\" }", "stage:glassGroup: spacing must be a distance of at least 0 points, got -2"),
        ("s:glassGroup{ spacing = 0/0, shapes = {}, name = \"x\" }", "stage:glassGroup: option 'spacing' must be a distance in points"),
        ("s:glassGroup{ spacing = 16, shapes = { a = 1 }, name = \"x\" }", "option 'shapes' must be a list"),
        ("s:glassGroup{ spacing = 16, shapes = { 3 }, name = \"x\" }", "shapes[1] must be a shape table"),
        ("s:glassGroup{ spacing = 16, shapes = { { x = 0, y = 0, w = 1, h = 1 } }, name = \"x\" }", "shapes[1] needs an id"),
        ("s:glassGroup{ spacing = 16, shapes = { { id = \"a b\", x = 0, y = 0, w = 1, h = 1 } }, name = \"x\" }", "a shape's id must be letters, digits or _"),
        ("s:glassGroup{ spacing = 16, shapes = { { id = \"a\", x = 0, y = 0, w = 1, h = 1, wobble = 1 } }, name = \"x\" }", "shapes[1] has an unknown key 'wobble'"),
        ("s:glassGroup{ spacing = 16, shapes = { { id = \"a\", x = 0, y = 0, w = -1, h = 1 } }, name = \"x\" }", "needs a finite frame with w and h above 0"),
        ("s:glassGroup{ spacing = 16, shapes = { { id = \"a\", x = 1e300, y = 0, w = 1, h = 1 } }, name = \"x\" }", "needs a finite frame"),
        ("s:glassGroup{ spacing = 16, shapes = { { id = \"a\", x = 0, y = 0, w = 1, h = 1, shape = { radius = -3 } } }, name = \"x\" }", "shapes[1].shape.radius must be a corner radius of at least 0 points"),
        ("s:glassGroup{ spacing = 16, shapes = { { id = \"a\", x = 0, y = 0, w = 1, h = 1, interactive = 1 } }, name = \"x\" }", "option 'interactive' must be true or false"),
        ("s:glassGroup{ spacing = 16, shapes = {} }", "stage:glassGroup: a piece named \"glassGroup\""),
        ("s:glassGroup{ spacing = 16, shapes = { { id = \"a\", x = 0, y = 0, w = 1, h = 1, style = \"plain\" } }, name = \"x\" }", "shapes[1].style must be \"glass\" or \"glassProminent\""),
        ("s:glassGroup{ spacing = 16, shapes = { { id = \"a\", x = 0, y = 0, w = 1, h = 1, style = \"glass\", tint = \"red\" } }, name = \"x\" }", "has style \"glass\", which sets 'tint' itself"),
        ("g:insert(3)", "glassGroup:insert: argument 1 must be a shape table"),
        ("g:insert({ id = \"b\", x = 0, y = 0, w = 1, h = 1, from = 4 })", "'from' must be the id of the shape it grows out of"),
        ("g:insert({ id = \"b\", x = 0, y = 0, w = 1, h = 1 }, 7)", "glassGroup:insert: argument 2 must be an animation"),
        ("g:remove()", "glassGroup:remove: argument 1 must be the id of a shape in the group, got no value"),
        ("g:set{ gap = 3 }", "glassGroup:set: unknown option 'gap'"),
        ("g:set{ spacing = -1 }", "glassGroup:set: spacing must be a distance of at least 0 points"),
        ("s:tools{ expanded = \"yes\" }", "stage:tools: option 'expanded' must be true or false"),
        ("t:setExpanded(1)", "tools:setExpanded: argument 1 must be true or false"),
        ("s:sheet{ detents = \"medium\" }", "stage:sheet: option 'detents' must be a list of detents"),
        ("s:sheet{ detents = { \"tall\" } }", "stage:sheet: detents[1] must be \"medium\" or \"large\", got \"tall\""),
        ("s:sheet{ presented = 1 }", "stage:sheet: option 'presented' must be true or false"),
        ("s:sheet{ height = 3 }", "stage:sheet: unknown option 'height'"),
        ("s:sheet{ presented = true, name = \"sh\" }:setDetent(\"tall\")", "sheet:setDetent: argument 1 must be \"medium\" or \"large\""),
        ("s:tabBar{}", "stage:tabBar: option 'page' must be a page made with s:page{...}, got nil"),
        ("s:tabBar{ page = s:page{ sections = {} }, minimizeBehavior = \"always\" }", "option 'minimizeBehavior' must be \"onScrollDown\" or \"never\""),
        ("s:tabBar{ page = s:page{ sections = {} }, selected = \"podcasts\" }", "option 'selected' must be one of \"library\", \"radio\", \"search\", got \"podcasts\""),
        ("s:tabBar{ page = s:page{ sections = {} } }:select(\"x\")", "tabBar:select: no tab \"x\" (known: library, radio, search)"),
    ])
    func wrongOptionsAreRefusedByFunctionAndOption(call: String, expected: String) throws {
        let line = try refusal(call)
        #expect(line.contains(expected), "\(line)")
    }

    @Test func oddGroupsRunThroughEveryGestureAndActionWithoutATrap() throws {
        let report = try runScenario("""
            \(Self.prelude)
            local function attempt(f) local ok, err = pcall(f); return ok or tostring(err) end
            test("odd groups", function()
              local empty = s:glassGroup{ spacing = 0, shapes = {}, name = "empty" }
              local g = s:glassGroup{ spacing = 1e6, shapes = {
                { id = "a", x = 0, y = 0, w = 1e-9, h = 1e-9, shape = "circle" },
                { id = "b", x = 0, y = 0, w = 44, h = 44, shape = { radius = 1e9 }, press = true, interactive = true },
              } }
              local t = s:tools{ expanded = true }
              for _, piece in ipairs({ empty, g, t }) do
                for _, part in ipairs({ "a", "b", "pencil", "eraser", "nope" }) do
                  attempt(function() piece:tap(part) end)
                  attempt(function() piece:drag{ part = part, dx = 300 } end)
                  attempt(function() piece:perform("activate", part) end)
                  attempt(function() piece:perform("escape") end)
                end
                attempt(function() piece:key("space") end)
                attempt(function() piece:tap{ x = -1e9, y = 1e9 } end)
              end
              attempt(function() g:remove("a", "bouncy") end)
              attempt(function() g:insert({ id = "a", x = 5, y = 5, w = 10, h = 10 }, "bouncy") end)
              attempt(function() g:remove("b") end)
              attempt(function() g:insert({ id = "c", x = 0, y = 0, w = 1, h = 1 }, { duration = 0.01, bounce = 0.9 }) end)
              t:toggle(); t:toggle(); t:toggle()
              local sh = s:sheet{ detents = { "medium", "large" } }
              local bar = s:tabBar{ page = s:page{ sections = {} }, accessory = true }
              for _, piece in ipairs({ sh, bar }) do
                for _, part in ipairs({ "sheet", "grabber", "bar", "search", "accessory", "tab.radio", "nope" }) do
                  attempt(function() piece:tap(part) end)
                  attempt(function() piece:drag{ part = part, dy = -1e5 } end)
                  attempt(function() piece:fling{ part = part, dy = 1e5, velocity = 1e9 } end)
                  attempt(function() piece:perform("activate", part) end)
                end
                attempt(function() piece:key("escape") end)
                attempt(function() piece:perform("escape") end)
              end
              sh:present(); sh:present(); sh:dismiss(); sh:dismiss(); sh:present()
              s:environment{ width = 1e-3, height = 1e-3 }
              s:frames(3)
              s:environment{ width = 393, height = 852 }
              s:environment{ reduceTransparency = true, reduceMotion = true, isEnabled = false }
              t:toggle()
              s:settle()
              expect(#empty.ids).toBe(0)
            end)
            """, name: "odd.lua")
        #expect(report.tests.first?.status == .passed, "\(report.summary)")
    }
}
