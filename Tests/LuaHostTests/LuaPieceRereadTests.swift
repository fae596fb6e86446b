import CLua
import CLuaShim
import Foundation
import PieceKit
import Testing
@testable import LuaHost
@testable import LuaBindings
@testable import LuaRuntime

/// A Lua piece's layout read a second time: a table that walks as the last one did is checked against it rather
/// than read afresh, and what comes out must be what a full read gives, whatever changed in between.
@Suite struct LuaPieceRereadTests {
    /// Runs `chunk` (which returns a table) in `state` and reads the result with `reader`.
    private func read(_ chunk: String, with reader: inout LuaPieceElements, in state: LuaState) throws -> [Element] {
        let L = state.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        try #require(pb_loadtext(L, chunk, chunk.utf8.count, "=layout") == LUA_OK)
        try #require(pb_pcall(L, 0, 1, 0) == LUA_OK, "\(state.errorText(at: -1))")
        return try reader.read(L, -1)
    }

    /// The elements' numbers as "name.number=value" in output order, for messages and comparisons.
    private func numbers(_ elements: [Element]) -> [String] {
        elements.flatMap { e in e.numbers.map { "\(e.name).\($0.name)=\($0.value)" } }
    }

    @Test func anUnchangedLayoutHandsBackTheVeryElementsItHandedBefore() throws {
        let state = try LuaState(limits: .tight)
        defer { state.close() }
        var reader = LuaPieceElements()
        let layout = "return { a = { x = 1, y = 2, w = 3, h = 4 }, b = { x = 5, y = 6, w = 7, h = 8, label = 'b' } }"
        let first = try read(layout, with: &reader, in: state)
        let second = try read(layout, with: &reader, in: state)
        #expect(second == first)
        // One storage: the stage takes that as "nothing changed" without comparing element by element.
        let same = first.withUnsafeBufferPointer { a in second.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
        #expect(same)
    }

    @Test func aMovedNumberIsReadAndOnlyItsElementIsMadeAgain() throws {
        let state = try LuaState(limits: .tight)
        defer { state.close() }
        var reader = LuaPieceElements()
        let first = try read("return { a = { x = 1, y = 2, w = 3, h = 4 }, b = { x = 5, y = 6, w = 7, h = 8, opacity = 1 } }",
                             with: &reader, in: state)
        let second = try read("return { a = { x = 1, y = 2, w = 3, h = 4 }, b = { x = 5, y = 60, w = 7, h = 8, opacity = 0.5 } }",
                              with: &reader, in: state)
        // b's y went from 6 to 60 and its opacity from 1 to 0.5; the rect comes first, then the other numbers.
        #expect(numbers(second) == ["a.x=1.0", "a.y=2.0", "a.w=3.0", "a.h=4.0",
                                    "b.x=5.0", "b.y=60.0", "b.w=7.0", "b.h=8.0", "b.opacity=0.5"])
        // a kept its numbers: it is the element handed out before, arrays and all.
        let kept = first[0].numbers.withUnsafeBufferPointer { a in
            second[0].numbers.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
        }
        #expect(kept)
    }

    @Test(arguments: [
        // A text that changed, a flag that flipped, a property added, one dropped, an element renamed, one added.
        ("return { a = { x = 1, y = 2, w = 3, h = 4, label = 'two', on = true } }",
         "a:x=1.0,y=2.0,w=3.0,h=4.0,label=two,on=true"),
        ("return { a = { x = 1, y = 2, w = 3, h = 4, label = 'one', on = false } }",
         "a:x=1.0,y=2.0,w=3.0,h=4.0,label=one,on=false"),
        ("return { a = { x = 1, y = 2, w = 3, h = 4, label = 'one', on = true, opacity = 0 } }",
         "a:x=1.0,y=2.0,w=3.0,h=4.0,opacity=0.0,label=one,on=true"),
        ("return { a = { x = 1, y = 2, w = 3, h = 4, on = true } }",
         "a:x=1.0,y=2.0,w=3.0,h=4.0,on=true"),
        ("return { b = { x = 1, y = 2, w = 3, h = 4, label = 'one', on = true } }",
         "b:x=1.0,y=2.0,w=3.0,h=4.0,label=one,on=true"),
        ("return { a = { x = 1, y = 2, w = 3, h = 4, label = 'one', on = true }, c = { x = 0, y = 0, w = 1, h = 1 } }",
         "a:x=1.0,y=2.0,w=3.0,h=4.0,label=one,on=true|c:x=0.0,y=0.0,w=1.0,h=1.0"),
        ("return { a = { x = 1, y = 2, w = 3, h = 4, label = 1, on = true } }",
         "a:x=1.0,y=2.0,w=3.0,h=4.0,label=1.0,on=true"),
    ])
    func aSecondLayoutThatChangesMoreThanNumbersIsReadAsItIs(layout: String, expected: String) throws {
        let state = try LuaState(limits: .tight)
        defer { state.close() }
        var reader = LuaPieceElements()
        _ = try read("return { a = { x = 1, y = 2, w = 3, h = 4, label = 'one', on = true } }", with: &reader, in: state)
        let elements = try read(layout, with: &reader, in: state)
        let shown = elements.map { e in
            e.name + ":" + (e.numbers.map { "\($0.name)=\($0.value)" } + e.attributes.map { a in
                switch a.value {
                case .number(let n): return "\(a.name)=\(n)"
                case .text(let s): return "\(a.name)=\(s)"
                case .bool(let b): return "\(a.name)=\(b)"
                }
            }).joined(separator: ",")
        }.joined(separator: "|")
        #expect(shown == expected)
    }

    @Test(arguments: [
        ("return { a = { x = 1, y = 2, w = 3, h = 0/0 } }", "element 'a': property 'h' is nan; numbers must be finite"),
        ("return { a = { x = 1, y = 2, w = 3, h = 1/0 } }", "element 'a': property 'h' is inf; numbers must be finite"),
        ("return { a = { x = 1, y = 2, w = 3, h = '4' } }",
         "element 'a': property 'h' is \"4\"; x, y, w and h must be numbers"),
        ("return { a = { x = 1, y = 2, w = 3, h = {} } }", "element 'a': property 'h' is table; x, y, w and h must be numbers"),
        ("return { a = 4 }", "element 'a' as a number; each element is a table of properties"),
    ])
    func aWrongValueOnASecondLayoutGetsTheMessageAFirstLayoutWouldGet(layout: String, message: String) throws {
        let state = try LuaState(limits: .tight)
        defer { state.close() }
        var reader = LuaPieceElements()
        _ = try read("return { a = { x = 1, y = 2, w = 3, h = 4 } }", with: &reader, in: state)
        #expect(throws: LuaHostError.message(message)) { try read(layout, with: &reader, in: state) }
        // And after the wrong layout, a right one is read in full again.
        let again = try read("return { a = { x = 1, y = 2, w = 3, h = 5 } }", with: &reader, in: state)
        #expect(numbers(again) == ["a.x=1.0", "a.y=2.0", "a.w=3.0", "a.h=5.0"])
    }

    @Test func aLayoutThatHandsBackOneTableChangedInPlaceIsReadAsItNowIs() throws {
        let state = try LuaState(limits: .tight)
        defer { state.close() }
        var reader = LuaPieceElements()
        _ = try read("shared = { a = { x = 1, y = 2, w = 3, h = 4 } } return shared", with: &reader, in: state)
        let moved = try read("shared.a.x = 10 return shared", with: &reader, in: state)
        #expect(numbers(moved) == ["a.x=10.0", "a.y=2.0", "a.w=3.0", "a.h=4.0"])
        let back = try read("shared.a.x = 1 return shared", with: &reader, in: state)
        #expect(numbers(back) == ["a.x=1.0", "a.y=2.0", "a.w=3.0", "a.h=4.0"])
    }

    @Test func aNegativeZeroWhereAZeroWasIsANewValue() throws {
        let state = try LuaState(limits: .tight)
        defer { state.close() }
        var reader = LuaPieceElements()
        _ = try read("return { a = { x = 0, y = 0, w = 1, h = 1 } }", with: &reader, in: state)
        let next = try read("return { a = { x = -0.0, y = 0, w = 1, h = 1 } }", with: &reader, in: state)
        let x = try #require(next.first?.numbers.first)
        #expect(x.name == "x")
        #expect(x.value.sign == .minus)
    }

    @Test func aLayoutWithAListPartIsReadInFullEachTime() throws {
        let state = try LuaState(limits: .tight)
        defer { state.close() }
        var reader = LuaPieceElements()
        _ = try read("return { 'no element', a = { x = 1, y = 2, w = 3, h = 4 } }", with: &reader, in: state)
        let next = try read("return { 'no element', a = { x = 7, y = 2, w = 3, h = 4 } }", with: &reader, in: state)
        #expect(numbers(next) == ["a.x=7.0", "a.y=2.0", "a.w=3.0", "a.h=4.0"])
    }
}

