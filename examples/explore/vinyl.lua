-- The spinning vinyl, explored: its player playing, pausing and skipping, the app's rpm changes, waits, and (in the
-- last exploration) Reduce Motion and the disc's frame changing. The specification's angle is a closed form of
-- time through a linear 0.9 s ramp, so the disc never jumps (its picture, the angle modulo 360) and never turns
-- faster than its speeds allow; under Reduce Motion it stands upright and nothing moves; an eased stop ends in
-- 0.95 s (a playing disc is background motion and never holds the stage up).

local function stage(reduceMotion)
  local s = Stage{ width = 393, height = 852, fps = 60, reduceMotion = reduceMotion }
  local player = s:player{ tracks = { { title = "Slow Mornings", artist = "Aster Vale", duration = 222 },
    { title = "Tides", artist = "", duration = 30 } }, isPlaying = true, trackEnd = "advance" }
  local v = s:vinyl{ player = player }
  s:frames(1)
  return s, { v = v, player = player }
end

-- Speeds up to 120 rpm: 720 degrees a second, 12 a frame at 60 fps.
local actions = {
  play = function(s, w) w.player:play() end,
  pause = function(s, w) w.player:pause() end,
  toggle = function(s, w) w.player:toggle() end,
  skip = function(s, w, gen) w.player:skip(gen.pick{ "next", "previous" }) end,
  rpm = function(s, w, gen) w.v:set{ rpm = gen.pick{ 33, 45, 78, 0, -33, 120 } } end,
  wait = function(s, w, gen) s:advance(gen.number(0, 2)) end,
}

-- The seed rebases the angle to its truncating remainder by 360 at every speed change (the same picture), so the
-- angle's number may drop by a whole number of turns: `continuous` leaves it out, and `check` holds the picture
-- instead: between two frames the disc turns at most 12 degrees (the fastest speed here), modulo 360.
local function turnsSmoothly(s, w)
  local previous
  -- Every frame since the last check (from the start in a minimal scenario, which checks once at its end).
  local from = w.checkedTo or 0
  w.checkedTo = s:now()
  s:frames{ from = from }:map(function(f)
    local a = f.vinyl.disc.angle
    if previous then
      local d = (a - previous) % 360
      if d > 180 then d = d - 360 end
      if math.abs(d) > 12 + 1e-9 then
        error(string.format("frame %d (t = %.6f s): the disc turned %.3f degrees in one frame: %.3f -> %.3f",
          f.frame, f.t, d, previous, a))
      end
    end
    previous = a
    return 0
  end)
end

explore("the vinyl turns without a jump and eases to a stop in time", {
  setup = function() return stage(false) end,
  actions = actions,
  invariants = { "finite", continuous = { except = { "disc.angle", "art.angle" } }, "settles", "onScreen",
    "labels" },
  check = turnsSmoothly,
  steps = 20, runs = 200,
})

explore("under Reduce Motion the vinyl stands still", {
  setup = function() return stage(true) end,
  actions = actions,
  invariants = { "finite", "still", "settles", "onScreen", "labels" },
  -- Nothing eases under Reduce Motion: no speed change is made, so nothing is left moving after the last input.
  settle = 0.05,
  steps = 20, runs = 200,
})

-- Reduce Motion turning on draws the disc at 0 degrees at once, and turning off brings it back where the
-- undisturbed spin would be (docs/pieces/vinyl.md's `reduceMotionOffResumesTheKeptSpin`); the app moving the disc's frame
-- moves it at once (a change outside any animation, the app's own). Neither is continuous by design, so with them
-- only the rules that hold whatever the settings are checked.
local settings = {}
for k, v in pairs(actions) do settings[k] = v end
settings.calm = function(s, w, gen) s:environment{ reduceMotion = gen.bool() } end
settings.frame = function(s, w, gen)
  local side = gen.number(40, 337)
  w.v:set{ x = gen.number(0, 393 - side), y = gen.number(0, 852 - side), w = side, h = side }
end

explore("the vinyl comes to rest on screen whatever the settings", {
  setup = function() return stage(false) end,
  actions = settings,
  invariants = { "finite", "settles", "onScreen", "labels" },
  steps = 20, runs = 200,
})
