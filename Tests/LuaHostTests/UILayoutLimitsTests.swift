import Testing
@testable import LuaHost

/// A tree a script built is laid out under the file's limits: what the layout holds is counted against the memory
/// cap before it is made, so a huge tree stops at the layout's line with the limit's own message.
@Suite struct UILayoutLimitsTests {
    @Test func aHugeTreesLayoutStopsAtTheMemoryCap() throws {
        // 9,000 padded texts fit under 24 MiB as views; laying them all out (a size and a place for each, every
        // text measured) does not.
        let report = try runScenario("""
            test("big", function()
              local kids = {}
              for i = 1, 9000 do kids[i] = ui.Text("row " .. i):padding():id("t" .. i) end
              local v = ui.VStack(kids)
              local r = ui.layout(v)
              print(r.t1.y)
            end)
            """, name: "big.lua", limits: SandboxLimits(instructions: 2_000_000_000, memoryBytes: 24 << 20, seconds: 60))
        let result = try #require(report.test("big"), "\(report.summary)")
        #expect(result.status == .failed)
        #expect(result.message.contains("big.lua:5: memory limit of 24 MiB exceeded"), "\(result.message)")
    }
}
