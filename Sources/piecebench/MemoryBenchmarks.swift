import Foundation
import LuaHost

/// What kept frames cost: the stage's own estimate of the bytes its history holds (`Stage.historyBytes`, the figure
/// a host counts against a memory cap) over the numbers that history keeps, and whether a file's `--max-memory`
/// really stops a script whose kept frames outgrow it.
enum MemoryBenchmarks {
    /// Bytes of history per number kept, from a run's stage.
    static func bytesPerNumber(_ run: FrameBenchmarks.Run) -> Double {
        Double(run.stage.historyBytes) / Double(max(run.numbersKept, 1))
    }

    /// A scenario that keeps far more frames than a 16 MiB cap holds by any estimate (NowPlaying: 19,200 frames of
    /// about 230 numbers; ScrollIsland: 14,400 frames of a 40-section page, some 2.7 KB each), while its Lua side stays well under a
    /// MiB. Run under that cap: it is refused with the memory limit only if kept frames are counted.
    static func keptFramesAreCounted(piece: String) throws -> (counted: Bool, message: String) {
        let body: String
        switch piece {
        case "nowPlaying":
            body = """
                  local player = s:player{ tracks = { { title = "Slow Mornings", artist = "Aster Vale", duration = 222 } },
                                           time = 48, isPlaying = true, updateInterval = 0.5 }
                  local np = s:nowPlaying{ player = player }
                  for i = 1, 200 do np:setExpanded(i % 2 == 1) s:advance(0.8) end
                """
        default:
            body = """
                  local sections = {}
                  for i = 1, 40 do sections[i] = { id = "s" .. i, title = "Section " .. i, height = 600 } end
                  local page = s:page{ sections = sections }
                  local island = s:scrollIsland{ page = page }
                  for i = 1, 480 do page:fling{ velocity = 3000 } s:frames(30) end
                """
        }
        let path = try LuaBenchmarks.write("cap-\(piece).lua", """
            test("keeps frames past the cap", function()
              local s = Stage{ fps = 120 }
            \(body)
            end)
            """)
        var options = RunOptions()
        options.limits = SandboxLimits(instructions: 0, memoryBytes: 16 << 20, seconds: 0)
        let report = ScenarioRunner.run(file: path, options: options)
        let failure = report.tests.first { $0.status == .failed }?.message
        guard let failure else { return (false, "ran to its end under a 16 MiB cap") }
        guard failure.contains("memory limit") else {
            throw BenchError.failed("the memory-cap scenario for \(piece) failed for another reason: \(failure)")
        }
        return (true, failure)
    }
}
