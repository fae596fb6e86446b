-- Reduce Motion held to the specification's words, where reduce_motion.lua does not already: a card let go while
-- it is flung back up settles without passing its place (the foundation's settle, capped at the still spring's
-- frequency), and the artwork's return, whose timing is the seed's code (see docs/guides/reduce-motion.md).
local P = require("_player")

test("a card flung back up settles home without passing it", function()
  local s = P.stage{ reduceMotion = true }
  local _, np = P.nowPlaying(s, nil, { expanded = true })
  s:settle()
  expect(s:frame().nowPlaying.surface.y).toBe(P.card.y)
  local finger = np:touch("grabber")
  s:frames(1)
  for _ = 1, 10 do finger:move(0, 10); s:frames(1) end     -- 100 down, held there a moment
  s:frames(20)
  for _ = 1, 2 do finger:move(0, -30); s:frames(1) end     -- then 60 back up in two frames: 3600 points a second
  expect(s:frame().nowPlaying.surface.y).toBe(P.card.y + 40)
  local from = s:now()
  finger:up()
  s:settle()
  expect(np.isOpen).toBe(true)
  -- The drop of 40 leaves at the finger's speed, 3600 / 40 = 90 distances a second, capped at the still spring's
  -- 2 pi / 0.25 = 25.13: a critically damped spring at exactly its frequency cannot pass its target, so the card's
  -- top never goes above 214. (At 1.5 times the frequency, the cap without Reduce Motion, it would pass it by
  -- 0.5 e^-3 = 2.5 % of the 40, a point.)
  local ys = s:frames{ from = from }:map(function(f) return f.nowPlaying.surface.y end)
  expect(ys:min()).toBeGreaterThanOrEqual(P.card.y - 1e-9)
  expect(ys:last()).toBe(P.card.y)
end)

test("opening, the artwork fades back in 60 ms into the card's 0.2 s ease, as the seed's code times it", function()
  local s = P.stage{ reduceMotion = true }
  local _, np = P.nowPlaying(s)
  local barArt = s:frame().nowPlaying.art
  local down = s:now()
  np:tap()
  s:settle()
  local cardArt = s:frame().nowPlaying.art
  -- The tap lifts 0.1 s after it lands; the artwork fades out over 0.12 s, then the card grows on the reveal
  -- role's ease out (0.2 s), and 60 ms later the artwork fades back in on the same ease.
  local grows = P.frameTime(down + 0.1 + 0.12) + 1 / 120
  local back = P.frameTime(down + 0.1 + 0.12 + 0.06) + 1 / 120
  local seen = P.firstTime(s, grows, function(f) return f.nowPlaying.art.opacity > 0 end)
  expect(seen).toBeCloseTo(back, 1e-9)
  -- The growth shows from the frame after the change (made at the frame at or after 0.22 s), so by then the
  -- artwork has come easeOut(0.2) at 60 ms + one frame of its way, under half: the rest of its flight is seen.
  local travelled = (s:frameAt(seen).nowPlaying.art.y - barArt.y) / (cardArt.y - barArt.y)
  expect(travelled).toBeCloseTo(motion.easeOut(0.2):value(seen - grows + 1 / 120), 1e-6)
  expect(travelled).toBeLessThan(0.5)
end)
