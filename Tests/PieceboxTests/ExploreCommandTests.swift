import Foundation
import Testing
@testable import piecebox

/// `piecebox explore`: the explorations of files, deeply; the same result at any `--jobs`, shards that split runs,
/// the minimal scenarios saved through the run's output plan, and an exit status that says whether one failed.
@Suite struct ExploreCommandTests {
    /// Two files: one whose card jumps after arm then fire, one whose card always moves on a spring.
    static func project() throws -> TestFolder {
        let folder = try TestFolder()
        try folder.write("piecebox.lua", "return {}\n")
        for (name, fire) in [("jumps", "w.c:set({ x = 300 })"), ("springs", "w.c:set({ x = 300 }, motion.roles.reveal)")] {
            try folder.write("scenarios/\(name).lua", """
            local function card(s)
              return s:piece{ name = "card", state = { armed = false, x = 0 },
                layout = function(st) return { surface = { x = st.x, y = 0, w = 100, h = 100 } } end }
            end
            explore("the card never jumps", {
              setup = function()
                local s = Stage{ fps = 60 }
                return s, { c = card(s) }
              end,
              actions = {
                arm = function(s, w) w.c:set({ armed = true }) end,
                fire = function(s, w) if w.c.state.armed then \(fire) end end,
                wait = function(s, w, gen) s:advance(gen.number(0, 1)) end,
              },
              invariants = { continuous = { maxStep = 50 }, "settles" },
              steps = 8, runs = 60,
            })
            test("an ordinary test, left out by explore", function() expect(1).toBe(2) end)
            """)
        }
        return folder
    }

    @Test func theSameSeedGivesTheSameOutputAtOneJobAndTwo() throws {
        let folder = try Self.project()
        // Without the database: the second run would replay the failure the first stored.
        let one = try piecebox(["explore", "--no-db", "--jobs", "1", "--seed", "5", "scenarios"], in: folder.path)
        let two = try piecebox(["explore", "--no-db", "--jobs", "2", "--seed", "5", "scenarios"], in: folder.path)
        #expect(one.status == 1 && two.status == 1)
        #expect(one.stdout == two.stdout)
        #expect(one.stdout.contains("seed 5, run "))
        #expect(one.stdout.contains("minimal: 2 actions: arm, fire"))
        // Only the explorations ran: the ordinary test failing 1 = 2 is not among them.
        #expect(!one.stdout.contains("an ordinary test"))
        #expect(one.stdout.contains("1 passed, 1 failed"))
    }

    /// `explorations` as a file of its own, explored with --verbose and seed 3 at one job and at two.
    typealias Run = (status: Int32, stdout: String, stderr: String)
    static func atOneJobAndTwo(_ explorations: String) throws -> (one: Run, two: Run) {
        let folder = try TestFolder()
        try folder.write("piecebox.lua", "return {}\n")
        try folder.write("explorations.lua", explorations)
        let flags = ["explore", "--verbose", "--no-db", "--seed", "3", "explorations.lua"]
        return (try piecebox(flags + ["--jobs", "1"], in: folder.path), try piecebox(flags + ["--jobs", "2"], in: folder.path))
    }

