-- The glass tab bar over a page, explored: the page dragged and flicked (the bar minimizes while it scrolls down and
-- expands when it scrolls back up), tabs selected by taps and by the app, the minimized bar tapped, the accessory
-- and the search lens tapped, the app minimizing it, and waits. The specification's bar minimizes and expands on the
-- morph role and selects on the snap role: nothing jumps, everything rests within the page's coast, on screen.
local E = require("_explore")

local function stage(reduceMotion, behavior)
  local s = Stage{ width = 393, height = 852, safeArea = { top = 59, bottom = 34 }, fps = 60,
    reduceMotion = reduceMotion }
  local sections = {}
  for i = 1, 12 do sections[i] = { id = "s" .. i, title = "Section " .. i, height = 400 } end
  local page = s:page{ sections = sections }
  local bar = s:tabBar{ page = page, accessory = true, minimizeBehavior = behavior or "onScrollDown" }
  s:frames(1)
  return s, { page = page, bar = bar }
end

local swipeTime = E.swipeTime   -- how long a swipe of (dx, dy) may take: at most 3000 points a second

local actions = {
  read = function(s, w, gen)
    local dy = gen.number(-600, 600)
    w.page:drag{ dy = dy, duration = swipeTime(gen, 0, dy, 1) }
  end,
  flick = function(s, w, gen) w.page:fling{ velocity = gen.number(-4000, 4000) } end,
  tab = function(s, w, gen) w.bar:tap(gen.pick{ "tab.library", "tab.radio" }) end,
  tapBar = function(s, w) w.bar:tap("bar") end,
  accessory = function(s, w) w.bar:tap("accessory") end,
  search = function(s, w) w.bar:tap("search") end,
  select = function(s, w, gen) w.bar:select(gen.pick{ "library", "radio" }) end,
  minimize = function(s, w, gen) w.bar:setMinimized(gen.bool()) end,
  wait = function(s, w, gen) s:advance(gen.number(0, 1.5)) end,
}

-- The page coasts as a UIScrollView does until what is left is under a sixth of a point: the fastest flick here
-- (4000 points a second) takes ln(4000 / 0.334) / 2.002 = 4.69 s (see scroll_island.lua), past the 3 s default.
local pageCoast = 5

-- The page's sections run past the screen by design; the bar, lens and accessory must stay on it.
local function rules(...) return E.rules({ "labels", "hitTargets", onScreen = { except = { "page" } } }, ...) end

explore("the tab bar minimizes and expands without a jump and comes to rest", {
  setup = function() return stage(false) end,
  actions = actions,
  invariants = rules("finite", "continuous", "settles"),
  settle = pageCoast,
  steps = 20, runs = 200,
})

-- With "never", only the app minimizes the bar (its action is left out here): no scroll may.
local scrolling = {}
for k, v in pairs(actions) do if k ~= "minimize" then scrolling[k] = v end end

explore("a tab bar that never minimizes stays expanded", {
  setup = function() return stage(false, "never") end,
  actions = scrolling,
  invariants = rules("finite", "continuous", "settles"),
  check = function(s, w) expect(w.bar.minimized).toBe(false) end,
  settle = pageCoast,
  steps = 20, runs = 200,
})

-- Under Reduce Motion the morph and snap roles become the foundation's still spring (0.25 s, no bounce): the bar
-- still changes shape between its two layouts (the specification names no other way), so `still` is not a rule
-- here; it must still never jump.
explore("under Reduce Motion the tab bar never jumps and comes to rest", {
  setup = function() return stage(true) end,
  actions = actions,
  invariants = rules("finite", "continuous", "settles"),
  settle = pageCoast,
  steps = 20, runs = 200,
})
