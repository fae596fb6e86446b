-- A glass tab bar (Library, Radio and a separate search lens) with a mini player in its bottom accessory and
-- .tabBarMinimizeBehavior(.onScrollDown): it minimizes while the page scrolls down and expands when it scrolls
-- back up. Expanded: a 62-point capsule of tabs 21 in from the sides, sunk 13 into the bottom safe area, the lens
-- 12 beside it, the accessory 48 tall, 8 above. Minimized: a 48-point row, the bar a circle with the selected tab,
-- the accessory between it and the lens.

local function page(s)
  local sections = {}
  for i = 1, 12 do sections[i] = { id = "s" .. i, title = "Section " .. i, height = 400 } end
  return s:page{ sections = sections }
end

test("expanded at first, the accessory above the bar", function()
  local s = Stage{}
  s:tabBar{ page = page(s), accessory = true }
  s:frames(1)
  local f = s:frame()
  -- the bar's bottom is 852 - 34 + 13 = 831; it is 62 tall; the lens is 62 round at 393 - 21 - 62 = 310
  expect(f.tabBar.bar.y).toBe(769)
  expect(f.tabBar.bar.x).toBe(21)
  expect(f.tabBar.bar.w).toBe(277)                             -- 310 - 12 - 21
  expect(f.tabBar.search.x).toBe(310)
  expect(f.tabBar.accessory.y).toBe(713)                       -- 769 - 8 - 48
  expect(f.tabBar["tab.library"].selected).toBe(true)
  expect(f.tabBar.bar.minimized).toBe(false)
end)

test("the bar minimizes while the page scrolls down and comes back when it scrolls up", function()
  local s = Stage{}
  local p = page(s)
  local bar = s:tabBar{ page = p, accessory = true }
  s:frames(1)
  p:drag{ dy = -300, duration = 0.5 }
  s:settle()
  expect(bar.minimized).toBe(true)
  local f = s:frame()
  expect(f.tabBar.bar.w).toBe(48)
  expect(f.tabBar.bar.y).toBe(783)                             -- 831 - 48
  expect(f.tabBar.accessory.inline).toBe(true)
  expect(f.tabBar.accessory.x).toBe(81)                        -- 21 + 48 + 12
  expect(f.tabBar.accessory.w).toBe(231)                       -- 393 - 21 - 48 - 12 - 81
  expect(f.tabBar["tab.radio"].opacity).toBe(0)
  p:drag{ dy = 120, duration = 0.5 }
  s:settle()
  expect(bar.minimized).toBe(false)
  expect(s:frame().tabBar.bar.w).toBe(277)
end)

test("it minimizes as soon as the scroll down passes 10 points, on the morph role", function()
  local s = Stage{}
  local p = page(s)
  local bar = s:tabBar{ page = p, accessory = true }
  s:frames(1)
  local finger = p:touch("content")
  s:frames(1)
  finger:move(0, -9)
  s:frames(1)
  expect(bar.minimized).toBe(false)
  finger:move(0, -11)
  s:frames(1)
  expect(bar.minimized).toBe(true)
  local from = s:now()
  finger:up()
  s:settle()
  local widths = s:frames{ from = from - 1 / 120 }:map(function(f) return f.tabBar.bar.w end)
  expect(widths:last()).toBe(48)
  -- the morph role, 0.4 s with bounce 0.2, passes 48 on its way down from 277 before it settles
  expect(widths:min()).toBeLessThan(48)
end)

test("a tap on the minimized bar expands it; a tap on a tab selects it", function()
  local s = Stage{}
  local p = page(s)
  local bar = s:tabBar{ page = p, accessory = true }
  s:frames(1)
  bar:setMinimized(true)
  s:settle()
  bar:tap("bar")
  s:settle()
  expect(bar.minimized).toBe(false)
  bar:tap("tab.radio")
  s:settle()
  expect(bar.selected).toBe("radio")
  expect(s:frame().tabBar["tab.radio"].selected).toBe(true)
end)

test("never minimizes with minimizeBehavior = \"never\"", function()
  local s = Stage{}
  local p = page(s)
  local bar = s:tabBar{ page = p, minimizeBehavior = "never" }
  s:frames(1)
  p:drag{ dy = -300, duration = 0.5 }
  s:settle()
  expect(bar.minimized).toBe(false)
  expect(s:frame().tabBar.accessory).toBeNil()
end)

test("each tab shows the symbol its Tab names, and the lens the system's magnifying glass", function()
  local s = Stage{}
  s:tabBar{ page = page(s) }
  s:frames(1)
  local f = s:frame().tabBar
  expect({ f["tab.library"].symbol, f["tab.radio"].symbol, f.search.symbol })
    .toEqual({ "square.stack", "dot.radiowaves.left.and.right", "magnifyingglass" })
end)
