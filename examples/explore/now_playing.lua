-- NowPlaying with its player, explored: random taps on its parts, pulls and drops, flings, keys, the app's binding,
-- the app's own play, pause, skip and seek, waits, and Reduce Motion. What the specification implies must hold
-- through any of them: no NaN; no jump with Reduce Motion off (every change rides a spring, an ease or a fade);
-- with it on, nothing but opacities and what the specification lets change in place; everything at rest within
-- 3 s of the last input, on screen, and every control VoiceOver reaches labelled and at least 44 points.
--
-- An exploration checks `continuous` and `still` on every step whatever the Reduce Motion setting is, so the
-- setting is fixed per exploration: one with it off, one with it on, and one that changes it (and the text size)
-- and checks the rules that do not depend on it.
local E = require("_explore")

local tracks = {
  { title = "Slow Mornings", artist = "Aster Vale", duration = 222 },
  { title = "Paper Lanterns", artist = "Aster Vale", duration = 245 },
  { title = "Tides", artist = "", duration = 61 },
}

local parts = { "surface", "grabber", "scrubber", "thumb", "play", "forward", "previous", "next", "art", "title",
  "artist", "hairline", "times" }

local function stage(reduceMotion)
  local s = Stage{ width = 393, height = 852, safeArea = { top = 59, bottom = 34 }, fps = 60,
    reduceMotion = reduceMotion }
  local player = s:player{ tracks = tracks, time = 48, isPlaying = true, updateInterval = 0.5, trackEnd = "advance" }
  local np = s:nowPlaying{ player = player }
  s:frames(1)
  return s, { np = np, player = player }
end

local swipeTime = E.swipeTime   -- how long a swipe of (dx, dy) may take: at most 3000 points a second