/// The `env` table a Lua piece's layout is handed: one table, refreshed before every call.
@Suite struct LuaPieceEnvironmentTests {
    @Test func theEnvironmentALayoutSeesFollowsTheStageEvenAfterTheLayoutWroteIntoIt() throws {
        let report = try runScenario("""
            test("t", function()
              local s = Stage{ width = 300, height = 600, safeArea = { top = 10 } }
              local seen = {}
              s:piece{ name = "p", state = {}, layout = function(state, env)
                seen[#seen + 1] = env.width .. "x" .. env.height .. " top " .. env.safeArea.top .. " " .. env.colorScheme
                env.width = -1
                env.safeArea.top = -1
                return { a = { x = 0, y = 0, w = 1, h = 1 } }
              end }
              s:environment{ width = 400, safeArea = { top = 20 }, colorScheme = "dark" }
              print(table.concat(seen, "; "))
            end)
            """, name: "env.lua")
        let result = try #require(report.test("t"), "\(report.summary)")
        #expect(result.status == .passed, "\(result.message)")
        let line = try #require(result.output.first)
        let layouts = line.components(separatedBy: "; ")
        // The piece is laid out when added (300 x 600, top 10, light), then for the change (400 x 600, top 20, dark);
        // whatever the layout wrote into env before is written over.
        #expect(layouts.first == "300x600 top 10 light", "\(line)")
        #expect(layouts.last == "400x600 top 20 dark", "\(line)")
        #expect(!line.contains("-1"), "\(line)")
    }
}
