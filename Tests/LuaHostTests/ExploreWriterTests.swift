import Foundation
import Testing
@testable import LuaHost
@testable import LuaRunner

/// The minimal scenario an exploration writes is generated Lua: every name, key and message in it is quoted, every
/// function copied exactly with its own upvalues, and the failure itself ends the test. Each test below explores a
/// planted defect, then runs the written file as a user would (`piecebox run` of what `--save` wrote) and wants it
/// to fail the same way, and the report to say so.
@Suite struct ExploreWriterTests {
    /// What exploring `text` (saved as `name` in a fresh folder that also holds `files`) gave, and what running its
    /// written scenario from the same folder gave.
    struct Explored {
        let result: TestResult
        let scenario: String
        let replayed: FileReport
        var replayedTest: TestResult? { replayed.tests.first { $0.name.hasSuffix(" (minimal)") } }
    }

    static func explore(_ text: String, name: String = "scenario.lua", files: [String: String] = [:],
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> Explored {
        let folder = try ScenarioFolder()
        for (file, body) in files { try folder.write(file, body) }
        let report = folder.runFile(try folder.write(name, text)) { $0.exploration.deep = true }
        let result = try #require(report.tests.first { $0.tags.contains("explore") }, "\(report.summary)",
                                  sourceLocation: sourceLocation)
        let scenario = try #require(result.scenario, "\(result.message)", sourceLocation: sourceLocation)
        let replayed = folder.runFile(try folder.write("minimal.lua", scenario))
        return Explored(result: result, scenario: scenario, replayed: replayed)
    }

    /// A card that jumps 300 points when `fire` runs: a failure of `continuous` one action long (its first frame
    /// is drawn as it is made, so the jump is from a frame at 0).
    static let card = """
    local function card(s)
      local c = s:piece{ name = "card", state = { x = 0 },
        layout = function(st) return { surface = { x = st.x, y = 0, w = 100, h = 100 } } end }
      s:advance(0.1)
      return c
    end

    """

    @Test func aNameAKeyOrAMessageWithLineBreaksNeverBecomesCodeInTheWrittenFile() throws {
        let explored = try Self.explore(Self.card + """
        explore("jumps\\nprint('injected by the name')\\r--", {
          setup = function()
            local s = Stage{ fps = 60 }
            return s, { ["x=nil;print('injected by a key');w.y"] = card(s) }
          end,
          actions = {
            fire = function(s, w)
              w["x=nil;print('injected by a key');w.y"]:set({ x = 300 })
              error("broke\\rprint('injected by the message')")
            end,
          },
        })
        """)
        // Old: the name's line break ended the header comment, so `print('injected by the name')` ran.
        #expect(!explored.replayed.output.contains { $0.contains("injected") }, "\(explored.scenario)")
        #expect(explored.replayedTest?.output.contains { $0.contains("injected") } == false)
        #expect(explored.scenario.contains(#"w["x=nil;print('injected by a key');w.y"]:set({ x = 300 })"#))
        #expect(explored.replayedTest?.status == .failed, "\(explored.replayed.summary)")
        #expect(explored.replayedTest?.message.contains("broke\rprint('injected by the message')") == true)
        #expect(explored.result.message.contains("the written test, replayed in a fresh state, fails the same way"))
    }

