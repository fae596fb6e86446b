import Foundation
import LuaHost

/// Exploring is compute-bound: a step (an action and the half second of frames after it, 30 frames at 60 fps) with
/// the default rules (finite, continuous, settles) should cost at most twice the same frames alone. Both are
/// measured as the difference between `n` and `2n` runs of the same NowPlaying set-up, so starting the sandbox and
/// the set-up's share cancel out; the frames alone do the same actions from a plain loop, with nothing checked.
enum ExploreBenchmarks {
    /// Steps in `runs` runs of at most 10 steps: run i takes min(10, 2 + 2i) (explore.lua's short runs first).
    static func steps(runs: Int) -> Int { (0..<runs).reduce(0) { $0 + min(10, 2 + 2 * $1) } }

    static let setup = """
    local function setup()
      local s = Stage{ fps = 60 }
      local p = s:player{ tracks = { { title = "A", artist = "B", duration = 200 }, { title = "C", artist = "D", duration = 100 } } }
      return s, { np = s:nowPlaying{ player = p }, p = p }
    end

    """

    /// An exploration of NowPlaying (opening, closing, playing, pausing) with the default rules.
    static func exploration(runs: Int) -> String {
        setup + """
        explore("NowPlaying opens, closes and plays", {
          setup = setup,
          actions = {
            tap = function(s, w) w.np:tap() end,
            play = function(s, w, gen) if gen.bool() then w.p:play() else w.p:pause() end end,
          },
          -- A fixed half second after each action, as the plain loop waits: the same frames on both sides.
          steps = 10, runs = \(runs), gap = 0.5,
        })
        """
    }

    /// The same kind of steps from a plain loop: set-up, action, half a second of frames; nothing checked.
    static func framesAlone(runs: Int) -> String {
        setup + """
        test("the same steps, frames alone", function()
          math.randomseed(1)
          for r = 0, \(runs) - 1 do
            local s, w = setup()
            for _ = 1, math.min(10, 2 + 2 * r) do
              if math.random() < 0.5 then w.np:tap() elseif math.random() < 0.5 then w.p:play() else w.p:pause() end
              s:advance(0.5)
            end
          end
        end)
        """
    }

    /// The two pairs; the unit is a step, so `perUnit` gives seconds a step.
    static func pairs(runs: Int) throws -> (explore: LuaBenchmarks.Pair, frames: LuaBenchmarks.Pair) {
        let units = steps(runs: 2 * runs) - steps(runs: runs)
        var deep = RunOptions()
        deep.exploration.deep = true
        let explore = try LuaBenchmarks.pair("explore", units: units, small: exploration(runs: runs),
                                             large: exploration(runs: 2 * runs), options: deep)
        let frames = try LuaBenchmarks.pair("exploreFrames", units: units, small: framesAlone(runs: runs),
                                            large: framesAlone(runs: 2 * runs))
        return (explore, frames)
    }
}
