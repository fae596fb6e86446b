-- BorderBeam, explored: waits of any length, two beams on a capsule, and (in the last exploration) Reduce Motion
-- turned on and off. The specification's head runs round the path at a steady pace: lap seconds a turn, so at 60 fps
-- each head moves 1 / (lap × 60) of the path a frame, from its start, whatever the waits were; under Reduce Motion
-- nothing is drawn. The loop is background motion, so a stage with a beam still comes to rest.

local lap = 2

local function stage(reduceMotion)
  local s = Stage{ width = 393, height = 852, fps = 60, reduceMotion = reduceMotion }
  local b = s:borderBeam{ x = 100, y = 400, w = 120, h = 48, shape = "capsule", lap = lap, starts = { 0, 0.5 } }
  s:frames(1)
  return s, { b = b }
end

local actions = {
  wait = function(s, w, gen) s:advance(gen.number(0, 3)) end,
  frames = function(s, w, gen) s:frames(gen.integer(1, 30)) end,
}

-- Between two frames each head moves 1 / (2 × 60) = 1/120 of the path, modulo 1 (a head passing the start wraps).
local perFrame = 1 / (lap * 60)
local function steady(s, w)
  local from = w.checkedTo or 0
  w.checkedTo = s:now()
  local previous = {}
  s:frames{ from = from }:map(function(f)
    for n = 1, 2 do
      local beam = f.borderBeam and f.borderBeam["beam." .. n]
      if beam then
        local before = previous[n]
        if before then
          local d = (beam.head - before) % 1
          if math.abs(d - perFrame) > 1e-9 then
            error(string.format("frame %d (t = %.6f s): beam %d moved %.9f of the path in one frame, not %.9f",
              f.frame, f.t, n, d, perFrame))
          end
        end
        previous[n] = beam.head
      end
    end
    return 0
  end)
end

explore("the beams run round at a steady pace and the stage still comes to rest", {
  setup = function() return stage(false) end,
  actions = actions,
  invariants = { "finite", "settles", "onScreen" },
  check = steady,
  steps = 20, runs = 100,
})

explore("under Reduce Motion nothing moves", {
  setup = function() return stage(true) end,
  actions = actions,
  invariants = { "finite", "still", "settles", "onScreen" },
  steps = 20, runs = 100,
})

local settings = { wait = actions.wait, frames = actions.frames }
settings.calm = function(s, w, gen) s:environment{ reduceMotion = gen.bool() } end

explore("the beams come to rest on screen whatever the settings", {
  setup = function() return stage(false) end,
  actions = settings,
  invariants = { "finite", "settles", "onScreen" },
  steps = 20, runs = 100,
})