    @Test func piecesGivenAsAListAreWrittenByTheirIndex() throws {
        let explored = try Self.explore(Self.card + """
        explore("a list of pieces", {
          setup = function() local s = Stage{ fps = 60 }; return s, { card(s) } end,
          actions = { fire = function(s, w) w[1]:set({ x = 300 }) end },
          invariants = { "continuous" },
        })
        """)
        // Old: `w.1:set(...)`, which is no Lua.
        #expect(explored.scenario.contains("w[1]:set({ x = 300 })"), "\(explored.scenario)")
        #expect(explored.replayedTest?.message.contains("card.surface.x moved 300 in one frame") == true,
                "\(explored.replayed.summary)")
    }

    @Test func setupAndCheckEachKeepTheirOwnLocalOfTheSameName() throws {
        // setup's `limit` is 300 (the card's jump); check's is 100, which the jump passes.
        let explored = try Self.explore(Self.card + """
        local setup, check
        do
          local limit = 300
          setup = function() local s = Stage{ fps = 60 }; return s, { c = card(s), to = limit } end
        end
        do
          local limit = 100
          check = function(s, w) assert(w.c.state.x <= limit, "the card passed " .. limit) end
        end
        explore("two limits", {
          setup = setup,
          actions = { fire = function(s, w) w.c:set({ x = w.to }) end },
          invariants = { "finite" }, check = check,
        })
        """)
        // Old: only the first `limit` was written, so check read 300 and the written test passed.
        #expect(explored.replayedTest?.status == .failed, "\(explored.scenario)")
        #expect(explored.replayedTest?.message.contains("the card passed 100") == true, "\(explored.replayed.summary)")
    }

    @Test func aFunctionIsCopiedExactlyWhateverFollowsItOnItsLastLine() throws {
        // A second function and a string holding "end" on setup's line: the old copy ran from setup's
        // `function` to the line's last `end`, taking check with it (`local setup = function() ... end, check = ...`).
        let explored = try Self.explore(Self.card + """
        explore("one line", {
          actions = { fire = function(s, w) w.c:set({ x = 300 }) end },
          invariants = { "finite" },
          setup = function() local s = Stage{ fps = 60 }; return s, { c = card(s) } end, check = function(s, w) assert(w.c.state.x < 300, "x reached the end") end,
        })
        """)
        #expect(explored.scenario.contains("local setup = function() local s = Stage{ fps = 60 }; return s, { c = card(s) } end\n"),
                "\(explored.scenario)")
        #expect(explored.replayedTest?.message.contains("x reached the end") == true, "\(explored.replayed.summary)")
    }

    @Test func functionsKeptInAHelperTableAreWrittenOut() throws {
        let explored = try Self.explore("""
        local helpers = {
          card = function(s)
            local c = s:piece{ name = "card", state = { x = 0 },
              layout = function(st) return { surface = { x = st.x, y = 0, w = 100, h = 100 } } end }
            s:advance(0.1)
            return c
          end,
        }
        explore("helpers", {
          setup = function() local s = Stage{ fps = 60 }; return s, { c = helpers.card(s) } end,
          actions = { fire = function(s, w) w.c:set({ x = 300 }) end },
          invariants = { "continuous" },
        })
        """)
        // Old: `local helpers = { card = nil --[[ a function cannot be written out ]] }`.
        #expect(!explored.scenario.contains("nil"), "\(explored.scenario)")
        #expect(explored.replayedTest?.message.contains("card.surface.x moved 300 in one frame") == true,
                "\(explored.replayed.summary)")
    }

    @Test func aPieceGivenInsideATableIsTracedAsItself() throws {
        let explored = try Self.explore("""
        explore("a player in a table", {
          setup = function()
            local s = Stage{ fps = 60 }
            return s, { p = s:player{ tracks = { { title = "A", artist = "B", duration = 200 } } } }
          end,
          actions = { vinyl = function(s, w) s:vinyl{ player = w.p } end },
          invariants = { "finite" }, steps = 1,
          check = function(s) assert(s:frame().vinyl == nil, "a vinyl is on the stage") end,
        })
        """)
        // Old: the proxy of `w.p` reached s:vinyl inside its table, which refused it, so the written test failed
        // there instead of at the check.
        #expect(explored.scenario.contains("local v1 = s:vinyl({ player = w.p })"), "\(explored.scenario)")
        #expect(explored.replayedTest?.message.contains("a vinyl is on the stage") == true, "\(explored.replayed.summary)")
        #expect(explored.result.message.contains("fails the same way"), "\(explored.result.message)")
    }
}

extension ExploreWriterTests {
    @Test func anActionsOwnAssertIsTheWrittenTestsFailure() throws {
        let explored = try Self.explore("""
        explore("counts", {
          setup = function() return Stage{ fps = 60 }, {} end,
          actions = { count = function(s, w, gen) assert(gen.integer(0, 9) < 7, "the counter overflowed") end },
        })
        """)
        // Old: the action made no call, so the written test was setup() alone and passed.
        #expect(explored.scenario.contains("count(s, w, drawn({ 7 }))"), "\(explored.scenario)")
        #expect(explored.replayedTest?.status == .failed)
        #expect(explored.replayedTest?.message.contains("the counter overflowed") == true, "\(explored.replayed.summary)")
    }

