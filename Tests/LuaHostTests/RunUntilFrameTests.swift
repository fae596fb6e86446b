import Testing
@testable import LuaHost

/// What `s:runUntil` hands its predicate: the frame each step rendered, as a view, once per frame.
@Suite struct RunUntilFrameTests {
    @Test func thePredicateSeesEachNewFrameOnceAndInOrder() throws {
        let report = try runScenario("""
            test("t", function()
              local s = Stage{ fps = 60 }
              s:frames(2)
              local seen = {}
              local n = s:runUntil(function(f)
                seen[#seen + 1] = f.frame .. "@" .. string.format("%.4f", f.t)
                return f.frame == 5
              end, 1)
              print(n, table.concat(seen, " "), s.frameIndex)
            end)
            """, name: "rununtil.lua")
        let result = try #require(report.test("t"), "\(report.summary)")
        #expect(result.status == .passed, "\(result.message)")
        // Frames 3, 4 and 5 are new (1 and 2 came before); at 60 fps frame k is at k / 60 s.
        #expect(result.output == ["3\t3@0.0500 4@0.0667 5@0.0833\t5"], "\(result.output)")
    }

    @Test func aFailingFrameInsideRunUntilIsNamedAsTheFramesCallAtTheScriptsLine() throws {
        let report = try runScenario("""
            test("t", function()
              local s = Stage{ fps = 60 }
              s:after(0.05, function() error("boom in work") end)
              s:runUntil(function() return false end, 1)
            end)
            """, name: "work.lua")
        let result = try #require(report.test("t"), "\(report.summary)")
        #expect(result.status == .failed)
        #expect(result.message.contains("work.lua:4:"), "\(result.message)")
        #expect(result.message.contains("boom in work"), "\(result.message)")
    }
}
