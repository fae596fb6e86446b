import Foundation
import Testing
@testable import LuaHost

/// Every option of `s:page`, `s:scrollIsland`, `page:scroll` and `page:fling` with a wrong type or value is refused
/// with an error naming the function and the option; odd but legal pages (none, one, repeated zero heights) run
/// through every gesture, key and action without reaching a Swift trap.
@Suite struct ScrollIslandBindingErrorTests {
    private static let prelude = """
        local s = Stage{ width = 393, height = 852, safeArea = { top = 59, bottom = 34 } }
        local sections = { { id = "a", title = "A", height = 400 }, { id = "b", title = "B", height = 600 } }
        """

    /// Runs `call` after making a page (`page`) and an island over it (`island`), and returns the error it raised.
    private func refusal(_ call: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try refusalLine(of: call, prelude: Self.prelude, setup: """
              local page = s:page{ sections = sections }
              local island = s:scrollIsland{ page = page }
            """, name: "refusal.lua", sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        // s:page
        ("s:page()", "stage:page: argument 1 must be a table of options, got no value"),
        ("s:page(3)", "stage:page: argument 1 must be a table of options, got number"),
        ("s:page{ sections = \"a\", name = \"p\" }", "stage:page: option 'sections' must be a list of sections"),
        ("s:page{ sections = { x = 1 }, name = \"p\" }", "stage:page: option 'sections' must be a list (1, 2, 3 …)"),
        ("s:page{ sections = { 3 }, name = \"p\" }", "stage:page: section 1 must be a table"),
        ("s:page{ sections = { { id = 3, title = \"X\", height = 1 } }, name = \"p\" }", "stage:page: section 1: 'id' must be a non-empty string, got number"),
        ("s:page{ sections = { { id = \"\", title = \"X\", height = 1 } }, name = \"p\" }", "stage:page: section 1: 'id' must be a non-empty string"),
        ("s:page{ sections = { { id = \"x\", height = 1 } }, name = \"p\" }", "stage:page: section 1: 'title' must be a string, got nil"),
        ("s:page{ sections = { { id = \"x\", title = \"X\", detail = 4, height = 1 } }, name = \"p\" }", "stage:page: section 1: 'detail' must be a string, got number"),
        ("s:page{ sections = { { id = \"x\", title = \"X\", height = 0/0 } }, name = \"p\" }", "stage:page: section 1: 'height' must be a number of points of at least 0, got nan"),
        ("s:page{ sections = { { id = \"x\", title = \"X\", height = math.huge } }, name = \"p\" }", "stage:page: section 1: 'height' must be a number of points of at least 0, got inf"),
        ("s:page{ sections = { { id = \"x\", title = \"X\", height = -40 } }, name = \"p\" }", "stage:page: section 1: 'height' must be a number of points of at least 0, got -40"),
        ("s:page{ sections = { { id = \"x\", title = \"X\", height = \"1\" } }, name = \"p\" }", "stage:page: section 1: 'height' must be a number of points of at least 0, got \"1\""),
        ("s:page{ sections = { { id = \"x\", title = \"X\", paragraphs = \"a\" } }, name = \"p\" }", "stage:page: section 1: 'paragraphs' must be a list of strings, got string"),
        ("s:page{ sections = { { id = \"x\", title = \"X\", paragraphs = { 1 } } }, name = \"p\" }", "stage:page: section 1: paragraph 1 must be a string, got number"),
        ("s:page{ sections = { { id = \"x\", title = \"X\", height = 1, paragraphs = { \"a\" } } }, name = \"p\" }", "give a 'height' or 'paragraphs', not both"),
        ("s:page{ sections = { { id = \"x\", title = \"X\", height = 1 }, { id = \"x\", title = \"Y\", height = 2 } }, name = \"p\" }", "stage:page: section 2 repeats the id \"x\""),
        ("s:page{ sections = sections, selection = 1, name = \"p\" }", "stage:page: option 'selection' must be a section id (a string), got number"),
        ("s:page{ sections = sections, selection = \"z\", name = \"p\" }", "stage:page: option 'selection' must be one of \"a\", \"b\", got \"z\""),
        ("s:page{ sections = sections, keyboard = -1, name = \"p\" }", "stage:page: option 'keyboard' must be a height in points of at least 0, got -1"),
        ("s:page{ sections = sections, keyboard = 0/0, name = \"p\" }", "stage:page: option 'keyboard' must be a height in points"),
        ("s:page{ sections = sections, spacing = -1, name = \"p\" }", "stage:page: option 'spacing' must be a distance in points of at least 0"),
        ("s:page{ sections = sections, paddingTop = \"x\", name = \"p\" }", "stage:page: option 'paddingTop' must be a distance in points, got string"),
        ("s:page{ sections = sections, paddingBottom = -3, name = \"p\" }", "stage:page: option 'paddingBottom' must be a distance in points of at least 0"),
        ("s:page{ sections = sections, name = \"a b\" }", "stage:page: option 'name' must be letters, digits or _"),
        ("s:page{ sections = sections }", "stage:page: a piece named \"page\" is already on the stage"),
        ("s:page{ sections = sections, nmae = \"p\" }", "stage:page: unknown option 'nmae'"),
        // page:scroll
        ("page:scroll()", "page:scroll: argument 1 must be a table of options, got no value"),
        ("page:scroll{}", "page:scroll: give 'to' (a section id) or 'offset' (points), one of them"),
        ("page:scroll{ to = \"a\", offset = 10 }", "page:scroll: give 'to' (a section id) or 'offset' (points), one of them"),
        ("page:scroll{ to = 2 }", "page:scroll: option 'to' must be a section id (a string), got number"),
        ("page:scroll{ to = \"z\" }", "page:scroll: option 'to' must be one of \"a\", \"b\", got \"z\""),
        ("page:scroll{ offset = 0/0 }", "page:scroll: option 'offset' must be an offset in points"),
        ("page:scroll{ offset = math.huge }", "page:scroll: option 'offset' must be an offset in points"),
        ("page:scroll{ to = \"a\", animated = \"yes\" }", "page:scroll: option 'animated' must be true or false, got string"),
        ("page:scroll{ to = \"a\", animation = 3 }", "page:scroll: option 'animation'"),
        ("page:scroll{ too = \"a\" }", "page:scroll: unknown option 'too'"),
        // page:fling
        ("page:fling()", "page:fling: argument 1 must be a table of options, got no value"),
        ("page:fling{}", "page:fling: option 'velocity' is required"),
        ("page:fling{ velocity = 0/0 }", "page:fling: option 'velocity' must be a speed in points per second"),
        ("page:fling{ velocity = -math.huge }", "page:fling: option 'velocity' must be a speed in points per second"),
        ("page:fling{ velocity = \"fast\" }", "page:fling: option 'velocity' must be a speed in points per second, got string"),
        ("page:fling{ speed = 3 }", "page:fling: unknown option 'speed'"),
        ("page:fling{ dy = -200, velocity = 0/0 }", "page:fling: option 'velocity' must be a speed in points per second"),
        // page readings
        ("page:keyboard(0/0)", "page:keyboard: argument 1 must be a height in points"),
        ("page:section(0)", "page:section: argument 1 must be a section number from 1 to 2, got 0"),
        ("page:section(99)", "page:section: argument 1 must be a section number from 1 to 2, got 99"),
        ("page:section(\"z\")", "page:section: no section has the id \"z\""),
        // s:scrollIsland
        ("s:scrollIsland()", "stage:scrollIsland: argument 1 must be a table of options, got no value"),
        ("s:scrollIsland{ name = \"i\" }", "stage:scrollIsland: option 'page' is required (a page made with s:page{...})"),
        ("s:scrollIsland{ page = \"page\", name = \"i\" }", "stage:scrollIsland: option 'page' must be a page made with s:page{...}, got string"),
        ("s:scrollIsland{ page = island, name = \"i\" }", "stage:scrollIsland: option 'page' must be a page made with s:page{...}"),
        ("s:scrollIsland{ page = page, progress = \"soon\", name = \"i\" }", "stage:scrollIsland: option 'progress' must be \"page\", \"estimate\" or a number from 0 to 1"),
        ("s:scrollIsland{ page = page, progress = 0/0, name = \"i\" }", "stage:scrollIsland: option 'progress' must be \"page\", \"estimate\" or a number from 0 to 1 (others are pinned into that range, as the island pins them), got nan"),
        ("s:scrollIsland{ page = page, progress = true, name = \"i\" }", "got boolean"),
        ("s:scrollIsland{ page = page, showsTopButton = \"no\", name = \"i\" }", "stage:scrollIsland: option 'showsTopButton' must be true or false, got string"),
        ("s:scrollIsland{ page = page, maxWidth = 0, name = \"i\" }", "stage:scrollIsland: option 'maxWidth' must be a width in points above 0, got 0"),
        ("s:scrollIsland{ page = page, maxWidth = 0/0, name = \"i\" }", "stage:scrollIsland: option 'maxWidth' must be a width in points"),
        ("s:scrollIsland{ page = page, maxWidth = \"wide\", name = \"i\" }", "stage:scrollIsland: option 'maxWidth' must be a width in points, got string"),
        ("s:scrollIsland{ page = page, isExpanded = \"open\", name = \"i\" }", "stage:scrollIsland: option 'isExpanded' must be true or false"),
        ("s:scrollIsland{ page = page, messages = \"x\", name = \"i\" }", "stage:scrollIsland: option 'messages' must be a table of copy"),
        ("s:scrollIsland{ page = page, messages = { contents = 3 }, name = \"i\" }", "stage:scrollIsland: messages.contents must be a string, got number"),
        ("s:scrollIsland{ page = page, messages = { read = \"x\" }, name = \"i\" }", "stage:scrollIsland: option 'messages' has an unknown key 'read'"),
        ("s:scrollIsland{ page = page, name = \"\" }", "stage:scrollIsland: option 'name' must be letters, digits or _"),
        ("s:scrollIsland{ page = page }", "stage:scrollIsland: a piece named \"scrollIsland\" is already on the stage"),
        ("s:scrollIsland{ page = page, pgae = 1, name = \"i\" }", "stage:scrollIsland: unknown option 'pgae'"),
        // the island's own methods
        ("island:tap(\"row\", 0)", "scrollIsland:tap: scrollIsland has no part named \"row 0\""),
        ("island:tap(\"row\", 99)", "scrollIsland:tap: scrollIsland has no part named \"row 99\""),
        ("island:tap(\"row\", -1)", "scrollIsland:tap: scrollIsland has no part named \"row -1\""),
        ("island:tap(\"row\", 1.5)", "scrollIsland:tap: argument 2 must be an index (a whole number), got 1.5"),
        ("island:tap(\"row\", 0/0)", "scrollIsland:tap: argument 2 must be an index (a whole number)"),
        ("island:fling{ dy = -40, velocity = 0/0 }", "scrollIsland:fling: option 'velocity' must be a speed in points per second"),
        ("island:set{ progress = \"x\" }", "scrollIsland:set: option 'progress' must be \"page\", \"estimate\" or a number from 0 to 1"),
        ("island:set{ maxWidth = 3 }", "scrollIsland:set: unknown option 'maxWidth'"),
        ("island:setExpanded(\"x\")", "scrollIsland:setExpanded: argument 1 must be true or false, got string"),
        ("island:perform(\"activate\", \"row.0\")", "scrollIsland:perform: scrollIsland has no accessibility element \"row.0\""),
        ("island:perform(\"activate\", \"row.99\")", "scrollIsland:perform: scrollIsland has no accessibility element \"row.99\""),
    ])
    func wrongOptionsAreRefusedByFunctionAndOption(call: String, expected: String) throws {
        let line = try refusal(call)
        #expect(line.contains(expected), "\(line)")
    }