    @Test func aRunLimitIsTheWrittenTestsFailure() throws {
        let explored = try Self.explore("""
        explore("waits end", {
          setup = function() return Stage{ fps = 60 }, {} end,
          actions = { forever = function(s) s:advance(1e9) end },
          maxFrames = 6000,
        })
        """)
        // Old: `s:advance(1e+09)` with no limit: the written test ran until the file's own limit, another failure.
        #expect(explored.scenario.contains(#"test("waits end (minimal)", { limits = { frames = 6000 } }, function()"#),
                "\(explored.scenario)")
        #expect(explored.replayedTest?.message.contains("the run rendered more than 6000 frames") == true,
                "\(explored.replayed.summary)")
    }

    @Test func aPieceFromARequiredModuleIsWrittenSoTheTestRunsAsWritten() throws {
        let heart = """
        -- A heart that beats: its scale jumps from 1 to 3 when it is tapped (the planted defect).
        local function heart(s)
          return s:piece{ name = "heart", state = { scale = 1 },
            layout = function(st) return { shape = { x = 0, y = 0, w = 40 * st.scale, h = 40 } } end }
        end
        return heart
        """
        let explored = try Self.explore("""
        local heart = require("heart")
        explore("the heart never jumps", {
          setup = function() local s = Stage{ fps = 60 }; local h = heart(s); s:advance(0.1); return s, { h = h } end,
          actions = { beat = function(s, w) w.h:set({ scale = 5 }) end },
          invariants = { "continuous" },
        })
        """, files: ["heart.lua": heart])
        // Old: `-- heart is not written out`, then "attempt to call a nil value".
        #expect(explored.replayedTest?.message.contains("heart.shape.w moved 160 in one frame") == true,
                "\(explored.scenario)\n\(explored.replayed.summary)")
    }

    @Test func aModuleValueThatCannotBeCopiedIsRequiredAsTheScenarioDid() throws {
        // A piece maker that is a callable table (a table with a metatable), and a class whose table holds itself.
        let callable = """
        local made = 0
        return setmetatable({}, { __call = function(_, s)
          made = made + 1
          return s:piece{ name = "heart", state = { scale = 1 },
            layout = function(st) return { shape = { x = 0, y = 0, w = 40 * st.scale, h = 40 } } end }
        end })
        """
        let explored = try Self.explore("""
        local heart = require("_heart")
        explore("the heart never jumps", {
          setup = function() local s = Stage{ fps = 60 }; local h = heart(s); s:advance(0.1); return s, { h = h } end,
          actions = { beat = function(s, w) w.h:set({ scale = 5 }) end },
          invariants = { "continuous" },
        })
        """, files: ["_heart.lua": callable])
        // Old: `local heart = nil`, and the written test failed with "attempt to call a nil value (upvalue 'heart')".
        #expect(explored.scenario.contains("local heart = require(\"_heart\")\n"), "\(explored.scenario)")
        #expect(explored.scenario.contains("-- It requires _heart as scenario.lua does"), "\(explored.scenario)")
        // 40 × 5 − 40 × 1 = 160 points in one frame.
        #expect(explored.replayedTest?.message.contains("heart.shape.w moved 160 in one frame") == true,
                "\(explored.scenario)\n\(explored.replayed.summary)")
        #expect(explored.result.message.contains("the written test, replayed in a fresh state, fails the same way"))

        let classy = """
        local Heart = {}
        Heart.__index = Heart
        function Heart.new(s)
          local self = setmetatable({}, Heart)
          self.piece = s:piece{ name = "heart", state = { scale = 1 },
            layout = function(st) return { shape = { x = 0, y = 0, w = 40 * st.scale, h = 40 } } end }
          return self
        end
        return Heart
        """
        let fromClass = try Self.explore("""
        local new = require("_class").new
        explore("the heart never jumps", {
          setup = function() local s = Stage{ fps = 60 }; local h = new(s); s:advance(0.1); return s, { h = h.piece } end,
          actions = { beat = function(s, w) w.h:set({ scale = 5 }) end },
          invariants = { "continuous" },
        })
        """, files: ["_class.lua": classy])
        // Old: `local Heart = nil` inside the copied `new`, and setmetatable refused it.
        #expect(fromClass.scenario.contains("require(\"_class\").new"), "\(fromClass.scenario)")
        #expect(fromClass.replayedTest?.message.contains("heart.shape.w moved 160 in one frame") == true,
                "\(fromClass.scenario)\n\(fromClass.replayed.summary)")
    }

    @Test func aTestThatDoesNotReproduceTheFailureIsReportedSo() throws {
        // `make` is made by load(): its text is in no file, so it cannot be written, and the test cannot fail so.
        let explored = try Self.explore("""
        local make = load("return function(s) return s:piece{ name = 'card', state = { x = 0 }, layout = function(st) return { surface = { x = st.x, y = 0, w = 10, h = 10 } } end } end")()
        explore("loaded", {
          setup = function() local s = Stage{ fps = 60 }; local c = make(s); s:advance(0.1); return s, { c = c } end,
          actions = { fire = function(s, w) w.c:set({ x = 300 }) end },
          invariants = { "continuous" },
        })
        """)
        #expect(explored.result.message.contains("the written test does not reproduce this failure: "), "\(explored.result.message)")
        #expect(!explored.result.message.contains("fails the same way"))
        #expect(explored.scenario.contains("-- The written test does not reproduce this failure"))
        #expect(explored.scenario.contains("make is not written out"))
    }

    @Test func aScenarioTooLongToKeepWholeIsNotCutButSaidSo() throws {
        let report = try runScenario("""
        local names = {}
        for i = 1, 3000 do names[i] = "name number " .. i end
        explore("long", {
          setup = function() local s = Stage{ fps = 60 }; return s, { names = names } end,
          actions = { fail = function() error("planted") end },
        })
        """) { $0.exploration.deep = true }
        let result = try #require(report.test("long"))
        // Old: the message was cut at 16 KiB inside the table's strings.
        #expect(result.message.contains("the minimal scenario is not written: it is "), "\(result.message.prefix(600))")
        #expect(!result.message.contains("name number 1\""))
        #expect(result.scenario == nil)
    }

    @Test func aFunctionAnActionHandsTheStageIsWrittenWhereSAndWAre() throws {
        let explored = try Self.explore(Self.card + """
        explore("later", {
          setup = function() local s = Stage{ fps = 60 }; return s, { c = card(s) } end,
          actions = { fire = function(s, w) s:after(0.1, function() w.c:set({ x = 300 }) end) end },
          invariants = { "continuous" }, steps = 1,
        })
        """)
        // Old: `s:after(0.1, nil --[[ a function cannot be written out ]])`. The call the callback makes while the
        // stage runs it is the written callback's doing, so it is not written a second time.
        #expect(explored.scenario.contains("""
              local callback = function() w.c:set({ x = 300 }) end
              local v1 = s:after(0.1, callback)
              s:advance(0.5)
              expect(s)
            """), "\(explored.scenario)")
        #expect(explored.replayedTest?.message.contains("card.surface.x moved 300 in one frame") == true,
                "\(explored.replayed.summary)")
    }

    @Test func aFailureNamingPlacesOfTheScenarioReproducesAtTheWrittenTestsPlaces() throws {
        let explored = try Self.explore("""
        local function card(s)
          return s:piece{ name = "card", state = { x = 0 },
            layout = function(st)
              assert(st.x < 100, "the card went too far")
              return { surface = { x = st.x, y = 0, w = 100, h = 100 } }
            end }
        end
        explore("layout fails", {
          setup = function() local s = Stage{ fps = 60 }; return s, { c = card(s) } end,
          actions = { push = function(s, w, gen) w.c:set({ x = gen.number(0, 200) }) end },
        })
        """)
        // The message names the action's line and the layout's; the written test's lines differ, not its failure.
        #expect(explored.result.message.contains("scenario.lua:10: card: layout failed: "))
        #expect(explored.result.message.contains("scenario.lua:4: the card went too far"))
        #expect(explored.result.message.contains("fails the same way"), "\(explored.result.message)")
        #expect(explored.replayedTest?.message.contains("the card went too far") == true)
    }

    /// While an exploration's state is alive, the replay of its minimal scenario gets the room left in the file's
    /// memory cap, not a second cap: a 64 MiB cap whose Lua share is 60 MiB with 50 MiB used leaves 10 MiB.
    @Test func theReplayGetsTheRoomTheFilesCapLeaves() {
        let mib = 1 << 20
        #expect(ScriptExplore.replayMemory(cap: 64 * mib, share: 60 * mib, used: 50 * mib) == 10 * mib)
        // A header's tighter cap (4 MiB) stays the tighter one.
        #expect(ScriptExplore.replayMemory(cap: 4 * mib, share: 60 * mib, used: 50 * mib) == 4 * mib)
        // No room left is one byte, not 0 (which would mean no cap at all); no cap on the file keeps the replay's.
        #expect(ScriptExplore.replayMemory(cap: 64 * mib, share: 60 * mib, used: 61 * mib) == 1)
        #expect(ScriptExplore.replayMemory(cap: 0, share: 0, used: 50 * mib) == 0)
    }
}

