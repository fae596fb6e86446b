-- The mini player with its player, explored: taps on its parts, drags and flings on the bar and the open player,
-- the app's own play, pause, skip and seek, waits, and (in the last exploration) text sizes and Reduce Motion
-- changing under it. With Reduce Motion off nothing may jump (one spring
-- opens and closes it, another carries the drag); with it on, neither spring runs, so the states swap at once and
-- nothing is left moving a moment after the last input. At rest it is on screen, every control VoiceOver can
-- press is at least 44 points, and every element VoiceOver reaches has a label.
local E = require("_explore")

-- The third track has no artist: the subtitle is empty.
local tracks = {
  { title = "Midnight Drive", artist = "The Night Owls", duration = 200 },
  { title = "Paper Planes", artist = "The Night Owls", duration = 180 },
  { title = "Interlude", artist = "", duration = 40 },
}

local function stage(reduceMotion)
  local s = Stage{ width = 393, height = 852, safeArea = { top = 59, bottom = 34 }, fps = 60,
    reduceMotion = reduceMotion }
  local player = s:player{ tracks = tracks, time = 40, updateInterval = 0.5, trackEnd = "advance" }
  local mp = s:miniPlayer{ player = player }
  s:frames(1)
  return s, { mp = mp, player = player }
end

local swipeTime = E.swipeTime   -- how long a swipe of (dx, dy) may take: at most 3000 points a second

local actions = {
  tap = function(s, w, gen) w.mp:tap(gen.pick{ "bar", "background", "play", "chevron", "previous", "next" }) end,
  drag = function(s, w, gen)
    local dx, dy = gen.number(-100, 100), gen.number(-400, 400)
    w.mp:drag{ dx = dx, dy = dy, duration = swipeTime(gen, dx, dy, 0.6) }
  end,
  fling = function(s, w, gen)
    -- A flick of no distance is refused by design (the finger must travel): drawn gaps and boundary draws reach 0.
    local dy = gen.number(-300, 300)
    gen.assume(dy ~= 0)
    w.mp:fling{ dy = dy, velocity = gen.number(100, 3000), x = 196, y = gen.number(120, 800) }
  end,
  -- Closed, there is no escape to perform (the piece refuses it): only the open player has one.
  escape = function(s, w, gen) gen.assume(w.mp.isExpanded); w.mp:perform("escape") end,
  play = function(s, w, gen) if gen.bool() then w.player:play() else w.player:pause() end end,
  skip = function(s, w, gen) w.player:skip(gen.pick{ "next", "previous" }) end,
  seek = function(s, w, gen) w.player:seek(gen.number(0, 200)) end,
  wait = function(s, w, gen) s:advance(gen.number(0, 1.5)) end,
}

-- The bar's open button is the seed's HStack of the artwork and the lines, with no minimum height of its own: as
-- tall as the artwork (46 points scaled with subheadline) or the lines, so under 44 at the text sizes below Large
-- (36.667 at xSmall). The play buttons have the seed's `minTouchTarget` of 44 and must hold it.
local hitTargets = { except = { "miniPlayer.bar" } }

local rest = { "onScreen", "labels", hitTargets = hitTargets }

local function rules(...) return E.rules(rest, ...) end

explore("the mini player never jumps and comes to rest", {
  setup = function() return stage(false) end,
  actions = actions,
  invariants = rules("finite", "continuous", "settles"),
  steps = 20, runs = 200,
})

explore("under Reduce Motion the mini player swaps at once and nothing is left moving", {
  setup = function() return stage(true) end,
  actions = actions,
  invariants = rules("finite", "settles"),
  -- Neither spring runs under Reduce Motion: a frame after the last input everything is where it rests.
  settle = 0.05,
  steps = 20, runs = 200,
})

-- A change of text size or of Reduce Motion is an environment change, which SwiftUI lays out at once with no
-- animation (the person changed a setting): the rules of motion do not hold across it, so this exploration
-- checks what must hold whatever the settings: no NaN, rest within 3 s, and the rules at rest.
local settings = {}
for k, v in pairs(actions) do settings[k] = v end
settings.text = function(s, w, gen)
  s:environment{ dynamicTypeSize = gen.pick{ "large", "xSmall", "xxxLarge", "accessibility1", "accessibility5" } }
end
settings.calm = function(s, w, gen) s:environment{ reduceMotion = gen.bool() } end

explore("the mini player comes to rest on screen whatever the settings", {
  setup = function() return stage(false) end,
  actions = settings,
  invariants = rules("finite", "settles"),
  steps = 20, runs = 200,
})
