-- Reduce Motion: the artwork and the lines fade out, the layout changes under them, and they fade back in; the
-- bubbles never travel (their glass closes and opens in place); the pull does not stretch; every beat is shorter.
local P = require("_player")

test("opening fades the fliers first and lands 244 ms in", function()
  local s = P.stage{ reduceMotion = true }
  local _, np = P.nowPlaying(s)
  local down = s:now()
  np:tap()
  local start = down + 0.1
  s:settle()
  local barH = np.layout.bar.h
  local grows = P.firstTime(s, down, function(f) return f.nowPlaying.surface.h > barH + 0.01 end)
  expect(grows).toBeCloseTo(P.frameTime(start + 0.12) + 1 / 120, 1e-9)
  expect(s:frameAt(grows - 1 / 120).nowPlaying.art.opacity).toBe(0)
  expect(s:events{ kind = "haptic", name = "land", from = down }.times[1]).toBeCloseTo(P.frameTime(start + 0.244), 1e-9)
  -- the reveal is a 0.2 s ease out: the card gets there without overshoot
  local heights = s:frames{ from = down }:map(function(f) return f.nowPlaying.surface.h end)
  expect(heights).toNeverExceed(np.layout.card.h + 1e-9)
end)

test("the bubbles stay at rest and close in place", function()
  local s = P.stage{ reduceMotion = true }
  local _, np = P.nowPlaying(s)
  local from = s:now()
  np:tap()
  s:settle()
  local nextX = np.layout.next.x
  local xs = s:frames{ from = from }:filter(function(f) return f.nowPlaying.next ~= nil end)
    :map(function(f) return f.nowPlaying.next.x end)
  expect(xs:min()).toBe(nextX)
  expect(xs:max()).toBe(nextX)
  local forward = s:frames{ from = from }:filter(function(f) return f.nowPlaying.forward ~= nil end)
    :map(function(f) return f.nowPlaying.forward.scale end)
  expect(forward:last()).toBe(0.001)
end)

test("a pull does not stretch the bar, but still opens", function()
  local s = P.stage{ reduceMotion = true }
  local _, np = P.nowPlaying(s)
  local finger = np:touch("bar")
  s:frames(1)
  finger:move(0, -100)
  s:frames(2)
  expect(s:frame().nowPlaying.surface.h).toBe(np.layout.bar.h)
  finger:up()
  s:settle()
  expect(np.isOpen).toBe(true)
end)
