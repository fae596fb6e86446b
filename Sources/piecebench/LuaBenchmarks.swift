import Foundation
import LuaHost

/// Costs seen from a script, measured by running a scenario in this process (as `piecebox run --in-process` does:
/// a fresh sandbox per file) at two sizes and keeping the difference. Starting the sandbox, the preludes and the
/// test framework cost the same at both sizes, so the difference over the extra work is the cost of that work alone.
enum LuaBenchmarks {
    /// Where the generated scenarios go; `main` removes it at the end.
    static let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("piecebench-\(getpid())", isDirectory: true)

    /// Seconds per unit of work: (time at `2n` − time at `n`) / `n`, both runs alternated with the other probes.
    struct Pair {
        let small: Probe
        let large: Probe
        let units: Double
    }

    static func pair(_ key: String, units n: Int, _ scenario: (Int) -> String) throws -> Pair {
        try pair(key, units: n, small: scenario(n), large: scenario(2 * n))
    }

    /// Two scenarios whose difference is `units` of work, run under `options`.
    static func pair(_ key: String, units: Int, small: String, large: String,
                     options: RunOptions = RunOptions()) throws -> Pair {
        let smallPath = try write("\(key)-1.lua", small)
        let largePath = try write("\(key)-2.lua", large)
        return Pair(small: Probe(key: key + ".small") { try run(smallPath, options: options) },
                    large: Probe(key: key + ".large") { try run(largePath, options: options) },
                    units: Double(units))
    }

    /// Writes a generated scenario and returns its path.
    static func write(_ name: String, _ text: String) throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Runs `path` in process and returns the seconds it took; a failing scenario is a broken benchmark, not a slow
    /// one, and stops the bench.
    static func run(_ path: String, options: RunOptions = RunOptions()) throws -> Double {
        var report: FileReport?
        let time = seconds { report = ScenarioRunner.run(file: path, options: options) }
        guard let report, report.failed == 0, report.passed > 0 else {
            let why = report?.tests.first { $0.status == .failed }?.message ?? "no report"
            throw BenchError.failed("benchmark scenario \(path) failed: \(why)")
        }
        return time
    }

    /// A Lua piece of 1,000 elements (four numbers each) whose every element springs to a new place every 0.5 s,
    /// rendered for `frames` frames at 120 fps. Its layout runs once per change; every frame samples all 4,000 numbers.
    static func luaPiece(frames: Int) -> String {
        """
        test("a thousand springing elements", function()
          local s = Stage{ fps = 120 }
          local p = s:piece{ name = "grid", state = { shift = 0 }, layout = function(state, env)
            local out = {}
            for i = 1, 1000 do
              local col, row = (i - 1) % 25, (i - 1) // 25
              out["e" .. i] = { x = col * 15 + state.shift, y = row * 20 + state.shift, w = 12, h = 16 + state.shift }
            end
            return out
          end }
          local rendered = 0
          while rendered < \(frames) do
            p:set({ shift = (p.state.shift + 7) % 21 }, motion.spring{ duration = 0.4, bounce = 0.2 })
            local n = math.min(60, \(frames) - rendered)
            s:frames(n)
            rendered = rendered + n
          end
          expect(s.frameIndex).toBe(\(frames))
        end)
        """
    }

    /// `calls` calls of `call` in a loop whose body is otherwise the same for every call compared (the time `t`
    /// and a sum that keeps the result alive).
    static func calls(_ call: String, _ calls: Int) -> String {
        """
        test("calls", function()
          local s = Stage{ fps = 120 }
          s:advance(0.5)
          local sp = motion.spring{ duration = 0.5, bounce = 0.2 }
          local sum = 0
          for i = 1, \(calls) do
            local t = i * 1e-6
            sum = sum + \(call)
          end
          expect(sum == sum).toBe(true)
        end)
        """
    }
}
