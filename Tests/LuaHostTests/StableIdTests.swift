import Testing
@testable import LuaHost

/// `tostring` and `%p` show stable ids instead of addresses (so logs repeat), and an id follows the object, never
/// its contents: Lua's own test suite checks that two long strings alike are two objects.
@Suite struct StableIdTests {
    private func printed(_ body: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        try printedByPassingTest(body, name: "scenario.lua", sourceLocation: sourceLocation)
    }

    @Test func twoLongStringsAlikeHaveTwoIds() throws {
        let out = try printed("""
              local p = function(v) return string.format("%p", v) end
              local a, b = string.rep("x", 100), string.rep("x", 100)
              print(p(a) ~= p(b), p(a) == p(a), p(b) == p(b))
              -- Short strings alike are one object in Lua: one id.
              print(p(string.rep("a", 10)) == p(string.rep("aa", 5)), p("abc") == p("ab" .. "c"))
            """)
        #expect(out == ["true\ttrue\ttrue", "true\ttrue"])
    }

    @Test func idsAreNumberedInTheOrderObjectsAreFirstSeen() throws {
        // Each object gets the next number when first shown: a long string, two tables, a function, a coroutine, a
        // userdata (a stage), then the first long string again.
        let out = try printed("""
              local long = string.rep("y", 64)
              print(string.format("%p", long), tostring({}), tostring({}))
              print(tostring(function() end), tostring(coroutine.create(function() end)))
              print(string.format("%p", Stage{}), string.format("%p", long), string.format("%p", string.rep("y", 64)))
            """)
        #expect(out == ["0x00000001\ttable: 0x00000002\ttable: 0x00000003",
                        "function: 0x00000004\tthread: 0x00000005",
                        "0x00000006\t0x00000001\t0x00000007"])
    }

    @Test func anObjectMadeWhereACollectedOneWasGetsANewId() throws {
        // The same long text made afresh 200 times, each dropped and collected: 200 objects. A string named by id
        // stays alive, so no later string can take its address (and its id); a collected table's entry goes with
        // it, so a table made at its address is a new key.
        let out = try printed("""
              local seen = {}
              for i = 1, 200 do
                local s = string.rep("z", 50)
                local t = {}
                seen[string.format("%p", s)] = (seen[string.format("%p", s)] or 0) + 1
                seen[tostring(t)] = (seen[tostring(t)] or 0) + 1
                collectgarbage()
              end
              local n, repeats = 0, 0
              for _, count in pairs(seen) do n = n + 1; if count > 1 then repeats = repeats + 1 end end
              print(n, repeats)
            """)
        // 200 strings and 200 tables, each its own id: 400 ids, none seen twice.
        #expect(out == ["400\t0"])
    }
}
