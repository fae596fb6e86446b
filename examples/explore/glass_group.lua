-- Liquid glass, explored: a glass group whose shapes are pressed, dragged, tapped, inserted (growing out of a
-- neighbour) and removed (melting back) on SwiftUI's springs, with its spacing changed; and the seed's Tools, whose
-- pencil toggles the eraser. Every change here rides an animation, as the seed's do, so nothing may jump; every
-- shape is a button VoiceOver can press, at least 44 points, labelled, on screen; all comes to rest in 3 s.
local E = require("_explore")

local shapes = {
  { id = "share", x = 40, y = 200, w = 44, h = 44, shape = "circle", interactive = true },
  { id = "more", x = 96, y = 200, w = 100, h = 44, press = true },
  { id = "edit", x = 208, y = 200, w = 120, h = 48, style = "glassProminent" },
}
local extra = { id = "pin", x = 40, y = 260, w = 60, h = 60, shape = "circle", press = true }

local animations = { "bouncy", "smooth", "snappy" }

local function stage(reduceMotion)
  local s = Stage{ width = 393, height = 852, safeArea = { top = 59, bottom = 34 }, fps = 60,
    reduceMotion = reduceMotion }
  local g = s:glassGroup{ spacing = 20, shapes = shapes }
  local tools = s:tools{}
  s:frames(1)
  return s, { g = g, tools = tools }
end

-- A shape to touch: the pin only while it is in the group.
local function part(w, gen)
  local id = gen.pick{ "share", "more", "edit", "pin" }
  gen.assume(id ~= "pin" or w.pinned)
  return id
end

local swipeTime = E.swipeTime   -- how long a swipe of (dx, dy) may take: at most 3000 points a second

local actions = {
  tap = function(s, w, gen) w.g:tap(part(w, gen)) end,
  press = function(s, w, gen)
    local id, dx, dy = part(w, gen), gen.number(-30, 30), gen.number(-30, 30)
    w.g:drag{ part = id, dx = dx, dy = dy, duration = swipeTime(gen, dx, dy, 0.8) }
  end,
  insert = function(s, w, gen)
    gen.assume(not w.pinned)
    w.g:insert(extra, gen.pick(animations))
    w.pinned = true
  end,
  remove = function(s, w, gen)
    gen.assume(w.pinned)
    w.g:remove("pin", gen.pick(animations))
    w.pinned = false
  end,
  spacing = function(s, w, gen) w.g:set{ spacing = gen.pick{ 0, 8, 12, 20, 40 } } end,
  toggle = function(s, w) w.tools:toggle() end,
  pencil = function(s, w) w.tools:tap("pencil") end,
  wait = function(s, w, gen) s:advance(gen.number(0, 1)) end,
}

local rules = { "finite", "continuous", "settles", "onScreen", "hitTargets", "labels" }

explore("glass shapes grow, melt and swell without a jump and come to rest", {
  setup = function() return stage(false) end,
  actions = actions,
  invariants = rules,
  steps = 20, runs = 200,
})

explore("under Reduce Motion glass shades and opens in place", {
  setup = function() return stage(true) end,
  actions = actions,
  -- The specification's Reduce Motion: a press shades (brightness) instead of swelling or sinking, and a shape
  -- that comes or goes opens from 0.001 or closes in place (its scale, the foundation's bud) as it fades. A neck's
  -- `gap` is measured between the outlines as presented, so it follows that scale. The group's `spacing` is the
  -- app's parameter (`g:set{ spacing }`), logged as a number but drawn as nothing that moves.
  invariants = { "finite", "settles", "onScreen", "hitTargets", "labels",
    still = { moving = { "brightness", "scale", "gap", "spacing" } } },
  steps = 20, runs = 200,
})

-- Reduce Transparency and Reduce Motion changing: an environment change is laid out at once (a setting changed),
-- so only the rules that hold whatever the settings are checked across it.
local settings = {}
for k, v in pairs(actions) do settings[k] = v end
settings.clear = function(s, w, gen) s:environment{ reduceTransparency = gen.bool() } end
settings.calm = function(s, w, gen) s:environment{ reduceMotion = gen.bool() } end
settings.dark = function(s, w, gen) s:environment{ colorScheme = gen.pick{ "light", "dark" } } end

explore("glass comes to rest on screen whatever the settings", {
  setup = function() return stage(false) end,
  actions = settings,
  invariants = { "finite", "settles", "onScreen", "hitTargets", "labels" },
  steps = 20, runs = 200,
})
