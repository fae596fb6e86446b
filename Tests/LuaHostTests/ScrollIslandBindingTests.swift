import Foundation
import Testing
@testable import LuaHost

/// `s:page` and `s:scrollIsland` refuse bad input with errors that name the function and the option, and read
/// back what the pieces do.
@Suite struct ScrollIslandBindingTests {
    private static let prelude = """
        local s = Stage{ width = 393, height = 852, safeArea = { top = 59, bottom = 34 } }
        local sections = { { id = "a", title = "A", height = 400 }, { id = "b", title = "B", height = 600 },
                           { id = "c", title = "C", height = 300 } }
        """

    private func caught(_ call: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try refusalLine(of: call, prelude: Self.prelude, setup: "  local page = s:page{ sections = sections }",
                        name: "island.lua", sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        ("s:page{}", "stage:page: option 'sections' is required"),
        ("s:page{ sections = { { id = \"x\", title = \"X\" } } }", "section 1 (\"x\") needs a 'height' in points or 'paragraphs' to measure"),
        ("s:page{ sections = { { id = \"x\", title = \"X\", height = -1 } } }", "section 1: 'height' must be a number of points of at least 0, got -1"),
        ("s:page{ sections = { { id = \"x\", title = \"X\", height = 1 }, { id = \"x\", title = \"Y\", height = 1 } } }", "section 2 repeats the id \"x\""),
        ("s:page{ sections = { { id = \"x\", title = \"X\", heigth = 1 } } }", "section 1: unknown key 'heigth'"),
        ("s:page{ sections = sections, selection = \"z\" }", "option 'selection' must be one of \"a\", \"b\", \"c\", got \"z\""),
        ("s:page{ sections = sections, name = \"page\" }", "a piece named \"page\""),
        ("page:scroll{ to = \"z\" }", "page:scroll: option 'to' must be one of \"a\", \"b\", \"c\", got \"z\""),
        ("page:scroll{}", "page:scroll: give 'to' (a section id) or 'offset' (points), one of them"),
        ("page:scroll{ to = \"a\", animation = 3 }", "an animation"),
        ("page:fling{}", "page:fling: option 'velocity' is required"),
        ("page:keyboard(-1)", "page:keyboard: argument 1 must be a height in points of at least 0, got -1"),
        ("s:scrollIsland{}", "stage:scrollIsland: option 'page' is required (a page made with s:page{...})"),
        ("s:scrollIsland{ page = page, progress = \"soon\" }", "option 'progress' must be \"page\", \"estimate\" or a number from 0 to 1"),
        ("s:scrollIsland{ page = page, isExpanded = 1 }", "option 'isExpanded' must be true or false"),
        ("s:scrollIsland{ page = page, messages = { contnets = \"x\" } }", "option 'messages' has an unknown key 'contnets'"),
        ("s:scrollIsland{ page = page, maxWidth = 0 }", "option 'maxWidth' must be a width in points above 0, got 0"),
        ("s:scrollIsland{ page = page }:setExpanded(true)", "this island keeps its own open state"),
        ("s:scrollIsland{ page = page }:tap(\"row\", 9)", "has no part named \"row 9\""),
        ("s:scrollIsland{ page = page }:perform(\"magicTap\", \"island\")", "has no accessibility action \"magicTap\""),
    ])
    func badInputIsRefusedByName(call: String, expected: String) throws {
        let line = try caught(call)
        #expect(line.contains(expected), "\(line)")
    }

    @Test func theIslandReadsBackWhatThePageAndItsGesturesDid() throws {
        let report = try runScenario("""
            \(Self.prelude)
            test("round trip", function()
              local page = s:page{ sections = sections }
              local island = s:scrollIsland{ page = page, maxWidth = 300, messages = { contents = "On this page" } }
              s:frames(1)
              expect(island.layout.panel.w).toBe(300)
              expect(island.current).toBe(1)
              page:scroll{ to = "b", animated = true }
              s:settle()
              expect(page.selection).toBe("b")
              expect(island.current).toBe(2)
              expect(s:frame().scrollIsland.title.text).toBe("B")
              island:tap("bar")
              s:settle()
              expect(s:frame().scrollIsland.contents.text).toBe("On this page")
              island:tap("row", 3)
              expect(page.selection).toBe("c")
              expect(page.offset).toBe(page:section("c").restingOffset)
              page:fling{ velocity = -3000 }
              s:settle()
              expect(page.offset).toBe(page.minOffset)
              expect(page.selection).toBe("a")
            end)
            """, name: "island.lua")
        #expect(report.test("round trip")?.status == .passed, "\(report.summary)")
    }
}
