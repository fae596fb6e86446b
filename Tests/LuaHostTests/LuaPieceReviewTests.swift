import Testing
@testable import LuaHost

/// What an attacker's script tried on the Lua piece's options added for the vinyl (tasks, `order`, `background`,
/// `timeline.paused`, `player`), and what holds against it: each refusal says the same thing on every run.
@Suite struct LuaPieceReviewTests {
    /// Lua walks a table's string keys in an order its hash seed decides, and the seed changes from run to run: a
    /// task with several unknown keys names the least of them, as every option table does. Ten tasks with 6, 12,
    /// ... 60 unknown keys (tables of four sizes, so four layouts of the walk), each naming `k01` only when it is
    /// the least named, not when the walk happens to meet it first.
    @Test func aTasksUnknownKeysAreNamedLeastFirst() throws {
        let report = try runScenario("""
            test("keys", function()
              local s = Stage{}
              for piece = 1, 10 do
                local task = { id = function() return 1 end, run = function() end }
                local n = piece * 6
                for i = 1, n do
                  local k = (i * 7 + piece) % n + 1
                  task[string.format("k%02d", k)] = true
                end
                local ok, err = pcall(function()
                  return s:piece{ name = "p" .. piece, layout = function() return {} end, tasks = { task } }
                end)
                print(tostring(ok), (tostring(err):gsub("^.-stage:piece: ", "")))
              end
            end)
            """)
        let out = try #require(report.test("keys"), "\(report.summary)")
        #expect(out.status == .passed, "\(out.message)")
        let expected = "false\toption 'tasks': task 1 has an unknown key 'k01' (known: id, initial, run)"
        #expect(out.output == Array(repeating: expected, count: 10))
    }

    /// A layout whose elements each give a `background` that is not a list of names is refused naming the first
    /// element by name, as every other wrong property is, not the one Lua's seeded walk of the layout's table met
    /// first. Ten layouts of 4 to 40 such elements (tables of four sizes).
    @Test func aWrongBackgroundNamesTheFirstElementByName() throws {
        let report = try runScenario("""
            test("background", function()
              local s = Stage{}
              for piece = 1, 10 do
                local n = piece * 4
                local elements = {}
                for i = 1, n do
                  local k = (i * 7 + piece) % n + 1
                  elements[string.format("e%02d", k)] = { x = 0, y = 0, w = 1, h = 1, angle = 0, background = { 5 } }
                end
                local ok, err = pcall(function()
                  return s:piece{ name = "p" .. piece, layout = function() return elements end }
                end)
                print(tostring(ok), (tostring(err):gsub("^.-layout returned ", "")))
              end
            end)
            """)
        let out = try #require(report.test("background"), "\(report.summary)")
        #expect(out.status == .passed, "\(out.message)")
        let expected = "false\telement 'e01': background must be a list of its numbers' names such as { \"angle\" }"
        #expect(out.output == Array(repeating: expected, count: 10))
    }

    /// A task's run that asks for later work at seconds no clock reaches (NaN, below 0, infinite) is told which
    /// number it gave, not only that it gave a number and a function, which is the right shape.
    @Test(arguments: [("0/0", "nan"), ("-1", "-1.0"), ("math.huge", "inf"), ("-math.huge", "-inf")])
    func aLaterAtSecondsNoClockReachesNamesTheSeconds(seconds: String, shown: String) throws {
        let report = try runScenario("""
            test("later", function()
              local s = Stage{}
              local p = s:piece{ name = "p", state = { n = 0 }, layout = function() return {} end,
                tasks = { { id = function(st) return st.n end, initial = false,
                            run = function() return \(seconds), function() end end } } }
              local ok, err = pcall(function() p:set{ n = 1 } end)
              print(tostring(ok), (tostring(err):gsub("^.-p: ", "p: ")))
            end)
            """)
        let out = try #require(report.test("later"), "\(report.summary)")
        #expect(out.status == .passed, "\(out.message)")
        #expect(out.output == ["false\tp: task 1 returned \(shown) seconds; return nothing, "
                               + "or seconds (at least 0) and a function(state, env) to run then"])
    }

    /// An option that must be a number, given one that is not finite, names the value, as an argument does: "got inf",
    /// not "got number", which is the right type.
    @Test func anOptionThatIsNotAFiniteNumberNamesTheValue() throws {
        let report = try runScenario("""
            test("values", function()
              local s = Stage{}
              local function make(interval) return function()
                s:piece{ name = "p", layout = function() return {} end, timeline = { minimumInterval = interval } }
              end end
              expect(make(math.huge)).toThrow("got inf")
              expect(make(-math.huge)).toThrow("got -inf")
              expect(make(0 / 0)).toThrow("nan")                  -- 0/0 has its sign bit set here: "-nan"
            end)
            """)
        let out = try #require(report.test("values"), "\(report.summary)")
        #expect(out.status == .passed, "\(out.message)")
    }
}
