import Foundation
import LuaHost

/// Whole scenarios through the runner, as `piecebox run --in-process` runs them: a fresh sandbox per file.
enum ScenarioBenchmarks {
    /// Where the benchmark scenarios are written; `main` removes it at the end.
    static let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("piecebench-\(getpid())", isDirectory: true)

    /// Writes `text` to a scenario file in the benchmarks' temporary folder and returns its path.
    static func scenario(named name: String, _ text: String) throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Runs `path` and returns the seconds it took; a failing scenario is a broken benchmark, not a slow one.
    static func run(_ path: String) throws -> Double {
        var report: FileReport?
        let time = seconds { report = ScenarioRunner.run(file: path, options: RunOptions()) }
        guard let report, report.failed == 0, report.passed > 0 else {
            let why = report?.tests.first { $0.status == .failed }?.message ?? "no report"
            throw BenchError.scenarioFailed(path, why)
        }
        return time
    }

    /// The smallest scenario: what starting a sandbox, its preludes and the test framework costs.
    static let empty = """
        test("nothing", function() expect(1).toBe(1) end)
        """

    /// Ten seconds of a Lua piece at 120 fps, its layout called on every change, frames read back as a series.
    static let luaCard = """
        test("a card opens and closes for ten seconds", function()
          local s = Stage{ fps = 120 }
          local card = s:piece{ name = "card", state = { open = false }, layout = function(state, env)
            local h = state.open and 400 or 100
            return { surface = { x = 20, y = 100, w = env.width - 40, h = h, radius = state.open and 32 or 16 } }
          end }
          for i = 1, 20 do
            card:set({ open = (i % 2 == 1) }, motion.spring{ duration = 0.4, bounce = 0.2 })
            s:advance(0.5)
          end
          local heights = s:frames():map(function(f) return f.card.surface.h end)
          expect(#heights).toBe(1200)
        end)
        """

    /// The flagship piece: twenty opens and closes of NowPlaying with a playing player, every frame logged in
    /// memory and read back.
    static let nowPlaying = """
        test("open and close twenty times", function()
          local s = Stage{ width = 393, height = 852, safeArea = { top = 59, bottom = 34 }, fps = 120 }
          local player = s:player{ tracks = { { title = "Slow Mornings", artist = "Aster Vale", duration = 222 } },
                                   time = 48, isPlaying = true, updateInterval = 0.5 }
          local np = s:nowPlaying{ player = player }
          for i = 1, 20 do
            np:setExpanded(i % 2 == 1)
            s:advance(0.8)
          end
          local heights = s:frames():map(function(f) return f.nowPlaying.surface.h end)
          expect(#heights).toBe(20 * 96)
        end)
        """

    /// A reader scrolling a 40-section page under the ScrollIsland, then picking from its contents.
    static let scrollIsland = """
        test("scroll forty sections and pick", function()
          local s = Stage{ width = 393, height = 852, safeArea = { top = 59, bottom = 34 }, fps = 120 }
          local sections = {}
          for i = 1, 40 do sections[i] = { id = "s" .. i, title = "Section " .. i, height = 600 } end
          local page = s:page{ sections = sections }
          local island = s:scrollIsland{ page = page }
          for i = 1, 10 do page:fling{ velocity = 3000 } s:advance(1) end
          island:tap("bar")
          s:settle()
          local next = island.current + 1
          island:tap("row", next)
          s:settle()
          expect(page.selection).toBe("s" .. next)
        end)
        """
}

enum BenchError: Error, CustomStringConvertible {
    case scenarioFailed(String, String)
    var description: String {
        switch self {
        case .scenarioFailed(let path, let why): return "benchmark scenario \(path) failed: \(why)"
        }
    }
}
