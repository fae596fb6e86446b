import Testing
@testable import LuaHost

/// The same scenario prints the same bytes on every run: `next` follows the order `pairs` uses, and addresses
/// (`tostring(t)`, `%p`, `%s` of a table) are replaced by stable ids.
@Suite struct DeterministicOutputTests {
    @Test func nextVisitsKeysInTheOrderPairsDoes() throws {
        // Numbers ascending (1, 2.5, 3), then strings in byte order ("a" < "b" < "k10" < "k9": '1' < '9'),
        // then false before true. Lua's own next follows the hash, which is seeded from the time.
        let report = try runScenario("""
            test("order", function()
              local t = { [3] = 1, [1] = 1, [2.5] = 1, b = 1, a = 1, k9 = 1, k10 = 1, [true] = 1, [false] = 1 }
              local viaNext, viaPairs = {}, {}
              local k = next(t)
              while k ~= nil do viaNext[#viaNext + 1] = tostring(k); k = next(t, k) end
              for key in pairs(t) do viaPairs[#viaPairs + 1] = tostring(key) end
              print(table.concat(viaNext, " "))
              print(table.concat(viaPairs, " "))
              print(pairs(t) == next)
            end)
            """)
        let result = try #require(report.test("order"), "\(report.summary)")
        #expect(result.status == .passed, "\(result.message)")
        #expect(result.output == ["1 2.5 3 a b k10 k9 false true", "1 2.5 3 a b k10 k9 false true", "true"])
    }

    @Test func manyStringKeysComeOutSortedFromNext() throws {
        // Forty keys "k1".."k40": their hash order is a shuffle; sorted, "k1" < "k10" < ... < "k19" < "k2".
        let report = try runScenario("""
            test("forty", function()
              local t = {}
              for i = 1, 40 do t["k" .. i] = i end
              local out, k = {}, next(t)
              while k ~= nil do out[#out + 1] = k; k = next(t, k) end
              print(#out, out[1], out[2], out[11], out[12], out[40])
            end)
            """)
        let result = try #require(report.test("forty"), "\(report.summary)")
        // Sorted: k1, k10..k19 (places 2-11), k2 (12), ..., k9 last (40).
        #expect(result.output == ["40\tk1\tk10\tk19\tk2\tk9"], "\(result.message)")
    }

    @Test func addressesBecomeStableIdsInTheOrderValuesAreShown() throws {
        let source = """
            test("ids", function()
              local a, b = {}, {}
              print(tostring(a), tostring(b), tostring(a))
              print(string.format("%p|%s|%12p|%-12p|", a, b, a, 1.5))
              print(tostring(print):match("^builtin: ") or tostring(print):match("^function: 0x%x+$") ~= nil)
            end)
            """
        let first = try runScenario(source)
        let second = try runScenario(source)
        let result = try #require(first.test("ids"), "\(first.summary)")
        #expect(result.status == .passed, "\(result.message)")
        // a is the first value shown (id 1), b the second (id 2); %12p pads "0x00000001" (10 characters) to 12;
        // 1.5 has no address, so %p gives Lua's "(null)", padded on the right.
        #expect(result.output.prefix(2) == [
            "table: 0x00000001\ttable: 0x00000002\ttable: 0x00000001",
            "0x00000001|table: 0x00000002|  0x00000001|(null)      |",
        ])
        #expect(result.output == second.test("ids")?.output)
    }
}
