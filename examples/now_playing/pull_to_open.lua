-- Pull the bar up: the glass reaches after the finger through a rubber band (limit 150) and opens when the flick
-- would coast past 72 points; a weaker pull springs back with the finger's speed. Within 8 points it is a tap.
local P = require("_player")

local function band(x) return (1 - 1 / (x * 0.55 / 150 + 1)) * 150 end

test("the bar stretches through the band while the finger pulls", function()
  local s = P.stage()
  local _, np = P.nowPlaying(s)
  local bar = np.layout.bar
  local finger = np:touch("bar")
  s:frames(1)
  finger:move(0, -50)                        -- decides the pull
  s:frames(1)
  local h = s:frame().nowPlaying.surface.h    -- the deciding move let go of the press: the height rides its release
  finger:move(0, -50)
  s:frames(1)
  -- The top follows the finger exactly; the height moves by the change, band(100) - band(50), plus a frame of
  -- the release still playing (as SwiftUI shows a change made while an animation runs), so it grows, but by less
  -- than the finger's share and the release's whole stretch together.
  expect(s:frame().nowPlaying.surface.y).toBeCloseTo(bar.y - band(100), 1e-9)
  local grown = s:frame().nowPlaying.surface.h - h
  expect(grown).toBeGreaterThan(band(100) - band(50))
  expect(grown).toBeLessThan(band(100))
  s:settle()                                 -- the finger holds still: the release is over
  expect(s:frame().nowPlaying.surface.h).toBeCloseTo(bar.h + band(100), 1e-9)
  finger:move(0, -900)
  s:frames(1)
  expect(s:frame().nowPlaying.surface.h - bar.h).toBeLessThan(150)
  finger:cancel()                            -- the system takes the touch: it lets go
  s:settle()
  expect(np.isOpen).toBe(false)
  expect(s:frame().nowPlaying.surface.h).toBe(bar.h)
end)

test("a flick that would coast past 72 points opens", function()
  local s = P.stage()
  local _, np = P.nowPlaying(s)
  np:fling{ part = "bar", dy = -40, velocity = 400 }   -- coasts to 40 + 0.4 × 99 = 79.6
  s:settle()
  expect(np.isOpen).toBe(true)
  expect(np.expanded).toBe(true)
end)

test("a weak flick springs back", function()
  local s = P.stage()
  local _, np = P.nowPlaying(s)
  local from = s:now()
  np:fling{ part = "bar", dy = -40, velocity = 300 }   -- coasts to 69.7
  s:settle()
  expect(np.isOpen).toBe(false)
  local heights = s:frames{ from = from }:map(function(f) return f.nowPlaying.surface.h end)
  expect(heights:max()).toBeGreaterThan(np.layout.bar.h + 10)
  expect(heights:last()).toBe(np.layout.bar.h)
  expect(s:events{ from = from }).toHaveEmitted{ kind = "haptic", name = "land", count = 0 }
end)

test("a pull resting at 72 points springs back; at 73 it opens", function()
  local s = P.stage()
  local _, np = P.nowPlaying(s)
  np:drag{ part = "bar", dy = -72 }          -- lifts at rest: it coasts nowhere
  s:settle()
  expect(np.isOpen).toBe(false)
  np:drag{ part = "bar", dy = -73 }
  s:settle()
  expect(np.isOpen).toBe(true)
end)

test("within 8 points a touch is a tap; sideways it passes", function()
  local s = P.stage()
  local _, np = P.nowPlaying(s)
  np:drag{ part = "bar", dx = 30, dy = -10 }
  s:settle()
  expect(np.isOpen).toBe(false)
  np:drag{ part = "bar", dy = -8 }
  s:settle()
  expect(np.isOpen).toBe(true)
end)
