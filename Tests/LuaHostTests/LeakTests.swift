import Foundation
import Synchronization
import Testing
@testable import LuaHost
@testable import LuaRuntime

/// A Swift object whose lifetime the tests watch through weak references.
private final class Tracked {
    let id: Int
    init(_ id: Int) { self.id = id }
}

/// Holds weak references to objects handed to Lua.
private final class WeakSet {
    private var refs: [() -> AnyObject?] = []
    func add(_ object: AnyObject) { refs.append { [weak object] in object } }
    var alive: Int { refs.filter { $0() != nil }.count }
    var count: Int { refs.count }
}

/// Every box Lua holds for Swift (functions and objects) is released when Lua collects it or the state
/// closes. Serialized so this suite's own runs do not overlap; other suites only ever add releases, so a
/// lower bound on the delta stays sound while they run.
@Suite(.serialized) struct LeakTests {
    private static var released: Int { BoxCensus.released.load(ordering: .sequentiallyConsistent) }

    @Test func closingAStateReleasesEverySpringAScenarioMade() throws {
        let state = try LuaState(limits: .tight)
        let context = BindingContext(state: state, path: "leak.lua", options: RunOptions())
        Bindings.install(into: context)
        let before = Self.released
        let outcome = state.run(text: """
            keep = {}
            for i = 1, 1000 do keep[i] = motion.spring{ duration = 0.5, bounce = 0.1 } end
            """, chunkName: "=leak")
        guard case .ok = outcome else {
            Issue.record("the scenario did not run: \(outcome)")
            return
        }
        state.close()
        #expect(Self.released - before >= 1000)
    }

    @Test func closingAStateReleasesHostObjectsAndFunctions() throws {
        let watched = WeakSet()
        let state = try LuaState(limits: .tight)
        let cls = LuaClass<Tracked>("tracked")
        cls.reading("id", "integer", "The object's number") { o, c in c.push(Double(o.id)); return 1 }
        for i in 0..<300 {
            let object = Tracked(i)
            watched.add(object)
            state.push(object, as: cls)
            state.setGlobalValue("object\(i)")
            let captured = Tracked(-i)
            watched.add(captured)
            state.setGlobal("function\(i)") { call in
                call.push(Double(captured.id))
                return 1
            }
        }
        guard case .ok = state.run(text: "assert(object7.id == 7) assert(function7() == -7)", chunkName: "=use") else {
            Issue.record("the objects could not be used")
            return
        }
        #expect(watched.alive == 600, "Lua must keep what it references alive")
        state.close()
        #expect(watched.alive == 0, "\(watched.alive) of \(watched.count) objects outlived their state")
    }

    @Test func closingAStateReleasesTheFunctionsItKept() throws {
        let watched = WeakSet()
        let state = try LuaState(limits: .tight)
        let before = Self.released
        for i in 0..<200 {
            let captured = Tracked(i)
            watched.add(captured)
            state.pushLastingFunction { call in
                call.push(Double(captured.id))
                return 1
            }
            state.setGlobalValue("kept\(i)")
        }
        guard case .ok = state.run(text: "assert(kept7() == 7)", chunkName: "=use") else {
            Issue.record("the kept functions could not be called")
            return
        }
        #expect(watched.alive == 200, "the state must keep what its functions hold")
        state.close()
        #expect(watched.alive == 0, "\(watched.alive) of \(watched.count) captured objects outlived their state")
        #expect(Self.released - before >= 200)
    }

    @Test func collectingReleasesBoxesBeforeTheStateCloses() throws {
        let watched = WeakSet()
        let state = try LuaState(limits: .tight)
        defer { state.close() }
        let cls = LuaClass<Tracked>("tracked")
        for i in 0..<100 {
            let object = Tracked(i)
            watched.add(object)
            state.push(object, as: cls)
            state.setGlobalValue("object\(i)")
        }
        #expect(watched.alive == 100)
        guard case .ok = state.run(text: "for i = 0, 99 do _G['object' .. i] = nil end collectgarbage()", chunkName: "=drop") else {
            Issue.record("the drop script failed")
            return
        }
        #expect(watched.alive == 0, "\(watched.alive) objects survived a full collection")
    }

    @Test func aSwiftErrorCaughtByPcallLeaksNothing() throws {
        let watched = WeakSet()
        let state = try LuaState(limits: .tight)
        func registerFailing() {
            let captured = Tracked(1)
            watched.add(captured)
            state.setGlobal("fails") { _ in
                _ = captured
                throw LuaHostError.message("boom from Swift")
            }
        }
        registerFailing()
        #expect(watched.alive == 1)
        var printed: [String] = []
        state.setGlobal("report") { call in
            printed.append(try call.string(1))
            return 0
        }
        guard case .ok = state.run(text: """
            for i = 1, 1000 do
              local ok, err = pcall(fails)
              if i == 1 then report(tostring(ok) .. " " .. err) end
            end
            """, chunkName: "=errors") else {
            Issue.record("the error loop failed")
            return
        }
        // pcall calls the host function directly; the message names the script line that called pcall.
        #expect(printed == ["false errors:2: boom from Swift"])
        state.close()
        #expect(watched.alive == 0)
    }

    @Test func runningScenarioFilesReleasesTheirBoxes() throws {
        let folder = try ScenarioFolder()
        let before = Self.released
        let report = try folder.run("many.lua", """
            local kept = {}
            test("makes springs", function()
              for i = 1, 1000 do kept[i] = motion.spring{ duration = 0.3 + i / 10000 } end
              expect(#kept).toBe(1000)
            end)
            """)
        #expect(report.passed == 1, "\(report.summary)")
        #expect(Self.released - before >= 1000)
    }
}