    @Test func whatTheRunsPrintComesOutAsAtOneJob() throws {
        // A share of `--jobs 2` keeps what its runs print; the worker that shrinks prints it in run order, up to
        // where one search over every run stops. "passing": run i makes at most 2 + 2i steps of 5, so the third
        // tick comes in runs 1 to 6 of 7: six "third" lines. "failing": the clock passes 1 s after some run's
        // ticks; its runs print every tick until the search stops, and the shrinking prints its replays.
        let (one, two) = try Self.atOneJobAndTwo("""
            explore("passing", {
              setup = function() return Stage{ fps = 60 }, { n = 0 } end,
              actions = {
                tick = function(s, w, gen)
                  w.n = w.n + 1
                  if w.n == 3 then print("third", gen.integer(1, 9)) end
                  s:advance(0.01)
                end,
              },
              steps = 5, runs = 7,
            })
            explore("failing", {
              setup = function() return Stage{ fps = 60 }, { n = 0 } end,
              actions = {
                tick = function(s, w, gen)
                  w.n = w.n + 1
                  local d = gen.number(0, 0.2)
                  print("tick", w.n, d)
                  s:advance(d)
                end,
              },
              check = function(s) expect(s:now() < 1.0).toBe(true) end,
              steps = 20, runs = 30,
            })
            """)
        #expect(one.status == 1 && two.status == 1, "\(one.stdout)\(one.stderr)")
        #expect(one.stdout == two.stdout)
        #expect(one.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("        third\t") }.count == 6,
                "\(one.stdout)")
        #expect(two.stdout.contains("        tick\t1\t"))
    }

    @Test func aShareThatPrintsMoreThanItKeepsRunsTheFileWhole() throws {
        // 40 runs of up to 20 lines of 300 bytes: far past the 16 KiB a share keeps, so the file runs whole in one
        // worker; its output is still the output of one job.
        let (one, two) = try Self.atOneJobAndTwo("""
            explore("loud", {
              setup = function() return Stage{ fps = 60 }, {} end,
              actions = { tick = function(s, w, gen) print(string.rep("x", 300), gen.integer(1, 5)); s:advance(0.05) end },
              steps = 20, runs = 40,
            })
            """)
        #expect(one.status == 0 && two.status == 0, "\(two.stdout)\(two.stderr)")
        #expect(one.stdout == two.stdout)
        #expect(one.stdout.utf8.count > 100_000)
    }

    @Test func aCorrectPieceExitsZero() throws {
        let folder = try Self.project()
        let run = try piecebox(["explore", "--runs", "40", "scenarios/springs.lua"], in: folder.path)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }

    @Test func savedScenariosFailUnderRunAsTheExplorationDid() throws {
        let folder = try Self.project()
        let explored = try piecebox(["explore", "--save", "found", "scenarios"], in: folder.path)
        #expect(explored.status == 1)
        // Named from the file's path from the project root; the correct file saves nothing.
        #expect(folder.list("found") == ["scenarios__jumps.minimal.lua"])
        let replayed = try piecebox(["run", "found/scenarios__jumps.minimal.lua"], in: folder.path)
        #expect(replayed.status == 1)
        #expect(replayed.stdout.contains("card.surface.x moved 300 in one frame (at most 50): 0 → 300"))
    }

    @Test func aFileOfSeveralMinimalScenariosKeepsEachOnesLimitAndLocals() throws {
        let folder = try TestFolder()
        try folder.write("piecebox.lua", "return {}\n")
        try folder.write("scenarios/three.lua", """
        explore("waits end", {
          setup = function() return Stage{ fps = 60 }, {} end,
          actions = { forever = function(s) s:advance(1e9) end },
          maxFrames = 600,
        })
        explore("counts", {
          setup = function() return Stage{ fps = 60 }, {} end,
          actions = { count = function(s, w, gen) assert(gen.integer(0, 9) < 7, "the counter overflowed") end },
        })
        explore("spins", {
          setup = function() return Stage{ fps = 60 }, {} end,
          actions = { spin = function() while true do end end },
          maxInstructions = 100000,
        })
        """)
        _ = try piecebox(["explore", "--save", "found", "scenarios"], in: folder.path)
        let replayed = try piecebox(["run", "found/scenarios__three.minimal.lua"], in: folder.path)
        // Each keeps its own run limit (a test option, not a header of the whole file) and its own locals.
        #expect(replayed.stdout.contains("the run rendered more than 600 frames"), "\(replayed.stdout)")
        #expect(replayed.stdout.contains("the counter overflowed"))
        #expect(replayed.stdout.contains("the run used more instructions than an exploration's run may"))
        #expect(replayed.stdout.contains("0 passed, 3 failed"))
    }

    @Test func aSavedScenarioFindsTheModulesAndPluginsOfItsFileFromItsOwnFolder() throws {
        let folder = try TestFolder()
        try folder.write("piecebox.lua", "return {}\n")
        try folder.write("plugins/tick/plugin.lua", "return { description = \"ticks\" }\n")
        try folder.write("scenarios/_helper.lua", """
        local M = {}
        local sizes = setmetatable({}, { __index = function() return 500 end })   -- a value no file can copy
        function M.card(s)
          return s:piece{ name = "card", state = { open = false },
            layout = function(st) return { surface = { x = 0, y = 0, w = 10, h = st.open and sizes.open or 10 } } end }
        end
        return M
        """)
        try folder.write("scenarios/needs.lua", """
        --! plugins: ../plugins/tick
        local H = require("_helper")
        explore("never jumps", {
          setup = function() local s = Stage{ fps = 60 } local c = H.card(s) s:frames(1) return s, { c = c } end,
          actions = { open = function(s, w) w.c:set({ open = true }) end },
          invariants = { "continuous" },
          runs = 5, steps = 3,
        })
        """)
        _ = try piecebox(["explore", "--no-db", "--save", "found/deep", "scenarios"], in: folder.path)
        let saved = folder.read("found/deep/scenarios__needs.minimal.lua") ?? ""
        // Named from the save folder: two folders up to the project, then down.
        #expect(saved.hasPrefix("--! plugins: ../../plugins/tick\n--! lib: ../../scenarios\n"), "\(saved)")
        let replayed = try piecebox(["run", "found/deep/scenarios__needs.minimal.lua"], in: folder.path)
        // h goes 10 → 500 in one frame: 490 points.
        #expect(replayed.stdout.contains("card.surface.h moved 490 in one frame"), "\(replayed.stdout)")
    }

    @Test func saveNeverOverwritesAScenario() throws {
        let folder = try Self.project()
        try folder.write("found/scenarios__jumps.minimal.lua", "test('mine', function() end)\n")
        let run = try piecebox(["explore", "--save", "found", "scenarios", "found"], in: folder.path)
        #expect(run.status == 2)
        #expect(run.stderr.contains("found/scenarios__jumps.minimal.lua"), "\(run.stderr)")
        #expect(folder.read("found/scenarios__jumps.minimal.lua") == "test('mine', function() end)\n")
    }

    @Test func shardsSplitTheRunsOfEveryExploration() throws {
        let folder = try Self.project()
        // Run i belongs to shard (i mod 3) + 1: each shard reports a failing run of its own share.
        var runs: [Int] = []
        for k in 1...3 {
            let out = try piecebox(["explore", "--shard", "\(k)/3", "scenarios/jumps.lua"], in: folder.path)
            let run = try #require(out.stdout.firstMatch(of: /seed 0, run (\d+) of 60 \(shard (\d)\/3\)/))
            #expect(Int(run.2) == k)
            runs.append(Int(run.1)!)
            #expect(Int(run.1)! % 3 == k - 1)
        }
        // Bazel's variables shard the same way.
        let bazel = try piecebox(["explore", "scenarios/jumps.lua"], in: folder.path,
                                 environment: ["TEST_TOTAL_SHARDS": "3", "TEST_SHARD_INDEX": "1"])
        #expect(bazel.stdout.contains("seed 0, run \(runs[1]) of 60 (shard 2/3)"), "\(bazel.stdout)\(bazel.stderr)")
    }

    @Test func theSuiteRunsExplorationsAtTheSmallBudget() throws {
        let folder = try Self.project()
        let run = try piecebox(["run", "scenarios/springs.lua"], in: folder.path)
        #expect(run.stdout.contains("✓ the card never jumps"))
        #expect(run.stdout.contains("✗ an ordinary test, left out by explore"))
    }
}
