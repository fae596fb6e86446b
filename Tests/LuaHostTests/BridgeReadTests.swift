import Testing
@testable import LuaHost

/// Reading Lua values into Swift: room on the stack at every level, a bound on depth and on the total copied,
/// option keys checked before any value is copied, and keys read with their length.
@Suite struct BridgeReadTests {
    /// The line `print(pcall(...))` gave inside a passing test, for a call that must fail.
    private func refusal(_ call: String, setup: String = "", name: String,
                         sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try refusalLine(of: call, prelude: """
            local function nest(n) local t = {} local c = t for i = 1, n do c.x = {} c = c.x end return t end
            -- A table of 2 fields that both point at the next level, `levels` deep: 2^levels paths, ~100 bytes a level.
            local function dag(levels, fields)
              local t = { leaf = "x" }
              for i = 1, levels do
                local u = {}
                for k = 1, fields do u["k" .. k] = t end
                t = u
              end
              return t
            end
            """, setup: setup, name: name, sourceLocation: sourceLocation)
    }

    @Test func aNestedTableReadInAFreshCoroutineStaysInsideItsStack() throws {
        // 15 tables deep (a list holding 14 nested levels) is within the depth bound (16), but reading it takes
        // two stack slots a level, more than the 20 a host call is promised. A fresh coroutine's stack is small,
        // and the padding (the coroutine's own arguments, kept below its frame) moves the call along it until one
        // has exactly 20 left: without reserving room the read wrote past the end (memory a sanitizer build or
        // valgrind reports; see scripts/sanitize).
        let report = try runScenario("""
            local function nest(n) local t = {} local c = t for i = 1, n do c.x = {} c = c.x end return t end
            test("deep", function()
              local seen, pads = {}, {}
              for k = 0, 40 do
                local ok, err = coroutine.wrap(function(...) return pcall(motion.nearest, 1, { nest(14) }) end)(
                  table.unpack(pads, 1, k))
                seen[tostring(ok) .. " " .. tostring(err)] = true
                pads[k + 1] = k
              end
              for k in pairs(seen) do print(k) end
            end)
            """, name: "deepco.lua")
        let result = try #require(report.test("deep"), "\(report.summary)")
        #expect(result.status == .passed, "\(result.message)")
        // { nest(14) } holds a table, not a number: every one of the 41 calls gives the one list error.
        // pcall calls it directly; the message names the script line that called pcall (line 5).
        #expect(result.output.count == 1, "\(result.output)")
        #expect(result.output.first?.hasSuffix("deepco.lua:5: motion.nearest: argument 2 must be a list of numbers, got table") == true,
                "\(result.output)")
    }

    @Test func aTableDeeperThanTheBoundIsRefusedNamingTheFunctionAndOption() throws {
        let line = try refusal("Stage{ safeArea = nest(20) }", name: "deep.lua")
        #expect(line.contains("Stage: option 'safeArea': table nested deeper than 16 levels"), "\(line)")
    }

    @Test(.timeLimit(.minutes(1)))
    func anUnknownOptionHoldingSharedSubtablesIsRefusedByNameBeforeItIsRead() throws {
        // 40 levels of 2 shared fields: a few kilobytes of Lua, 2^40 paths if copied.
        let line = try refusal("Stage{ bogus = dag(40, 2) }", name: "dagkey.lua")
        #expect(line.contains("Stage: unknown option 'bogus' (known: width, height"), "\(line)")
    }

    @Test(.timeLimit(.minutes(1)))
    func sharedSubtablesInAKnownOptionAreRefusedOnceTheReadBudgetRunsOut() throws {
        // 15 levels of 10 shared fields: 10^15 paths; the read stops at its budget of values.
        let line = try refusal("Stage{ safeArea = dag(15, 10) }", name: "dagvalue.lua")
        #expect(line.contains("Stage: option 'safeArea': more than 200000 values to read"), "\(line)")
    }

    @Test(.timeLimit(.minutes(1)))
    func sharedSubtablesInAnArgumentAreRefusedOnceTheReadBudgetRunsOut() throws {
        let line = try refusal("motion.nearest(1, dag(15, 10))", name: "dagarg.lua")
        #expect(line.contains("motion.nearest: argument 2: more than 200000 values to read"), "\(line)")
    }

    @Test(.timeLimit(.minutes(1)))
    func oneLongStringReachedThroughManyPathsIsRefusedOnceTheBytesRunOut() throws {
        // A 1 MiB string at the leaves of a 2^10-path DAG: a gigabyte of copies; the budget is 16 MiB.
        let line = try refusal("motion.nearest(1, t)", setup: """
              local t = { string.rep("y", 1 << 20) }
              for i = 1, 10 do t = { t, t } end
            """, name: "dagbytes.lua")
        #expect(line.contains("motion.nearest: argument 2: more than 16 MiB of text to read"), "\(line)")
    }

    @Test func anOptionKeyWithANulInsideIsNotTheKeyBeforeTheNul() throws {
        let line = try refusal("Stage{ [\"width\\0junk\"] = 5 }", name: "nulkey.lua")
        #expect(line.contains("Stage: unknown option 'width\\0junk'"), "\(line)")
        let spring = try refusal("motion.spring{ [\"duration\\0x\"] = 2 }", name: "nulspring.lua")
        #expect(spring.contains("motion.spring: unknown option 'duration\\0x'"), "\(spring)")
        let piece = try refusal("Stage():piece{ [\"name\\0x\"] = \"p\", layout = function() return {} end }", name: "nulpiece.lua")
        #expect(piece.contains("stage:piece: unknown option 'name\\0x'"), "\(piece)")
    }

    @Test func aPieceNameWithANulInsideIsRefusedWhole() throws {
        let line = try refusal("Stage():piece{ name = \"card\\0x\", layout = function() return {} end }", name: "nulname.lua")
        #expect(line.contains("option 'name' must be letters, digits or _"), "\(line)")
    }

    @Test func twoElementNamesThatDifferOnlyAfterANulStayTwo() throws {
        // Read as C strings both were "a"; read with their length they are two names, which a frame-log name
        // must not hold (letters, digits, _), so the layout is refused rather than one element silently lost.
        let report = try runScenario("""
            test("nul", function()
              local s = Stage{}
              s:piece{ name = "p", layout = function()
                return { ["a\\0x"] = { x = 1, y = 0, w = 1, h = 1 }, ["a\\0y"] = { x = 2, y = 0, w = 1, h = 1 } }
              end }
              s:frames(1)
              local n = 0
              for k in pairs(s:frame().p or {}) do n = n + 1 end
              print(n)
            end)
            """, name: "nulelements.lua")
        let result = try #require(report.test("nul"), "\(report.summary)")
        // Either the layout is refused (an error naming the piece) or both elements arrive; never just one.
        if result.status == .passed {
            #expect(result.output == ["2"], "\(result.output)")
        } else {
            #expect(result.message.contains("p:"), "\(result.message)")
        }
    }

    @Test func aListInsideAnOptionsTableIsRefusedNotIgnored() throws {
        let line = try refusal("motion.spring{ 0.5, duration = 1 }", name: "listopt.lua")
        #expect(line.contains("motion.spring: argument 1 must be a table of named options, got a value at [1]"), "\(line)")
    }
}
