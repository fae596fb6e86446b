import CLua
import CLuaShim

extension PlanRun {
    /// Reads test `i` of the file's list (set only by the declarations chunk, so its fields have their types).
    static func readDeclared(_ L: OpaquePointer, _ testsIndex: Int32, _ i: Int) -> TestPlan.Declared {
        lua_rawgeti(L, testsIndex, lua_Integer(i))
        let entry = lua_gettop(L)
        defer { lua_settop(L, entry - 1) }
        func field(_ key: String) -> Int32 {
            lua_pushstring(L, key)
            return lua_rawget(L, entry)
        }
        var test = TestPlan.Declared(index: i, name: "test \(i)")
        if field("name") == LUA_TSTRING { test.name = boundedString(L, -1, limit: TestResult.nameLimit) ?? test.name }
        clua_pop(L, 1)
        if field("group") == LUA_TSTRING { test.group = boundedString(L, -1, limit: TestResult.nameLimit) ?? "" }
        clua_pop(L, 1)
        _ = field("skip"); test.skip = lua_toboolean(L, -1) != 0; clua_pop(L, 1)
        _ = field("only"); test.only = lua_toboolean(L, -1) != 0; clua_pop(L, 1)
        if field("tags") == LUA_TTABLE {
            // Bounded: tags are for selecting, and a report copies them per test.
            for k in stride(from: 1, through: min(Int(lua_rawlen(L, -1)), 64), by: 1) {
                if lua_rawgeti(L, -1, lua_Integer(k)) == LUA_TSTRING, let tag = boundedString(L, -1, limit: 128) {
                    test.tags.append(tag)
                }
                clua_pop(L, 1)
            }
        }
        clua_pop(L, 1)
        if field("groups") == LUA_TTABLE {
            var groups: [Int] = []
            for k in stride(from: 1, through: Int(lua_rawlen(L, -1)), by: 1) {
                if lua_rawgeti(L, -1, lua_Integer(k)) == LUA_TNUMBER { groups.append(Int(lua_tointegerx(L, -1, nil))) }
                clua_pop(L, 1)
            }
            if !groups.isEmpty { test.groups = groups }
        }
        clua_pop(L, 1)
        return test
    }

    /// The full name of group `g` among `test`'s groups: its part of the test's group path.
    static func groupPath(_ test: TestPlan.Declared, _ g: Int) -> String {
        guard let depth = test.groups.firstIndex(of: g), depth > 0 else { return "" }
        let parts = test.group.components(separatedBy: " > ")
        return parts.prefix(depth).joined(separator: " > ")
    }
}
