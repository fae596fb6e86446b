-- Forty sections: the contents can't show every row, so the rows scroll inside the panel, open on the current
-- section, and a tap picks (a beat after the puck heads there) instead of a slide.
local R = require("_recipe")

local function setup(options)
  local s = R.stage(options)
  local page = s:page{ sections = R.plain(40, 300) }
  local island = s:scrollIsland{ page = page }
  s:frames(1)
  return s, page, island
end

test("the rows scroll inside a panel about 60% of the space", function()
  local s, page, island = setup()
  page:scroll{ to = "p20" }
  island:tap("bar")
  s:settle()
  local rows = s:frame().scrollIsland.rows
  expect(rows.scrolls).toBe(true)
  -- 759 × 0.6 − 48 − 6 − 2 = 399.4 of the 1760 points of rows
  expect(rows.h).toBeCloseTo(399.4, 1e-9)
  expect(s:frame().scrollIsland.glass.h).toBeCloseTo(48 + 6 + 399.4 + 2, 1e-9)
  -- opened on the current section, centred: 19.5 rows down less half the window
  expect(rows.offset).toBeCloseTo(19.5 * 44 - 399.4 / 2, 1e-9)
  expect(s:frame().scrollIsland["row.20"].visible).toBe(true)
end)

test("a tap on a row picks it 180 ms later", function()
  local s, page, island = setup()
  island:tap("bar")
  s:settle()
  island:tap("row", 3)
  local lifted = s:now()
  expect(island.puckRow).toBe(3)
  expect(island.isOpen).toBe(true)
  s:runUntil(function() return not island.isOpen end, 1)
  expect(s:now() - lifted).toBeCloseTo(0.18, 1 / 120)
  expect(page.selection).toBe("p3")
end)

test("dragging the rows scrolls them and picks nothing; a swipe up never picks", function()
  local s, page, island = setup()
  island:tap("bar")
  s:settle()
  island:drag{ x = 196, y = 600, dy = -200, duration = 0.5 }
  s:settle()
  expect(s:frame().scrollIsland.rows.offset).toBeGreaterThan(180)
  expect(island.isOpen).toBe(true)
  expect(page.selection).toBeNil()
  island:tap("bar")
  s:settle()
  island:drag{ part = "bar", dy = -200, duration = 0.3 }
  expect(island.isOpen).toBe(true)
  expect(page.selection).toBeNil()
end)

test("the puck moved by keys scrolls its row into view", function()
  local s, page, island = setup()
  island:key("up")
  s:settle()
  for _ = 1, 12 do island:key("down") end
  s:settle()
  local rows = s:frame().scrollIsland.rows
  -- row 13 ends at 13 × 44 = 572: the window scrolls the least that shows it, 572 − 399.4
  expect(rows.offset).toBeCloseTo(572 - 399.4, 1e-9)
  island:key("return")
  expect(page.selection).toBe("p13")
end)
