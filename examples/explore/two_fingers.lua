-- Overlapping gestures, explored on the floating sheet: a finger put down on the sheet stays down across steps
-- (kept in w.fingers) while the other actions run, so a second finger can land while the first still drags, a
-- finger can lift while another moves, and the sheet can be dismissed under a finger. A touch carries no finger
-- number, so the sheet tells its fingers apart only by where and when each went down. Nothing may jump, and once
-- every finger is up the sheet rests at a detent (or off the bottom edge) within 3 s.
local E = require("_explore")

local function setup()
  local s = Stage{ width = 393, height = 852, safeArea = { top = 59, bottom = 34 }, fps = 60 }
  local sh = s:sheet{ detents = { "medium", "large" } }
  sh:present()
  s:frames(1)
  return s, { sh = sh, fingers = {} }
end

local actions = {
  -- A finger down on the sheet (or its grabber), moved a little at once: it stays down until `lift`.
  press = function(s, w, gen)
    gen.assume(w.sh.presented and #w.fingers < 3)
    local f = w.sh:touch(gen.pick{ "sheet", "grabber" })
    f:move(0, gen.number(-40, 40))
    w.fingers[#w.fingers + 1] = f
  end,
  -- The finger put down last moves, 25 points a frame (1500 points a second, a brisk drag); the others hold still.
  -- A finger's moves at one instant are one move, and the sheet follows a finger one for one: a longer move at
  -- once is a finger faster than any hand, and the sheet's jump with it is by design (see _explore.lua).
  move = function(s, w, gen)
    gen.assume(#w.fingers > 0)
    local f, dy = w.fingers[#w.fingers], gen.number(-300, 300)
    local steps = math.ceil(math.abs(dy) / 25)
    for _ = 1, steps do
      f:move(0, dy / steps)
      s:frames(1)
    end
  end,
  -- The finger put down first lifts (or is cancelled, as when the system takes the touch).
  lift = function(s, w, gen)
    gen.assume(#w.fingers > 0)
    local f = table.remove(w.fingers, 1)
    if gen.bool() then f:cancel() else f:up() end
  end,
  present = function(s, w) w.sh:present() end,
  dismiss = function(s, w, gen) gen.assume(w.sh.presented); w.sh:dismiss() end,
  wait = function(s, w, gen) s:advance(gen.number(0, 1.5)) end,
}

explore("a second finger on the sheet never makes it jump", {
  setup = setup,
  actions = actions,
  -- A dismissed sheet rests below the screen's bottom edge by design; its grabber is the system's 36 by 5 capsule.
  invariants = E.rules({ "finite", "continuous", "labels" }),
  steps = 20, runs = 200,
})
