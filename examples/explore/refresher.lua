-- Pull to refresh, explored: pulls of any length (short of the threshold and past it), flicks, cancelled touches,
-- the app finishing its refresh, and waits. The piece's list returns on the settle role and holds a 60-point gap
-- while refreshing, so nothing jumps; once the app has finished, everything comes to rest; a refresh starts only
-- from a pull that reached the threshold, and never twice at once.
local E = require("_explore")

local function stage(reduceMotion)
  local s = Stage{ width = 393, height = 852, fps = 60, reduceMotion = reduceMotion }
  local r = s:refresher{ top = 100 }
  s:frames(1)
  return s, { r = r }
end

local swipeTime = E.swipeTime   -- how long a swipe of (dx, dy) may take: at most 3000 points a second

local actions = {
  pull = function(s, w, gen)
    local dy = gen.number(-100, 600)
    w.r:drag{ dy = dy, duration = swipeTime(gen, 0, dy, 1) }
  end,
  flick = function(s, w, gen) w.r:fling{ dy = gen.number(10, 400), velocity = gen.number(100, 3000) } end,
  cancel = function(s, w, gen)
    -- A finger moves a little each frame (a move made at one instant is one jump of the finger, which the list
    -- follows by design): 20 frames of an even share of the way.
    local f = w.r:touch(196, 300)
    local dy = gen.number(0, 400)
    for _ = 1, 20 do
      f:move(0, dy / 20)
      s:frames(1)
    end
    s:advance(gen.number(0, 0.5))
    f:cancel()
  end,
  finish = function(s, w, gen) gen.assume(w.r.isRefreshing); w.r:finish() end,
  wait = function(s, w, gen) s:advance(gen.number(0, 1.5)) end,
}

explore("the list returns without a jump and refreshes once at a time", {
  setup = function() return stage(false) end,
  actions = actions,
  -- A refresh runs until the app finishes it, holding the gap open: settling is asked of the list once the app
  -- is done, so the last action of a run may leave it refreshing (the spinner is background work, not motion).
  invariants = { "finite", "continuous", "settles", "onScreen" },
  check = function(s, w)
    local f = s:frame().refresher
    -- The spinner's opacity is the pull over the threshold, at most 1.
    expect(f.spinner.opacity).toBeLessThanOrEqual(1)
    if w.r.isRefreshing then expect(f.spinner.spinning).toBe(true) end
  end,
  steps = 20, runs = 200,
})
