import Foundation
import LuaHost

/// Exploring is compute-bound: a step (an action and the half second of frames after it, 30 frames at 60 fps) with
/// the default rules (finite, continuous, settles) should cost at most 1.5 times the same frames alone. Both are
/// measured as the difference between `n` and `2n` runs of the same set-up, so starting the sandbox and the
/// set-up's share cancel out; the frames alone do the same actions from a plain loop, with nothing checked. Two
/// pieces are measured so: NowPlaying and the mini player.
enum ExploreBenchmarks {
    /// One piece explored: how its stage is made, its two actions, and the rows' keys and names.
    struct Subject {
        /// The probes' key ("explore" for NowPlaying, as the rows have always been keyed).
        let key: String
        let name: String
        /// Makes `s` and the world `w` (`w.piece`, `w.p`).
        let setup: String
        /// What `tap` does to `w.piece` (a Lua statement): open it or close it.
        let tap: String
    }

    static let nowPlaying = Subject(key: "explore", name: "NowPlaying", setup: """
        local function setup()
          local s = Stage{ fps = 60 }
          local p = s:player{ tracks = { { title = "A", artist = "B", duration = 200 }, { title = "C", artist = "D", duration = 100 } } }
          return s, { piece = s:nowPlaying{ player = p }, p = p }
        end

        """, tap: "w.piece:tap()")

    static let miniPlayer = Subject(key: "exploreMini", name: "the mini player", setup: """
        local function setup()
          local s = Stage{ width = 393, height = 852, fps = 60 }
          local p = s:player{ tracks = { { title = "A", artist = "B", duration = 200 }, { title = "C", artist = "D", duration = 100 } } }
          return s, { piece = s:miniPlayer{ player = p }, p = p }
        end

        """, tap: "if w.piece.isExpanded then w.piece:tap(\"chevron\") else w.piece:tap(\"bar\") end")

    static let subjects = [nowPlaying, miniPlayer]

    /// Steps in `runs` runs of at most 10 steps: run i takes min(10, 2 + 2i) (explore.lua's short runs first).
    static func steps(runs: Int) -> Int { (0..<runs).reduce(0) { $0 + min(10, 2 + 2 * $1) } }

    /// An exploration of the piece (opening, closing, playing, pausing) with the default rules. The gap is written
    /// out, so the frames a step renders stay those of the plain loop whatever the default becomes.
    static func exploration(_ subject: Subject, runs: Int) -> String {
        subject.setup + """
        explore("\(subject.name) opens, closes and plays", {
          setup = setup,
          actions = {
            tap = function(s, w) \(subject.tap) end,
            play = function(s, w, gen) if gen.bool() then w.p:play() else w.p:pause() end end,
          },
          -- A fixed half second after each action, as the plain loop waits: the same frames on both sides.
          steps = 10, runs = \(runs), gap = 0.5,
        })
        """
    }

    /// The same kind of steps from a plain loop: set-up, action, half a second of frames; nothing checked.
    static func framesAlone(_ subject: Subject, runs: Int) -> String {
        subject.setup + """
        test("the same steps, frames alone", function()
          math.randomseed(1)
          for r = 0, \(runs) - 1 do
            local s, w = setup()
            for _ = 1, math.min(10, 2 + 2 * r) do
              if math.random() < 0.5 then \(subject.tap) elseif math.random() < 0.5 then w.p:play() else w.p:pause() end
              s:advance(0.5)
            end
          end
        end)
        """
    }

    /// A subject's two pairs; the unit is a step, so `perUnit` gives seconds a step.
    struct Pairs {
        let subject: Subject
        let explore: LuaBenchmarks.Pair
        let frames: LuaBenchmarks.Pair
    }

    static func pairs(_ subject: Subject, runs: Int) throws -> Pairs {
        let units = steps(runs: 2 * runs) - steps(runs: runs)
        var deep = RunOptions()
        deep.exploration.deep = true
        let explore = try LuaBenchmarks.pair(subject.key, units: units, small: exploration(subject, runs: runs),
                                             large: exploration(subject, runs: 2 * runs), options: deep)
        let frames = try LuaBenchmarks.pair(subject.key + "Frames", units: units,
                                            small: framesAlone(subject, runs: runs),
                                            large: framesAlone(subject, runs: 2 * runs))
        return Pairs(subject: subject, explore: explore, frames: frames)
    }

    /// Every subject's pairs.
    static func pairs(runs: Int) throws -> [Pairs] { try subjects.map { try pairs($0, runs: runs) } }
}
