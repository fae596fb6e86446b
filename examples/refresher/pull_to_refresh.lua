-- Kept as a golden frame log: pull to refresh over a list whose top edge is at y = 100 on a 393 × 852 stage.
-- The pull is the scroll view's edge resistance over the screen's height: pull(d) = (1 − 1 / (0.55 d / 852 + 1)) × 852.

--- The callbacks the piece made, by name, in every frame so far.
local function callbacks(s)
  return s:events{ kind = "callback" }:map(function(e) return e.name end):list()
end

test("a short pull lets go; a long one refreshes until the app finishes", function()
  local s = Stage{ width = 393, height = 852, fps = 60 }
  local r = s:refresher{ top = 100 }

  -- 100 points down: 0.55 × 100 / 852 = 0.06455, pull (1 − 1 / 1.06455) × 852 = 51.66, short of 80.
  r:drag{ dy = 100 }
  s:settle()
  expect(r.isRefreshing).toBe(false)
  expect(s:frame().refresher.list.offset).toBe(0)

  -- 200 points down: 0.55 × 200 / 852 = 0.12911, pull (1 − 1 / 1.12911) × 852 = 97.42, past 80.
  r:drag{ dy = 200 }
  s:settle()
  expect(r.isRefreshing).toBe(true)
  expect(callbacks(s)).toEqual({ "refresh" })
  -- Held open 60 points, the spinner (20 × 20) centred in the gap: x = (393 − 20) / 2, y = 100 + (60 − 20) / 2.
  local f = s:frame()
  expect(f.refresher.list.offset).toBe(60)
  expect(f.refresher.spinner).toEqual({ x = 186.5, y = 120, w = 20, h = 20, opacity = 1, spokes = 8, spinning = true })

  -- The app's refresh takes a second, then the list goes home and the spinner fades with it.
  s:advance(1)
  r:finish()
  s:settle()
  f = s:frame()
  expect(f.refresher.list.offset).toBe(0)
  expect(f.refresher.spinner.opacity).toBe(0)
  expect(r.refreshes).toBe(1)
end)