-- Closing holds the card where the finger left it for 110 ms before it folds (the seed's choreography). A finger that lands on the card then and moves writes the drop from its own translation, from 0,
-- so the card jumps back towards its resting place: on a device too, since the seed sets the drop straight from
-- the new drag. PieceBox draws what the device would; the finger actions wait those 110 ms out
-- (examples/now_playing/drag_to_close.lua pins the jump).
local function closingUnderAFinger(s, w)
  return not w.np.expanded and w.np.isOpen
end

local actions = {
  tap = function(s, w, gen) w.np:tap(gen.pick(parts)) end,
  drag = function(s, w, gen)
    gen.assume(not closingUnderAFinger(s, w))
    local part, dx, dy = gen.pick{ "surface", "scrubber" }, gen.number(-200, 200), gen.number(-400, 400)
    w.np:drag{ part = part, dx = dx, dy = dy, duration = swipeTime(gen, dx, dy, 0.6) }
  end,
  fling = function(s, w, gen)
    -- A flick of no distance is refused by design (the finger must travel), and a draw may give exactly 0.
    gen.assume(not closingUnderAFinger(s, w))
    local dy = gen.number(-300, 300)
    gen.assume(dy ~= 0)
    w.np:fling{ dy = dy, velocity = gen.number(100, 3000) }
  end,
  key = function(s, w, gen) w.np:key(gen.pick{ "space", "return", "escape", "left", "right" }) end,
  binding = function(s, w, gen) w.np:setExpanded(gen.bool()) end,
  play = function(s, w, gen) if gen.bool() then w.player:play() else w.player:pause() end end,
  skip = function(s, w, gen) w.player:skip(gen.pick{ "next", "previous" }) end,
  seek = function(s, w, gen) w.player:seek(gen.number(0, 60)) end,
  wait = function(s, w, gen) s:advance(gen.number(0, 1.5)) end,
}

-- The grabber's touch area is the seed's own rect, 88 by 26, centred on the card's top edge: under 44 tall by the
-- specification, not by the model. Its action is also
-- VoiceOver's "Close player", escape and the Escape key.
local rest = { "onScreen", "labels", hitTargets = { except = { "nowPlaying.grabber" } } }


--- The rules at rest, with the named ones (and a table of rules with options) added.
-- A morphing line logs its letters by place (`title.letter.3`): when the text changes, the letter at a place is
-- another glyph, with its own width and its neighbours' x, fading in where it rests (under Reduce Motion letters
-- "neither grow nor wait"). That is a new view in SwiftUI, not one that moved, so a letter's x and w may change;
-- and every letter rides with its line wherever the line goes. A letter's `scale` must hold.
local letters = {}
for _, line in ipairs{ "title", "artist" } do
  for i = 1, 40 do
    for _, number in ipairs{ "x", "y", "w", "h" } do letters[#letters + 1] = line .. ".letter." .. i .. "." .. number end
  end
end

-- A finger landing on the track puts the thumb under it at once: the seed's scrub gesture sets the scrubbed time
-- in `onChanged` with no animation ("the thumb jumps under the finger"), so the thumb's x may jump. A letter that
-- leaves its line and comes back between two frames (two skips at one instant: "Tides" has no sixth letter, the
-- next title has) is a new view at its resting place, fading in, while the one that left was still on its way
-- there: its place may jump (found by exploring with drawn waits).
local letterPlaces = {}
for _, name in ipairs(letters) do
  if name:match("%.[xy]$") then letterPlaces[#letterPlaces + 1] = name end
end
local continuous = { except = { "thumb.x", table.unpack(letterPlaces) } }

local function rules(...) return E.rules(rest, ...) end

explore("NowPlaying never jumps and comes to rest", {
  setup = function() return stage(false) end,
  actions = actions,
  invariants = rules("finite", "settles", { continuous = continuous }),
  steps = 20, runs = 200,
})

-- Under Reduce Motion the specification does not hold the layout still: the glass still grows into the card and
-- folds back on the reveal and dismiss roles' Reduce Motion eases (0.2 s out, 0.18 s in), and the artwork, lines
-- and controls, faded out first, ride that ease to their new places and fade in while it ends (60 ms after the
-- change). So the parts' frames may move (a bubble's too: it rides play's ease), and `still` holds what the
-- specification stills of the rest: presses do not sink (no `scale` on the glass or play) and letters do not
-- grow. (That the pull does not stretch and bubbles do not travel is examples/now_playing/reduce_motion.lua's:
-- both show only while a finger is down or within a bubble's own offset, which these rules cannot tell apart.)
local function join(...)
  local out = {}
  for _, list in ipairs{ ... } do for _, v in ipairs(list) do out[#out + 1] = v end end
  return out
end

local layoutMoves = {}
for _, part in ipairs{ "surface", "art", "title", "artist", "hairline", "grabber", "scrubber", "thumb", "times",
  "play", "forward", "previous", "next" } do
  for _, number in ipairs{ "x", "y", "w", "h", "radius" } do layoutMoves[#layoutMoves + 1] = part .. "." .. number end
end
-- The lines' `scale` is their font size in the bar over the card's (15/22, 13/15): layout too.
layoutMoves[#layoutMoves + 1] = "title.scale"
layoutMoves[#layoutMoves + 1] = "artist.scale"

explore("NowPlaying holds still under Reduce Motion", {
  setup = function() return stage(true) end,
  actions = actions,
  invariants = rules("finite", "settles", {
    continuous = continuous,
    still = { moving = join(layoutMoves, letters, {
      -- The press shades instead of sinking; the lines and the card's controls blur out and in (the seed's blurs
      -- are not Reduce Motion's to drop), as a bubble's content does; a bubble's glass closes and opens in place.
      -- A swap is a plain fade: its blur holds at 0.
      "brightness", "title.blur", "artist.blur", "grabber.blur", "scrubber.blur", "thumb.blur", "times.blur",
      "contentBlur", "forward.scale", "previous.scale", "next.scale",
      -- `swap` is the incoming content's opacity in a crossfade (the outgoing one's is 1 - swap): a plain fade
      -- under Reduce Motion, named apart from `opacity` because it is not the element's own.
      "swap",
      -- The hairline, the scrubber and the thumb on it show where a playing track is: playback, not motion.
      "progress",
      -- The thumb grows from 16 to 28 points under a finger on the press role and shrinks on release: the seed's
      -- `scaleEffect(scrubbing ? 1 : 16 / thumb)` keeps that under Reduce Motion (on the still spring).
      "thumb.scale" }) } }),
  steps = 20, runs = 200,
})

-- A change of Reduce Motion or of the text size is an environment change, which SwiftUI lays out at once with no
-- animation (the person changed a setting), and an exploration's `continuous` and `still` do not look at the
-- setting: so across such changes only the rules that hold whatever the settings are checked.
local settings = {}
for k, v in pairs(actions) do settings[k] = v end
settings.calm = function(s, w, gen) s:environment{ reduceMotion = gen.bool() } end
settings.text = function(s, w, gen)
  s:environment{ dynamicTypeSize = gen.pick{ "large", "xSmall", "xxxLarge", "accessibility1", "accessibility5" } }
end

-- At the largest text sizes the seed's bar keeps at least twice its height (`barW = max(w - tail, barH * 2)` in
-- NowPlayingLayout.make), so play and forward, joined to its end, run past the piece's trailing edge: at
-- accessibility5 the bar is 127 tall and 254 wide, and forward ends at 12 + 254 + 4 + 60 + 4 + 60 = 394, past the
-- 393-point screen (found by the deep run, seed 1: one action, the text size). The specification's, not the model's.
explore("NowPlaying comes to rest on screen whatever the settings", {
  setup = function() return stage(false) end,
  actions = settings,
  invariants = rules("finite", "settles", { onScreen = { except = { "nowPlaying.forward" } } }),
  steps = 20, runs = 200,
})
