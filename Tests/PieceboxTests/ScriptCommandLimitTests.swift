import Foundation
import Testing

/// Every command that runs a script runs it as `piecebox run` does: in a worker, under the file's header limits and
/// the command's limit flags, with the hard bound that kills a worker stuck in a long library call. `film` is the
/// command besides `run` that runs a scenario (`diff`, `init` and `stubs` run none).
@Suite struct ScriptCommandLimitTests {
    /// A scenario that breaks one limit, how the limit is set, and the words the refusal must carry.
    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let script: String
        let flags: [String]
        let expected: String
        var description: String { name }
    }

    static let cases: [Case] = [
        // A pattern that backtracks for hours: no Lua hook fires inside string.find, so only the kill stops it.
        Case(name: "a pattern bomb under --max-seconds",
             script: """
             test("bomb", function()
               local s = Stage{ width = 100, height = 100 }
               s:advance(0.1)
               string.find(string.rep("a", 3000), string.rep("a*", 100) .. "b")
             end)
             """,
             flags: ["--max-seconds", "0.3"], expected: "time limit of 0.3 s exceeded"),
        Case(name: "a loop under the header's instruction limit",
             script: """
             --! max-instructions: 100000
             test("spins", function()
               local s = Stage{ width = 100, height = 100 }
               s:advance(0.1)
               while true do end
             end)
             """,
             flags: [], expected: "instruction limit of 100000 exceeded"),
        Case(name: "a growing table under --max-memory",
             script: """
             test("grows", function()
               local s = Stage{ width = 100, height = 100 }
               s:advance(0.1)
               local t = {}
               for i = 1, 1e9 do t[i] = { i } end
             end)
             """,
             flags: ["--max-memory", "8"], expected: "memory limit of 8 MiB exceeded"),
    ]

    @Test(arguments: cases)
    func filmRunsItsScenarioUnderTheRunsLimits(_ c: Case) throws {
        let folder = try TestFolder()
        try folder.write("s.lua", c.script)
        // Bounded well past the limits: without them the film would run for hours (the bomb) or until the machine's
        // memory is gone.
        let run = try PieceboxRun(["film", "s.lua", "--out", "s.svg"] + c.flags, in: folder.path).finish(within: 60)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains(c.expected), "\(run.stderr)")
        #expect(folder.read("s.svg") == nil, "no film of a run a limit cut short")
    }

    @Test func filmStillDrawsAScenarioThatKeepsItsLimits() throws {
        let folder = try TestFolder()
        try folder.write("s.lua", """
        --! max-seconds: 5
        test("card", function()
          local s = Stage{ width = 200, height = 200 }
          s:piece{ name = "card", layout = function(env) return { box = { x = 10, y = 10, w = 50, h = 50 } } end }
          s:advance(0.1)
        end)
        """)
        let run = try piecebox(["film", "s.lua", "--out", "s.svg", "--max-memory", "64"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(folder.read("s.svg")?.contains("data-element=\"card.box\"") == true)
    }

    @Test func filmRefusesALimitFlagWithABadValueAsRunDoes() throws {
        let folder = try TestFolder()
        try folder.write("s.lua", "test('x', function() end)")
        let film = try piecebox(["film", "s.lua", "--out", "s.svg", "--max-seconds", "soon"], in: folder.path)
        let run = try piecebox(["run", "s.lua", "--max-seconds", "soon"], in: folder.path)
        #expect(film.status == 2 && run.status == 2)
        let said = { (text: String) in text.split(separator: "\n").first.map(String.init) ?? "" }
        #expect(said(film.stderr).hasSuffix(said(run.stderr).replacingOccurrences(of: "piecebox: ", with: "")),
                "film: \(film.stderr)\nrun: \(run.stderr)")
    }
}
