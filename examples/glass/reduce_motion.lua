-- Reduce Motion on the system's pieces: each settles on the foundation's short forms and never passes where it
-- rests. A sheet flicked up to large lands on the still spring at the flick's speed, capped at its frequency
-- (2 pi / 0.25 = 25.13 distances a second), where a critically damped spring cannot pass its target; the tab bar
-- changes shape on the still spring (0.25 s, no bounce) in place of the morph role's; a refresh holds its gap on
-- the still spring in place of the settle role's.

local function sections(n)
  local list = {}
  for i = 1, n do list[i] = { id = "s" .. i, title = "Section " .. i, height = 400 } end
  return list
end

test("a sheet flicked hard up to large stops at its top", function()
  local s = Stage{ reduceMotion = true }
  local sh = s:sheet{ detents = { "medium", "large" }, presented = true }
  s:settle()
  expect(s:frame().sheet.sheet.y).toBe(426)                    -- medium: 852 / 2
  local from = s:now()
  sh:fling{ part = "grabber", dy = -100, velocity = 20000 }
  s:settle()
  expect(sh.detent).toBe("large")
  -- Lifting at 326, 257 above large's 69: 20000 / 257 = 77.8 distances a second, capped at 25.13.
  local ys = s:frames{ from = from }:map(function(f) return f.sheet.sheet.y end)
  expect(ys:min()).toBeGreaterThanOrEqual(69 - 1e-9)
  expect(ys:last()).toBe(69)
end)

test("the tab bar minimizes and expands on the still spring, never past either shape", function()
  local s = Stage{ reduceMotion = true }
  local p = s:page{ sections = sections(12) }
  local bar = s:tabBar{ page = p, accessory = true }
  s:frames(1)
  local from = s:now()
  p:drag{ dy = -300, duration = 0.5 }
  s:settle()
  expect(bar.minimized).toBe(true)
  -- 277 wide expanded (393 - 21 - 12 - 62 - 21), 48 minimized: every frame between the two.
  local ws = s:frames{ from = from }:map(function(f) return f.tabBar.bar.w end)
  expect(ws:min()).toBe(48)
  expect(ws:max()).toBe(277)
  from = s:now()
  p:drag{ dy = 120, duration = 0.5 }
  s:settle()
  expect(bar.minimized).toBe(false)
  ws = s:frames{ from = from }:map(function(f) return f.tabBar.bar.w end)
  expect(ws:min()).toBe(48)
  expect(ws:max()).toBe(277)
end)

test("a refresh holds its 60-point gap without passing it", function()
  local s = Stage{ width = 393, height = 852, fps = 60, reduceMotion = true }
  local r = s:refresher{ top = 100 }
  -- 200 points down pulls (1 - 1 / (0.55 x 200 / 852 + 1)) x 852 = 97.42, past 80: the list settles to 60.
  local finger = r:touch("list")
  s:frames(1)
  finger:move(0, 200)
  s:frames(1)
  local from = s:now()
  finger:up()
  s:settle()
  expect(r.isRefreshing).toBe(true)
  local offsets = s:frames{ from = from }:map(function(f) return f.refresher.list.offset end)
  expect(offsets:min()).toBeCloseTo(60, 1e-9)
  expect(offsets:last()).toBe(60)
end)
