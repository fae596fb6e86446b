import Foundation
import Testing
@testable import LuaHost

/// What a scenario can and cannot reach: the allow-list of globals and the wrapped functions.
@Suite struct SandboxSurfaceTests {
    @Test func everyForbiddenGlobalIsAbsent() throws {
        let report = try runScenario("""
            test("surface", function()
              print(type(io), type(os), type(debug), type(package), type(dofile), type(loadfile),
                    type(string.dump), type(coroutine.close))
              print(type(rawget(_G, "io")), type(rawget(_G, "os")), type(rawget(_G, "debug")), type(rawget(_G, "package")))
            end)
            """)
        let result = try #require(report.test("surface"), "\(report.summary)")
        #expect(result.status == .passed, "\(result.message)")
        #expect(result.output == [
            Array(repeating: "nil", count: 8).joined(separator: "\t"),
            Array(repeating: "nil", count: 4).joined(separator: "\t"),
        ])
    }

    @Test func theSafeLibrariesArePresentAndWork() throws {
        let report = try runScenario("""
            test("libraries", function()
              print(type(string.format), type(table.sort), type(math.floor), type(utf8.char),
                    type(coroutine.wrap), type(pcall), type(xpcall), type(load), type(require), type(setmetatable))
              local t = { 3, 1, 2 }
              table.sort(t)
              print(string.format("%d-%d-%d", t[1], t[2], t[3]), math.floor(2.7), utf8.char(72, 105), ("ab"):rep(2))
              local co = coroutine.wrap(function(a) local b = coroutine.yield(a + 1) return b * 2 end)
              print(co(1), co(10))
            end)
            """)
        let result = try #require(report.test("libraries"), "\(report.summary)")
        #expect(result.status == .passed, "\(result.message)")
        #expect(result.output == [
            Array(repeating: "function", count: 10).joined(separator: "\t"),
            "1-2-3\t2\tHi\tabab",
            "2\t20",
        ])
    }

    @Test func stringMetatableAndHostMetatablesAreProtected() throws {
        let report = try runScenario("""
            test("metatables", function()
              print(tostring(getmetatable("")), tostring(getmetatable(motion.spring{ duration = 0.5 })))
              local ok = pcall(setmetatable, motion.spring{ duration = 0.5 }, {})
              print(ok)
            end)
            """)
        let result = try #require(report.test("metatables"), "\(report.summary)")
        #expect(result.status == .passed, "\(result.message)")
        #expect(result.output == ["false\tfalse", "false"])
    }

    // MARK: load

    @Test func loadRefusesABinaryChunk() throws {
        let report = try runScenario("""
            test("binary", function()
              local f, err = load("\\27Lua\\84\\0\\25\\147\\13\\10\\26\\10\\4\\8\\8")
              print(tostring(f), err)
            end)
            """)
        let result = try #require(report.test("binary"), "\(report.summary)")
        #expect(result.status == .passed, "\(result.message)")
        let line = try #require(result.output.first)
        #expect(line.hasPrefix("nil\t"))
        #expect(line.contains("attempt to load a binary chunk"), "\(line)")
    }

    @Test(arguments: ["b", "bt"])
    func loadRefusesABinaryMode(mode: String) throws {
        let report = try runScenario("""
            test("mode", function()
              local ok, err = pcall(function() return load("return 1", "chunk", "\(mode)") end)
              print(ok, err)
            end)
            """, name: "loadmode.lua")
        let result = try #require(report.test("mode"), "\(report.summary)")
        #expect(result.status == .passed, "\(result.message)")
        let line = try #require(result.output.first)
        #expect(line.hasPrefix("false\t"))
        #expect(line.hasSuffix(#"loadmode.lua:2: load: only text chunks may be loaded (mode "t"), got mode "\#(mode)""#), "\(line)")
    }

    @Test func loadStillRunsTextChunksInTheScenariosEnvironment() throws {
        let report = try runScenario("""
            shared = 40
            test("text", function()
              print(load("return shared + 2")(), load("return 1", "c", "t")())
            end)
            """)
        let result = try #require(report.test("text"), "\(report.summary)")
        #expect(result.status == .passed, "\(result.message)")
        #expect(result.output == ["42\t1"])
    }

    // MARK: finalizers and the collector

    @Test(arguments: ["function() end", "true", "function() while true do end end"])
    func setmetatableRefusesAFinalizer(gc: String) throws {
        let report = try runScenario("""
            test("gc", function()
              local ok, err = pcall(function() return setmetatable({}, { __gc = \(gc) }) end)
              print(ok, err)
            end)
            """, name: "gc.lua")
        let result = try #require(report.test("gc"), "\(report.summary)")
        #expect(result.status == .passed, "\(result.message)")
        let line = try #require(result.output.first)
        #expect(line.hasPrefix("false\t"))
        #expect(line.hasSuffix("gc.lua:2: setmetatable: finalizers (__gc) are not allowed in scenarios"), "\(line)")
    }

    @Test func setmetatableStillAcceptsOrdinaryMetatables() throws {
        let report = try runScenario("""
            test("mt", function()
              local t = setmetatable({}, { __index = function(_, k) return k .. "!" end })
              print(t.hi)
            end)
            """)
        let result = try #require(report.test("mt"), "\(report.summary)")
        #expect(result.status == .passed, "\(result.message)")
        #expect(result.output == ["hi!"])
    }

    @Test func collectgarbageKeepsOnlyHarmlessOptions() throws {
        let report = try runScenario("""
            test("gc options", function()
              print(type(collectgarbage("count")), collectgarbage(), collectgarbage("collect"))
              for _, opt in ipairs({ "stop", "incremental", "generational", "setpause" }) do
                local ok, err = pcall(function() return collectgarbage(opt) end)
                print(opt, ok, err)
              end
            end)
            """, name: "collect.lua")
        let result = try #require(report.test("gc options"), "\(report.summary)")
        #expect(result.status == .passed, "\(result.message)")
        #expect(result.output.first == "number\t0\t0")
        #expect(result.output.count == 5)
        for line in result.output.dropFirst() {
            #expect(line.contains("\tfalse\t"), "\(line)")
            #expect(line.hasSuffix(#"collect.lua:4: collectgarbage: only "collect", "count" and "step" are available in scenarios"#), "\(line)")
        }
    }

    // MARK: random numbers

    @Test func mathRandomRepeatsFromRunToRun() throws {
        let folder = try ScenarioFolder()
        let text = """
            local values = {}
            for i = 1, 5 do values[i] = math.random(1, 1000000) end
            print(table.concat(values, ","))
            test("random", function() print(math.random()) end)
            """
        let first = try folder.run("random.lua", text)
        let second = folder.runFile(folder.url.appendingPathComponent("random.lua").path)
        #expect(first.tests.first?.status == .passed, "\(first.summary)")
        #expect(first.output.count == 1)
        #expect(first.output == second.output)
        #expect(first.tests.first?.output == second.tests.first?.output)
        // Not a constant: five draws out of a million are not all the same.
        let draws = Set((first.output.first ?? "").split(separator: ","))
        #expect(draws.count > 1)
    }

    @Test func randomseedWithASeedIsRepeatableAndWithoutOneIsRefused() throws {
        let report = try runScenario("""
            test("seeded", function()
              math.randomseed(42)
              local a = { math.random(1000), math.random(1000), math.random(1000) }
              math.randomseed(42)
              local b = { math.random(1000), math.random(1000), math.random(1000) }
              expect(a).toEqual(b)
            end)
            test("unseeded", function()
              local ok, err = pcall(function() math.randomseed() end)
              print(ok, err)
            end)
            """, name: "seed.lua")
        #expect(report.test("seeded")?.status == .passed, "\(report.summary)")
        let unseeded = try #require(report.test("unseeded"), "\(report.summary)")
        #expect(unseeded.status == .passed)
        let line = try #require(unseeded.output.first)
        #expect(line.hasPrefix("false\t"))
        #expect(line.hasSuffix("seed.lua:9: math.randomseed: give a seed; scenarios are deterministic"), "\(line)")
    }

    // MARK: print

    @Test func printIsCapturedPerTestAndTopLevelPrintsGoToTheFile() throws {
        let report = try runScenario("""
            print("top", 1, nil, true, 2.5)
            test("a", function() print("in a") print("again", {} ~= nil) end)
            test("b", function() print("in b") end)
            test("quiet", function() end)
            print("top again")
            """)
        #expect(report.output == ["top\t1\tnil\ttrue\t2.5", "top again"])
        #expect(report.test("a")?.output == ["in a", "again\ttrue"])
        #expect(report.test("b")?.output == ["in b"])
        #expect(report.test("quiet")?.output == [])
        #expect(report.passed == 3, "\(report.summary)")
    }

    @Test func printOfAFailingTestIsKeptWithItsFailure() throws {
        let report = try runScenario("""
            test("fails after printing", function() print("before") error("boom") end)
            """, name: "printfail.lua")
        let result = try #require(report.test("fails after printing"))
        #expect(result.status == .failed)
        #expect(result.output == ["before"])
        #expect(result.message.contains("printfail.lua:1: boom"), "\(result.message)")
    }
}