    /// Pages at the edges of what is legal: none, one, zero heights and a repeated title, driven through every
    /// entry point. Each step must either work or raise a Lua error; none may stop the process.
    @Test func oddPagesRunThroughEveryGestureKeyAndActionWithoutATrap() throws {
        let report = try runScenario("""
            \(Self.prelude)
            local function attempt(f) local ok, err = pcall(f); return ok or tostring(err) end
            local function drive(page, island)
              s:frames(2)
              for _, part in ipairs({ "bar", "bubble", "ring", "glass", "panel", "rows" }) do
                attempt(function() island:tap(part) end)
                attempt(function() island:drag{ part = part, dx = 120 } end)
                attempt(function() island:drag{ part = part, dx = -300 } end)
                attempt(function() island:fling{ part = part, dy = -80, velocity = 900 } end)
              end
              for _, n in ipairs({ 0, 1, 2, 3, 99 }) do attempt(function() island:tap("row", n) end) end
              for _, k in ipairs({ "left", "right", "up", "down", "return", "space", "escape", "tab" }) do
                attempt(function() island:key(k) end)
              end
              for _, a in ipairs({ "activate", "increment", "decrement", "escape" }) do
                attempt(function() island:perform(a) end)
                attempt(function() island:perform(a, "bubble") end)
                attempt(function() island:perform(a, "row.1") end)
              end
              attempt(function() page:fling{ velocity = 4000 } end)
              attempt(function() page:scroll{ offset = -1e6, animated = true } end)
              attempt(function() page:scroll{ offset = 1e6 } end)
              attempt(function() page:keyboard(500) end)
              attempt(function() island:set{ progress = 7 } end)
              attempt(function() island:set{ progress = "estimate", showsTopButton = false } end)
              s:settle()
              local f = s:frame()
              return f ~= nil and island.layout
            end
            test("no sections draw nothing and take nothing", function()
              local page = s:page{ sections = {}, name = "none" }
              local island = s:scrollIsland{ page = page, name = "noneIsland" }
              expect(drive(page, island)).toBe(nil)
              expect(island.count).toBe(0)
              expect(island.current).toBe(1)
              expect(#island:accessibility()).toBe(0)
              expect(attempt(function() page:section(1) end)).toContain("this page has no sections")
            end)
            test("one section never opens", function()
              local page = s:page{ sections = { { id = "only", title = "Only", height = 2000 } }, name = "one" }
              local island = s:scrollIsland{ page = page, name = "oneIsland", isExpanded = false }
              expect(drive(page, island)).toBeTruthy()
              island:setExpanded(true)
              expect(island.isExpanded).toBe(true)
              expect(island.isOpen).toBe(false)
              expect(page.selection == nil or page.selection == "only").toBe(true)
            end)
            test("zero heights and a repeated title", function()
              local page = s:page{ sections = { { id = "a", title = "Same", height = 0 }, { id = "b", title = "Same", height = 0 },
                                                { id = "c", title = "", height = 0 } }, name = "flat" }
              local island = s:scrollIsland{ page = page, name = "flatIsland", progress = -3 }
              expect(drive(page, island)).toBeTruthy()
              expect(page.readFraction).toBe(1)
              expect(island.readFraction >= 0 and island.readFraction <= 1).toBe(true)
            end)
            test("a huge flick and a NaN-free page", function()
              local page = s:page{ sections = sections, name = "fast" }
              local island = s:scrollIsland{ page = page, name = "fastIsland" }
              page:fling{ velocity = 20000 }
              s:settle()
              expect(page.offset).toBe(page.maxOffset)
              -- 1000 points of content end 182 points down: the anchor line (182 + 59) is still in "a"
              expect(page.selection).toBe("a")
              expect(island.readFraction).toBe(1)
            end)
            """, name: "odd.lua", limits: SandboxLimits(instructions: 0, memoryBytes: 256 << 20, seconds: 120))
        for name in ["no sections draw nothing and take nothing", "one section never opens",
                     "zero heights and a repeated title", "a huge flick and a NaN-free page"] {
            let result = try #require(report.test(name), "\(report.summary)")
            #expect(result.status == .passed, "\(name): \(result.message)")
        }
    }
}
