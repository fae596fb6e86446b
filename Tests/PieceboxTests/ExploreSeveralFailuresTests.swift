import Foundation
import Testing
@testable import piecebox

/// `piecebox explore` reports every distinct failure an exploration meets (each shrunk on its own), says what a
/// pass ran, and gives the same bytes when `--jobs` splits one exploration's runs across workers.
@Suite struct ExploreSeveralFailuresTests {
    /// A card with two planted defects: it jumps when fired after being armed (a broken rule), and its counter
    /// overflows when it draws 8 or 9 (an error of the action's own).
    static func twoDefects() throws -> TestFolder {
        let folder = try TestFolder()
        try folder.write("piecebox.lua", "return {}\n")
        try folder.write("scenarios/two.lua", """
        local function card(s)
          return s:piece{ name = "card", state = { armed = false, x = 0 },
            layout = function(st) return { surface = { x = st.x, y = 0, w = 100, h = 100 } } end }
        end
        explore("the card has two defects", {
          setup = function()
            local s = Stage{ fps = 60 }
            return s, { c = card(s) }
          end,
          actions = {
            arm = function(s, w) w.c:set({ armed = true }) end,
            count = function(s, w, gen) assert(gen.integer(0, 9) < 8, "the counter overflowed") end,
            fire = function(s, w) if w.c.state.armed then w.c:set({ x = 300 }) end end,
            wait = function(s, w, gen) s:advance(gen.number(0, 1)) end,
          },
          invariants = { continuous = { maxStep = 50 }, "settles" },
          steps = 8, runs = 60,
        })
        """)
        return folder
    }

    @Test func twoDistinctPlantedDefectsAreBothReportedEachShrunk() throws {
        let folder = try Self.twoDefects()
        let run = try piecebox(["explore", "--no-db", "--save", "found", "scenarios"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stdout.contains("2 distinct failures"), "\(run.stdout)")
        #expect(run.stdout.contains("card.surface.x moved 300 in one frame (at most 50): 0 → 300"))
        #expect(run.stdout.contains("minimal: 2 actions: arm, fire"))
        #expect(run.stdout.contains("the counter overflowed"))
        // The overflow needs one count that draws 8 or 9, and nothing else.
        #expect(run.stdout.contains("minimal: 1 action: count"))
        // --save writes both, each a test of its own that fails as its failure did.
        let replayed = try piecebox(["run", "found/scenarios__two.minimal.lua"], in: folder.path)
        #expect(replayed.stdout.contains("0 passed, 2 failed"), "\(replayed.stdout)")
        #expect(replayed.stdout.contains("the counter overflowed"))
        #expect(replayed.stdout.contains("card.surface.x moved 300 in one frame"))
    }

    @Test func jobsTwoSplitsOneExplorationAndPrintsTheSameBytesAsJobsOne() throws {
        let folder = try Self.twoDefects()
        var outputs: [String] = []
        for jobs in ["1", "2", "3"] {
            // Seed 3 meets both defects (drawn waits and swarms change which runs do; seed 7 meets only the overflow).
            let run = try piecebox(["explore", "--no-db", "--jobs", jobs, "--seed", "3", "scenarios/two.lua"], in: folder.path)
            #expect(run.status == 1)
            outputs.append(run.stdout)
        }
        #expect(outputs[0] == outputs[1] && outputs[0] == outputs[2])
        #expect(outputs[0].contains("2 distinct failures"), "\(outputs[0])")
        // A pass too: its counts are the sum of the shares' (60 runs of 2, 4, 6, then 8 steps: 2 + 4 + 6 + 57 × 8).
        let springs = try ExploreCommandTests.project()
        let one = try piecebox(["explore", "--jobs", "1", "scenarios/springs.lua"], in: springs.path)
        let two = try piecebox(["explore", "--jobs", "2", "scenarios/springs.lua"], in: springs.path)
        #expect(one.stdout == two.stdout)
        #expect(one.stdout.contains("60 runs, 468 steps (0 discarded), seed 0"), "\(one.stdout)")
    }

    @Test func aPassSaysWhatRanAndStatsAddTheActionsAndTheSpeed() throws {
        let folder = try ExploreCommandTests.project()
        let plain = try piecebox(["explore", "scenarios/springs.lua"], in: folder.path)
        #expect(plain.status == 0)
        // 60 runs: run i takes min(8, 2 + 2i) steps, so 2 + 4 + 6 and then 57 runs of 8: 468.
        #expect(plain.stdout.contains("60 runs, 468 steps (0 discarded), seed 0"), "\(plain.stdout)")
        #expect(!plain.stdout.contains("steps/s"))
        let stats = try piecebox(["explore", "--stats", "scenarios/springs.lua"], in: folder.path)
        #expect(stats.stdout.contains("arm: drawn "), "\(stats.stdout)")
        #expect(stats.stdout.contains("fire: drawn "))
        #expect(stats.stdout.contains("discarded: 0 of 468 steps (0%)") || stats.stdout.contains("discarded: 0 of 468 steps (0.0%)"))
        #expect(stats.stdout.contains(" steps/s"))
        // The machine reports stay what they were: the JSON report parses.
        let json = try piecebox(["explore", "--stats", "--reporter", "json=report.json", "scenarios/springs.lua"], in: folder.path)
        #expect(json.status == 0)
        let text = try #require(folder.read("report.json"))
        #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil)
    }

    @Test func aFileWithNoExplorationIsSaidSoWithHowToDeclareOne() throws {
        let folder = try TestFolder()
        try folder.write("plain.lua", "test('a test', function() end)\n")
        let run = try piecebox(["explore", "plain.lua"], in: folder.path)
        let said = run.stdout + run.stderr
        #expect(said.contains("the file declares no exploration"), "\(said)")
        #expect(said.contains("explore(name, {"))
        #expect(!said.contains("--tag explore"))
    }
}
