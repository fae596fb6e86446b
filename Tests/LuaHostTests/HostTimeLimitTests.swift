import Testing
@testable import LuaHost

/// The wall-time limit reaches into the host's own loops, which run no Lua for the hook to see: a jump runs a
/// month of scheduled work, a slow fling schedules a sample for every frame, a huge page lays out every row. Each
/// stops at the limit with the line of the script that asked for it, in this process (as `--in-process` runs).
@Suite struct HostTimeLimitTests {
    static let oneSecond = SandboxLimits(instructions: 0, memoryBytes: 512 << 20, seconds: 1)

    @Test func aJumpOverAYearWithAPlayingPlayerStopsAtTheTimeLimitNamingTheLine() throws {
        // A tick every 0.5 s for a year is 63 million batches of work, none of them Lua.
        let report = try runScenario("""
            test("a year", function()
              local s = Stage{}
              local player = s:player{ tracks = { { title = "Long", duration = 1e9 } }, isPlaying = true, updateInterval = 0.5 }
              s:jump(365 * 24 * 3600)
            end)
            """, limits: Self.oneSecond)
        let result = try #require(report.test("a year"), "\(report.summary)")
        #expect(result.status == .failed)
        #expect(result.message.hasSuffix("scenario.lua:4: time limit of 1 s exceeded"), "\(result.message)")
    }

    @Test func aSlowFlingAtAThousandFramesASecondStopsAtTheTimeLimitNamingTheLine() throws {
        // 1000 points at 2 points per second is 500 s of finger: 500 000 samples at 1000 fps, scheduled at once.
        let report = try runScenario("""
            test("slow fling", function()
              local s = Stage{ fps = 1000 }
              local page = s:page{ sections = { { id = "a", title = "A", height = 100000 } } }
              page:fling{ dy = -1000, velocity = 2 }
            end)
            """, limits: Self.oneSecond)
        let result = try #require(report.test("slow fling"), "\(report.summary)")
        #expect(result.status == .failed)
        #expect(result.message.hasSuffix("scenario.lua:4: time limit of 1 s exceeded"), "\(result.message)")
    }

    @Test func anIslandOverAHugePageIsStoppedByALimitNamingTheLine() throws {
        // 50 000 sections: each layout of the island is one pass over them (it was a pass per row), and the stage
        // keeps a row per section in every frame, so the file ends at the time or the memory limit. On a busy
        // machine the second may pass while the table is built, the page copied, the island laid out or frames
        // rendered: wherever it is, the file stops there, on that line.
        let report = try runScenario("""
            local sections = {}
            for i = 1, 50000 do sections[i] = { id = "s" .. i, title = "Section " .. i, height = 100 } end
            test("huge page", function()
              local s = Stage{}
              local page = s:page{ sections = sections }
              local island = s:scrollIsland{ page = page }
              s:advance(1e9)
            end)
            """, limits: Self.oneSecond)
        let failure = try #require(report.tests.first { $0.status == .failed }, "\(report.summary)")
        let stopped = (2...7).contains { line in
            failure.message.hasSuffix("scenario.lua:\(line): time limit of 1 s exceeded")
                || failure.message.hasSuffix("scenario.lua:\(line): memory limit of 512 MiB exceeded")
        }
        #expect(stopped, "\(failure.message)")
    }
}
