import Testing
@testable import LuaHost

/// `pairs` and `next` over a table keyed by tables, functions, coroutines or pieces visit the keys in the order the
/// script made them. The order used to come from ids handed out while the keys were sorted in Lua's hash order,
/// which follows addresses: the same file (and the same exploration seed) walked them differently in every process.
@Suite struct PairsOrderTests {
    /// Forty keys of four kinds, made in order 1…40 and inserted last first, walked by `pairs` and by `next`.
    static let walk = """
        local s = Stage{}
        local made = {}
        for i = 1, 40 do
          local kind = i % 4
          if kind == 0 then made[i] = {}
          elseif kind == 1 then made[i] = function() return i end
          elseif kind == 2 then made[i] = coroutine.create(function() end)
          else made[i] = s:piece{ name = "p" .. i, layout = function() return {} end } end
        end
        -- Shown before it is a key: an id handed out earlier changes nothing.
        local _ = tostring(made[30])
        local t = {}
        for i = 40, 1, -1 do t[made[i]] = i end
        local byPairs = {}
        for _, v in pairs(t) do byPairs[#byPairs + 1] = v end
        local byNext, k = {}, next(t)
        while k ~= nil do byNext[#byNext + 1] = t[k]; k = next(t, k) end
        print(table.concat(byPairs, " "))
        print(table.concat(byNext, " "))

        """

    @Test func objectKeysAreVisitedInTheOrderTheScriptMadeThem() throws {
        // Made 1, 2, …, 40: that is the order, whatever the insertion order (40 first) or the addresses.
        let expected = (1...40).map(String.init).joined(separator: " ")
        // Five fresh states put the keys at five sets of addresses.
        for _ in 0..<5 {
            let out = try printedByPassingTest(Self.walk, name: "scenario.lua")
            #expect(out == [expected, expected])
        }
    }
}
