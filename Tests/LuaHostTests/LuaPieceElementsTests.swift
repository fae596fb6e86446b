import Foundation
import Testing
@testable import LuaHost

/// What a Lua piece's layout returns, as the frames show it: the order of elements and properties, names that
/// change between layouts, and the message for each kind of wrong value.
@Suite struct LuaPieceElementsTests {
    /// Runs a stage with one Lua piece whose layout body is `layout` (it sees `state`), renders frames as `steps`
    /// says, and returns the frame log's frame lines.
    private func frames(layout: String, steps: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let folder = try ScenarioFolder()
        let log = folder.url.appendingPathComponent("piece.jsonl").path
        let report = try folder.run("piece.lua", """
            test("t", function()
              local s = Stage{ fps = 60 }
              local p = s:piece{ name = "p", state = { k = 1 }, layout = function(state, env)
            \(layout)
              end }
            \(steps)
            end)
            """) { $0.logPath = log }
        let result = try #require(report.test("t"), "\(report.summary)", sourceLocation: sourceLocation)
        #expect(result.status == .passed, "\(result.message)", sourceLocation: sourceLocation)
        let text = try String(contentsOfFile: log, encoding: .utf8)
        return text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("{\"frame\":") }
    }

    @Test func elementsComeByNameAndInEachTheRectThenOtherNumbersThenTextsAndFlags() throws {
        let lines = try frames(layout: """
                return {
                  zeta = { shown = true, label = "z", opacity = 0.5, h = 10, w = 5, y = 2, x = 1 },
                  Alpha = { h = 4, w = 3, y = 0, x = 0 },
                  ["é"] = { title = "accent", scale = 1 },
                  [1] = "a list item is no element",
                }
            """, steps: "s:frames(1)")
        let first = try #require(lines.first)
        // Names in order: "Alpha" (A is 0x41) < "zeta" (z is 0x7A) < "é" (U+00E9).
        #expect(first.contains(#""p":{"Alpha":{"x":0,"y":0,"w":3,"h":4},"zeta":{"x":1,"y":2,"w":5,"h":10,"opacity":0.5,"label":"z","shown":true},"é":{"scale":1,"title":"accent"}}"#),
                "\(first)")
    }

    @Test func aLongNameMadeAfreshEachLayoutIsReadAsItsNewText() throws {
        // Names longer than fifteen bytes, built anew by each layout: the second layout's name must be the new one.
        let lines = try frames(layout: """
                return { ["an_element_name_longer_than_fifteen_" .. state.k] = { x = state.k, y = 0, w = 1, h = 1 } }
            """, steps: """
              s:frames(1)
              collectgarbage()
              p:set({ k = 2 })
              s:frames(1)
            """)
        try #require(lines.count == 2, "\(lines)")
        #expect(lines[0].contains(#""an_element_name_longer_than_fifteen_1":{"x":1,"#), "\(lines[0])")
        #expect(lines[1].contains(#""an_element_name_longer_than_fifteen_2":{"x":2,"#), "\(lines[1])")
        #expect(!lines[1].contains("fifteen_1"), "\(lines[1])")
    }

    @Test(arguments: [
        ("return \"card\"", "a string, not a table of elements such as { surface = { x = 0, y = 0, w = 100, h = 50 } }"),
        ("return { surface = 3 }", "element 'surface' as a number; each element is a table of properties"),
        ("return { surface = { x = 0, y = 0, w = 1, h = 1, kids = {} } }",
         "element 'surface': property 'kids' is a table; use numbers, strings or booleans"),
        ("return { surface = { x = 0, y = 0, w = 1, h = 1, onTap = print } }",
         "element 'surface': property 'onTap' is a function; use numbers, strings or booleans"),
        ("return { surface = { x = {}, y = 0, w = 1, h = 1 } }",
         "element 'surface': property 'x' is table; x, y, w and h must be numbers"),
        ("return { surface = { x = 0, y = 0, w = 1, h = 1, opacity = 0/0, kids = {} } }",
         "element 'surface': property 'opacity' is nan; numbers must be finite"),
        ("return { surface = { x = 0, y = 0, w = 1, h = 1, [\"bad\\255\"] = 1 } }", "a key that is not UTF-8 text"),
    ])
    func aWrongLayoutResultIsNamedWithItsElementAndProperty(layout: String, problem: String) throws {
        let report = try runScenario("""
            test("t", function()
              local s = Stage{}
              s:piece{ name = "card", layout = function() \(layout) end }
            end)
            """, name: "wrong.lua")
        let result = try #require(report.test("t"), "\(report.summary)")
        #expect(result.status == .failed)
        #expect(result.message.hasSuffix("wrong.lua:3: card: layout returned \(problem)"), "\(result.message)")
    }
}
