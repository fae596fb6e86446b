import Testing
@testable import LuaHost

/// The editor's types of what a Lua piece's handlers are handed name exactly the fields the host hands them.
@Suite struct HandlerTypesTests {
    private func fields(_ name: String) -> [String] {
        let type = HandlerTypes.classes.first { $0.name == name }?.fields ?? []
        return type.map { String($0.prefix { $0 != " " }).replacingOccurrences(of: "?", with: "") }.sorted()
    }

    @Test func theTouchAndEnvTypesHoldWhatAHandlerIsHanded() throws {
        let report = try runScenario("""
            test("t", function()
              local s = Stage{}
              local seen = {}
              local p = s:piece{ name = "card",
                layout = function() return { box = { x = 0, y = 0, w = 100, h = 100 } } end,
                parts = { "box" },
                onTouch = function(_, touch, env)
                  if seen.touch == nil then
                    local t, e = {}, {}
                    for k in pairs(touch) do t[#t + 1] = k end
                    for k in pairs(env) do e[#e + 1] = k end
                    table.sort(t); table.sort(e)
                    seen.touch, seen.env = table.concat(t, " "), table.concat(e, " ")
                  end
                  return true
                end }
              s:frames(1)
              p:tap("box")
              print(seen.touch)
              print(seen.env)
            end)
            """)
        let printed = try #require(report.test("t")?.output, "\(report.summary)")
        #expect(printed.count == 2, "\(report.summary)")
        guard printed.count == 2 else { return }
        #expect(printed[0].split(separator: " ").map(String.init) == fields("piecebox.touch"), "\(printed[0])")
        // A piece without a timeline is handed no drawnTime; every other field is there.
        #expect(printed[1].split(separator: " ").map(String.init) == fields("piecebox.env").filter { $0 != "drawnTime" },
                "\(printed[1])")
    }

    @Test func theStubsTypeTheHandlers() {
        let stubs = TypeStubs.text()
        #expect(stubs.contains("---@field onTouch? fun(state: table, touch: piecebox.touch, env: piecebox.env)"), "\(stubs.prefix(0))")
        #expect(stubs.contains("---@class piecebox.touch"))
        #expect(stubs.contains("---@field frame fun(self: piecebox.stage, i?: integer): piecebox.frame?"))
    }
}
