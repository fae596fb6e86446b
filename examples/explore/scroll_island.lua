-- ScrollIsland over a page that scrolls and flings, explored: a reader's drags and flings on the page, programmatic
-- scrolls, taps on the island's bar, bubble and rows, sideways scrubs and upward swipes on the bar, keys, VoiceOver
-- and waits. The specification's island moves only on springs and eases (the title on the morph spring, the ring on
-- the value spring, the glass on reveal and dismiss, the puck on snap); it is on screen and labelled at rest, and
-- everything comes to rest once the page's coast has ended.
local E = require("_explore")

-- Six sections of uneven heights, the seed's kind of page: the island's title morphs between them.
local sections = {
  { id = "overview", title = "Overview", detail = "1 min", height = 700 },
  { id = "ingredients", title = "Ingredients", detail = "2 min", height = 1100 },
  { id = "method", title = "Method", detail = "5 min", height = 1600 },
  { id = "serving", title = "Serving", detail = "2 min", height = 500 },
  { id = "notes", title = "Notes", detail = "1 min", height = 900 },
  { id = "more", title = "More from the kitchen", detail = "", height = 400 },
}

local function stage(reduceMotion)
  local s = Stage{ width = 393, height = 852, safeArea = { top = 59, bottom = 34 }, fps = 60,
    reduceMotion = reduceMotion }
  local page = s:page{ sections = sections }
  local island = s:scrollIsland{ page = page }
  s:frames(1)
  return s, { page = page, island = island }
end

local swipeTime = E.swipeTime   -- how long a swipe of (dx, dy) may take: at most 3000 points a second

local actions = {
  read = function(s, w, gen)
    local dy = gen.number(-700, 700)
    w.page:drag{ dy = dy, duration = swipeTime(gen, 0, dy, 1) }
  end,
  flick = function(s, w, gen) w.page:fling{ velocity = gen.number(-4000, 4000) } end,
  swipe = function(s, w, gen)
    -- A flick of no distance is refused by design (the finger must travel), and a draw may give exactly 0.
    local dy = gen.number(-300, 300)
    gen.assume(dy ~= 0)
    w.page:fling{ dy = dy, velocity = gen.number(200, 3000), x = 196, y = 400 }
  end,
  jump = function(s, w, gen)
    w.page:scroll{ to = gen.pick{ "overview", "ingredients", "method", "serving", "notes", "more" },
      animated = gen.bool() }
  end,
  tap = function(s, w, gen) w.island:tap(gen.pick{ "bar", "bubble" }) end,
  pick = function(s, w, gen) w.island:tap("row", gen.integer(1, #sections)) end,
  scrub = function(s, w, gen)
    local dx, dy = gen.number(-250, 250), gen.number(-20, 20)
    w.island:drag{ part = "bar", dx = dx, dy = dy, duration = swipeTime(gen, dx, dy, 0.8) }
  end,
  swipeUp = function(s, w, gen)
    local dy, dx = gen.number(-300, -9), gen.number(-20, 20)
    w.island:drag{ part = "bar", dy = dy, dx = dx, duration = swipeTime(gen, dx, dy, 0.6) }
  end,
  key = function(s, w, gen) w.island:key(gen.pick{ "left", "right", "up", "down", "return", "space", "escape" }) end,
  wait = function(s, w, gen) s:advance(gen.number(0, 1.5)) end,
}

-- The island writes the page's selection with no animation (a pick, a scrub, an arrow key, the bubble: the seed's
-- binding), so the page jumps there by design: the page's own numbers may jump. The island's may not.
local pageJumps = { "page.content.offset", "page.content.read" }
for i = 1, #sections do
  for _, n in ipairs{ "x", "y", "w", "h" } do pageJumps[#pageJumps + 1] = "page.section." .. i .. "." .. n end
end
-- While the contents are closed the seed places the puck on the current row with no animation (`place`, a
-- transaction that disables animations), hidden inside the closed island at opacity 0: its edges may jump then.
local jumps = { "puck.top", "puck.bottom" }
for _, name in ipairs(pageJumps) do jumps[#jumps + 1] = name end

-- The page coasts as a UIScrollView does (its velocity keeps 0.998 of itself every millisecond: v(t) = v0·e^(−2.002 t))
-- until what is left to go is under a sixth of a point (`ScrollPagePhysics.restDistance`), i.e. until |v| < 2.002 / 6
-- = 0.334 points a second. The fastest fling here, 4000 points a second, takes ln(4000 / 0.334) / 2.002 = 4.69 s:
-- longer than the 3 s an exploration gives by default, by the physics, not by a defect. The island itself rests
-- well within that.
local pageCoast = 5

-- The page's sections run past the screen by design (it scrolls); the island must stay on it.
local function rules(...) return E.rules({ "labels", "hitTargets", onScreen = { except = { "page" } } }, ...) end

explore("the scroll island never jumps and comes to rest", {
  setup = function() return stage(false) end,
  actions = actions,
  invariants = rules("finite", "settles", { continuous = { except = jumps } }),
  settle = pageCoast,
  steps = 20, runs = 200,
})

-- Under Reduce Motion the specification keeps the island's layout moving on short eases (the glass opens and
-- closes on the reveal and dismiss roles' eases, the puck on one 0.25 s spring, the ring on the still spring), and
-- the page scrolls under a finger as ever; what it stills is scale: "nothing scales" (no press sink, no scrub lift,
-- letters and whole titles only fade), and the bubble opens from 0.001 in place. So the layout's numbers may move;
-- the glass's and letters' `scale` and the bubble's `press` must not. Nor may the bar's labels blur: they cross-fade
-- (the seed's fade holds their blur at 0 under Reduce Motion); only the bubble's arrow blurs, as every bud's
-- content does. The chevron turns on the open and close eases (the seed's `rotationEffect` keeps it).
local layout = { "x", "y", "w", "h", "cx", "cy", "radius", "chevron.rotation", "arc", "stroke", "top", "bottom",
  "offset", "read", "brightness", "bubble.blur", "bubble.scale",
  -- which row the puck is on: an index, not a place
  "puck.row" }
for _, name in ipairs(pageJumps) do layout[#layout + 1] = name end

explore("under Reduce Motion the scroll island never scales and comes to rest", {
  setup = function() return stage(true) end,
  actions = actions,
  invariants = rules("finite", "settles", { continuous = { except = jumps }, still = { moving = layout } }),
  settle = pageCoast,
  steps = 20, runs = 200,
})
