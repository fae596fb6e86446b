import Testing
@testable import LuaHost

/// `motion`, `text` and `ui` are filled the first time a script touches them (`LuaState.setLazyGlobal`). Each
/// scenario here looks at a library first one way, in a fresh state, and must see it whole, as it was when the
/// libraries were filled at the start.
@Suite struct LazyLibraryTests {
    /// The first look at each library, each in a file of its own (so nothing has filled it before).
    @Test(arguments: [
        ("getmetatable", "expect(getmetatable(motion)).toBe(nil); expect(type(motion.spring)).toBe(\"function\")"),
        ("rawget", "expect(type(rawget(text, \"morph\"))).toBe(\"function\")"),
        ("next", "expect(next(ui) ~= nil).toBe(true)"),
        ("pairs", "local n = 0 for _ in pairs(text) do n = n + 1 end expect(n).toBe(1)"),
        ("rawset", "rawset(motion, \"mine\", 1); expect(type(motion.spring)).toBe(\"function\"); expect(motion.mine).toBe(1)"),
        ("setmetatable", "setmetatable(ui, { __index = function() return 0 end }); expect(type(rawget(ui, \"VStack\"))).toBe(\"function\"); expect(ui.nothing).toBe(0)"),
        ("a new field", "motion.mine = 2; expect(type(rawget(motion, \"spring\"))).toBe(\"function\")"),
    ])
    func aLibraryIsWholeHoweverItIsFirstSeen(way: String, check: String) throws {
        let report = try runScenario("test(\"first seen by \(way)\", function() \(check) end)")
        #expect(report.tests.map(\.status) == [.passed], "\(way): \(report.summary) \(report.tests.first?.message ?? "")")
    }

    /// `pairs` orders functions used as keys by when the state made them. The libraries' functions were made at
    /// the start, `motion`'s own before `Stage`, the foundation's additions to `motion` (pressAnchor) after it;
    /// a function of the script's is made after all of them, even when the script makes it before it first
    /// touches a library. So the order is motion.spring, Stage, motion.pressAnchor, then the script's function.
    @Test func functionsAsKeysKeepTheOrderTheyWereMadeInAtTheStart() throws {
        let report = try runScenario("""
            local mine = function() end
            local names = { [mine] = "mine", [Stage] = "Stage" }
            names[motion.pressAnchor] = "pressAnchor"
            names[motion.spring] = "spring"
            local order = {}
            for _, name in pairs(names) do order[#order + 1] = name end
            test("order", function() expect(table.concat(order, " ")).toBe("spring Stage pressAnchor mine") end)
            """)
        #expect(report.tests.map(\.status) == [.passed], "\(report.summary) \(report.tests.first?.message ?? "")")
    }

    /// A piece written with `body` needs the ui library's layout function when it is made, before its body has
    /// run (and so before the file has touched `ui`).
    @Test func aBodyPieceIsMadeBeforeTheFileTouchesUI() throws {
        let report = try runScenario("""
            local s = Stage{}
            s:piece{ name = "p", body = function()
              return ui.RoundedRectangle{ cornerRadius = 4 }:frame{ width = 46, height = 46 }:id("art")
            end }
            test("laid out", function() s:frames(1) expect(s:frame().p.art.w).toBe(46) end)
            """)
        #expect(report.tests.map(\.status) == [.passed], "\(report.summary) \(report.tests.first?.message ?? "")")
    }

    /// Lua's own refusals of bad arguments read as they did: named as the script named the function, at its line.
    @Test func rawFunctionsRefuseBadArgumentsInLuasOwnWords() throws {
        let report = try runScenario("""
            local said = {}
            for _, f in ipairs({
              function() rawget(1, 2) end, function() rawget({}) end, function() getmetatable() end,
              function() rawset({}, 1) end, function() setmetatable(1, {}) end, function() setmetatable({}, 1) end,
            }) do local _, e = pcall(f) said[#said + 1] = (e:gsub("^.*raw%.lua:", "raw.lua:")) end
            test("said", function() expect(table.concat(said, "\\n")).toBe(table.concat({
              "raw.lua:3: bad argument #1 to 'rawget' (table expected, got number)",
              "raw.lua:3: bad argument #2 to 'rawget' (value expected)",
              "raw.lua:3: bad argument #1 to 'getmetatable' (value expected)",
              "raw.lua:4: bad argument #3 to 'rawset' (value expected)",
              "raw.lua:4: bad argument #1 to 'setmetatable' (table expected, got number)",
              "raw.lua:4: bad argument #2 to 'setmetatable' (nil or table expected, got number)",
            }, "\\n")) end)
            """, name: "raw.lua")
        #expect(report.tests.map(\.status) == [.passed], "\(report.summary) \(report.tests.first?.message ?? "")")
    }
}
